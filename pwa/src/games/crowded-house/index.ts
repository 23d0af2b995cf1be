// Crowded House: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { CrowdedHouseGame } from "./CrowdedHouse";

export const crowdedHouse: GameEntry = {
  id: "crowded-house",
  screen: screen(CrowdedHouseGame),
  options: null,
  sides: ["king-side White", "king-side Black", "queen-side White", "queen-side Black"],
};
