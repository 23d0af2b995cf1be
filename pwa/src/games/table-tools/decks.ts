// The named decks the referee deals (referee/rules/src/cards.rs, `NamedDeck`), as players call
// them: the table never reads "standard-52".

/** Each deck's name in the referee's notation, and as players say it, in the order offered. */
export const DECKS: readonly (readonly [string, string])[] = [
  ["standard-52", "Standard 52"],
  ["pieces-32", "Chess pieces (32)"],
  ["pieces-16", "Chess pieces without pawns (16)"],
  ["gravity-24", "Gravity (24)"],
  ["booster-36", "Booster (36)"],
];

/** A deck kind as players say it ("Standard 52"); a kind this app does not know, as written. */
export const deckWords = (kind: string) => DECKS.find(([k]) => k === kind)?.[1] ?? kind;
