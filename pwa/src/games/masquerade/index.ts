// Masquerade: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { MasqueradeGame } from "./Masquerade";

export const masquerade: GameEntry = { id: "masquerade", screen: screen(MasqueradeGame), options: null, sides: COLOURS };
