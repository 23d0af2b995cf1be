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

/** What a card stands for in the chess decks (Appendix A): a FEN piece letter (upper case for
 * White's pieces, the red cards), "checker", or null for aces and jacks. */
export function cardPiece(code: string): string | null {
  const rank = code.slice(0, -1);
  const letter: Record<string, string> = { "2": "p", "3": "p", "4": "p", "5": "p", "8": "n", "9": "b", "10": "r", Q: "q", K: "k" };
  if (rank === "6" || rank === "7") return "checker";
  const piece = letter[rank];
  if (!piece) return null;
  return isRed(code) ? piece.toUpperCase() : piece;
}

/** Card codes inside a sentence written as faces: "Seat 2 discarded 8H" → "Seat 2 discarded 8♥". */
export function withFaces(text: string): string {
  return text.replace(/\b(10|[2-9AJQK])([CDHS])\b/g, (_, rank: string, suit: string) => cardFace(rank + suit));
}
