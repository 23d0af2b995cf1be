import { describe, expect, it } from "vitest";
import type { AttackView } from "../../generated/blakes-chess";
import {
  attackSentence,
  boardActions,
  buildingOrder,
  buildingWords,
  highlighted,
  holdingWords,
  isCapture,
  leadWords,
  parsePlay,
  partnerOf,
  playsOf,
  targetPrompt,
  targetSquares,
  targetWords,
  totalWords,
  legendCard,
  twoSquares,
} from "./blakes";
import { loadEntry } from "..";
import { BlakesChessGame } from "./BlakesChess";

/** White's pawn on e4 attacks Black's rook on d5: 3+5 + 0 + 2 = 10 against 4+2 + 3 = 9. */
function attack(over: Partial<AttackView> = {}): AttackView {
  return {
    attack: { seat: 0, dice: [3, 5], strength: 0, bonus: 2, modifiers: [], total: 10 },
    defence: { seat: 1, dice: [4, 2], strength: 3, bonus: 0, modifiers: [], total: 9 },
    attacker: "white",
    attacker_piece: "pawn",
    defender_piece: "rook",
    from: "e4",
    to: "d5",
    victim: "d5",
    leading: "attack",
    partner: null,
    partner_piece: null,
    bodyguard: null,
    passed: [],
    trumps: [],
    ...over,
  };
}

describe("Blake's Chess on the board", () => {
  it("enters a capture as a move and keeps a tag-team's partners under it", () => {
    const keyed = boardActions(["e2e4", "e4xd5", "e4xd5+c3", "e7xd8q", "e7xd8n", "draw stock", "play 7H", "done"]);
    expect([...keyed.keys()]).toEqual(["e2e4", "e4d5", "e7d8q", "e7d8n"]);
    expect(keyed.get("e4d5")).toEqual(["e4xd5", "e4xd5+c3"]);
    expect(isCapture("e4xd5")).toBe(true);
    expect(isCapture("e2e4")).toBe(false);
    expect(partnerOf("e4xd5+c3")).toBe("c3");
    expect(partnerOf("e4xd5")).toBeNull();
  });

  it("is registered with its sides, no options and its position's own fields", async () => {
    const entry = await loadEntry("blakes-chess");
    expect(entry.screen).toBe(BlakesChessGame);
    expect(entry.options).toBeNull();
    expect(entry.sides).toEqual(["White", "Black"]);
    expect(entry.positionSuffix).toBe("H -/- - -/- -/- move -");
  });
});

describe("Blake's Chess cards", () => {
  const legal = [
    "play 7C,7D,9C,9S",
    "play 5C,6D,7S Rh1",
    "play 5C,6D,7S Nb1",
    "play 2S,5S,9S,JS,KS xd8",
    "play 2S,3S,4S,5S,6S all",
    "play 2S,3S,4S,5S,6S xd8",
    "play AH b8 g8",
    "play 8H e7",
    "pass",
  ];

  it("reads a play's cards and target", () => {
    expect(parsePlay("play 7C,7D,9C,9S")).toEqual({ cards: ["7C", "7D", "9C", "9S"], target: "" });
    expect(parsePlay("play AH b8 g8")).toEqual({ cards: ["AH"], target: "b8 g8" });
    expect(parsePlay("e2e4")).toBeNull();
    expect(targetSquares("Nb1")).toEqual(["b1"]);
    expect(targetSquares("xd8")).toEqual(["d8"]);
    expect(targetSquares("b8 g8")).toEqual(["b8", "g8"]);
    expect(targetSquares("all")).toEqual([]);
    expect(twoSquares("play 5H a1 h8")).toBe(true);
    expect(twoSquares("play 8H e7")).toBe(false);
  });

  it("finds the actions that play a group for what it means, its cards in any order", () => {
    expect(playsOf({ cards: ["9S", "7C", "9C", "7D"], kind: "two-pair" }, legal)).toEqual(["play 7C,7D,9C,9S"]);
    expect(playsOf({ cards: ["5C", "6D", "7S"], kind: "straight-3" }, legal)).toEqual(["play 5C,6D,7S Rh1", "play 5C,6D,7S Nb1"]);
    // A five-card straight flush: built with `all` as a straight, a piece removed as a flush.
    const sf = ["2S", "3S", "4S", "5S", "6S"];
    expect(playsOf({ cards: sf, kind: "straight-5" }, legal)).toEqual(["play 2S,3S,4S,5S,6S all"]);
    expect(playsOf({ cards: sf, kind: "flush-5" }, legal)).toEqual(["play 2S,3S,4S,5S,6S xd8"]);
    expect(playsOf({ cards: ["AH"], kind: "misdirection" }, legal)).toEqual(["play AH b8 g8"]);
    // The trump king: necromancy takes a piece and a square, the block nothing.
    expect(playsOf({ cards: ["KH"], kind: "block-king" }, ["play KH", "play KH Rh1"])).toEqual(["play KH"]);
    expect(playsOf({ cards: ["KH"], kind: "necromancy" }, ["play KH", "play KH Rh1"])).toEqual(["play KH Rh1"]);
    // A kind this app does not know: any target.
    expect(playsOf({ cards: ["8H"], kind: "new-trump" }, legal)).toEqual(["play 8H e7"]);
  });

  it("says a group in players' words and lights the cards of the playable ones", () => {
    expect(holdingWords({ cards: ["7S", "7H", "7C"], name: "three of a kind", effect: "+2 to a roll" })).toBe("Three of a kind (7♠ 7♥ 7♣): +2 to a roll");
    const lit = highlighted({
      cards: ["7S", "7H", "7C", "KD", "2C"],
      combinations: [
        { cards: ["7S", "7H", "7C"], kind: "three-of-a-kind", name: "three of a kind", effect: "+2 to a roll", playable_now: true },
        { cards: ["KD"], kind: "block-king", name: "king block", effect: "blocks an attack on the king", playable_now: false },
      ],
    });
    expect(lit.get("7H")).toEqual(["three of a kind"]);
    expect(lit.has("KD")).toBe(false);
    expect(lit.has("2C")).toBe(false);
  });

  it("names each target and what to tap for it", () => {
    const on = (sq: string) => ({ d8: "black queen", b8: "black knight", g8: "black bishop", e1: "white king", e7: "black pawn" })[sq] ?? null;
    expect(targetWords("straight-3", "Nb1", on)).toBe("Build a knight on b1");
    expect(targetWords("necromancy", "Rh1", on)).toBe("Bring back a rook on h1");
    expect(targetWords("flush-5", "xd8", on)).toBe("Remove the black queen on d8");
    expect(targetWords("straight-5", "all", on)).toBe("Build every piece not yet built");
    expect(targetWords("misdirection", "b8 g8", on)).toBe("Swap the black knight on b8 and the black bishop on g8");
    expect(targetWords("teleportation", "e1 a5", on)).toBe("Teleport the white king on e1 to a5");
    expect(targetWords("bodyguard", "e7", on)).toBe("The black pawn on e7 dies instead");
    expect(targetWords("brainwashing", "e7", on)).toBe("Take over the black pawn on e7");
    expect(targetPrompt("straight-3", ["play 5C,6D,7S Nb1"])).toBe("Tap the square to build on.");
    expect(targetPrompt("teleportation", ["play 5H e1 a5"])).toBe("Tap your piece, then the empty square it goes to.");
    expect(targetPrompt("two-pair", ["play 7C,7D,9C,9S"])).toBe("");
  });

  it("writes each legend entry's card from the referee's rank: a trump in the trump suit, a block of any suit", () => {
    expect(legendCard({ kind: "bodyguard", rank: "8" }, "diamonds")).toBe("8♦");
    expect(legendCard({ kind: "misdirection", rank: "A" }, "spades")).toBe("A♠");
    expect(legendCard({ kind: "kamikaze", rank: "10" }, "hearts")).toBe("10♥");
    expect(legendCard({ kind: "block-king", rank: "K" }, "hearts")).toBe("K (any suit)");
    expect(legendCard({ kind: "two-pair", rank: null }, "hearts")).toBeNull();
  });
});

