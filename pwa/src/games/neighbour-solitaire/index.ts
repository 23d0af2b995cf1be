// Neighbour Chess Solitaire: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { NeighbourSolitaireGame } from "./NeighbourSolitaire";
import { neighbourSolitaireOptions } from "./options";

export const neighbourSolitaire: GameEntry = {
  id: "neighbour-solitaire",
  screen: screen(NeighbourSolitaireGame),
  options: options(neighbourSolitaireOptions),
  sides: ["Player"],
  editor: {
    placement: true,
    // Five pieces added, still adding; the piles' order unknown (docs/games/neighbour-solitaire.md).
    example: "8/8/8/3B4/3NR1rb/8/8/8 add 11 15 h4",
    placeholder: "d4d1, add or place g5",
    fields: [
      {
        index: 6,
        label: "The phase",
        placeholder: "add, move or place:n@h4",
        hint: "add: still adding pieces (a move stops adding); move: adding has stopped; place:n@h4: the flipped piece (its FEN letter) was sent to the taken square h4 and waits to be placed.",
      },
      { index: 7, label: "Piece cards left (0 to 16)", placeholder: "11" },
      { index: 8, label: "Position cards left (0 to 20)", placeholder: "15" },
      { index: 9, label: "The square of the last piece added", placeholder: "h4 or -", hint: "The next piece is held above it (above a1 when empty)." },
      {
        index: 10,
        name: "pieces",
        label: "The piece pile, top first (optional)",
        placeholder: "9H,KS,…",
        hint: "Every card left, each once. Left empty, an add is judged legal but what it flips is a refereed game's draw.",
      },
      { index: 10, name: "positions", label: "The position pile, top first (optional)", placeholder: "2C,5D,…" },
      {
        index: 10,
        name: "groups",
        label: "Which neighbours join a group",
        choices: [
          ["", "Sides and corners (the eight squares around)"],
          ["sides", "Sides only (as in Parade)"],
        ],
      },
    ],
  },
};
