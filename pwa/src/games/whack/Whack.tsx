// Whack Chess at the table: a board of four kite-shaped sections that moves. The sections are
// laid into a track by tapping one of the places drawn small; the die is rolled by a button and
// shown big on both phones with what its face allows; the changes it allows are drawn small to
// choose from, and the board then moves its sections to their new places (at once where the
// phone asks for less motion). Pieces are stacks of pyramids: a glyph for what the stack makes,
// its pips in a badge, Fire red on yellow, Ice blue on white. Moves are tapped: a piece, then
// where it goes; a tap the referee would refuse is answered in its words.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { type BoardView, type GameView, type PieceView, api, gameActions, isCourtesy, mayAct, sideName, sideOf, stageOf, turnOf } from "../../api";
import { cellsIn, tapCell, targetsFrom } from "../../cellActions";
import { Board, type Outline, type PieceText } from "../../components/Board";
import { Record } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import type { ScreenProps } from "../types";
import type { ChoiceView, DieView, SectionView } from "../../generated/whack";
import { plural } from "../../words";
import {
  type Point,
  type WhackView,
  boardBetween,
  checkSaid,
  chooseTurn,
  colourOfSide,
  dieWords,
  groupChanges,
  ease,
  fitter,
  isBoardChange,
  motions,
  movedBy,
  pieceSaid,
  piecesCentre,
  pipsOf,
  preview,
  rollOutcome,
  sectionPoints,
  sectionsBetween,
  turnBoard,
  turnSections,
} from "./whack";
import "../../components/variants.css";
import "./whack.css";

export type { WhackView };

/** How long the sections take to move to their new places. */
const MOTION_MS = 900;

