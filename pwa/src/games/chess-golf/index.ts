// Chess Golf: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ChessGolfGame, ChessGolfTable } from "./ChessGolf";
import { type ChessGolfOptions, chessGolfOptions } from "./options";

export const chessGolf: GameEntry = {
  id: "chess-golf",
  screen: screen(ChessGolfGame),
  options: options(chessGolfOptions),
  seatCount: (value) => (value as ChessGolfOptions).players,
  table: ChessGolfTable,
};
