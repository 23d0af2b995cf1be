// Chess Golf: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ChessGolfGame, ChessGolfTable } from "./ChessGolf";
import { parWords } from "./golf";
import { type ChessGolfOptions, chessGolfOptions } from "./options";

export const chessGolf: GameEntry = {
  id: "chess-golf",
  screen: screen(ChessGolfGame),
  options: options(chessGolfOptions),
  seatCount: (value) => (value as ChessGolfOptions).players,
  table: ChessGolfTable,
  // The seed's first example: the white king and a black bishop (docs/notation.md).
  positionSuffix: "Kb",
  editor: {
    placement: true,
    placeholder: "h2g3",
    fields: [
      { index: 6, label: "The chosen pieces, as FEN letters (K the white king, b a black bishop)", placeholder: "Kb" },
      { index: 7, label: "The moves shown so far (optional)", placeholder: "e5g6,g6h5", optional: true },
    ],
    par: parWords,
  },
};
