// Chess Golf at the table, one phone per player (or one passed round). Each hole: the dealer's
// cards with the chosen pieces in words; every player seals a count of moves on their own phone
// (0 = impossible), changeable until all are in; the counts revealed, and who demonstrates and
// why; the demonstrator taps the line on the board, move by move, while the others watch it
// appear; the captured pieces go back on empty squares; the new dealer may make it harder.
// The scorecard of every hole with the totals, and each finished hole's par as the referee
// proved it (`GET /pars`).
import type { ChessGolfFields, HoleView } from "../../generated/chess-golf";
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import { type GameView, type Par, activeSeats, api, gameActions, sideName, sideOf, stageOf, turnOf } from "../../api";
import { cardFace, cardName, isRed } from "../../cards";
import { Record, RecordToken } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { TapChess, lastMoveOf } from "../../components/TapChess";
import { Board } from "../../components/Board";
import type { ScreenProps } from "../types";
import {
  type NameOf,
  attemptWords,
  countOf,
  countWords,
  countsIn,
  dealChoices,
  golfPosition,
  highestCount,
  leaders,
  movesLeftWords,
  movesSaid,
  parOf,
  parWords,
  shownMoves,
  whyDemonstrates,
  winnerWords,
} from "./golf";
import "../../components/variants.css";
import "./golf.css";
import { errorWords } from "../../errors";

export type GolfView = GameView<ChessGolfFields, never>;

/** What the viewer is asked, or what the table is waiting for. */
function prompt(view: GolfView, nameOf: NameOf): string {
  if (view.outcome) return view.outcome.reason;
  if (view.status === "over") return "The round is over.";
  const g = view.game;
  const stage = stageOf(view, view.seat);
  const actor = turnOf(view);
  const them = actor !== null ? nameOf(actor) : "";
  switch (g.step) {
    case "bid": {
      const mine = activeSeats(view).find((a) => a.seat === view.seat);
      if (!mine) return "Everyone is counting the moves they need";
      return mine.submitted ? "Your count is sealed: waiting for the others" : "How many moves do you need? Pick a count and seal it";
    }
    case "demonstrate": {
      const left = g.moves_left !== null && g.demonstrator !== null ? ` — ${movesLeftWords(g.moves_left, g.hole?.bids[g.demonstrator] ?? 0)}` : "";
      return stage === "move" ? `Show your line: tap a piece, then its square${left}` : `${them} is demonstrating${left}`;
    }
    case "put-back": {
      const piece = g.to_put_back[0] ?? "captured piece";
      return stage === "place" ? `Put the ${piece} back: tap an empty square` : `${them} puts the ${piece} back`;
    }
    case "deal":
      return stage === "deal" ? "Everyone sealed the same count: you deal next, and may make it harder with one card more" : `${them} chooses how many cards to deal`;
    default:
      return "";
  }
}

/** The hole in play: its number, the dealer, the cards and the chosen pieces in words. */
function HoleCards({ hole, holes, nameOf }: { hole: HoleView; holes: number; nameOf: NameOf }) {
  return (
    <section class="golf-hole" aria-label="this hole">
      <div class="golf-hole-head">
        <h2>
          Hole {hole.number} of {holes}
        </h2>
        <span class="facts">Dealt by {nameOf(hole.dealer)}</span>
      </div>
      <div class="golf-hole-cards">
        <ul class="golf-cards" aria-label="cards dealt">
          {hole.cards.map((c, i) => (
            <li key={`${c}-${i}`} class={`playing-card ${isRed(c) ? "red" : ""}`} data-card={c} aria-label={`${cardName(c)}: ${hole.chosen[i] ?? ""}`}>
              <span aria-hidden="true">{cardFace(c)}</span>
              <span class="card-piece" aria-hidden="true">
                {hole.chosen[i]}
              </span>
            </li>
          ))}
        </ul>
        <p class="golf-chosen">
          <strong>{hole.chosen.join(" · ")}</strong>
        </p>
      </div>
    </section>
  );
}

