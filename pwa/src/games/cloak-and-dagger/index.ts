// Cloak and Dagger: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { CloakAndDaggerGame } from "./CloakAndDagger";

export const cloakAndDagger: GameEntry = {
  id: "cloak-and-dagger",
  screen: screen(CloakAndDaggerGame),
  options: null,
  sides: COLOURS,
  // The pieces as they truly are, nothing cloaked, a move to make (docs/notation.md).
  positionSuffix: "- - move",
  editor: {
    placeholder: "e2e4",
    fields: [
      { index: 6, label: "Cloaked checkers with their numbers", placeholder: "b1:2,c1:3 or -" },
      { index: 7, label: "Numbers of uncloaked pieces", placeholder: "g1:7 or -" },
      {
        index: 8,
        label: "The step of the turn",
        choices: [
          ["move", "move"],
          ["bonus-before", "bonus move before"],
          ["bonus-after", "bonus move after"],
          ["uncloak", "uncloak"],
        ],
      },
    ],
  },
};
