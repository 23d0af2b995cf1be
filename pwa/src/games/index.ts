// The one registry of games in the app: each game's folder (`games/<rules id>/`) gives its
// entry — screen, options form, seat names, position notation — and this list is the one place
// they are named. Each entry is loaded when a page first needs it, a chunk of its own, so a
// game page loads its own game's code and no other's (the dispute page loads every editor).
// Pages read it; nothing else names a game. A rules id missing here still plays: on the generic
// screen, with options typed as JSON.
import { useEffect, useState } from "preact/hooks";
import type { GameEntry, Screen } from "./types";

type Loader = () => Promise<GameEntry>;

/** Every game the app has a screen for, in the catalogue's order. */
const GAMES: readonly (readonly [string, Loader])[] = [
  ["chess", () => import("./chess").then((m) => m.chess)],
  ["chess960", () => import("./chess960").then((m) => m.chess960)],
  ["adrenaline", () => import("./adrenaline").then((m) => m.adrenaline)],
  ["booster", () => import("./booster").then((m) => m.booster)],
  ["half-alice", () => import("./half-alice").then((m) => m.halfAlice)],
  ["table-tools", () => import("./table-tools").then((m) => m.tableTools)],
  ["crowded-house", () => import("./crowded-house").then((m) => m.crowdedHouse)],
  ["cooperative", () => import("./cooperative").then((m) => m.cooperative)],
  ["chess-battle", () => import("./chess-battle").then((m) => m.chessBattle)],
  ["masquerade", () => import("./masquerade").then((m) => m.masquerade)],
  ["zombie", () => import("./zombie").then((m) => m.zombie)],
  ["cloak-and-dagger", () => import("./cloak-and-dagger").then((m) => m.cloakAndDagger)],
  ["gravity", () => import("./gravity").then((m) => m.gravity)],
  ["chess-golf", () => import("./chess-golf").then((m) => m.chessGolf)],
  ["blakes-chess", () => import("./blakes-chess").then((m) => m.blakesChess)],
  ["parade-solitaire", () => import("./parade-solitaire").then((m) => m.paradeSolitaire)],
  ["neighbour-solitaire", () => import("./neighbour-solitaire").then((m) => m.neighbourSolitaire)],
  ["whack", () => import("./whack").then((m) => m.whack)],
];

/** The rules ids the app has a folder for, in the catalogue's order. */
export const GAME_IDS: readonly string[] = GAMES.map(([id]) => id);

const loaded = new Map<string, GameEntry>();
const loading = new Map<string, Promise<GameEntry>>();

/** The entry of a rules id, loading it if need be; a game the app does not know gets the
 * generic screen and options as JSON. A chunk that cannot be fetched (offline) rejects, and the
 * next call tries again. */
export function loadEntry(id: string): Promise<GameEntry> {
  const known = loaded.get(id);
  if (known) return Promise.resolve(known);
  let pending = loading.get(id);
  if (!pending) {
    const load = GAMES.find(([g]) => g === id)?.[1] ?? (() => import("./generic").then((m) => m.genericEntry(id)));
    pending = load().then(
      (entry) => {
        loaded.set(id, entry);
        loading.delete(id);
        return entry;
      },
      (e) => {
        loading.delete(id);
        throw e;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Every known game's entry, for the pages that offer them all (the dispute page). */
export function loadEntries(): Promise<GameEntry[]> {
  return Promise.all(GAME_IDS.map(loadEntry));
}

/** A game's entry as a page uses it: null while it loads, `failed` once it could not be. */
export function useGameEntry(id: string | null | undefined): { entry: GameEntry | null; failed: boolean } {
  const [state, setState] = useState<{ id: string | null | undefined; entry: GameEntry | null; failed: boolean }>(() => ({
    id,
    entry: id ? (loaded.get(id) ?? null) : null,
    failed: false,
  }));
  useEffect(() => {
    if (!id) return;
    let gone = false;
    if (loaded.has(id)) setState({ id, entry: loaded.get(id)!, failed: false });
    else {
      setState({ id, entry: null, failed: false });
      loadEntry(id).then(
        (entry) => !gone && setState({ id, entry, failed: false }),
        () => !gone && setState({ id, entry: null, failed: true }),
      );
    }
    return () => {
      gone = true;
    };
  }, [id]);
  // A render for another id than the state's (the id just changed) has nothing yet.
  return state.id === id ? { entry: state.entry, failed: state.failed } : { entry: id ? (loaded.get(id) ?? null) : null, failed: false };
}

/** The screen for a game: its own, or the generic one when `requested` is "generic" (the
 * `?screen=generic` hash parameter, to try the generic screen on a game that has its own). */
export async function loadScreen(id: string, requested?: string | null): Promise<Screen> {
  if (requested === "generic") return (await import("./generic")).GENERIC_SCREEN;
  return (await loadEntry(id)).screen;
}

/** A seat's name before any view says it, from its game's entry: "White", "Seat 3". */
export function seatName(entry: Pick<GameEntry, "sides"> | null | undefined, seat: number): string {
  return entry?.sides?.[seat] ?? `Seat ${seat + 1}`;
}

/** A game's screen as a page uses it (see `loadScreen`): null while it loads, `failed` once it
 * could not be. */
export function useScreen(id: string, requested?: string | null): { screen: Screen | null; failed: boolean } {
  const known = requested !== "generic" ? loaded.get(id) : undefined;
  const [state, setState] = useState<{ key: string; screen: Screen | null; failed: boolean }>({ key: "", screen: null, failed: false });
  const key = `${id}/${requested ?? ""}`;
  useEffect(() => {
    if (known) return;
    let gone = false;
    loadScreen(id, requested).then(
      (screen) => !gone && setState({ key, screen, failed: false }),
      () => !gone && setState({ key, screen: null, failed: true }),
    );
    return () => {
      gone = true;
    };
  }, [key]);
  if (known) return { screen: known.screen, failed: false };
  return state.key === key ? { screen: state.screen, failed: state.failed } : { screen: null, failed: false };
}
