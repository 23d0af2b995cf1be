// The board editor of "Is that legal?", for every game whose positions are FEN (or FEN's
// placement) plus the game's own fields: pieces put on squares by tapping, the game's marks
// (checkers, the mirror side), who is to move, castling and en passant, the game's own fields in
// words, and the move tapped from and to. Each game's entry says what its editor offers.
import { Fragment } from "preact";
import { useMemo, useState } from "preact/hooks";
import type { BoardView } from "../api";
import { parsePlacement, pieceGlyph, pieceName, placementBoard } from "../fen";
import type { EditorSpec, ExtraField, GameEntry, PositionFormProps } from "../games/types";
import {
  type Brush,
  EMPTY_BOARD,
  START_FEN,
  deriveCastling,
  enPassantSquares,
  fieldsOf,
  isPromotion,
  moveWords,
  namedField,
  notationOf,
  paint,
  parseMarks,
  resolveMove,
  stackOf,
  withField,
  withNamedField,
} from "../position";
import { Board } from "./Board";
import { PositionText } from "./PositionText";

const PIECES = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p"];
/** The field the checker games keep their marks in: right after FEN's six. */
const MARKS = 6;

/** The editor's fields of a position written in the game's notation. */
const fieldsIn = (editor: EditorSpec | undefined, position: string) => notationOf(editor).read(position);

/** The position as board data, with the game's marks drawn: stacks, or the mirror side. */
function boardOf(fen: string, editor: EditorSpec | undefined): BoardView {
  const fields = fieldsOf(fen);
  const board = placementBoard(parsePlacement(fields[0]));
  if (!editor?.marks) return board;
  const marks = parseMarks(fields[MARKS]);
  for (const cell of board.cells) {
    if (!(cell.id in marks)) continue;
    if (editor.marks === "mirror") cell.markers = ["mirror"];
    else {
      const { count, colour } = stackOf(marks[cell.id]);
      const effect = colour && cell.piece ? (cell.piece.side === colour ? "boosted" : "hobbled") : undefined;
      cell.stacks = [{ kind: "checker", count, colour, effect }];
    }
  }
  return board;
}

/** A position of the game drawn on its board, with its marks (the board after a move). */
export function boardPreview(editor: EditorSpec | undefined, position: string): BoardView {
  return boardOf(fieldsIn(editor, position), editor);
}

/** The move in words from the position, "Black's knight c6→d4", where the piece can be told. */
export function boardMoveWords(editor: EditorSpec | undefined, position: string, move: string): string | null {
  const fields = fieldsOf(fieldsIn(editor, position));
  const resolved = resolveMove(parsePlacement(fields[0]), fields[1] === "b" ? "b" : "w", move);
  return resolved && moveWords(resolved);
}

/** A game's first position, where its editor opens whatever game was open before (a board
 * carried over from another game may be one this game refuses: pawns in Chess Golf): its
 * example, else the start position with the game's own fields. */
export function startOf(entry: GameEntry): string {
  return entry.editor?.example ?? notationOf(entry.editor).write([START_FEN, ...(entry.positionSuffix ? [entry.positionSuffix] : [])].join(" "));
}

/** The brushes a game's editor offers besides pieces and the eraser. */
function markBrushes(editor: EditorSpec | undefined): [Brush, string, string][] {
  switch (editor?.marks) {
    case "checkers":
      return [[{ kind: "checker" }, "●", "add a checker"]];
    case "coloured-checkers":
      return [
        [{ kind: "checker", colour: "w" }, "○", "add a white checker"],
        [{ kind: "checker", colour: "b" }, "●", "add a black checker"],
      ];
    case "mirror":
      return [[{ kind: "mirror" }, "⧉", "put a piece through the mirror, or back"]];
    default:
      return [];
  }
}

const sameBrush = (a: Brush | null, b: Brush | null) => JSON.stringify(a) === JSON.stringify(b);

/** The game's own fields of the position as words to set (a hand of cards, burials, the half
 * that moves): a choice where the values are few, else a field to type, spaces left out
 * (fields are separated by spaces), empty meaning "-", or for an optional or named field not
 * written at all. */
