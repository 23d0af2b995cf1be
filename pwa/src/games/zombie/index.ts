// Zombie: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ZombieGame } from "./Zombie";

export const zombie: GameEntry = { id: "zombie", screen: screen(ZombieGame), options: null, sides: COLOURS };
