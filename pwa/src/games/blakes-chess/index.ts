// Blake's Chess: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { BlakesChessGame, BlakesChessTable } from "./BlakesChess";

export const blakesChess: GameEntry = {
  id: "blakes-chess",
  screen: screen(BlakesChessGame),
  options: null,
  sides: COLOURS,
  // Trumps hearts, empty hands, waste, built and lost, a move to make (docs/games/blakes-chess.md).
  positionSuffix: "H -/- - -/- -/- move -",
  editor: { placeholder: "e2e4, e4xd5 or draw stock" },
  table: BlakesChessTable,
};
