// The one registry of games in the app: each game's screen, options form, seat names and
// position notation. Pages read it; nothing else names a game. A rules id missing here still
// plays: on the generic screen, with options typed as JSON.
import type { ComponentType } from "preact";
import type { GameView } from "../api";
import { BlakesChessGame, BlakesChessTable } from "../pages/BlakesChess";
import { AdrenalineGame, BoosterGame, HalfAliceGame } from "../pages/CheckerChessGame";
import { ChessBattleGame, ChessBattleTable } from "../pages/ChessBattle";
import { ChessGame } from "../pages/ChessGame";
import { ChessGolfGame, ChessGolfTable } from "../pages/ChessGolf";
import { CloakAndDaggerGame } from "../pages/CloakAndDagger";
import { CooperativeGame } from "../pages/Cooperative";
import { CrowdedHouseGame } from "../pages/CrowdedHouse";
import { GenericGame } from "../pages/GenericGame";
import { GravityGame, GravityTable } from "../pages/Gravity";
import { MasqueradeGame } from "../pages/Masquerade";
import { NeighbourSolitaireGame } from "../pages/NeighbourSolitaire";
import { ParadeSolitaireGame } from "../pages/ParadeSolitaire";
import { TableTools } from "../pages/TableTools";
import { WhackGame, WhackTable } from "../pages/Whack";
import { ZombieGame } from "../pages/Zombie";
import {
  type ChessBattleOptions,
  type ChessGolfOptions,
  adrenalineOptions,
  boosterOptions,
  chess960Options,
  chessBattleOptions,
  chessGolfOptions,
  halfAliceOptions,
  jsonOptions,
  neighbourSolitaireOptions,
  tableToolsOptions,
  whackOptions,
} from "./options";
import type { GameEntry, OptionsSpec, Screen, ScreenProps } from "./types";

/** A screen typed for its own game's view, as the registry keeps it: the entry's rules id is
 * what guarantees the screen only ever gets views of its game. */
function screen<V extends GameView>(component: ComponentType<ScreenProps<V>>): Screen {
  return component as unknown as Screen;
}

/** An options spec typed for its own form, as the registry keeps it: the form only ever gets
 * the values it gave (its defaults, then its own changes). */
function options<O>(spec: OptionsSpec<O>): OptionsSpec<unknown> {
  return spec as unknown as OptionsSpec<unknown>;
}

const COLOURS = ["White", "Black"];
/** What follows the six FEN fields in the checker games' positions (see docs/notation.md). */
const NO_CHECKERS = "-";

/** Every game the app has a screen for. */
export const GAMES: readonly GameEntry[] = [
  { id: "chess", screen: screen(ChessGame), options: null, sides: COLOURS, positionSuffix: "", editor: { placeholder: "Nf3, e2e4 or O-O" } },
  {
    id: "chess960",
    screen: screen(ChessGame),
    options: options(chess960Options),
    sides: COLOURS,
    positionSuffix: "",
    editor: { chess960: true, placeholder: "Nf3, e1h1 or O-O" },
  },
  {
    id: "adrenaline",
    screen: screen(AdrenalineGame),
    options: options(adrenalineOptions),
    sides: COLOURS,
    positionSuffix: NO_CHECKERS,
    editor: { marks: "checkers", placeholder: "e2e4 or O-O" },
  },
  {
    id: "booster",
    screen: screen(BoosterGame),
    options: options(boosterOptions),
    sides: COLOURS,
    positionSuffix: "- move 6/6 -",
    editor: { marks: "coloured-checkers", placeholder: "e2e4 or O-O" },
  },
  {
    id: "half-alice",
    screen: screen(HalfAliceGame),
    options: options(halfAliceOptions),
    sides: COLOURS,
    positionSuffix: NO_CHECKERS,
    editor: { marks: "mirror", placeholder: "e2e4 or O-O" },
  },
  { id: "table-tools", screen: screen(TableTools), options: options(tableToolsOptions) },
  {
    id: "crowded-house",
    screen: screen(CrowdedHouseGame),
    options: null,
    sides: ["king-side White", "king-side Black", "queen-side White", "queen-side Black"],
  },
  {
    id: "cooperative",
    screen: screen(CooperativeGame),
    options: null,
    sides: ["Player 1", "Player 2"],
  },
  {
    id: "chess-battle",
    screen: screen(ChessBattleGame),
    options: options(chessBattleOptions),
    seatCount: (value) => (value as ChessBattleOptions).players,
    table: ChessBattleTable,
  },
  {
    id: "masquerade",
    screen: screen(MasqueradeGame),
    options: null,
    sides: COLOURS,
  },
  {
    id: "zombie",
    screen: screen(ZombieGame),
    options: null,
    sides: COLOURS,
  },
  {
    id: "cloak-and-dagger",
    screen: screen(CloakAndDaggerGame),
    options: null,
    sides: COLOURS,
  },
  {
    id: "gravity",
    screen: screen(GravityGame),
    options: null,
    sides: ["Player 1", "Player 2"],
    table: GravityTable,
  },
  {
    id: "chess-golf",
    screen: screen(ChessGolfGame),
    options: options(chessGolfOptions),
    seatCount: (value) => (value as ChessGolfOptions).players,
    table: ChessGolfTable,
  },
  {
    id: "blakes-chess",
    screen: screen(BlakesChessGame),
    options: null,
    sides: COLOURS,
    // Trumps hearts, empty hands, waste, built and lost, a move to make (docs/games/blakes-chess.md).
    positionSuffix: "H -/- - -/- -/- move -",
    editor: { placeholder: "e2e4, e4xd5 or draw stock" },
    table: BlakesChessTable,
  },
  { id: "parade-solitaire", screen: screen(ParadeSolitaireGame), options: null, sides: ["Player"] },
  { id: "neighbour-solitaire", screen: screen(NeighbourSolitaireGame), options: options(neighbourSolitaireOptions), sides: ["Player"] },
  { id: "whack", screen: screen(WhackGame), options: options(whackOptions), sides: ["Fire", "Ice"], table: WhackTable },
];

/** The game offered first on the start page. */
export const DEFAULT_GAME = "chess960";

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

/** The games "Is that legal?" can judge from a FEN position: those with a position suffix. */
export function adjudicable(): GameEntry[] {
  return GAMES.filter((g) => g.positionSuffix !== undefined);
}
