// How a game's folder hands its screen and options form to the registry, and the seat names
// several games share.
import type { ComponentType } from "preact";
import type { GameView } from "../../api";
import type { OptionsSpec, Screen, ScreenProps } from "../types";

/** A screen typed for its own game's view, as the registry keeps it: the entry's rules id is
 * what guarantees the screen only ever gets views of its game. */
export function screen<V extends GameView>(component: ComponentType<ScreenProps<V>>): Screen {
  return component as unknown as Screen;
}

/** An options spec typed for its own form, as the registry keeps it: the form only ever gets
 * the values it gave (its defaults, then its own changes). */
export function options<O>(spec: OptionsSpec<O>): OptionsSpec<unknown> {
  return spec as unknown as OptionsSpec<unknown>;
}

/** The seats of the two-colour games. */
export const COLOURS = ["White", "Black"];
/** What follows the six FEN fields in the checker games' positions (see docs/notation.md). */
export const NO_CHECKERS = "-";
