// Blake's Chess in players' words, from the view alone: which legal action a tap on the board
// means (captures are written `e4xd5`), the groups of cards a hand makes and the actions that
// play each, the targets a play asks for, the attack waiting in its reaction window ("Black
// attacks your rook: your 7 against their 9"), and the building order. Pure: the screen is
// `pages/BlakesChess.tsx`; the rules page is docs/games/blakes-chess.md.
import type { AttackView, BlakesChessFields, BlakesChessPrivate, Holding, LegendEntry, SideView, TotalView } from "../../generated/blakes-chess";
import type { GameView } from "../../api";
import { cardFace } from "../../cards";

export type BlakesView = GameView<BlakesChessFields, BlakesChessPrivate>;

/** The seats: seat 0 plays White, seat 1 Black. */
export const SIDES = ["White", "Black"] as const;

/** A move or a capture declaration: `e2e4`, `e7e8q`, `e4xd5`, `e7xd8n`, `e4xd5+c3`. */
const BOARD_ACTION = /^([a-h][1-8])(x?)([a-h][1-8])([qrbn]?)(?:\+([a-h][1-8]))?$/;

/** The board's actions by the move a tap enters (from, to and a promotion letter, as UCI): a
 * capture `e4xd5` is entered as `e4d5`; a tag-team capture is one of several actions under it
 * (`e4xd5`, `e4xd5+c3`). */
export function boardActions(legal: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const action of legal) {
    const m = BOARD_ACTION.exec(action);
    if (!m) continue;
    const key = m[1] + m[3] + m[4];
    out.set(key, [...(out.get(key) ?? []), action]);
  }
  return out;
}

/** Whether an action declares a capture. */
export const isCapture = (action: string): boolean => BOARD_ACTION.exec(action)?.[2] === "x";

/** The tag-team partner a capture names, or null. */
export const partnerOf = (action: string): string | null => BOARD_ACTION.exec(action)?.[5] ?? null;

/** A play as written: its cards and what follows them (`Nb1`, `xd8`, `b8 g8`, `all`, ""). */
export interface PlayText {
  cards: string[];
  target: string;
}

export function parsePlay(action: string): PlayText | null {
  const m = /^play (\S+)(?: (.+))?$/.exec(action);
  return m ? { cards: m[1].split(","), target: m[2] ?? "" } : null;
}

/** The same cards, in any order. */
export function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** The squares a play's target names, in order: `Nb1` → b1, `xd8` → d8, `b8 g8` → both. */
export function targetSquares(target: string): string[] {
  return target.match(/[a-h][1-8]/g) ?? [];
}

/** What follows the cards of each kind of play (the rules page's action notation): none, a
 * piece and a square, `all`, `x` and a square, one square, two squares. */
type Shape = "none" | "piece" | "all" | "remove" | "square" | "squares";

const SHAPES: Record<string, Shape> = {
  "two-pair": "none",
  "three-of-a-kind": "none",
  "four-of-a-kind": "none",
  "block-king": "none",
  "block-queen": "none",
  "block-jack": "none",
  invisibility: "none",
  "secret-passageway": "none",
  sniper: "none",
  agility: "none",
  "tag-team": "none",
  kamikaze: "none",
  conversion: "none",
  uprising: "none",
  "straight-3": "piece",
  "straight-4": "piece",
  "flush-3": "piece",
  "flush-4": "piece",
  necromancy: "piece",
  "straight-5": "all",
  "flush-5": "remove",
  brainwashing: "square",
  bodyguard: "square",
  misdirection: "squares",
  teleportation: "squares",
};

function shapeOf(target: string): Shape {
  if (target === "") return "none";
  if (target === "all") return "all";
  if (/^x[a-h][1-8]$/.test(target)) return "remove";
  if (/^[PNBRQK][a-h][1-8]$/.test(target)) return "piece";
  if (/^[a-h][1-8]$/.test(target)) return "square";
  return "squares";
}

/** The legal actions that play the group `h` for what it means: its cards, with the target its
 * kind takes (a straight flush of five is played as a straight with `all`, as a flush with a
 * square to clear). A kind this app does not know takes any target. */
