// Chess Battle: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ChessBattleGame, ChessBattleTable } from "./ChessBattle";
import { type ChessBattleOptions, chessBattleOptions } from "./options";

export const chessBattle: GameEntry = {
  id: "chess-battle",
  screen: screen(ChessBattleGame),
  options: options(chessBattleOptions),
  seatCount: (value) => (value as ChessBattleOptions).players,
  table: ChessBattleTable,
};
