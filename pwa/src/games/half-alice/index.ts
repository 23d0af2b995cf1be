// Half Alice: its registry entry (the checker games' shared screen).
import { HalfAliceGame } from "../shared/CheckerChessGame";
import { COLOURS, NO_CHECKERS, options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { halfAliceOptions } from "./options";

export const halfAlice: GameEntry = {
  id: "half-alice",
  screen: screen(HalfAliceGame),
  options: options(halfAliceOptions),
  sides: COLOURS,
  positionSuffix: NO_CHECKERS,
  editor: { marks: "mirror", placeholder: "e2e4 or O-O" },
};
