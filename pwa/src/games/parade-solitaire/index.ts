// Parade Chess Solitaire: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ParadeSolitaireGame } from "./ParadeSolitaire";

export const paradeSolitaire: GameEntry = { id: "parade-solitaire", screen: screen(ParadeSolitaireGame), options: null, sides: ["Player"] };