/** Pieces said as Whack's players say them, their pips in the badge. */
export const PIECE_TEXT: PieceText = { say: pieceSaid, badge: (piece: PieceView) => String(pipsOf(piece)) };

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The room the board has on this screen, in pixels: it may take `share` of the screen's height
 * (about two thirds on the game's screen: see whack.css). */
export function useScreenBox(share = 0.66): { width: number; height: number } {
  const read = () => ({ width: Math.min(window.innerWidth, 576), height: window.innerHeight * share });
  const [box, setBox] = useState(read);
  useEffect(() => {
    const onResize = () => setBox(read());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return box;
}

/** The board and its sections as drawn: turned for the screen, and part way through a change
 * while the sections move. */
interface Shown {
  board: BoardView;
  sections: SectionView[];
}

/** The turn the board is shown at: large on this screen, the viewer's pieces near them, and
 * steady from one change to the next. */
function useTurn(view: WhackView, colour: "white" | "black" | null): number {
  const box = useScreenBox();
  const previous = useRef<number | null>(null);
  const sections = view.game.sections;
  const key = JSON.stringify(sections.map((s) => s.corners));
  const degrees = useMemo(() => {
    const own = view.board ? piecesCentre(view.board, colour ?? "white") : null;
    return chooseTurn(sectionPoints(sections), box, own, previous.current);
  }, [key, box.width, box.height, colour]);
  previous.current = degrees;
  return degrees;
}

/** `target`, or the sections on their way to it after a change: each moving section turns and
 * slides from where it lay (none of it where the phone asks for less motion). */
function useMotion(target: Shown, onStart: () => void): Shown & { moving: boolean } {
  const last = useRef<Shown | null>(null);
  const [frame, setFrame] = useState<Shown | null>(null);
  const key = JSON.stringify(target.sections.map((s) => s.corners.map((p) => p.map((n) => n.toFixed(3)))));
  useLayoutEffect(() => {
    const before = last.current;
    last.current = target;
    if (!before || reducedMotion()) return;
    const moving = motions(before.sections, target.sections);
    if (!moving.size) return;
    const at = (t: number): Shown => ({ board: boardBetween(before.board, target.board, moving, t), sections: sectionsBetween(before.sections, target.sections, moving, t) });
    setFrame(at(0));
    onStart();
    const start = performance.now();
    let raf = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / MOTION_MS);
      if (t >= 1) return setFrame(null);
      setFrame(at(ease(t)));
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(raf);
      setFrame(null);
    };
  }, [key]);
  return { ...(frame ?? target), moving: frame !== null };
}

/** Where a die's pips sit on a 3×3 grid. */
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

function DieFace({ value }: { value: number }) {
  return (
    <svg class="whack-die" viewBox="0 0 60 60" role="img" aria-label={`die showing ${value}`} data-die={value}>
      <rect x="3" y="3" width="54" height="54" rx="10" />
      {(PIPS[value] ?? []).map(([x, y]) => (
        <circle key={`${x}${y}`} cx={15 + x * 15} cy={15 + y * 15} r="5.5" />
      ))}
    </svg>
  );
}

/** The last roll, big: the face, its number, name and meaning, who rolled it and what came of
 * it where the record says more ("the board stays"). */
function DieCard({ die, who, said, big }: { die: DieView; who: string; said: string; big: boolean }) {
  const outcome = rollOutcome(die, said);
  if (!big)
    return (
      <p class="facts last-roll">
        Last roll: {die.number} — {die.name}
      </p>
    );
  return (
    <div class="die-card" role="group" aria-label="the die">
      <DieFace value={die.number} />
      <div>
        <p class="die-words">{dieWords(die)}</p>
        {who && (
          <p class="facts">
            {who} rolled{outcome ? `: ${outcome}` : "."}
          </p>
        )}
      </div>
    </div>
  );
}

/** One choice drawn small: the sections after it (the moving ones shaded, numbered), where
 * those lie now (dashed), and the pieces as dots riding along. */
function Thumbnail({ choice, sections, board, degrees }: { choice: ChoiceView; sections: SectionView[]; board: BoardView | null; degrees: number }) {
  const p = useMemo(() => preview(choice, sections, board, degrees), [choice, sections, board, degrees]);
  const fit = fitter([...p.sections.flatMap((s) => s.corners), ...p.ghosts.flat()], 100, 4);
  const pts = (corners: Point[]) =>
    corners
      .map((c) =>
        fit
          .at(c)
          .map((n) => n.toFixed(1))
          .join(","),
      )
      .join(" ");
  const dot = Math.max(1.6, 0.32 * fit.scale);
  return (
    <svg class="thumb" viewBox={`0 0 ${fit.width.toFixed(1)} ${fit.height.toFixed(1)}`} aria-hidden="true">
      {p.sections.map((s) => (
        <polygon key={s.number} class={s.moved ? "section moved" : "section"} points={pts(s.corners)} />
      ))}
      {p.ghosts.map((g, i) => (
        <polygon key={`g${i}`} class="ghost" points={pts(g)} />
      ))}
      {p.dots.map((d, i) => {
        const [x, y] = fit.at(d.at);
        return <circle key={i} class={`dot ${d.side}${d.king ? " king" : ""}`} cx={x} cy={y} r={d.king ? dot * 1.6 : dot} />;
      })}
      {p.sections.map((s) => {
        const [x, y] = fit.at(s.centre);
        return (
          <text key={`n${s.number}`} class="number" x={x} y={y}>
            {s.number}
          </text>
        );
      })}
    </svg>
  );
}

interface ChoicesProps {
  view: WhackView;
  degrees: number;
  mine: boolean;
  act: (action: string) => Promise<void>;
}

/** The places a section may be laid, or the changes the die allows: pictures to tap for the
 * player choosing, to look at for the other. */
function Choices({ view, degrees, mine, act }: ChoicesProps) {
  const g = view.game;
  const [busy, setBusy] = useState(false);
  useEffect(() => setBusy(false), [view.seq]);
  if (!g.choices.length) return null;
  const setup = g.stage === "place-section";
  const title = setup ? `Where section ${g.sections.length + 1} can go (${g.choices.length})` : `The changes ${g.die?.name ?? "the die"} allows (${g.choices.length})`;
  const item = (c: ChoiceView) => {
    const picture = <Thumbnail choice={c} sections={g.sections} board={view.board} degrees={degrees} />;
    return mine ? (
      <li key={c.action}>
        <button
          class="preview"
          data-action={c.action}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void act(c.action).finally(() => setBusy(false));
          }}
        >
          {picture}
          {/* The sentence says ", check" to a screen reader already. */}
          {c.check && (
            <span class="gives-check" aria-hidden="true">
              check
            </span>
          )}
          <span class="said">{c.said}</span>
        </button>
      </li>
    ) : (
      <li key={c.action} class="preview" data-action={c.action} role="img" aria-label={c.said}>
        {picture}
        {c.check && (
          <span class="gives-check" aria-hidden="true">
            check
          </span>
        )}
        <span class="said" aria-hidden="true">
          {c.said}
        </span>
      </li>
    );
  };
  // Many pictures (WILD allows 28) are grouped by the kind of change: which section moves.
  const groups = groupChanges(g.choices);
  const list =
    groups.length > 1 ? (
      <div class="preview-groups" aria-label={title} role="group">
        {groups.map(([kind, choices]) => (
          <section key={kind} aria-label={kind}>
            <h3>
              {kind} ({choices.length})
            </h3>
            <ul class="previews">{choices.map(item)}</ul>
          </section>
        ))}
      </div>
    ) : (
      <ul class="previews" aria-label={title}>
        {g.choices.map(item)}
      </ul>
    );
  if (mine)
    return (
      <section class="choices" aria-label="choices">
        <h2>{title}</h2>
        <p class="facts">{setup ? "Shaded: the new section." : "Shaded: what moves; dashed: where it lies now. Dots: the pieces, riding along."}</p>
        {list}
      </section>
    );
  return (
    <details class="choices">
      <summary>{title}</summary>
      {list}
    </details>
  );
}