export function playsOf(h: Pick<Holding, "cards" | "kind">, legal: string[]): string[] {
  const shape: Shape | undefined = SHAPES[h.kind];
  return legal.filter((a) => {
    const play = parsePlay(a);
    if (!play || !sameCards(play.cards, h.cards)) return false;
    return shape === undefined || shapeOf(play.target) === shape;
  });
}

/** "Three of a kind (7♠ 7♥ 7♣): +2 to a roll". */
export function holdingWords(h: Pick<Holding, "cards" | "name" | "effect">): string {
  return `${capital(h.name)} (${h.cards.map(cardFace).join(" ")}): ${h.effect}`;
}

export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const PIECE_LETTERS: Record<string, string> = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king" };

/** A play's target in words, as a button says it: "Build a knight on b1", "Bring back a rook on
 * h1", "Remove the black knight on d8", "Swap the pieces on b8 and g8", "Teleport e1 → a5".
 * `pieceOn` names what stands on a square ("black knight"). */
export function targetWords(kind: string, target: string, pieceOn: (square: string) => string | null): string {
  const squares = targetSquares(target);
  const on = (sq: string) => `the ${pieceOn(sq) ?? "piece"} on ${sq}`;
  switch (shapeOf(target)) {
    case "none":
      return "Play";
    case "all":
      return "Build every piece not yet built";
    case "piece":
      return `${kind === "necromancy" ? "Bring back" : "Build"} a ${PIECE_LETTERS[target[0]]} on ${squares[0]}`;
    case "remove":
      return `Remove ${on(squares[0])}`;
    case "square":
      return kind === "bodyguard" ? `${capital(on(squares[0]))} dies instead` : kind === "brainwashing" ? `Take over ${on(squares[0])}` : `Aim at ${squares[0]}`;
    case "squares":
      return kind === "teleportation" ? `Teleport ${on(squares[0])} to ${squares[1]}` : `Swap ${on(squares[0])} and ${on(squares[1])}`;
  }
}

/** What a play asks the player to tap on the board. */
export function targetPrompt(kind: string, plays: string[]): string {
  const shape = plays.length ? shapeOf(parsePlay(plays[0])?.target ?? "") : "none";
  switch (shape) {
    case "piece":
      return kind === "necromancy" ? "Tap the square to bring the piece back on." : "Tap the square to build on.";
    case "remove":
      return "Tap the opposing piece to remove.";
    case "square":
      return kind === "bodyguard" ? "Tap the piece that dies in the defender's place." : "Tap the enemy pawn to take over.";
    case "squares":
      return kind === "teleportation" ? "Tap your piece, then the empty square it goes to." : "Tap one opposing piece, then the other.";
    default:
      return "";
  }
}

/** Whether a play's target is two squares (tapped as a move: from, then to). */
export const twoSquares = (action: string): boolean => shapeOf(parsePlay(action)?.target ?? "") === "squares";

/** The cards of the hand that make a group the seat may play now, each with the groups' names:
 * the hand's highlights. */
export function highlighted(hand: BlakesChessPrivate | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const h of hand?.combinations ?? []) {
    if (!h.playable_now) continue;
    for (const c of h.cards) out.set(c, [...new Set([...(out.get(c) ?? []), h.name])]);
  }
  return out;
}

// ---- The attack in its reaction window ----

/** Who attacks and who defends, by seat. */
const attackerSeat = (a: AttackView) => a.attack.seat;
const defenderSeat = (a: AttackView) => a.defence.seat;

/** "pawn on e4", with a tag-team partner: "pawn on e4 and knight on c3". */
function attackingPieces(a: AttackView): string {
  const first = `${a.attacker_piece} on ${a.from}`;
  return a.partner ? `${first} and ${a.partner_piece ?? "piece"} on ${a.partner}` : first;
}

/** The attack as one seat reads it, or as a spectator does (`seat` null):
 * "Black attacks your rook: your 7 against their 9 — play a card or pass",
 * "You attack their rook: your 9 against their 7 — play a card or pass",
 * "White's pawn on e4 attacks Black's pawn on d5: 11 against 6". */
