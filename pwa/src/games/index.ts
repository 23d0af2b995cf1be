// The one registry of games in the app: each game's folder (`games/<rules id>/`) gives its
// entry — screen, options form, seat names, position notation — and this list is the one place
// they are named. Pages read it; nothing else names a game. A rules id missing here still plays:
// on the generic screen, with options typed as JSON.
import { adrenaline } from "./adrenaline";
import { blakesChess } from "./blakes-chess";
import { booster } from "./booster";
import { chess } from "./chess";
import { chessBattle } from "./chess-battle";
import { chessGolf } from "./chess-golf";
import { chess960 } from "./chess960";
import { cloakAndDagger } from "./cloak-and-dagger";
import { cooperative } from "./cooperative";
import { crowdedHouse } from "./crowded-house";
import { GenericGame } from "./generic/GenericGame";
import { jsonOptions } from "./generic/options";
import { gravity } from "./gravity";
import { halfAlice } from "./half-alice";
import { masquerade } from "./masquerade";
import { neighbourSolitaire } from "./neighbour-solitaire";
import { paradeSolitaire } from "./parade-solitaire";
import { options } from "./shared/entry";
import { tableTools } from "./table-tools";
import type { GameEntry, Screen } from "./types";
import { whack } from "./whack";
import { zombie } from "./zombie";

/** Every game the app has a screen for, in the catalogue's order. */
export const GAMES: readonly GameEntry[] = [
  chess,
  chess960,
  adrenaline,
  booster,
  halfAlice,
  tableTools,
  crowdedHouse,
  cooperative,
  chessBattle,
  masquerade,
  zombie,
  cloakAndDagger,
  gravity,
  chessGolf,
  blakesChess,
  paradeSolitaire,
  neighbourSolitaire,
  whack,
];

/** The screen that plays any game from its view alone. */
export const GENERIC_SCREEN: Screen = GenericGame;

/** The entry of a rules id; a game the app does not know gets the generic screen and options
 * as JSON. */
export function gameEntry(id: string): GameEntry {
  return GAMES.find((g) => g.id === id) ?? { id, screen: GENERIC_SCREEN, options: options(jsonOptions) };
}

/** The screen for a game: its own, or the generic one when `requested` is "generic" (the
 * `?screen=generic` hash parameter, to try the generic screen on a game that has its own). */
export function screenFor(id: string, requested?: string | null): Screen {
  return requested === "generic" ? GENERIC_SCREEN : gameEntry(id).screen;
}

/** A seat's name before any view says it: "White", "Seat 3". */
export function seatName(id: string, seat: number): string {
  return gameEntry(id).sides?.[seat] ?? `Seat ${seat + 1}`;
}

/** The games "Is that legal?" can judge: those whose entry says how a position is set up. */
export function adjudicable(): GameEntry[] {
  return GAMES.filter((g) => g.editor !== undefined);
}
