// Crowded House: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { CrowdedHouseGame } from "./CrowdedHouse";

export const crowdedHouse: GameEntry = {
  id: "crowded-house",
  screen: screen(CrowdedHouseGame),
  options: null,
  sides: ["king-side White", "king-side Black", "queen-side White", "queen-side Black"],
  // The half of the seat to move; its colour is FEN's (docs/notation.md).
  positionSuffix: "king",
  editor: {
    placeholder: "e2e4 or Nf3",
    fields: [
      {
        index: 6,
        label: "The half that moves",
        choices: [
          ["king", "king side (files e–h)"],
          ["queen", "queen side (files a–d)"],
        ],
      },
    ],
  },
};
