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
    // The hole of docs/games/chess-golf.md, "Position notation": the chosen pieces are the white
    // king and a black bishop, and e5g6 is the bishop moving as the knight beside it.
    example: "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb",
    placeholder: "e5g6",
    fields: [
      { index: 6, label: "The chosen pieces, as FEN letters (K the white king, b a black bishop)", placeholder: "Kb" },
      { index: 7, label: "The moves shown so far (optional)", placeholder: "e5g6,g6h5", optional: true },
    ],
    // The line named piece by piece from the position's board (FEN's first field).
    par: (par, position) => parWords(par, position.split(" ")[0]),
  },
};
