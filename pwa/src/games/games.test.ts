import { describe, expect, it } from "vitest";
import { parseHash } from "../router";
import { AdrenalineGame, BoosterGame, HalfAliceGame } from "./shared/CheckerChessGame";
import { ChessBattleGame, ChessBattleTable } from "./chess-battle/ChessBattle";
import { ChessGame } from "./chess/ChessGame";
import { CooperativeGame } from "./cooperative/Cooperative";
import { CrowdedHouseGame } from "./crowded-house/CrowdedHouse";
import { MasqueradeGame } from "./masquerade/Masquerade";
import { ZombieGame } from "./zombie/Zombie";
import { CloakAndDaggerGame } from "./cloak-and-dagger/CloakAndDagger";
import { GravityGame, flippedPiece } from "./gravity/Gravity";
import { ChessGolfGame, ChessGolfTable } from "./chess-golf/ChessGolf";
import { NeighbourSolitaireGame } from "./neighbour-solitaire/NeighbourSolitaire";
import { ParadeSolitaireGame } from "./parade-solitaire/ParadeSolitaire";
import { GenericGame } from "./generic/GenericGame";
import { TableTools } from "./table-tools/TableTools";
import { WhackGame } from "./whack/Whack";
import { GAME_IDS, loadEntries, loadEntry, loadScreen, seatName } from ".";
import { genericEntry } from "./generic";
import { chessGolfOptions } from "./chess-golf/options";
import { jsonOptions } from "./generic/options";