/** How a hole is played, folded: for reference, under the course and the count. */
function HowAHoleIsPlayed({ hole }: { hole: HoleView }) {
  const goal =
    hole.chosen.length > 2
      ? "One piece of a chosen kind captures a piece of each other chosen kind, one after another, in as few moves as possible."
      : "A piece of one chosen kind captures a piece of the other, in as few moves as possible.";
  return (
    <details class="golf-how">
      <summary>How a hole is played</summary>
      <p class="facts">
        {goal} Any piece may move, but only by borrowing the move of a neighbour of its own colour (or a king's move when its colour has no two pieces side by side), and every
        move counts. Only the chosen pieces capture.
      </p>
    </details>
  );
}

/** The count picker: a big number beside Seal, then 1 to 9 at a tap, more with +, Impossible. */
function BidPicker({ view, act }: { view: GolfView; act: (a: string) => Promise<void> }) {
  const mine = activeSeats(view).find((a) => a.seat === view.seat);
  const sealed = countOf(mine?.sealed_action);
  const [picked, setPicked] = useState<number | null>(sealed);
  const most = Math.max(highestCount(gameActions(view)), 1);
  const quick = Array.from({ length: Math.min(9, most) }, (_, i) => i + 1);
  const pick = (n: number) => setPicked(Math.max(0, Math.min(most, n)));
  const changed = picked !== null && picked !== sealed;
  return (
    <section class="golf-bid" aria-label="your count">
      {/* The count and its Seal side by side, the keypad under them, right under the course. */}
      <div class="golf-count-row">
        <p class="golf-count" aria-live="polite">
          <output aria-label="your count">{picked === null ? "?" : picked === 0 ? "Impossible" : picked}</output>
          {picked !== null && picked > 0 && <span class="facts"> {picked === 1 ? "move" : "moves"}</span>}
        </p>
        <button class="primary" disabled={!changed} onClick={() => picked !== null && act(`bid ${picked}`)}>
          {sealed !== null ? "Seal the change" : "Seal my count"}
        </button>
      </div>
      <div class="golf-numbers" role="group" aria-label="moves you need">
        {quick.map((n) => (
          <button key={n} type="button" aria-pressed={picked === n} aria-label={countWords(n)} onClick={() => pick(n)}>
            {n}
          </button>
        ))}
        <button type="button" aria-label="one move fewer" disabled={picked === null || picked <= 1} onClick={() => pick((picked ?? 1) - 1)}>
          −
        </button>
        <button type="button" aria-label="one move more" disabled={picked !== null && picked >= most} onClick={() => pick((picked ?? 0) + 1)}>
          +
        </button>
        <button type="button" class="golf-impossible" aria-pressed={picked === 0} onClick={() => pick(0)}>
          Impossible
        </button>
      </div>
      <p class="facts sealed-yours" aria-live="polite">
        {sealed !== null
          ? `Sealed: ${countWords(sealed)} — you may change it until everyone is in.`
          : picked === null
            ? "Nobody sees your count until everyone is in."
            : `Ready to seal: ${countWords(picked)}. Nobody sees it until everyone is in.`}
      </p>
    </section>
  );
}

/** How far the sealed round has got, for everyone: "2 of 3 counts in", and who is still
 * counting (never what anyone sealed). */
function CountsIn({ view, nameOf }: { view: GolfView; nameOf: NameOf }) {
  const turn = view.turn;
  if (turn.kind !== "active" || !turn.sealed) return null;
  const waiting = turn.seats.filter((a) => !a.submitted).map((a) => nameOf(a.seat));
  return (
    <div class="card sealed" aria-live="polite">
      <p class="sealed-count">{countsIn(turn.submitted, turn.seats.length)}</p>
      <ul class="roster" aria-label="who has sealed">
        {turn.seats.map((a) => (
          <li key={a.seat} class={a.submitted ? "roster-sealed" : "roster-thinking"}>
            {nameOf(a.seat)}
            {a.seat === view.seat ? " (you)" : ""} <span class="state">{a.submitted ? "✓ sealed" : "… counting"}</span>
          </li>
        ))}
      </ul>
      {waiting.length > 0 && !turn.seats.some((a) => a.seat === view.seat) && <p class="facts">Nobody sees a count until everyone is in.</p>}
    </div>
  );
}

/** The counts once revealed, and who demonstrates and why. */
function Counts({ hole, demonstrator, view, nameOf }: { hole: HoleView; demonstrator: number | null; view: GolfView; nameOf: NameOf }) {
  if (!hole.bids.length) return null;
  return (
    <section class="golf-counts" aria-label="counts">
      <h2>Counts</h2>
      <ul class="chips">
        {hole.bids.map((b, s) => (
          <li key={s} class={`chip ${s === demonstrator ? "demonstrating" : ""}`} data-count-seat={s + 1}>
            {nameOf(s)}
            {s === view.seat ? " (you)" : ""}: <strong>{b === 0 ? "impossible" : b}</strong>
          </li>
        ))}
      </ul>
      {demonstrator !== null && view.game.step === "demonstrate" && <p class="golf-why">{whyDemonstrates(hole, demonstrator, nameOf)}</p>}
    </section>
  );
}

/** The demonstration under way (or just finished): its moves as the referee said them, the
 * moves left, the capturer, and Give up for the demonstrator. */
function Demonstration({ view, nameOf, act }: { view: GolfView; nameOf: NameOf; act: (a: string) => Promise<void> }) {
  const g = view.game;
  const seat = g.demonstrator ?? g.hole?.attempts.at(-1)?.seat ?? null;
  const moves = shownMoves(g.step, g.moves, g.hole);
  if (seat === null || (g.step !== "demonstrate" && g.step !== "put-back")) return null;
  const count = g.hole?.bids[seat] ?? 0;
  const said = movesSaid(moves, view.played, seat, [sideName(view, seat), sideOf(view, seat)]);
  const mine = stageOf(view, view.seat) === "move";
  const capturer = g.capturer ? view.board?.cells.find((c) => c.id === g.capturer)?.piece : undefined;
  return (
    <section class="golf-demo" aria-label="demonstration">
      <h2>{mine ? "Your demonstration" : `${nameOf(seat)}'s demonstration`}</h2>
      {g.step === "demonstrate" && g.moves_left !== null && <p class="golf-left">{movesLeftWords(g.moves_left, count)}</p>}
      {g.step === "put-back" && <p class="ok">{attemptWords(g.hole!.attempts.at(-1)!, count, nameOf)}</p>}
      {moves.length > 0 ? (
        <ol class="golf-moves" aria-label="moves shown">
          {said.map((s, i) => (
            <li key={i} data-move={moves[i]}>
              {s}
            </li>
          ))}
        </ol>
      ) : (
        <p class="facts">No move yet.</p>
      )}
      {g.capturer && (
        <p class="facts">
          The capturer: the {capturer ? `${capturer.side} ${capturer.kind}` : "piece"} on {g.capturer} — it makes every later capture.
        </p>
      )}
      {mine && (
        <div class="actions">
          <button
            class="danger"
            onClick={() => {
              if (confirm(`Give up? You score the highest other count plus one, and the next lowest count demonstrates.`)) void act("give-up");
            }}
          >
            Give up
          </button>
        </div>
      )}
    </section>
  );
}

/** The new dealer's choice, when every count was the same. */
function DealChoice({ view, act }: { view: GolfView; act: (a: string) => Promise<void> }) {
  const choices = dealChoices(gameActions(view), view.game.cards_per_hole);
  if (!choices.length) return null;
  return (
    <div class="actions golf-deal" role="group" aria-label="cards to deal">
      {choices.map((c, i) => (
        <button key={c.action} class={i === 0 ? "primary" : ""} onClick={() => act(c.action)}>
          {c.label}
        </button>
      ))}
    </div>
  );
}

/** The pars the referee proved, by game, with the number of finished holes they were asked
 * after; kept for the page's life (a par never changes, and the first request after a hole runs
 * the search). Pars are public: every seat and spectator sees the same. */
const parsKept = new Map<string, { finished: number; pars: Par[] }>();

/** The pars of the finished holes, fetched each time a hole is added to the scorecard;
 * `working` until the referee has answered for the latest. */
function usePars(gameId: string, finished: number): { pars: Par[]; working: boolean; error: string; retry: () => void } {
  const token = useContext(RecordToken);
  const [known, setKnown] = useState(parsKept.get(gameId) ?? { finished: 0, pars: [] });
  const [error, setError] = useState("");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (finished === 0 || known.finished >= finished) return;
    let closed = false;
    setError("");
    api.getPars(gameId, token).then(
      (r) => {
        const answer = { finished, pars: r.pars };
        if ((parsKept.get(gameId)?.finished ?? 0) < finished) parsKept.set(gameId, answer);
        if (!closed) setKnown(answer);
      },
      (e) => {
        if (!closed) setError(errorWords(e, "Fetching the pars"));
      },
    );
    return () => {
      closed = true;
    };
  }, [gameId, finished, attempt]);
  return { pars: known.pars, working: !error && known.finished < finished, error, retry: () => setAttempt((n) => n + 1) };
}