/** What the viewer is asked, or whom the table waits for. */
function prompt(view: WhackView, mine: boolean): string {
  if (view.outcome) return view.outcome.reason;
  const g = view.game;
  const actor = turnOf(view);
  const who = actor === null ? "" : sideName(view, actor);
  const next = g.sections.length + 1;
  switch (g.stage) {
    case "place-section":
      return mine ? `Your turn: lay section ${next} — tap where it goes` : `${who} to lay section ${next}`;
    case "roll":
      return mine ? (g.opening ? "Roll the die: it changes the board before the first move" : "You captured: roll the die to change the board") : `${who} to roll the die`;
    case "rearrange":
      return mine ? `Choose how the board changes: tap one of the ${plural(g.choices.length, "picture")}` : `${who} to choose how the board changes`;
    default:
      return mine ? "Your move: tap a piece, then where it goes" : `${who} to move`;
  }
}

/** The last entry of the record that is a game action (not a resignation or draw offer). */
function lastAction(view: WhackView) {
  return view.played.findLast((p) => p.action !== undefined && !isCourtesy(p.action));
}

/** The board as drawn for `colour` (the table's when null): turned for the screen, moving after
 * a change, the sections the last change moved (or the section last laid) outlined until the
 * next action. */
function useDrawnBoard(view: WhackView, colour: "white" | "black" | null, onMotion: () => void) {
  const g = view.game;
  const degrees = useTurn(view, colour);
  const target = useMemo<Shown | null>(
    () => (view.board ? { board: turnBoard(view.board, degrees), sections: turnSections(g.sections, degrees) } : null),
    [view.board, g.sections, degrees],
  );
  const shown = useMotion(target ?? { board: { shape: { kind: "polygons" }, cells: [] }, sections: [] }, onMotion);
  const last = lastAction(view);
  const moved = last?.action && (isBoardChange(last.action) || last.action.startsWith("place")) ? movedBy(last.action) : [];
  const outlines = useMemo<Outline[]>(
    () => shown.sections.map((s) => ({ points: s.corners as [number, number][], className: moved.includes(s.number) ? "moved" : "", label: String(s.number) })),
    [shown.sections, moved.join()],
  );
  // The board's cell ids (to read the cells of an action), and the last move's cells.
  const ids = useMemo(() => new Set((view.board?.cells ?? []).map((c) => c.id)), [view.board]);
  const lastMove = last?.action && !isBoardChange(last.action) ? cellsIn(last.action, ids) : null;
  return { degrees, shown, outlines, ids, lastMove };
}

/** The last roll, big (`big`) or as a line, with who rolled it. */
function LastRoll({ view, big }: { view: WhackView; big: boolean }) {
  const die = view.game.die;
  if (!die) return null;
  const roll = view.played.findLast((p) => p.action === "roll");
  return <DieCard die={die} who={roll ? sideName(view, roll.seat) : ""} said={roll?.said ?? ""} big={big} />;
}

/** The material, the kings and what the board shows. */
function BoardFacts({ view }: { view: WhackView }) {
  const g = view.game;
  return (
    <>
      <p class="facts material">
        Material: Fire {g.material[0]}, Ice {g.material[1]} (a draw once both are 8 or less) · kings: Fire {g.kings[0]}, Ice {g.kings[1]}
      </p>
      <ul class="legend facts" aria-label="what the board shows">
        <li>a piece is a stack of pyramids: its glyph says what it makes, the badge its pips (pawn 1, knight 2, bishop 3, rook 4, king 5, queen 6)</li>
        <li>thick lines: the four sections; blue: the sections that moved last</li>
        <li>
          the number in a section's wide corner is its number, and its cells are named from that corner: 2b3 is section 2, b along one short edge (a–d), 3
          along the other (1–4)
        </li>
      </ul>
    </>
  );
}

/** The table display: the board for everyone to see (moving after a change), the die big
 * after a roll, who is to do what, check, the material and the record. */
