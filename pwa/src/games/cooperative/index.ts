// Cooperative Chess: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { CooperativeGame } from "./Cooperative";

export const cooperative: GameEntry = {
  id: "cooperative",
  screen: screen(CooperativeGame),
  options: null,
  sides: ["Player 1", "Player 2"],
  // No discards, nothing captured, a hand of three, a move to make (docs/notation.md).
  positionSuffix: "- - - 8S,9S,KS move",
  editor: {
    placeholder: "e2e4, card 8S or done",
    fields: [
      { index: 9, label: "The hand of the player to move", placeholder: "8S,9S,KS" },
      { index: 6, label: "White's discard stack, bottom first", placeholder: "10H,2H or -" },
      { index: 7, label: "Black's discard stack, bottom first", placeholder: "10H,2H or -" },
      { index: 8, label: "Captured cards, bottom first", placeholder: "QS or -" },
      { index: 10, label: "The step of the turn", placeholder: "move, card@e6 or capture@e6" },
    ],
  },
};
