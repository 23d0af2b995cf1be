// Whack Chess on "Is that legal?": the board of kite sections drawn from the arrangement as the
// referee lays it, Fire's and Ice's pieces put on cells by tapping, the move tapped from cell to
// cell, and the rest of the position in words: how the sections join, whose turn, the stage and
// the die, the opening rolls and the check option.
import { useMemo, useState } from "preact/hooks";
import type { BoardView } from "../../api";
import { Board, type Outline } from "../../components/Board";
import { WholeBoardTools } from "../../components/BoardEditor";
import { PositionText } from "../../components/PositionText";
import { pieceGlyph } from "../../fen";
import type { PositionFormProps } from "../types";
import { PIECE_TEXT, useScreenBox } from "./Whack";
import { type WhackPosition, paintCell, positionBoard, readPosition, writePosition } from "./position";
import { chooseTurn, piecesCentre, sectionPoints, turnBoard, turnSections } from "./whack";
import "../../components/variants.css";
import "./whack.css";

/** The rules page's starting track, both sides set up, Fire to move. */
export const WHACK_EXAMPLE = "1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp fire move";

/** The share of the screen's height the editor's board may take: enough for cells a finger
 * hits on a phone (the tilted track leaves much of its box empty; at half the height some cells
 * were 22 px across); the verdict scrolls itself into sight. */
const BOARD_SHARE = 0.72;

const PIECES = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p"];
const KIND_WORDS: Record<string, string> = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
/** "Fire king" for K, "Ice pawn" for p. */
const pieceWords = (letter: string) => `${letter === letter.toUpperCase() ? "Fire" : "Ice"} ${KIND_WORDS[letter.toLowerCase()]}`;

/** The stages a position may be in: their words in the list (short enough for a phone's
 * width), and what each means, said under it. */
const STAGES: [string, string, string][] = [
  ["move", "Move a piece", "A piece moves."],
  ["roll", "Roll the die", "The die is rolled."],
  ["rearrange 1", "After a 1: TIP", "TIP: a section goes to where it joins by one edge only."],
  ["rearrange 2", "After a 2: AIM", "AIM: one joined pair of sections is turned."],
  ["rearrange 3", "After a 3: DIG", "DIG: a section goes to where it joins by two or more edges."],
  ["rearrange 4", "After a 4: SWAP", "SWAP: two sections swap places."],
  ["rearrange 6", "After a 6: WILD", "WILD: a section goes anywhere same-sized edges join."],
  ["place-section", "Lay the next section", "The next section is laid (while fewer than four are on the table)."],
];

/** What a tap on a cell does: move (null), put a piece's letter there, or empty it. */
type Brush = null | { letter: string | null };

/** The board drawn turned to fit the screen (the side at the bottom by `flipped`), with the
 * sections outlined and numbered; or why the arrangement cannot be drawn. */
function useDrawn(p: WhackPosition, flipped: boolean): { board: BoardView; outlines: Outline[] } | string {
  const box = useScreenBox(BOARD_SHARE);
  return useMemo(() => {
    const drawn = positionBoard(p);
    if (typeof drawn === "string") return drawn;
    const own = piecesCentre(drawn.board, flipped ? "black" : "white");
    const degrees = chooseTurn(sectionPoints(drawn.sections), box, own, null);
    const outlines = turnSections(drawn.sections, degrees).map((s) => ({ points: s.corners as [number, number][], label: String(s.number) }));
    return { board: turnBoard(drawn.board, degrees), outlines };
  }, [writePosition(p), flipped, box.width, box.height]);
}

/** A Whack position drawn, not to be edited: the board after a legal move. */
export function WhackPreview({ position, flipped }: { position: string; flipped: boolean }) {
  const drawn = useDrawn(readPosition(position), flipped);
  if (typeof drawn === "string") return null;
  return (
    <div class="whack whack-board editor">
      <Board board={drawn.board} outlines={drawn.outlines} pieceText={PIECE_TEXT} label="position after the move" />
    </div>
  );
}

/** Fire's and Ice's pieces (each as it starts, its pyramids), the eraser, or "Tap a move". */
function Palette({ brush, setBrush }: { brush: Brush; setBrush: (b: Brush) => void }) {
  const pressed = (letter: string | null) => brush !== null && brush.letter === letter;
  return (
    <div class="palette" role="toolbar" aria-label="set up the board">
      <button type="button" aria-pressed={brush === null} onClick={() => setBrush(null)}>
        Tap a move
      </button>
      {PIECES.map((letter) => (
        <button type="button" key={letter} aria-pressed={pressed(letter)} aria-label={`place ${pieceWords(letter)}`} onClick={() => setBrush({ letter })}>
          <span class={letter === letter.toUpperCase() ? "glyph white" : "glyph black"}>{pieceGlyph(letter)}</span>
        </button>
      ))}
      <button type="button" aria-pressed={pressed(null)} aria-label="empty a cell" onClick={() => setBrush({ letter: null })}>
        ✕
      </button>
    </div>
  );
}

