// Neighbour Chess Solitaire: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { NeighbourSolitaireGame } from "./NeighbourSolitaire";
import { neighbourSolitaireOptions } from "./options";

export const neighbourSolitaire: GameEntry = {
  id: "neighbour-solitaire",
  screen: screen(NeighbourSolitaireGame),
  options: options(neighbourSolitaireOptions),
  sides: ["Player"],
};
