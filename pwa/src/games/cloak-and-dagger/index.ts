// Cloak and Dagger: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { CloakAndDaggerGame } from "./CloakAndDagger";

export const cloakAndDagger: GameEntry = { id: "cloak-and-dagger", screen: screen(CloakAndDaggerGame), options: null, sides: COLOURS };