describe("the attack's window, as each phone says it", () => {
  it("tells the defender, the attacker and a spectator each from their side", () => {
    expect(attackSentence(attack(), 1, true)).toBe("White attacks your rook: your 9 against their 10 — play a card or pass");
    expect(attackSentence(attack(), 0, true)).toBe("You attack their rook: your 10 against their 9 — play a card or pass");
    expect(attackSentence(attack(), null, false)).toBe("White's pawn on e4 attacks Black's rook on d5: 10 against 9");
    expect(attackSentence(attack({ passed: [1] }), 1, true)).toBe("White attacks your rook: your 9 against their 10 — you passed; waiting for White");
    expect(attackSentence(attack(), 1, false)).toBe("White attacks your rook: your 9 against their 10 — pass to let the dice decide");
    expect(attackSentence(attack({ partner: "c3", partner_piece: "knight" }), null, false)).toBe(
      "White's pawn on e4 and knight on c3 attacks Black's rook on d5: 10 against 9",
    );
  });

  it("says who wins if the window closed now", () => {
    expect(leadWords(attack(), 1)).toBe("So far the attack wins: your rook would be taken.");
    expect(leadWords(attack(), 0)).toBe("So far you win: you would take their rook.");
    expect(leadWords(attack({ leading: "defence" }), 0)).toBe("So far the defence holds: your pawn would be taken.");
    expect(leadWords(attack({ leading: "tie" }), null)).toBe("So far a tie: nothing would be taken.");
  });

  it("adds up a total with every number in it", () => {
    const a = attack().attack;
    expect(totalWords(a, "pawn")).toBe("3 + 5 + pawn 0 + bonus 2 = 10");
    expect(totalWords({ ...a, modifiers: [{ cards: ["7S", "7H", "7C"], plus: 2 }], total: 12 }, "pawn")).toBe("3 + 5 + pawn 0 + bonus 2 + 2 (7♠ 7♥ 7♣) = 12");
    expect(totalWords(attack().defence, "rook")).toBe("4 + 2 + rook 3 = 9");
  });
});

describe("the building order", () => {
  it("groups what is left to build by the seed's steps", () => {
    const fresh = { built: [], lost: [], to_build: ["rook", "knight", "bishop", "queen", "rook", "knight", "bishop"] };
    expect(buildingOrder(fresh).steps).toEqual([["rook", "knight", "bishop"], ["queen"], ["rook", "knight", "bishop"]]);
    expect(buildingWords(buildingOrder(fresh))).toBe("rook, knight, bishop (any order), then the queen, then rook, knight, bishop (any order)");
    const later = { built: ["rook", "knight", "bishop", "queen", "rook"], lost: [], to_build: ["knight", "bishop"] };
    expect(buildingWords(buildingOrder(later))).toBe("knight, bishop (any order)");
    const started = { built: ["knight"], lost: [], to_build: ["rook", "bishop", "queen", "rook", "knight", "bishop"] };
    expect(buildingOrder(started).steps[0]).toEqual(["rook", "bishop"]);
    expect(buildingWords(buildingOrder({ built: ["rook"], lost: [], to_build: [] }))).toBe("nothing: every piece is built");
  });
});
