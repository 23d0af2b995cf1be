// Playing cards as the referee writes them ("10H", "QS") and as people read them.
const SUITS: Record<string, [string, string]> = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const RANKS: Record<string, string> = { A: "ace", J: "jack", Q: "queen", K: "king" };

export function cardFace(code: string): string {
  const suit = code.slice(-1);
  return code.slice(0, -1) + (SUITS[suit]?.[0] ?? suit);
}

export function cardName(code: string): string {
  const rank = code.slice(0, -1);
  return `${RANKS[rank] ?? rank} of ${SUITS[code.slice(-1)]?.[1] ?? "?"}`;
}

export function isRed(code: string): boolean {
  return code.endsWith("H") || code.endsWith("D");
}
