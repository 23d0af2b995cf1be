// Chess Battle at the table, one phone per player, and the table display for a tablet in the
// middle. Pick a piece, tap a cell to place it; then each round tap where your piece goes (or
// Stay, or your own piece): the move is sealed and can be changed until the last player seals.
// Nobody sees another's move until the reveal, only "5 of 8 sealed"; then every move and who
// fell, and how. Danger zones, frozen pieces and medals show on every screen.
import type { ChessBattleFields, FighterView } from "../../generated/chess-battle";
import { type GameView, activeSeats, gameActions, mayAct, sideName, stageOf, turnOf } from "../../api";
import { glyphOf, isCell, revealedWords, sealedCount, sealedNothing, seatOfOpen, standing } from "./battle";
import { Board } from "../../components/Board";
import { Record } from "../../components/Record";
import { RoundTimer } from "../../components/RoundTimer";
import type { ScreenProps } from "../types";
import { names, plural } from "../../words";
import "../../components/variants.css";

export type BattleView = GameView<ChessBattleFields>;

/** The round under way (rounds played so far + 1), or the last one once over. */
const roundNo = (view: BattleView) => (view.status === "over" ? view.game.round : view.game.round + 1);

const fighterOf = (view: BattleView, seat: number | null): FighterView | undefined => view.game.fighters.find((f) => f.seat === seat);

/** What the viewer is asked, or what the table is waiting for. */
function prompt(view: BattleView): string {
  if (view.outcome) return view.outcome.reason;
  const g = view.game;
  const stage = stageOf(view, view.seat);
  const me = fighterOf(view, view.seat);
  const mover = turnOf(view);
  if (g.stage === "pick-piece") return stage ? "Your turn to pick a piece" : mover !== null ? `${sideName(view, mover)} is picking a piece` : "";
  if (g.stage === "place") return stage ? `Tap an empty cell to place your ${me?.piece ?? "piece"}` : mover !== null ? `${sideName(view, mover)} is placing a piece` : "";
  if (me && !me.alive) return `You are out: ${me.eliminated ?? "eliminated"}`;
  if (me?.frozen) return "You are frozen this round: your piece stays where it is";
  const mine = activeSeats(view).find((a) => a.seat === view.seat);
  if (mine?.submitted) return `Round ${roundNo(view)}: your move is sealed — tap another cell to change it until the round closes`;
  if (mine) return `Round ${roundNo(view)}: tap where your ${me?.piece ?? "piece"} goes, or Stay`;
  return `Round ${roundNo(view)}`;
}

/** The viewer's own sealed move in words: "to e5", "stay on c3". */
function sealedWords(view: BattleView): string | null {
  const mine = activeSeats(view).find((a) => a.seat === view.seat);
  if (!mine?.sealed_action) return mine?.submitted ? "Your move is sealed." : null;
  const a = mine.sealed_action;
  const cell = fighterOf(view, view.seat)?.cell ?? "";
  return a === "stay" ? `Your sealed move: stay on ${cell}` : `Your sealed move: ${cell}→${/([a-p]\d+)$/.exec(a)?.[1] ?? a}`;
}

