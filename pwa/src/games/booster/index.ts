// Booster: its registry entry (the checker games' shared screen).
import { BoosterGame } from "../shared/CheckerChessGame";
import { COLOURS, options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { boosterOptions } from "./options";

export const booster: GameEntry = {
  id: "booster",
  screen: screen(BoosterGame),
  options: options(boosterOptions),
  sides: COLOURS,
  positionSuffix: "- move 6/6 -",
  editor: { marks: "coloured-checkers", placeholder: "e2e4 or O-O" },
};
