// Cooperative Chess: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { CooperativeGame } from "./Cooperative";

export const cooperative: GameEntry = { id: "cooperative", screen: screen(CooperativeGame), options: null, sides: ["Player 1", "Player 2"] };