export function WhackTable({ view: seen }: { view: GameView }) {
  const view = seen as WhackView;
  const g = view.game;
  const { shown, outlines, lastMove } = useDrawnBoard(view, null, () => undefined);
  const checks = view.outcome ? [] : checkSaid(view.board, g.check, null);
  return (
    <section class="table-display whack">
      <div class="table-board whack-board" data-moving={shown.moving ? "" : undefined}>
        {view.board && (
          <Board
            board={shown.board}
            outlines={outlines}
            pieceText={PIECE_TEXT}
            lastMove={lastMove}
            label="board"
          />
        )}
      </div>
      <div class="table-side">
        <p class="status" role="status" aria-live="polite">
          {prompt(view, false)}
        </p>
        {checks.map((c) => (
          <p key={c} class="check-line">
            {c}
          </p>
        ))}
        <LastRoll view={view} big />
        {g.stage !== "place-section" && <BoardFacts view={view} />}
        <Record view={view} latest />
      </div>
    </section>
  );
}

export function WhackGame({ view, act, message, setMessage }: ScreenProps<WhackView>) {
  const g = view.game;
  const seat = view.seat;
  const colour = seat === null ? null : colourOfSide(sideOf(view, seat));
  const stage = stageOf(view, seat);
  const mine = stage !== null;
  const actions = mine ? gameActions(view) : [];
  const boardRef = useRef<HTMLDivElement>(null);
  const { degrees, shown, outlines, ids, lastMove } = useDrawnBoard(view, colour, () =>
    boardRef.current?.scrollIntoView?.({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" }),
  );

  // Tapping moves: a piece, then where it goes.
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setSelected(null), [view.seq]);
  const moves = stage === "move" ? actions.filter((a) => cellsIn(a, ids).length === 2) : [];
  const movable = (id: string) => moves.some((m) => cellsIn(m, ids)[0] === id);
  const targets = selected ? targetsFrom(moves, ids, selected) : [];

  const onCell = (id: string) => {
    setMessage("");
    if (view.status === "over") return setMessage("The game is over.");
    if (!mayAct(view, seat)) return setMessage(seat === null ? "You are watching." : "It is not your turn.");
    if (stage !== "move")
      return setMessage(
        stage === "roll"
          ? "Roll the die first."
          : stage === "rearrange"
            ? "Choose how the board changes first: tap one of the pictures."
            : "Tap where the section goes, below the board.",
      );
    if (selected === id) return setSelected(null);
    if (selected && targets.includes(id)) {
      const t = tapCell(moves, ids, selected, id);
      setSelected(null);
      if (t.kind === "act") void act(t.action);
      return;
    }
    if (movable(id)) return setSelected(id);
    if (selected) {
      // Not a move the referee listed: it says why (asked apart from the game).
      setSelected(null);
      void api.whyIllegal(view.rules, g.position, `${selected}-${id}`).then(setMessage);
      return;
    }
    const piece = view.board?.cells.find((c) => c.id === id)?.piece;
    setMessage(piece && piece.side === colour ? `The ${piece.kind} on ${id} has no legal move now.` : piece ? "That is not your piece." : "Tap one of your pieces first.");
  };

  const last = lastAction(view);
  const dieBig = !!g.die && (g.stage === "rearrange" || last?.action === "roll");
  const checks = view.outcome ? [] : checkSaid(view.board, g.check, colour);
  const rolling = mine && stage === "roll";
  // A roll waiting for this phone (after its capture, the board scrolled down to the move):
  // the button comes into sight.
  const rollRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (rolling) rollRef.current?.scrollIntoView?.({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
  }, [rolling, view.seq]);

  return (
    <section class="game whack">
      <p class="status" role="status" aria-live="polite">
        {prompt(view, mine)}
      </p>
      {colour && <p class="facts">You play {colour === "white" ? "Fire (red and yellow)" : "Ice (blue and white)"}.</p>}
      {checks.map((c) => (
        <p key={c} class="check-line">
          {c}
        </p>
      ))}
      {g.opening && !view.outcome && <p class="facts">Opening rolls: they go on until a roll moves a section; then the other side moves first.</p>}
      <LastRoll view={view} big={dieBig} />
      {rolling && (
        <div class="actions roll" ref={rollRef}>
          <button class="primary" data-action="roll" onClick={() => act("roll")}>
            Roll the die
          </button>
        </div>
      )}
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {(g.stage === "place-section" || g.stage === "rearrange") && <Choices view={view} degrees={degrees} mine={mine} act={act} />}
      <div class="whack-board" ref={boardRef} data-moving={shown.moving ? "" : undefined}>
        {view.board && (
          <Board
            board={shown.board}
            selected={selected}
            targets={targets}
            onCell={onCell}
            outlines={outlines}
            pieceText={PIECE_TEXT}
            lastMove={lastMove}
            label={colour ? `board, you play ${colour === "white" ? "Fire" : "Ice"}` : "board"}
          />
        )}
      </div>
      {g.stage !== "place-section" && <BoardFacts view={view} />}
      <Record view={view} />
      <TableActions view={view} act={act} />
    </section>
  );
}