/** The seats of the round: sealed or not (never what), frozen, out. */
export function SealRoster({ view }: { view: BattleView }) {
  const round = activeSeats(view);
  if (view.game.stage !== "rounds" || view.status !== "active") return null;
  return (
    <div class="card sealed" aria-live="polite">
      <p class="sealed-count">{sealedCount(view)}</p>
      <ul class="roster" aria-label="who has sealed">
        {view.game.fighters.map((f) => {
          const a = round.find((r) => r.seat === f.seat);
          const state = !f.alive ? "out" : f.frozen ? "frozen" : a?.submitted ? "sealed" : a ? "thinking" : "";
          return (
            <li key={f.seat} class={`roster-${state}`} data-seat={f.seat + 1}>
              <span class="who">
                {sideName(view, f.seat)}
                {f.seat === view.seat ? " (you)" : ""}
              </span>{" "}
              <span class="state">{state === "sealed" ? "✓ sealed" : state === "thinking" ? "… to seal" : state}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Every move of the last round, revealed, and who fell. */
export function LastRound({ view }: { view: BattleView }) {
  const last = view.game.last_round;
  if (!last.length) return null;
  const late = sealedNothing(view);
  return (
    <section class="last-round" aria-label="last round">
      <h2>
        Round {view.game.round}, {late.length ? "closed at its deadline" : "revealed"}
      </h2>
      <ul>
        {last.map((r) => (
          <li key={r.seat} class={r.eliminated ? "fallen" : ""}>
            <span class="glyph-inline" aria-hidden="true">
              {glyphOf(fighterOf(view, r.seat)?.piece ?? null)}
            </span>{" "}
            {revealedWords(view, r, late.includes(r.seat))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What happened in the round under way, for all to see at once: freezes and medals. */
export function ThisRound({ view }: { view: BattleView }) {
  const played = view.played;
  const since = played.findLastIndex((p) => !!p.action && (isCell(p.action) || p.action === "stay")) + 1;
  const open = played.slice(since).filter((p) => p.action && seatOfOpen(p.action) !== null);
  if (view.game.stage !== "rounds" || !open.length) return null;
  return (
    <ul class="this-round banner" aria-label="this round">
      {open.map((p, i) => (
        <li key={i}>{p.said}</li>
      ))}
    </ul>
  );
}

/** The danger zones in words, beside the shaded board. */
export function Zones({ view }: { view: BattleView }) {
  const g = view.game;
  if (g.zones === "none") return <p class="facts">No danger zones in this game.</p>;
  return (
    <ul class="legend facts" aria-label="danger zones">
      {!g.yellow.length && !g.red.length && <li>No danger zone yet: the edge turns yellow after the safe rounds.</li>}
      {g.yellow.length > 0 && (
        <li>
          <span class="swatch yellow" /> yellow: turns red at the end of this round ({plural(g.yellow.length, "cell")})
        </li>
      )}
      {g.red.length > 0 && (
        <li>
          <span class="swatch red" /> red: a piece there at the end of a round is out ({plural(g.red.length, "cell")})
        </li>
      )}
      {g.fighters.some((f) => f.frozen) && (
        <li>
          <span class="outline frozen" /> dotted blue: frozen this round
        </li>
      )}
    </ul>
  );
}

/** Every fighter: piece, cell or how it fell, frozen, medals. */
export function Fighters({ view }: { view: BattleView }) {
  const g = view.game;
  return (
    <section aria-label="players">
      <h2>Players</h2>
      <ul class="fighters">
        {g.fighters.map((f) => (
          <li key={f.seat} class={f.alive ? "" : "fallen"}>
            <span class={`glyph-inline ${f.piece?.split(" ")[0] ?? ""}`} aria-hidden="true">
              {glyphOf(f.piece)}
            </span>{" "}
            <strong>{sideName(view, f.seat)}</strong>
            {f.seat === view.seat ? " (you)" : ""} <span class="facts">{standing(view, f, g.medals)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The pieces left to pick: buttons for the picker, a list for the others. */
function Supply({ view, act }: { view: BattleView; act: (a: string) => Promise<void> }) {
  const legal = new Set(gameActions(view));
  const picking = stageOf(view, view.seat) === "pick-piece";
  return (
    <section class="supply" aria-label="pieces to pick">
      <h2>{picking ? "Pick your piece" : "Pieces left"}</h2>
      <div class="actions">
        {view.game.supply.map((s) => {
          const piece = `${s.colour} ${s.kind}`;
          return picking ? (
            <button key={piece} data-action={piece} disabled={!legal.has(piece)} onClick={() => act(piece)}>
              <span class={`glyph-inline ${s.colour}`} aria-hidden="true">
                {glyphOf(piece)}
              </span>{" "}
              {piece} ({s.left} left)
            </button>
          ) : (
            <span key={piece} class="chip">
              {piece}: {s.left}
            </span>
          );
        })}
      </div>
    </section>
  );
}

/** Freezing and medals, where the options allow them: open actions, public at once. */
function OpenActions({ view, act }: { view: BattleView; act: (a: string) => Promise<void> }) {
  const open = gameActions(view).filter((a) => seatOfOpen(a) !== null);
  if (!open.length) return null;
  const label = (a: string) => `${a.startsWith("freeze") ? "Freeze" : "Give a medal to"} ${sideName(view, seatOfOpen(a)!)}`;
  return (
    <details class="open-actions">
      <summary>Freeze a player or hand out a medal</summary>
      <p class="facts">Public at once, and not your round's move.</p>
      <div class="actions">
        {open.map((a) => (
          <button
            key={a}
            data-action={a}
            onClick={() => {
              if (confirm(`${label(a)}?`)) void act(a);
            }}
          >
            {label(a)}
          </button>
        ))}
      </div>
    </details>
  );
}

export function ChessBattleGame({ view, act, message, setMessage }: ScreenProps<BattleView>) {
  const seat = view.seat;
  const g = view.game;
  const stage = stageOf(view, seat);
  const legal = gameActions(view);
  const cells = stage === "place" || stage === "move" ? legal.filter(isCell) : [];
  const me = fighterOf(view, seat);
  const mine = activeSeats(view).find((a) => a.seat === seat);
  const sealedTo = mine?.sealed_action && isCell(mine.sealed_action) ? mine.sealed_action : mine?.sealed_action === "stay" ? (me?.cell ?? null) : null;

  const onCell = (id: string) => {
    setMessage("");
    if (!mayAct(view, seat)) return setMessage(view.status === "over" ? "The game is over." : seat === null ? "You are watching." : me && !me.alive ? "You are out of this game." : "It is not your turn.");
    if (stage === "move" && id === me?.cell && legal.includes("stay")) return act("stay");
    if (cells.includes(id)) return act(id);
    if (stage === "pick-piece") return setMessage("Pick your piece first, from the buttons below the board.");
    setMessage(stage === "place" ? `You cannot place your piece on ${id}; the marked cells are free.` : `Your ${me?.piece ?? "piece"} cannot go to ${id}; the marked cells are where it can.`);
  };

  return (
    <section class="game chess-battle">
      <p class="status" role="status" aria-live="polite">
        {prompt(view)}
      </p>
      <RoundTimer view={view} />
      {/* What just happened comes before the board, on the first screen: the reveal of the
          last round, then this round's freezes and medals. */}
      <LastRound view={view} />
      <ThisRound view={view} />
      {view.board && (
        <Board
          board={view.board}
          selected={sealedTo ?? me?.cell ?? null}
          targets={cells}
          onCell={onCell}
          label={seat === null ? "board" : `board, you are ${sideName(view, seat)}${me?.piece ? `, ${me.piece}` : ""}`}
        />
      )}
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {stage === "move" && (
        <div class="actions">
          <button class={mine?.sealed_action === "stay" ? "primary" : ""} aria-pressed={mine?.sealed_action === "stay"} onClick={() => act("stay")}>
            Stay
          </button>
          <span class="facts sealed-yours" aria-live="polite">
            {sealedWords(view) ?? "Nobody sees your move until everyone has sealed."}
          </span>
        </div>
      )}
      {g.stage === "pick-piece" && <Supply view={view} act={act} />}
      <SealRoster view={view} />
      <OpenActions view={view} act={act} />
      {g.stage === "rounds" && <Zones view={view} />}
      <Fighters view={view} />
      {g.stage === "pick-piece" || g.stage === "place" ? <Record view={view} who={false} /> : <Record view={view} who={false} folded title="The whole record" />}
      <p>
        <a class="button" href={`#/table/${encodeURIComponent(view.game_id)}`}>
          Table display
        </a>{" "}
        <span class="facts">for a tablet in the middle of the table: the board, the zones, who has sealed.</span>
      </p>
    </section>
  );
}

/** The table display: everything public, large, for a tablet everyone can see. */
export function ChessBattleTable({ view }: { view: GameView }) {
  const v = view as BattleView;
  const waitingFor = activeSeats(v).filter((a) => !a.submitted);
  return (
    <section class="table-display chess-battle">
      <div class="table-board">{v.board && <Board board={v.board} label="board" />}</div>
      <div class="table-side">
        <p class="status" role="status" aria-live="polite">
          {v.outcome
            ? v.outcome.reason
            : v.game.stage === "rounds"
              ? `Round ${roundNo(v)}`
              : v.game.stage === "pick-piece"
                ? `Picking pieces: ${names(waitingFor.map((a) => sideName(v, a.seat)))}`
                : `Placing pieces: ${names(waitingFor.map((a) => sideName(v, a.seat)))}`}
        </p>
        <SealRoster view={v} />
        <ThisRound view={v} />
        <LastRound view={v} />
        {v.game.stage === "rounds" && <Zones view={v} />}
        <Fighters view={v} />
      </div>
    </section>
  );
}
