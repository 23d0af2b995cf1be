// Adrenaline: its registry entry (the checker games' shared screen).
import { AdrenalineGame } from "../shared/CheckerChessGame";
import { COLOURS, NO_CHECKERS, options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { adrenalineOptions } from "./options";

export const adrenaline: GameEntry = {
  id: "adrenaline",
  screen: screen(AdrenalineGame),
  options: options(adrenalineOptions),
  sides: COLOURS,
  positionSuffix: NO_CHECKERS,
  editor: { marks: "checkers", placeholder: "e2e4 or O-O" },
};
