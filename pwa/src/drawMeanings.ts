// What a finished game's draws mean, where the record's sentences do not say it: Blake's
// Chess's cut card and its stock as shuffled (checked against every card the record says was
// drawn from it) and each capture's four dice as the players rolled them; Gravity's hidden pawn
// and both piles as shuffled (checked against every piece the record says was added). Worked
// out from the recorded draws, which the fairness check (`verify.ts`) derives from the seed;
// the orders are docs/randomness.md's ("Deck order before shuffling") and docs/draws.md's.
// Any other game's draws are said by `drawWords` alone.
import { type AuditRecord, type Draw, drawnEvents } from "./verify";
import { cardFace, cardPiece } from "./cards";
import { pieceName } from "./fen";

/** A fresh 52-card deck: clubs, diamonds, hearts, spades; ace to king each. */
export const STANDARD_52: string[] = [..."CDHS"].flatMap((suit) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].map((r) => r + suit));

/** Appendix A's Gravity deck in the fresh order: the 2s, 3s, 8s, 9s and 10s, and the queens and
 * kings of hearts and spades. */
export const GRAVITY_24: string[] = STANDARD_52.filter((c) => ["2", "3", "8", "9", "10"].includes(c.slice(0, -1)) || ["QH", "KH", "QS", "KS"].includes(c));

/** Fisher–Yates from the end with the recorded values: for i from n−1 down to 1, swap a[i]
 * with a[value]. */
export function shuffled<T>(list: readonly T[], values: number[]): T[] {
  const a = [...list];
  let k = 0;
  for (let i = a.length - 1; i >= 1; i--) {
    const j = values[k++];
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** How a seat is named on the page: "White", "Ann (Player 1)". */
export type Namer = (seat: number) => string;

/** Extra sentences per event (by seq) for the games this page knows. */
export function drawMeanings(record: AuditRecord, name: Namer): Map<number, string[]> {
  const explain = EXPLAIN[String(record.rules)];
  return explain ? explain(record, name) : new Map();
}

const values = (draws: Draw[]) => draws.map((d) => d.value);
const suitName: Record<string, string> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

const EXPLAIN: Record<string, (record: AuditRecord, name: Namer) => Map<number, string[]>> = {
  "blakes-chess": blakes,
  gravity,
};

/** Blake's Chess: the cut, the stock (and the cards drawn from it), each capture's dice. */
function blakes(record: AuditRecord, name: Namer): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const d of drawnEvents(record)) {
    if (d.seat === null && d.draws.length === 52 && d.draws[0].bound === 52) {
      const cut = STANDARD_52[d.draws[0].value];
      const stock = shuffled(STANDARD_52, values(d.draws.slice(1)));
      out.set(d.seq, [
        `The cut: ${cardFace(cut)} — trumps are ${suitName[cut.slice(-1)]}.`,
        `The stock as shuffled, top first: ${stock.map(cardFace).join(" ")}.`,
        stockDraws(record, stock),
      ]);
    } else if (d.seat !== null && d.draws.length === 4 && d.draws.every((x) => x.bound === 6)) {
      const [a, b, c, e] = d.draws.map((x) => x.value + 1);
      out.set(d.seq, [`${name(d.seat)} attacks: ${a} + ${b} against ${c} + ${e} (the attacker's two dice, then the defender's).`]);
    } else if (d.seat !== null) {
      out.set(d.seq, [`The waste (${d.draws.length + 1} cards) shuffled into a new stock.`]);
    }
  }
  return out;
}

/** Whether the cards the record says were drawn from the stock are its top cards in order, up
 * to the first time the waste became the stock. */
function stockDraws(record: AuditRecord, stock: string[]): string {
  let n = 0;
  let reshuffled = false;
  for (const e of record.events ?? []) {
    if (e.action !== "draw stock") continue;
    if ((e.draws ?? []).length > 0) {
      reshuffled = true;
      break;
    }
    const card = /draws (\S+) from the stock/.exec(String(e.description ?? ""))?.[1];
    if (!card) continue;
    if (card !== stock[n]) return `✗ Draw ${n + 1} from the stock was ${cardFace(card)}, but the shuffle put ${cardFace(stock[n] ?? "?")} there.`;
    n++;
  }
  if (n === 0) return "Nobody drew from the stock.";
  const until = reshuffled ? " (until the waste was first shuffled into a new stock)" : "";
  return `✓ The ${n === 1 ? "card" : `${n} cards`} drawn from the stock${until} ${n === 1 ? "is its top card" : `are its top ${n}, in order`}.`;
}

/** Gravity: the hidden pawn, and each pile with the pieces its flips add, checked against the
 * pieces the record says each side added. */
function gravity(record: AuditRecord, name: Namer): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const setup = drawnEvents(record).find((d) => d.seat === null && d.draws.length === 23 && d.draws[0].bound === 2);
  if (!setup) return out;
  const whiteSeat = setup.draws[0].value;
  const black = GRAVITY_24.filter((c) => /[CS]$/.test(c));
  const white = GRAVITY_24.filter((c) => /[DH]$/.test(c));
  const piles = [shuffled(black, values(setup.draws.slice(1, 12))), shuffled(white, values(setup.draws.slice(12, 23)))];
  const lines = [`The hidden pawn: ${name(whiteSeat)} plays White.`];
  for (const [i, colour] of ["White", "Black"].entries()) {
    const seat = i === 0 ? whiteSeat : 1 - whiteSeat;
    const pile = piles[i];
    const pieces = pile.map((c) => pieceName(cardPiece(c) ?? "?"));
    lines.push(`${colour}'s pile, flipped one card a turn, top first: ${pile.map((c, k) => `${cardFace(c)} ${pieces[k]}`).join(", ")}.`);
    lines.push(flipsMatch(record, seat, colour, pieces));
  }
  out.set(setup.seq, lines);
  return out;
}

/** Whether the pieces a side added, in the record's order, come from its pile in order (a
 * flipped card is skipped when the top row was full). */
function flipsMatch(record: AuditRecord, seat: number, colour: string, pieces: string[]): string {
  const added = (record.events ?? [])
    .filter((e) => Number(e.seat) === seat && String(e.action ?? "").startsWith("add "))
    .map((e) => /adds the (\w+ \w+)/.exec(String(e.description ?? ""))?.[1]?.toLowerCase() ?? "?");
  let k = 0;
  for (const [n, piece] of added.entries()) {
    while (k < pieces.length && pieces[k] !== piece) k++;
    if (k === pieces.length) return `✗ ${colour}'s turn added a ${piece} (its ${ordinal(n + 1)} piece), which is not the next card of its pile.`;
    k++;
  }
  const left = pieces.length - added.length;
  const unused = left > 0 ? `; ${left === 1 ? "1 card" : `${left} cards`} of it not added (a full top row, or the game's end)` : "";
  return `✓ Each of the ${added.length} pieces ${colour}'s turns added is the next card of this pile${unused}.`;
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
