// Cloak and Dagger Chess at the table. First, in secret, each player says what its eight
// checkers are (one tap per file, by the Chess960 rules) and seals it. Then play: the viewer's
// own checkers are pieces with their numbers, the opponent's numbered unknowns. At the start of
// a turn a player may guess an opposing checker; a bonus move (a pawn's move, a dropped pawn or
// nothing) follows a right guess, or precedes the opponent's turn after a wrong one; at the end
// of its turn a player may uncloak checkers, then Done.
import type { CheckerView, CloakAndDaggerFields, CloakAndDaggerPrivate } from "../../generated/cloak-and-dagger";
import { useMemo, useState } from "preact/hooks";
import { type GameView, activeSeats, gameActions, sideName, stageOf, turnOf } from "../../api";
import { colourOf } from "../../components/ChessControls";
import { Record } from "../../components/Record";
import { SealRow } from "../../components/SealRow";
import { TableActions } from "../../components/TableActions";
import { TapChess } from "../../components/TapChess";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import { type Arrangement, EMPTY_ARRANGEMENT, KINDS, STANDARD, arrangeAction, kindWord, parseArrange, problem, randomArrangement } from "./cloak";
import { stageWords } from "../stages";
import { stageVerb } from "../../words";
import "../../components/variants.css";

export type CloakView = GameView<CloakAndDaggerFields, CloakAndDaggerPrivate>;

const Colour = (c: string) => (c === "white" ? "White" : "Black");
const other = (c: "white" | "black"): "white" | "black" => (c === "white" ? "black" : "white");
const FILES = "abcdefgh";
const GUESSABLE = ["king", "queen", "rook", "bishop", "knight"];