describe("the registry of games", () => {
  it("gives each known game its own screen, once", async () => {
    expect(new Set(GAME_IDS).size).toBe(GAME_IDS.length);
    expect((await loadEntry("chess")).screen).toBe(ChessGame);
    expect((await loadEntry("chess960")).screen).toBe(ChessGame);
    expect((await loadEntry("adrenaline")).screen).toBe(AdrenalineGame);
    expect((await loadEntry("booster")).screen).toBe(BoosterGame);
    expect((await loadEntry("half-alice")).screen).toBe(HalfAliceGame);
    expect((await loadEntry("table-tools")).screen).toBe(TableTools);
    expect((await loadEntry("crowded-house")).screen).toBe(CrowdedHouseGame);
    expect((await loadEntry("cooperative")).screen).toBe(CooperativeGame);
    expect((await loadEntry("chess-battle")).screen).toBe(ChessBattleGame);
    expect((await loadEntry("masquerade")).screen).toBe(MasqueradeGame);
    expect((await loadEntry("zombie")).screen).toBe(ZombieGame);
    expect((await loadEntry("cloak-and-dagger")).screen).toBe(CloakAndDaggerGame);
    expect((await loadEntry("gravity")).screen).toBe(GravityGame);
    expect((await loadEntry("chess-golf")).screen).toBe(ChessGolfGame);
    expect((await loadEntry("parade-solitaire")).screen).toBe(ParadeSolitaireGame);
    expect((await loadEntry("neighbour-solitaire")).screen).toBe(NeighbourSolitaireGame);
    expect((await loadEntry("whack")).screen).toBe(WhackGame);
    expect(seatName(await loadEntry("whack"), 1)).toBe("Ice");
    expect(seatName(await loadEntry("parade-solitaire"), 0)).toBe("Player");
    expect(seatName(await loadEntry("gravity"), 1)).toBe("Player 2");
    expect(flippedPiece("2S")).toBe("a black pawn");
    expect(flippedPiece("QH")).toBe("a white queen");
  });

  it("plays a game it does not know on the generic screen, with options as JSON", async () => {
    const unknown = await loadEntry("made-up-chess");
    expect(unknown).toEqual(genericEntry("made-up-chess"));
    expect(unknown.id).toBe("made-up-chess");
    expect(unknown.screen).toBe(GenericGame);
    expect(unknown.options).toBe(jsonOptions);
    expect(unknown.positionSuffix).toBeUndefined();
  });

  it("counts Chess Battle's seats from its options, and gives it a table display", async () => {
    expect((await loadEntry("chess-battle")).seatCount?.({ players: 9 })).toBe(9);
    expect((await loadEntry("chess-battle")).table).toBe(ChessBattleTable);
    expect((await loadEntry("zombie")).table).toBeUndefined();
  });

  it("puts a known game on the generic screen when asked to", async () => {
    expect((await loadScreen("half-alice", "generic"))).toBe(GenericGame);
    expect((await loadScreen("half-alice", null))).toBe(HalfAliceGame);
    expect((await loadScreen("half-alice", "fancy"))).toBe(HalfAliceGame);
  });

  it("names seats before any view has arrived", async () => {
    expect(seatName(await loadEntry("chess"), 1)).toBe("Black");
    expect(seatName(await loadEntry("crowded-house"), 2)).toBe("queen-side White");
    expect(seatName(await loadEntry("cooperative"), 1)).toBe("Player 2");
    expect(seatName(await loadEntry("chess-battle"), 7)).toBe("Seat 8");
    expect(seatName(await loadEntry("table-tools"), 2)).toBe("Seat 3");
    expect(seatName(await loadEntry("made-up-chess"), 0)).toBe("Seat 1");
  });

  it("starts each form with the options the referee knows the game by", async () => {
    const defaults = Object.fromEntries((await loadEntries()).map((g) => [g.id, g.options?.defaults]));
    expect(defaults).toEqual({
      chess: undefined,
      chess960: { chess960_draw: "cards" },
      adrenaline: { checkers: 24 },
      booster: { white_checkers: 6, black_checkers: 6, checker_cards: 4 },
      "half-alice": { checkers: 12 },
      "table-tools": { seats: 2, decks: { main: "standard-52" } },
      "crowded-house": undefined,
      cooperative: undefined,
      "chess-battle": { players: 6, size: null, zones: "ring", safe_rounds: 0, medals: false, freezing: false, round_seconds: null },
      masquerade: undefined,
      zombie: undefined,
      "cloak-and-dagger": undefined,
      gravity: undefined,
      "chess-golf": { players: 2, holes: 9, layout: "", first_hole: "" },
      "neighbour-solitaire": { groups: "sides-and-corners" },
      whack: { check_must_be_answered: false },
    });
  });

  it("counts Chess Golf's seats from its options, and sends a course only when one is given", async () => {
    expect((await loadEntry("chess-golf")).seatCount?.({ players: 5 })).toBe(5);
    expect(seatName(await loadEntry("chess-golf"), 2)).toBe("Seat 3");
    expect((await loadEntry("chess-golf")).table).toBe(ChessGolfTable);
    const toOptions = chessGolfOptions.toOptions!;
    expect(toOptions({ players: 3, holes: 9, layout: "", first_hole: "" })).toEqual({ players: 3, holes: 9 });
    expect(toOptions({ players: 3, holes: 2, layout: "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2", first_hole: "Kb" })).toEqual({
      players: 3,
      holes: 2,
      layout: "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2",
      first_hole: "Kb",
    });
  });

  it("offers the FEN games to 'Is that legal?', each with what follows its FEN, and the others with an example", async () => {
    const offered = (await loadEntries()).filter((g) => g.editor !== undefined);
    expect(Object.fromEntries(offered.filter((g) => !g.editor?.example).map((g) => [g.id, g.positionSuffix]))).toEqual({
      chess: "",
      chess960: "",
      adrenaline: "-",
      booster: "- move 6/6 -",
      "half-alice": "-",
      "crowded-house": "king",
      cooperative: "- - - 8S,9S,KS move",
      masquerade: "? ?",
      zombie: "- - - move",
      "cloak-and-dagger": "- - move",
      "blakes-chess": "H -/- - -/- -/- move -",
    });
    expect(offered.filter((g) => g.editor?.example).map((g) => g.id)).toEqual(["chess-battle", "gravity", "chess-golf", "parade-solitaire", "neighbour-solitaire", "whack"]);
  });
});

describe("options as JSON", () => {
  const toOptions = jsonOptions.toOptions!;

  it("sends nothing when empty, so the game's defaults apply", async () => {
    expect(toOptions("")).toBeUndefined();
    expect(toOptions("  \n")).toBeUndefined();
  });

  it("sends what is typed, and refuses text that is not JSON in words", async () => {
    expect(toOptions('{"seats": 4, "decks": {}}')).toEqual({ seats: 4, decks: {} });
    expect(() => toOptions("{seats: 4}")).toThrow(/^The options are not valid JSON/);
  });
});

describe("routes", () => {
  it("reads the parts and the parameters of a hash", async () => {
    const route = parseHash("#/game/ab12?screen=generic");
    expect(route.parts).toEqual(["game", "ab12"]);
    expect(route.params.get("screen")).toBe("generic");
    expect(parseHash("#/join/ab12/K7QX-M2PD").parts).toEqual(["join", "ab12", "K7QX-M2PD"]);
    expect(parseHash("").parts).toEqual([]);
  });
});
