// Chess960: its registry entry (played on the chess screen).
import { ChessGame } from "../chess/ChessGame";
import { COLOURS, options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { chess960Options } from "./options";

export const chess960: GameEntry = {
  id: "chess960",
  screen: screen(ChessGame),
  options: options(chess960Options),
  sides: COLOURS,
  positionSuffix: "",
  editor: { chess960: true, placeholder: "Nf3, e1h1 or O-O" },
};