function ExtraFields({ fields, fen, set }: { fields: ExtraField[]; fen: string; set: (fen: string) => void }) {
  const values = fieldsOf(fen);
  const valueOf = (f: ExtraField) => (f.name ? namedField(values, f.index, f.name) : values[f.index]);
  const setField = (f: ExtraField, value: string) => {
    if (f.name) set(withNamedField(fen, f.index, f.name, value));
    else if (value) set(withField(fen, f.index, value));
    else set(f.optional ? values.slice(0, f.index).join(" ") : withField(fen, f.index, "-"));
  };
  return (
    <fieldset class="extra-fields">
      <legend>The game's own state</legend>
      {fields.map((f) => (
        <Fragment key={f.name ?? f.index}>
          <label>
            {f.label}
            {f.choices ? (
              <select name={`field-${f.name ?? f.index}`} value={valueOf(f) ?? f.choices[0][0]} onChange={(e) => setField(f, (e.target as HTMLSelectElement).value)}>
                {f.choices.map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
            ) : (
              <input
                name={`field-${f.name ?? f.index}`}
                value={valueOf(f) === "-" ? "" : (valueOf(f) ?? "")}
                placeholder={f.placeholder}
                autocomplete="off"
                autocapitalize="off"
                spellcheck={false}
                onChange={(e) => setField(f, (e.target as HTMLInputElement).value.replace(/\s+/g, ""))}
              />
            )}
          </label>
          {f.hint && <p class="facts hint">{f.hint}</p>}
        </Fragment>
      ))}
    </fieldset>
  );
}

/** Who is to move, castling rights (following the pieces until set by hand) and the en passant
 * square: FEN's fields after the placement, for the games that write them. */
function FenFields({ fen, update, auto, setAuto }: { fen: string; update: (fen: string, auto?: boolean) => void; auto: boolean; setAuto: (on: boolean) => void }) {
  const fields = fieldsOf(fen);
  const side = fields[1] === "b" ? "b" : "w";
  const castling = fields[2];
  const toggleRight = (letter: string) => {
    const now = castling === "-" ? "" : castling;
    const next = now.includes(letter) ? now.replace(letter, "") : [...now + letter].sort((a, b) => "KQkq".indexOf(a) - "KQkq".indexOf(b)).join("");
    setAuto(false);
    update(withField(fen, 2, next || "-"), false);
  };
  return (
    <>
      <div class="actions" role="group" aria-label="side to move">
        <button type="button" aria-pressed={side === "w"} onClick={() => update(withField(fen, 1, "w"))}>
          White to move
        </button>
        <button type="button" aria-pressed={side === "b"} onClick={() => update(withField(fen, 1, "b"))}>
          Black to move
        </button>
      </div>
      <fieldset class="castling">
        <legend>Castling still allowed</legend>
        {(
          [
            ["K", "White O-O"],
            ["Q", "White O-O-O"],
            ["k", "Black O-O"],
            ["q", "Black O-O-O"],
          ] as const
        ).map(([letter, label]) => (
          <label class="inline" key={letter}>
            <input type="checkbox" checked={castling.includes(letter)} onChange={() => toggleRight(letter)} /> {label}
          </label>
        ))}
        <label class="inline">
          <input
            type="checkbox"
            checked={auto}
            onChange={(e) => {
              const on = (e.target as HTMLInputElement).checked;
              setAuto(on);
              if (on) update(fen, true);
            }}
          />{" "}
          From the pieces (kings and rooks at home)
        </label>
      </fieldset>
      <label>
        En passant
        <select name="ep" value={fields[3]} onChange={(e) => update(withField(fen, 3, (e.target as HTMLSelectElement).value))}>
          <option value="-">No en passant capture</option>
          {enPassantSquares(parsePlacement(fields[0]), side).map((sq) => (
            <option key={sq} value={sq}>
              {sq} (the pawn just advanced two squares)
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The pieces, the game's marks and the eraser to put on squares, or "Tap a move". */
function Palette({ editor, brush, setBrush }: { editor: EditorSpec | undefined; brush: Brush | null; setBrush: (b: Brush | null) => void }) {
  return (
    <div class="palette" role="toolbar" aria-label="set up the board">
      <button type="button" aria-pressed={brush === null} onClick={() => setBrush(null)}>
        Tap a move
      </button>
      {PIECES.map((p) => {
        const b: Brush = { kind: "piece", letter: p };
        return (
          <button type="button" key={p} aria-pressed={sameBrush(brush, b)} aria-label={`place ${pieceName(p)}`} onClick={() => setBrush(b)}>
            <span class={p === p.toUpperCase() ? "glyph white" : "glyph black"}>{pieceGlyph(p)}</span>
          </button>
        );
      })}
      {markBrushes(editor).map(([b, symbol, label]) => (
        <button type="button" key={label} aria-pressed={sameBrush(brush, b)} aria-label={label} onClick={() => setBrush(b)}>
          {symbol}
        </button>
      ))}
      <button type="button" aria-pressed={sameBrush(brush, { kind: "erase" })} aria-label="empty a square" onClick={() => setBrush({ kind: "erase" })}>
        ✕
      </button>
    </div>
  );
}

/** The dispute editors' tools for the whole board: clear it, set the game's example (or start)
 * position, turn it round. */
export function WholeBoardTools(props: { clear: () => void; reset: () => void; resetLabel: string; flipped: boolean; setFlipped: (flipped: boolean) => void }) {
  const { clear, reset, resetLabel, flipped, setFlipped } = props;
  return (
    <div class="actions" role="toolbar" aria-label="the whole board">
      <button type="button" onClick={clear}>
        Clear board
      </button>
      <button type="button" onClick={reset}>
        {resetLabel}
      </button>
      <button type="button" aria-pressed={flipped} onClick={() => setFlipped(!flipped)}>
        Flip
      </button>
    </div>
  );
}

/** The board editor for `entry`'s game: the position in the game's notation comes in and goes
 * out; inside, it is FEN's six fields then the game's own. */
export function BoardEditor({ entry, position, setPosition, ask, flipped, setFlipped, verdict }: PositionFormProps & { entry: GameEntry }) {
  const editor = entry.editor;
  const notation = notationOf(editor);
  const fen = notation.read(position);
  // Castling rights follow the pieces until the player sets them by hand (or pastes a position).
  const [autoCastling, setAutoCastling] = useState(true);
  const [from, setFrom] = useState<string | null>(null);
  // null: the board is tapped to enter the move; else it edits the position.
  const [brush, setBrush] = useState<Brush | null>(null);
  const fields = fieldsOf(fen);
  const placement = parsePlacement(fields[0]);
  const board = useMemo(() => boardOf(fen, editor), [fen, editor]);
  // Games written from the placement alone have no side to move, castling or en passant.
  const placementOnly = !!editor?.placement;

  /** A new position from an edit: castling follows the pieces unless set by hand, and an en
   * passant square that no longer makes sense goes. */
  const update = (next: string, auto = autoCastling) => {
    let out = next;
    const f = fieldsOf(out);
    const p = parsePlacement(f[0]);
    if (auto && !placementOnly) out = withField(out, 2, deriveCastling(p, !!editor?.chess960));
    if (f[3] !== "-" && !enPassantSquares(p, f[1] === "b" ? "b" : "w").includes(f[3])) out = withField(out, 3, "-");
    setPosition(notation.write(out));
  };

  const onCell = (square: string) => {
    if (brush) return update(paint(fen, square, brush, editor?.marks ? MARKS : null));
    if (!from || from === square) return setFrom(from === square ? null : placement[square] ? square : null);
    setFrom(null);
    ask(from + square + (isPromotion(placement, from, square) ? "q" : ""));
  };

  const clear = () => {
    const next = withField(fen, 0, EMPTY_BOARD);
    update(editor?.marks ? withField(next, MARKS, "-") : next);
  };
  const marksNow = editor?.marks ? fields[MARKS] : undefined;

  return (
    <>
      <WholeBoardTools
        clear={clear}
        reset={() => {
          setAutoCastling(true);
          setPosition(startOf(entry));
        }}
        resetLabel={editor?.example ? "Example position" : "Start position"}
        flipped={flipped}
        setFlipped={setFlipped}
      />
      <Palette editor={editor} brush={brush} setBrush={setBrush} />
      <p class="facts" aria-live="polite">
        {brush
          ? "Tap squares to put it there; the same piece again takes it off."
          : from
            ? `From ${from}: now tap where it goes.`
            : "Tap the piece that moves, then where it goes — or type the move below."}
      </p>
      <Board board={board} orientation={flipped ? "black" : "white"} selected={from} onCell={onCell} label="position to judge" />
      {verdict}
      {!placementOnly && <FenFields fen={fen} update={update} auto={autoCastling} setAuto={setAutoCastling} />}
      {editor?.fields && <ExtraFields fields={editor.fields} fen={fen} set={(next) => update(next)} />}
      {marksNow !== undefined && (
        <p class="facts">
          {editor?.marks === "mirror" ? "Through the mirror" : "Checkers"}: <code>{marksNow}</code>
        </p>
      )}
      <PositionText
        words={editor?.notationWords ?? (placementOnly ? "the board as in FEN, then the game's own fields" : "FEN, then the game's own fields")}
        value={position}
        onInput={(text) => {
          setAutoCastling(false);
          setPosition(text);
        }}
      />
    </>
  );
}
