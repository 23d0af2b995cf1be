// "Is that legal?" without a game: set the position up on the board (or paste it), say who is to
// move, then tap the move from and to (or type it) and the referee answers in a sentence.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, type Adjudication, type BoardView, type Par } from "../api";
import { Board } from "../components/Board";
import { parsePlacement, pieceGlyph, pieceName, placementBoard } from "../fen";
import { adjudicable, gameEntry } from "../games";
import type { EditorSpec, ExtraField } from "../games/types";
import {
  type Brush,
  EMPTY_BOARD,
  START_FEN,
  deriveCastling,
  fromPlacementNotation,
  enPassantSquares,
  fieldsOf,
  isPromotion,
  moveWords,
  paint,
  placementNotation,
  resolveMove,
  parseMarks,
  stackOf,
  withField,
} from "../position";

const PIECES = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p"];
/** The field the checker games keep their marks in: right after FEN's six. */
const MARKS = 6;

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

/** The answer in one sentence naming the side, the piece and the squares: the referee's `said`
 * for a legal move; for an illegal one, the piece the app read from the position where the
 * referee's sentence does not name it ("Black's knight c6→d4 is illegal: the knight on c6 is
 * pinned…"); the bare reason from a referee without `said`. */
function verdictWords(answer: Adjudication, asked: string | null): string {
  if (!answer.legal && asked && !answer.said?.includes(asked)) {
    const reason = /^(The|A|An|It|Your|That|This) /.test(answer.reason) ? answer.reason.charAt(0).toLowerCase() + answer.reason.slice(1) : answer.reason;
    return `${asked} is illegal: ${reason}`;
  }
  return answer.said ?? `${answer.legal ? "Legal" : "Illegal"}: ${answer.reason}`;
}

/** The referee's answer (or what went wrong asking), right under the board where the move was
 * tapped, and brought into view when it arrives: a move asked from the field below is answered
 * on the same screen too. */
function Verdict({ answer, asked, error }: { answer: Adjudication | null; asked: string | null; error: string }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (answer || error) ref.current?.scrollIntoView({ block: "nearest" });
  }, [answer, error]);
  return (
    <section class="verdict" role="status" aria-live="polite" ref={ref}>
      {error && <p class="error">{error}</p>}
      {answer && (
        <p class={answer.legal ? "ok" : "error"}>
          <span aria-hidden="true">{answer.legal ? "✓ " : "✗ "}</span>
          {verdictWords(answer, asked)}
        </p>
      )}
    </section>
  );
}

/** The game's own fields of the position as words to set (a hand of cards, burials, the half
 * that moves): a choice where the values are few, else a field to type, spaces left out
 * (fields are separated by spaces), empty meaning "-", or for an optional field (null) not
 * written at all. */
function ExtraFields({ fields, values, set }: { fields: ExtraField[]; values: string[]; set: (index: number, value: string | null) => void }) {
  return (
    <fieldset class="extra-fields">
      <legend>The game's own state</legend>
      {fields.map((f) =>
        f.choices ? (
          <label key={f.index}>
            {f.label}
            <select name={`field-${f.index}`} value={values[f.index] ?? f.choices[0][0]} onChange={(e) => set(f.index, (e.target as HTMLSelectElement).value)}>
              {f.choices.map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label key={f.index}>
            {f.label}
            <input
              name={`field-${f.index}`}
              value={values[f.index] === "-" ? "" : (values[f.index] ?? "")}
              placeholder={f.placeholder}
              autocomplete="off"
              autocapitalize="off"
              spellcheck={false}
              onChange={(e) => set(f.index, (e.target as HTMLInputElement).value.replace(/\s+/g, "") || (f.optional ? null : "-"))}
            />
          </label>
        ),
      )}
    </fieldset>
  );
}

const sameBrush = (a: Brush | null, b: Brush | null) => JSON.stringify(a) === JSON.stringify(b);

/** "What is par here?" for a game whose positions have a par: the referee's proven par of the
 * position on the board, with one shortest line, written under the button that asked. */
function ParQuestion({ rules, position, words }: { rules: string; position: string; words: (par: Par) => string }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => setAnswer(null), [rules, position]);
  const ask = async () => {
    setAsking(true);
    try {
      setAnswer(words(await api.par(rules, position)));
    } catch (err) {
      setAnswer((err as Error).message);
    } finally {
      setAsking(false);
    }
  };
  return (
    <section class="par-question" aria-label="par">
      <button type="button" onClick={() => void ask()} disabled={asking}>
        {asking ? "Working out par…" : "What is par here?"}
      </button>
      {answer && (
        <p role="status" aria-live="polite">
          {answer}
        </p>
      )}
    </section>
  );
}

