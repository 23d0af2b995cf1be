// Parade Chess Solitaire: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ParadeSolitaireGame } from "./ParadeSolitaire";

/** A move spends a card from the hand: asked first, "Spend a card: e4→f5?". */
const spendsACard = (action: string) => (/^[a-h][1-8][a-h][1-8]$/.test(action) ? `Spend a card: ${action.slice(0, 2)}→${action.slice(2, 4)}?` : null);

export const paradeSolitaire: GameEntry = {
  id: "parade-solitaire",
  screen: screen(ParadeSolitaireGame),
  options: null,
  sides: ["Player"],
  confirm: spendsACard,
  // Eight cards in hand, none counted yet (docs/notation.md).
  positionSuffix: "8 0",
  editor: {
    placement: true,
    // The layout of docs/notation.md, eight cards in hand and none counted.
    example: "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 8 0",
    placeholder: "f3e1 or add",
    fields: [
      { index: 6, label: "Cards in hand", placeholder: "8" },
      { index: 7, label: "Cards counted against you", placeholder: "0" },
    ],
  },
};