export function attackSentence(a: AttackView, seat: number | null, mayPlay: boolean): string {
  const att = attackerSeat(a);
  const def = defenderSeat(a);
  const attTotal = a.attack.total;
  const defTotal = a.defence.total;
  const end = (mine: number) => {
    if (a.passed.includes(mine)) {
      const other = mine === att ? def : att;
      return a.passed.includes(other) ? "" : ` — you passed; waiting for ${SIDES[other]}`;
    }
    return mayPlay ? " — play a card or pass" : " — pass to let the dice decide";
  };
  if (seat === def) return `${SIDES[att]} attacks your ${a.defender_piece}: your ${defTotal} against their ${attTotal}${end(def)}`;
  if (seat === att) return `You attack their ${a.defender_piece}: your ${attTotal} against their ${defTotal}${end(att)}`;
  return `${SIDES[att]}'s ${attackingPieces(a)} attacks ${SIDES[def]}'s ${a.defender_piece} on ${a.victim}: ${attTotal} against ${defTotal}`;
}

/** Who wins if the window closed now, as the viewer reads it. */
export function leadWords(a: AttackView, seat: number | null): string {
  const att = attackerSeat(a);
  const def = defenderSeat(a);
  if (a.leading === "tie") return "So far a tie: nothing would be taken.";
  const attackWins = a.leading === "attack";
  if (seat === def) return attackWins ? `So far the attack wins: your ${a.defender_piece} would be taken.` : `So far your ${a.defender_piece} holds.`;
  if (seat === att) return attackWins ? `So far you win: you would take their ${a.defender_piece}.` : `So far the defence holds: your ${a.attacker_piece} would be taken.`;
  return attackWins ? `So far ${SIDES[att]} wins.` : `So far ${SIDES[def]} holds.`;
}

/** One side's total, every number of it: "3 + 5 + rook 3 + bonus 2 + 2 (7♠ 7♥ 7♣) = 15". */
export function totalWords(t: TotalView, piece: string): string {
  const parts = [String(t.dice[0]), String(t.dice[1]), `${piece} ${t.strength}`];
  if (t.bonus) parts.push(`bonus ${t.bonus}`);
  for (const m of t.modifiers) parts.push(`${m.plus} (${m.cards.map(cardFace).join(" ")})`);
  return `${parts.join(" + ")} = ${t.total}`;
}

/** The strength counted for a side, named: "pawn" (the attacker's with a partner's). */
export function strengthName(a: AttackView, side: "attack" | "defence"): string {
  if (side === "defence") return a.defender_piece;
  return a.partner ? `${a.attacker_piece} + ${a.partner_piece ?? "piece"}` : a.attacker_piece;
}

// ---- Building ----

/** What a side has built and what it still builds, in the seed's order: the first rook, knight
 * and bishop (any order), then the queen, then the second rook, knight and bishop. */
export interface BuildingOrder {
  built: string[];
  /** The pieces still to build, grouped by the step they belong to, in order. */
  steps: string[][];
}

export function buildingOrder(side: SideView): BuildingOrder {
  const queenAt = side.to_build.indexOf("queen");
  let steps: string[][];
  if (queenAt >= 0) steps = [side.to_build.slice(0, queenAt), ["queen"], side.to_build.slice(queenAt + 1)];
  else steps = [side.to_build];
  return { built: side.built, steps: steps.filter((s) => s.length > 0) };
}

/** "rook, knight, bishop (any order), then the queen, then rook, knight, bishop (any order)". */
export function buildingWords(order: BuildingOrder): string {
  if (!order.steps.length) return "nothing: every piece is built";
  return order.steps.map((s) => (s.length === 1 && s[0] === "queen" ? "the queen" : s.length > 1 ? `${s.join(", ")} (any order)` : s[0])).join(", then ");
}

// ---- The trump cards ----

const SUIT_LETTERS: Record<string, string> = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

/** The card that plays a legend entry alone, as a face: "8♦" for the bodyguard when diamonds are
 * trumps, "K (any suit)" for the king's block; null for a poker hand. The rank is the
 * referee's (the legend's). */
export function legendCard(entry: Pick<LegendEntry, "kind" | "rank">, trump: string): string | null {
  if (!entry.rank) return null;
  if (entry.kind.startsWith("block-")) return `${entry.rank} (any suit)`;
  const suit = SUIT_LETTERS[trump];
  return suit ? cardFace(entry.rank + suit) : entry.rank;
}

/** "♦ diamonds". */
export function suitWords(trump: string): string {
  const suit = SUIT_LETTERS[trump];
  return suit ? `${cardFace(`A${suit}`).slice(1)} ${trump}` : trump;
}