/** The position's words besides the pieces: how the sections join, whose turn, the stage. */
function StateFields({ p, set }: { p: WhackPosition; set: (p: WhackPosition) => void }) {
  const rolling = p.stage === "roll" || p.stage.startsWith("rearrange");
  return (
    <fieldset class="extra-fields">
      <legend>The game's own state</legend>
      <label>
        How the sections join
        <input
          name="arrangement"
          value={p.arrangement}
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          onChange={(e) => set({ ...p, arrangement: (e.target as HTMLInputElement).value.replace(/\s+/g, "") })}
        />
      </label>
      <p class="facts hint">
        Section 1, then each further section along one already laid: <code>2bc=1cd</code> lays section 2's edge BC along section 1's edge CD. A section's corners are A (the wide one), B, C
        (the narrow one), D; AB and DA are its short edges, BC and CD its long ones. Its cells are named by section, file a–d (from A towards B) and rank 1–4 (from A towards D): 1a1 is in
        section 1's wide corner.
      </p>
      <label>
        Whose turn
        <select name="side" value={p.side} onChange={(e) => set({ ...p, side: (e.target as HTMLSelectElement).value as WhackPosition["side"] })}>
          <option value="fire">Fire (red pieces)</option>
          <option value="ice">Ice (blue pieces)</option>
        </select>
      </label>
      <label>
        The stage
        <select name="stage" value={p.stage} onChange={(e) => set({ ...p, stage: (e.target as HTMLSelectElement).value })}>
          {STAGES.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <p class="facts hint">{STAGES.find(([value]) => value === p.stage)?.[2]}</p>
      {rolling && (
        <label class="inline">
          <input type="checkbox" checked={p.opening} onChange={(e) => set({ ...p, opening: (e.target as HTMLInputElement).checked })} /> The opening rolls are still deciding who moves first
        </label>
      )}
      <label class="inline">
        <input type="checkbox" checked={p.answerCheck} onChange={(e) => set({ ...p, answerCheck: (e.target as HTMLInputElement).checked })} /> Check must be answered (the table's option)
      </label>
    </fieldset>
  );
}

/** The editor of a Whack position for "Is that legal?". */
export function WhackEditor({ position, setPosition, ask, flipped, setFlipped, verdict }: PositionFormProps) {
  const p = readPosition(position);
  const drawn = useDrawn(p, flipped);
  const [brush, setBrush] = useState<Brush>(null);
  const [from, setFrom] = useState<string | null>(null);
  const set = (next: WhackPosition) => setPosition(writePosition(next));
  const hasPiece = (id: string) => typeof drawn !== "string" && !!drawn.board.cells.find((c) => c.id === id)?.piece;

  const onCell = (id: string) => {
    if (brush) return set(paintCell(p, id, brush.letter));
    if (!from || from === id) return setFrom(from === id || !hasPiece(id) ? null : id);
    setFrom(null);
    ask(`${from}-${id}`);
  };
  const clear = () => set({ ...p, cells: p.cells && p.cells.map((section) => section.map(() => "")) });

  return (
    <>
      <WholeBoardTools clear={clear} reset={() => setPosition(WHACK_EXAMPLE)} resetLabel="Example position" flipped={flipped} setFlipped={setFlipped} />
      <Palette brush={brush} setBrush={setBrush} />
      <p class="facts" aria-live="polite">
        {brush
          ? "Tap cells to put it there, as it starts (its pyramids); the same piece again takes it off."
          : from
            ? `From ${from}: now tap where it goes.`
            : "Tap the piece that moves, then where it goes — or type the move below."}
      </p>
      {typeof drawn === "string" ? (
        <p class="error">The sections cannot be drawn: {drawn}</p>
      ) : (
        <div class="whack whack-board editor">
          <Board board={drawn.board} outlines={drawn.outlines} pieceText={PIECE_TEXT} selected={from} onCell={onCell} label="position to judge" />
        </div>
      )}
      {verdict}
      <StateFields p={p} set={set} />
      <PositionText words="the arrangement, pieces by section, side, stage" value={position} onInput={setPosition} />
    </>
  );
}
