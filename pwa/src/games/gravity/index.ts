// Gravity: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { GravityGame, GravityTable } from "./Gravity";

export const gravity: GameEntry = { id: "gravity", screen: screen(GravityGame), options: null, sides: ["Player 1", "Player 2"], table: GravityTable };
