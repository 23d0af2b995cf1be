// Chess Battle: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ChessBattleGame, ChessBattleTable } from "./ChessBattle";
import { BATTLE_EXAMPLE, ChessBattleEditor, ChessBattlePreview } from "./Editor";
import { type ChessBattleOptions, chessBattleOptions } from "./options";

export const chessBattle: GameEntry = {
  id: "chess-battle",
  screen: screen(ChessBattleGame),
  options: options(chessBattleOptions),
  seatCount: (value) => (value as ChessBattleOptions).players,
  table: ChessBattleTable,
  editor: {
    example: BATTLE_EXAMPLE,
    placeholder: "c3e4, e4, stay or freeze 3",
    own: { Form: ChessBattleEditor, Preview: ChessBattlePreview },
  },
};
