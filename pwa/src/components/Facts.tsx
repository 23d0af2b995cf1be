// Any JSON a game sends, shown simply for a game the app has no screen for: cards as chips, and
// everything else as a readable list of names and values.
import { cardFace, cardName, isRed } from "../cards";

/** A card as the referee writes it ("QH"), perhaps after its deck's name ("main:QH"). */
const CARD = /^(?:([\w-]+):)?(10|[2-9AJQK])([CDHS])$/;

/** "last_drawn" → "Last drawn". */
export function humanKey(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One card as a chip: its face and spoken name where it is a playing card, else its text. */
export function CardChip({ card }: { card: string }) {
  const m = CARD.exec(card);
  if (!m) return <span class="chip">{card}</span>;
  const code = m[2] + m[3];
  const name = cardName(code) + (m[1] ? ` (${m[1]})` : "");
  return (
    <span class={`playing-card ${isRed(code) ? "red" : ""}`} data-card={card} role="img" aria-label={name} title={name}>
      {cardFace(code)}
    </span>
  );
}

/** A value in words: lists joined, nothing as a dash, true and false as yes and no. */
function plain(value: unknown): string | null {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) return value.length ? value.map((v) => plain(v)).join(", ") : "none";
  return null;
}

/** Objects nested deeper than this are shown as their JSON text. */
const DEPTH = 3;

/** A value: plain words, a nested list for objects and lists of objects. */
function Value({ value, depth }: { value: unknown; depth: number }) {
  const words = plain(value);
  if (words !== null) return <>{words}</>;
  if (depth >= DEPTH) return <code class="wrap">{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    return (
      <ol class="fact-list">
        {value.map((v, i) => (
          <li key={i}>
            <Value value={v} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  return <FactList value={value as Record<string, unknown>} depth={depth + 1} />;
}

/** An object as names and values. */
export function FactList({ value, depth = 0 }: { value: Record<string, unknown>; depth?: number }) {
  return (
    <dl class="facts-list">
      {Object.entries(value).map(([key, v]) => (
        <div key={key}>
          <dt>{humanKey(key)}</dt>
          <dd>
            <Value value={v} depth={depth} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether a value is a list of cards: every entry a string. */
const isCardList = (v: unknown): v is string[] => Array.isArray(v) && v.every((c) => typeof c === "string");

/** The viewer's own secrets: its `cards` as chips, the rest as names and values. */
export function PrivatePart({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || Array.isArray(value)) return <p>{plain(value) ?? JSON.stringify(value)}</p>;
  const { cards, ...rest } = value as Record<string, unknown>;
  return (
    <>
      {isCardList(cards) && (
        <ul class="chips" aria-label="your cards">
          {cards.length === 0 && <li class="facts">No cards.</li>}
          {cards.map((c, i) => (
            <li key={`${c}-${i}`}>
              <CardChip card={c} />
            </li>
          ))}
        </ul>
      )}
      {!isCardList(cards) && cards !== undefined && <FactList value={{ cards }} />}
      {Object.keys(rest).length > 0 && <FactList value={rest} />}
    </>
  );
}