/** The secret arrangement of one's own checkers: a row of five pieces per file. */
function ArrangementEditor({ view, act }: { view: CloakView; act: (a: string) => Promise<void> }) {
  const mine = activeSeats(view).find((a) => a.seat === view.seat);
  const sealed = parseArrange(mine?.sealed_action);
  const [arrangement, setArrangement] = useState<Arrangement>(problem(sealed) ? STANDARD : sealed);
  const colour = colourOf(view, view.seat);
  const rank = colour === "white" ? 1 : 8;
  const wrong = problem(arrangement);
  const changed = mine?.sealed_action !== (wrong ? undefined : arrangeAction(arrangement));
  return (
    <section class="assign arrange" aria-label="your checkers">
      <h2>Secretly choose what your checkers are</h2>
      <p class="facts">Tap one piece in each row: checker 1 stands on a{rank}, checker 8 on h{rank}. A standard set, the king between the rooks, the bishops on a light and a dark square. Your opponent never sees this.</p>
      <table class="grid-table assign-table arrange-table">
        <thead>
          <tr>
            <th scope="col">
              <span class="sr-only">checker</span>
            </th>
            {KINDS.map((k) => (
              <th scope="col" key={k}>
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {arrangement.map((chosen, i) => (
            <tr key={i}>
              <th scope="row">
                {i + 1} on {FILES[i]}
                {rank}
              </th>
              {KINDS.map((k) => (
                <td key={k}>
                  <button
                    type="button"
                    data-cell={`${i + 1}${k}`}
                    aria-pressed={chosen === k}
                    aria-label={`checker ${i + 1} on ${FILES[i]}${rank} is a ${kindWord(k)}`}
                    onClick={() => setArrangement(arrangement.map((x, j) => (j === i ? k : x)))}
                  >
                    {chosen === k ? "○" : ""}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <SealRow
        view={view}
        sealLabel="Seal my checkers"
        canSeal={!wrong && changed}
        onSeal={() => act(arrangeAction(arrangement))}
        tools={[
          { label: "Random", apply: () => setArrangement(randomArrangement()) },
          { label: "Standard", apply: () => setArrangement(STANDARD) },
          { label: "Clear", apply: () => setArrangement(EMPTY_ARRANGEMENT) },
        ]}
        sealedAs={mine?.sealed_action?.slice(8)}
        waitingFor={Colour(other(colour))}
        unsealed={wrong ?? `Ready to seal: ${arrangement.join("")}.`}
      />
    </section>
  );
}

/** A guess at an opposing cloaked checker: its number, then a piece. */
function GuessControl({ view, guesses, act }: { view: CloakView; guesses: string[]; act: (a: string) => Promise<void> }) {
  const numbers = [...new Set(guesses.map((g) => Number(g.split(" ")[1])))].sort((a, b) => a - b);
  const [number, setNumber] = useState<number | null>(null);
  const [piece, setPiece] = useState<string | null>(null);
  const them = other(colourOf(view, view.seat));
  const where = (n: number) => view.game.checkers.find((c) => c.colour === them && c.number === n)?.square ?? "";
  const action = number !== null && piece ? `guess ${number} ${piece}` : null;
  return (
    <details class="guess">
      <summary>Guess an opposing checker (before your move)</summary>
      <fieldset>
        <legend>{Colour(them)}'s checker</legend>
        <div class="choices">
          {numbers.map((n) => (
            <button type="button" key={n} aria-pressed={number === n} data-guess-number={n} onClick={() => setNumber(n)}>
              {n} <span class="facts">({where(n)})</span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>is a</legend>
        <div class="choices">
          {GUESSABLE.map((p) => (
            <button type="button" key={p} aria-pressed={piece === p} disabled={number !== null && !guesses.includes(`guess ${number} ${p}`)} onClick={() => setPiece(p)}>
              {p}
            </button>
          ))}
        </div>
      </fieldset>
      <button class="primary" disabled={!action || !guesses.includes(action)} onClick={() => action && act(action)}>
        {action ? `Guess: checker ${number} is the ${piece}` : "Guess"}
      </button>
    </details>
  );
}

function prompt(view: CloakView): string {
  if (view.outcome) return view.outcome.reason;
  const mover = turnOf(view);
  if (mover === null) return "";
  const check = view.game.check ? " — check!" : "";
  if (mover !== view.seat) {
    return `${sideName(view, mover)} to ${stageVerb(stageOf(view, mover) ?? "move", stageWords("cloak-and-dagger"))}${check}`;
  }
  switch (stageOf(view, view.seat)) {
    case "bonus":
      return "Your bonus move: a pawn's move, a captured pawn dropped on your second rank, or Skip";
    case "uncloak":
      return "Uncloak any of your checkers, then Done";
    default:
      return `Your move: guess an opposing checker first if you like${check}`;
  }
}

const known = (c: CheckerView) => `${c.number} (${c.square}) ${c.identity}${c.cloaked ? ", guessed" : ""}`;

export function CloakAndDaggerGame({ view, act, message, setMessage }: ScreenProps<CloakView>) {
  const seat = view.seat;
  const colour = colourOf(view, seat);
  const choosing = view.game.stage === "choose";
  const stage = stageOf(view, seat);
  const legal = gameActions(view);
  const moves = stage === "move" || stage === "bonus" ? legal.filter((a) => UCI.test(a)) : [];
  const guesses = legal.filter((a) => a.startsWith("guess "));
  const castles = legal.filter((a) => a === "O-O" || a === "O-O-O");
  const drops = useMemo(() => new Map(legal.filter((a) => a.startsWith("drop ")).map((a) => [a.slice(5), a])), [view.seq]);
  const uncloaks = legal.filter((a) => a.startsWith("uncloak "));
  const own = (view.private?.checkers ?? []).filter((c) => c.cloaked);
  const waitingFor = activeSeats(view).filter((a) => !a.submitted && a.seat !== seat);
  const g = view.game;
  return (
    <section class="game chess cloak">
      <p class="status" role="status" aria-live="polite">
        {choosing
          ? stage
            ? "Setup: choose what your checkers are, in secret"
            : `Setup: waiting for ${waitingFor.map((a) => sideName(view, a.seat)).join(" and ") || "the other player"} to choose`
          : prompt(view)}
      </p>
      {choosing && stage && <ArrangementEditor view={view} act={act} />}
      {guesses.length > 0 && <GuessControl key={view.seq} view={view} guesses={guesses} act={act} />}
      <TapChess
        view={view}
        moves={moves}
        colour={colour}
        act={act}
        setMessage={setMessage}
        explain={(move) => (choosing ? setMessage("First both players choose what their checkers are.") : act(move))}
        cellActions={stage === "bonus" && drops.size ? drops : undefined}
        cellPrompt="Tap a marked square to drop a pawn there."
        label={seat === null ? "board" : `board, you play ${colour}`}
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {(castles.length > 0 || stage === "bonus" || stage === "uncloak") && (
        <div class="actions">
          {castles.map((c) => (
            <button key={c} onClick={() => act(c)}>
              {c === "O-O" ? "Castle king-side (O-O)" : "Castle queen-side (O-O-O)"}
            </button>
          ))}
          {stage === "bonus" && legal.includes("skip") && <button onClick={() => act("skip")}>Skip the bonus move</button>}
          {stage === "uncloak" &&
            uncloaks.map((u) => {
              const n = Number(u.slice(8));
              const c = own.find((x) => x.number === n);
              return (
                <button key={u} data-uncloak={n} onClick={() => act(u)}>
                  Uncloak {n}
                  {c ? ` (${c.identity} on ${c.square})` : ""}
                </button>
              );
            })}
          {stage === "uncloak" && legal.includes("done") && (
            <button class="primary" onClick={() => act("done")}>
              Done
            </button>
          )}
        </div>
      )}
      {!choosing && (
        <section class="facts cloak-facts" aria-label="what is known">
          <p>Known to both: {g.checkers.filter((c) => c.identity).map((c) => `${Colour(c.colour)}'s ${known(c)}`).join("; ") || "nothing yet"}.</p>
          <p>Wrong guesses: {g.wrong_guesses.map((w) => `${Colour(w.colour)}'s ${w.number} is not the ${w.not}`).join("; ") || "none"}.</p>
          {g.pawns_to_drop.some((n) => n > 0) && (
            <p>
              Pawns to drop back: White {g.pawns_to_drop[0]}, Black {g.pawns_to_drop[1]}.
            </p>
          )}
          {seat !== null && own.length > 0 && <p>Your cloaked checkers (only your phone): {own.map((c) => `${c.number} ${c.identity} on ${c.square}`).join(", ")}.</p>}
        </section>
      )}
      <Record view={view} />
      <TableActions view={view} act={act} />
    </section>
  );
}
