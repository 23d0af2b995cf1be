// The entry of a rules id the app has no folder for: the generic screen, which plays any game
// from its view alone, and options typed as JSON.
import { options } from "../shared/entry";
import type { GameEntry, Screen } from "../types";
import { GenericGame } from "./GenericGame";
import { jsonOptions } from "./options";

/** The screen that plays any game from its view alone. */
export const GENERIC_SCREEN: Screen = GenericGame;

export const genericEntry = (id: string): GameEntry => ({ id, screen: GENERIC_SCREEN, options: options(jsonOptions) });
