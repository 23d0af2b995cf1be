// Whack Chess: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { whackOptions } from "./options";
import { WhackGame, WhackTable } from "./Whack";

export const whack: GameEntry = { id: "whack", screen: screen(WhackGame), options: options(whackOptions), sides: ["Fire", "Ice"], table: WhackTable };