/** What happened in a finished hole: the demonstrations, or that everyone said impossible. */
function holeSummary(hole: HoleView, nameOf: NameOf): string {
  if (hole.attempts.length) return hole.attempts.map((a) => attemptWords(a, hole.bids[a.seat] ?? 0, nameOf)).join("; ");
  return hole.bids.every((b) => b === 0) ? "Everyone said impossible" : "Nobody demonstrated";
}

/** The scorecard: a row per finished hole with its par under it, the totals, the lowest total
 * marked. */
function Scorecard({ view, nameOf }: { view: GolfView; nameOf: NameOf }) {
  const g = view.game;
  const { pars, working, error, retry } = usePars(view.game_id, g.scorecard.length);
  const seats = g.totals.map((_, s) => s);
  const best = g.scorecard.length ? leaders(g.totals) : [];
  return (
    <section class="golf-scorecard" aria-label="scorecard">
      <h2>Scorecard</h2>
      <div class="golf-card-scroll" tabIndex={0} role="region" aria-label="scorecard table">
        <table class="grid-table golf-card">
          <thead>
            <tr>
              <th scope="col">Hole</th>
              {seats.map((s) => (
                <th scope="col" key={s}>
                  {nameOf(s)}
                  {s === view.seat ? <span class="sr-only"> (you)</span> : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {g.scorecard.map((h) => {
              const par = parOf(pars, h.number);
              return [
                <tr key={`h${h.number}`} data-hole={h.number}>
                  <th scope="row">{h.number}</th>
                  {seats.map((s) => (
                    <td key={s} data-seat={s + 1}>
                      {h.scores[s] ?? ""}
                    </td>
                  ))}
                </tr>,
                <tr key={`p${h.number}`} class="golf-par-row">
                  <td colSpan={seats.length + 1} data-par={h.number}>
                    <span class="golf-par">{par ? parWords(par, h.start) : error ? "Par not known yet" : working ? "working out par…" : "No par known"}</span>
                    <span class="facts"> · {holeSummary(h, nameOf)}</span>
                  </td>
                </tr>,
              ];
            })}
            {g.hole && (
              <tr class="golf-in-play">
                <th scope="row">{g.hole.number}</th>
                <td colSpan={seats.length} class="facts">
                  in play
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {seats.map((s) => (
                <td key={s} data-total={s + 1} class={best.includes(s) ? "lowest" : ""}>
                  {g.totals[s]}
                  {best.includes(s) && <span class="sr-only"> (lowest)</span>}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      {best.length > 0 && (
        <p class="facts">
          {view.status === "over" ? `${winnerWords(g.totals, nameOf)}.` : `Lowest so far: ${best.map(nameOf).join(", ")}.`} The lowest total wins.
        </p>
      )}
      {error && (
        <p class="facts">
          The par could not be fetched: {error}{" "}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </section>
  );
}

export function ChessGolfGame({ view, act, message, setMessage }: ScreenProps<GolfView>) {
  const g = view.game;
  const seat = view.seat;
  const stage = stageOf(view, seat);
  const nameOf: NameOf = (s) => sideName(view, s);
  const legal = gameActions(view);
  const moves = stage === "move" ? legal.filter((a) => /^[a-h][1-8][a-h][1-8]$/.test(a)) : [];
  const puts = useMemo(() => new Map(stage === "place" ? legal.filter((a) => a.startsWith("put ")).map((a) => [a.slice(4), a]) : []), [view.seq, stage]);
  const pieces = useMemo(() => new Set((view.board?.cells ?? []).filter((c) => c.piece).map((c) => c.id)), [view.board]);
  const inRound = g.step === "bid" && stage === "bid";
  /** A tapped move the legal actions do not hold: the referee says why, from the position of
   * the demonstration (asked apart from the game, so nothing is submitted). */
  const explain = async (move: string) => {
    if (stage !== "move") return setMessage(g.step === "bid" ? "Nothing moves yet: work the line out in your head and seal a count." : "It is not your turn.");
    const position = g.hole && golfPosition(g.hole, g.moves);
    if (!position) return act(move);
    try {
      const answer = await api.adjudicate(view.rules, position, move);
      if (answer.legal) return act(move);
      setMessage(answer.reason);
    } catch (e) {
      setMessage(errorWords(e, "Checking the move"));
    }
  };
  const scorecard = <Scorecard view={view} nameOf={nameOf} />;
  return (
    <section class="game chess-golf">
      <p class="status" role="status" aria-live="polite">
        {prompt(view, nameOf)}
      </p>
      {view.status === "over" && scorecard}
      {g.hole && <HoleCards hole={g.hole} holes={g.holes} nameOf={nameOf} />}
      {stage === "deal" && <DealChoice view={view} act={act} />}
      {g.hole && g.step !== "bid" && <Counts hole={g.hole} demonstrator={g.demonstrator} view={view} nameOf={nameOf} />}
      {/* The course first: a count is worked out on it. The count picker follows at once, its
          numbers in one row on a small phone. */}
      <TapChess
        view={view}
        moves={moves}
        colour="white"
        own={(sq) => pieces.has(sq)}
        act={act}
        setMessage={setMessage}
        explain={explain}
        cellActions={stage === "place" ? puts : undefined}
        cellPrompt="Tap an empty square to put the piece back there."
        label="course"
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {inRound && <BidPicker view={view} act={act} />}
      {g.hole && <HowAHoleIsPlayed hole={g.hole} />}
      <ul class="legend facts" aria-label="what the marks mean">
        <li>
          <span class="outline golf-chosen-mark" /> blue outline: a chosen piece
        </li>
        {g.capturer && (
          <li>
            <span class="outline golf-capturer-mark" /> red dashes: the capturer
          </li>
        )}
      </ul>
      <Demonstration view={view} nameOf={nameOf} act={act} />
      {g.step === "bid" && <CountsIn view={view} nameOf={nameOf} />}
      {view.status !== "over" && scorecard}
      <Record view={view} who={false} folded title="The whole record" />
      <TableActions view={view} act={act} />
    </section>
  );
}

/** The table display: everything public, large, for a tablet everyone can see — the hole, who
 * has sealed, the counts, the course, the demonstration and the scorecard with par. */
export function ChessGolfTable({ view }: { view: GameView }) {
  const v = view as GolfView;
  const g = v.game;
  const nameOf: NameOf = (s) => sideName(v, s);
  return (
    <section class="table-display chess-golf">
      <div class="table-board">{v.board && <Board board={v.board} lastMove={lastMoveOf(v.played)} label="course" />}</div>
      <div class="table-side">
        <p class="status" role="status" aria-live="polite">
          {prompt(v, nameOf)}
        </p>
        {g.hole && <HoleCards hole={g.hole} holes={g.holes} nameOf={nameOf} />}
        {g.step === "bid" && <CountsIn view={v} nameOf={nameOf} />}
        {g.hole && g.step !== "bid" && <Counts hole={g.hole} demonstrator={g.demonstrator} view={v} nameOf={nameOf} />}
        <Demonstration view={v} nameOf={nameOf} act={async () => undefined} />
        <Scorecard view={v} nameOf={nameOf} />
      </div>
    </section>
  );
}