export function Adjudicate() {
  const [rules, setRules] = useState(() => adjudicable()[0].id);
  const [fen, setFen] = useState(START_FEN);
  // Castling rights follow the pieces until the player sets them by hand (or pastes a position).
  const [autoCastling, setAutoCastling] = useState(true);
  const [flipped, setFlipped] = useState(false);
  const [move, setMove] = useState("");
  const [from, setFrom] = useState<string | null>(null);
  // null: the board is tapped to enter the move; else it edits the position.
  const [brush, setBrush] = useState<Brush | null>(null);
  const [answer, setAnswer] = useState<Adjudication | null>(null);
  // The move asked about, as the position read before asking: whose piece went where.
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [names, setNames] = useState<Record<string, string>>({});
  const editor = gameEntry(rules).editor;
  const fields = fieldsOf(fen);
  const placement = parsePlacement(fields[0]);
  const board = useMemo(() => boardOf(fen, editor), [fen, rules]);
  const side = fields[1] === "b" ? "b" : "w";
  const castling = fields[2];
  const epChoices = enPassantSquares(placement, side);
  // Games written from the placement alone have no side to move, castling or en passant.
  const placementOnly = !!editor?.placement;
  /** The position in the game's own notation, as it is sent and shown as text. */
  const written = placementOnly ? placementNotation(fen) : fen;
  useEffect(() => {
    api.rules().then(
      (all) => setNames(Object.fromEntries(all.map((r) => [r.id, r.name]))),
      () => undefined,
    );
  }, []);

  /** A new position from an edit: castling follows the pieces unless set by hand, and an en
   * passant square that no longer makes sense goes. */
  const update = (next: string, auto = autoCastling) => {
    let out = next;
    const f = fieldsOf(out);
    const p = parsePlacement(f[0]);
    if (auto) out = withField(out, 2, deriveCastling(p, !!editor?.chess960));
    if (f[3] !== "-" && !enPassantSquares(p, f[1] === "b" ? "b" : "w").includes(f[3])) out = withField(out, 3, "-");
    setFen(out);
    setAnswer(null);
  };

  const ask = async (action = move) => {
    setError("");
    setAnswer(null);
    if (!action.trim()) return setError("Tap the piece and where it went, or type the move.");
    const resolved = resolveMove(placement, side, action);
    setAsked(resolved && moveWords(resolved));
    try {
      setAnswer(await api.adjudicate(rules, written, action.trim()));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const onCell = (square: string) => {
    if (brush) {
      update(paint(fen, square, brush, editor?.marks ? MARKS : null));
      return;
    }
    if (!from || from === square) {
      setFrom(from === square ? null : placement[square] ? square : null);
      return;
    }
    const action = from + square + (isPromotion(placement, from, square) ? "q" : "");
    setFrom(null);
    setMove(action);
    void ask(action);
  };

  const clear = () => {
    const next = withField(fen, 0, EMPTY_BOARD);
    update(editor?.marks ? withField(next, MARKS, "-") : next);
  };
  const setSide = (s: "w" | "b") => update(withField(fen, 1, s));
  const toggleRight = (letter: string) => {
    const now = castling === "-" ? "" : castling;
    const next = now.includes(letter) ? now.replace(letter, "") : [...now + letter].sort((a, b) => "KQkq".indexOf(a) - "KQkq".indexOf(b)).join("");
    setAutoCastling(false);
    update(withField(fen, 2, next || "-"), false);
  };
  const marksNow = editor?.marks ? fields[MARKS] : undefined;

  return (
    <main>
      <h1>Is that legal?</h1>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <label>
          Rules
          <select
            value={rules}
            name="rules"
            onChange={(e) => {
              const next = (e.target as HTMLSelectElement).value;
              setRules(next);
              // Keep the six FEN fields and put the chosen game's own fields after them.
              const suffix = gameEntry(next).positionSuffix;
              setFen([...fieldsOf(fen).slice(0, 6), ...(suffix ? [suffix] : [])].join(" "));
              setAnswer(null);
            }}
          >
            {adjudicable().map((g) => (
              <option key={g.id} value={g.id}>
                {names[g.id] ?? g.id}
              </option>
            ))}
          </select>
        </label>
        <div class="actions" role="toolbar" aria-label="the whole board">
          <button type="button" onClick={clear}>
            Clear board
          </button>
          <button
            type="button"
            onClick={() => {
              setAutoCastling(true);
              const suffix = gameEntry(rules).positionSuffix;
              update([START_FEN, ...(suffix ? [suffix] : [])].join(" "), true);
            }}
          >
            Start position
          </button>
          <button type="button" aria-pressed={flipped} onClick={() => setFlipped(!flipped)}>
            Flip
          </button>
        </div>
        <div class="palette" role="toolbar" aria-label="set up the board">
          <button type="button" aria-pressed={brush === null} onClick={() => setBrush(null)}>
            Move
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
        <p class="facts" aria-live="polite">
          {brush
            ? "Tap squares to put it there; the same piece again takes it off."
            : from
              ? `From ${from}: now tap where it goes.`
              : "Tap the piece that moves, then where it goes — or type the move below."}
        </p>
        <Board board={board} orientation={flipped ? "black" : "white"} selected={from} onCell={onCell} label="position to judge" />
        <Verdict answer={answer} asked={asked} error={error} />
        {!placementOnly && (
          <>
            <div class="actions" role="group" aria-label="side to move">
              <button type="button" aria-pressed={side === "w"} onClick={() => setSide("w")}>
                White to move
              </button>
              <button type="button" aria-pressed={side === "b"} onClick={() => setSide("b")}>
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
                  checked={autoCastling}
                  onChange={(e) => {
                    const on = (e.target as HTMLInputElement).checked;
                    setAutoCastling(on);
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
                {epChoices.map((sq) => (
                  <option key={sq} value={sq}>
                    {sq} (the pawn just advanced two squares)
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {editor?.fields && <ExtraFields fields={editor.fields} values={fields} set={(i, v) => update(v === null ? fields.slice(0, i).join(" ") : withField(fen, i, v))} />}
        {marksNow !== undefined && (
          <p class="facts">
            {editor?.marks === "mirror" ? "Through the mirror" : "Checkers"}: <code>{marksNow}</code>
          </p>
        )}
        <details>
          <summary>Position as text</summary>
          <label>
            {placementOnly ? "Position (the board as in FEN, then the game's own fields)" : "Position (FEN, then the game's own fields)"}
            <textarea
              name="fen"
              rows={2}
              value={written}
              onInput={(e) => {
                const text = (e.target as HTMLTextAreaElement).value;
                setAutoCastling(false);
                setFen(placementOnly ? fromPlacementNotation(text) : text);
                setAnswer(null);
              }}
            />
          </label>
        </details>
        <label>
          Move
          <input name="move" value={move} placeholder={editor?.placeholder ?? "e2e4"} autocomplete="off" autocapitalize="off" spellcheck={false} onInput={(e) => setMove((e.target as HTMLInputElement).value)} />
        </label>
        <button class="primary" type="submit">
          Ask the referee
        </button>
      </form>
      {editor?.par && <ParQuestion rules={rules} position={written} words={editor.par} />}
      {answer?.position && (
        <section class="after-move" aria-label="after the move">
          <Board board={boardOf(answer.position, editor)} orientation={flipped ? "black" : "white"} label="position after the move" />
          <p class="facts">
            <code class="wrap">{answer.position}</code>
          </p>
        </section>
      )}
    </main>
  );
}
