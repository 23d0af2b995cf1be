import { describe, expect, it } from "vitest";
import type { ActiveSeat, Outcome, SeatInfo, Turn } from "./api";
import { nextHolder } from "./session";
import { stageWords } from "./games/stages";
import { handOver, joinedWords, names, ownResult, plural, scoreWords, sealedWords, seatNamer, stageVerb, turnSentence } from "./words";

const colours: SeatInfo[] = [
  { seat: 0, side: "White", team: 0 },
  { seat: 1, side: "Black", team: 1 },
];
const seven: SeatInfo[] = Array.from({ length: 7 }, (_, seat) => ({ seat, side: `Seat ${seat + 1}`, team: seat }));

/** One seat's turn in a stage. */
const turnOf = (seat: number, stage: ActiveSeat["stage"]): Turn => ({ kind: "active", turn_of: seat, sealed: false, seats: [{ seat, stage, submitted: false }], submitted: 0 });

/** A sealed round of seven seats where seats 0, 2 and 5 have moved; seat 2 is the viewer and
 * sees its own move back. */
const round: Turn = {
  kind: "active",
  turn_of: null,
  sealed: true,
  seats: seven.map(({ seat }) => ({
    seat,
    stage: "choose",
    submitted: [0, 2, 5].includes(seat),
    ...(seat === 2 ? { sealed_action: "b4c5" } : {}),
  })),
  submitted: 3,
};

describe("counts in words", () => {
  it("says one player, one has joined, and the plural otherwise", () => {
    expect(plural(1, "player")).toBe("1 player");
    expect(plural(2, "player")).toBe("2 players");
    expect(joinedWords({ joined_seats: [0], seat_count: 2 })).toBe("Waiting for players: 1 of 2 has joined.");
    expect(joinedWords({ joined_seats: [], seat_count: 2 })).toBe("Waiting for players: 0 of 2 have joined.");
  });
});

describe("whose turn, in words", () => {
  it("says the viewer's own move, or who is to move", () => {
    const view = { seats: colours, turn: turnOf(0, "move"), outcome: null };
    expect(turnSentence(view, 0)).toBe("Your move");
    expect(turnSentence(view, 1)).toBe("White to move");
    expect(turnSentence(view, null)).toBe("White to move");
  });

  it("names the stage of a compound turn", () => {
    expect(turnSentence({ seats: colours, turn: turnOf(1, "place-checker"), outcome: null }, 1)).toBe("Your turn to place a checker");
    expect(turnSentence({ seats: colours, turn: turnOf(1, "extra-moves"), outcome: null }, 0)).toBe("Black to make extra moves");
    expect(stageVerb("bury-a-piece")).toBe("bury a piece");
  });

  it("uses a game's own words for its stages where it has them", () => {
    const zombie = stageWords("zombie");
    expect(turnSentence({ seats: colours, turn: turnOf(1, "horde"), outcome: null }, 0, zombie)).toBe("Black to move the zombies");
    expect(turnSentence({ seats: colours, turn: turnOf(0, "bury"), outcome: null }, 0, zombie)).toBe("Your turn to bury the captured piece");
    expect(turnSentence({ seats: colours, turn: turnOf(0, "move"), outcome: null }, 0, zombie)).toBe("Your move");
    expect(turnSentence({ seats: colours, turn: turnOf(0, "move"), outcome: null }, 0, stageWords("cooperative"))).toBe("Your turn to move (or play a card)");
    const choosing: Turn = { ...round, seats: round.kind === "active" ? round.seats.slice(0, 2) : [] };
    expect(turnSentence({ seats: colours, turn: choosing, outcome: null }, 0, stageWords("masquerade"))).toBe("Sealed round: 2 seats to choose the opponent's capture moves at once");
    expect(stageWords("chess")).toEqual({});
  });

  it("says whose turn runs while another seat reacts inside it", () => {
    const reaction: Turn = { kind: "active", turn_of: 0, sealed: false, seats: [{ seat: 1, stage: "choose", submitted: false }], submitted: 0 };
    expect(turnSentence({ seats: colours, turn: reaction, outcome: null }, 0)).toBe("White's turn: Black to choose");
  });

  it("says a table of anyone, and the outcome once over", () => {
    expect(turnSentence({ seats: colours, turn: { kind: "anyone" }, outcome: null }, 0)).toBe("Anyone at the table may act — you too.");
    const outcome: Outcome = { results: ["loss", "win"], reason: "checkmate, Black wins", teams: [] };
    expect(turnSentence({ seats: colours, turn: { kind: "over" }, outcome }, 0)).toBe("checkmate, Black wins");
  });

  it("joins names as players list them", () => {
    expect(names(["Seat 1"])).toBe("Seat 1");
    expect(names(["Seat 1", "Seat 2", "Seat 3"])).toBe("Seat 1, Seat 2 and Seat 3");
  });
});

describe("a sealed round", () => {
  it("counts the moves in and shows the viewer its own move, changeable until the round closes", () => {
    const words = sealedWords({ seats: seven, turn: round }, 2);
    expect(words).toEqual({
      count: "3 of 7 moves in",
      yours: "Your move: b4c5 — you can change it until everyone has moved",
      waiting: "Still to move: Seat 2, Seat 4, Seat 5 and Seat 7",
    });
  });

  it("asks a seat that has yet to move for its move, and shows a spectator only the count", () => {
    expect(sealedWords({ seats: seven, turn: round }, 1)?.yours).toBe("Choose your move: nobody sees it until everyone has moved");
    expect(sealedWords({ seats: seven, turn: round }, null)?.yours).toBeNull();
    // The turn sentence says the round; the sealed words say who is still to move.
    expect(turnSentence({ seats: seven, turn: round, outcome: null }, 2)).toBe("Sealed round: 7 seats to choose at once");
  });

  it("is no sealed round when the turn is an ordinary one", () => {
    expect(sealedWords({ seats: colours, turn: turnOf(0, "move") }, 0)).toBeNull();
    expect(sealedWords({ seats: colours, turn: { kind: "anyone" } }, 0)).toBeNull();
  });

  it("passes a shared phone to each seat still to seal, saying how far the round has got", () => {
    const view = { seats: seven, turn: round };
    const held = seven.map((s) => s.seat);
    // Seat 0 has sealed: the phone goes to seat 1, the first still to move.
    expect(nextHolder(view, held, 0)).toBe(1);
    expect(handOver(view, "Seat 2")).toBe("Hand the phone to Seat 2 to seal their move (3 of 7 moves in).");
    expect(handOver({ seats: colours, turn: turnOf(1, "move") }, "Black")).toBe("Hand the phone to Black.");
    expect(handOver(null, "Black")).toBe("Hand the phone to Black.");
  });
});

describe("names and each phone's own result (issue 31, item 6)", () => {
  const named = { seats: seven.slice(0, 3), names: ["Ann", null, "Cy"] };
  const outcome = (results: ("win" | "draw" | "loss")[], scores?: number[]) =>
    ({ reason: "", results, scores, teams: results.map((result, team) => ({ team, result })) }) as unknown as Outcome;

  it("says numbered seats by their players' names, and leaves the unnamed and the sides alone", () => {
    expect(seatNamer(named)("Seat 1 hands a medal to Seat 3; Seat 2 stays")).toBe("Ann hands a medal to Cy; Seat 2 stays");
    expect(seatNamer({ seats: colours, names: ["Ann", "Bob"] })("Seat 1 and White")).toBe("Seat 1 and White");
    expect(seatNamer(named)("Seat 10 is not Seat 1")).toBe("Seat 10 is not Ann");
  });

  it("tells each phone its own result, a team's as the team's, a shared phone's by name", () => {
    expect(ownResult({ seats: colours, outcome: outcome(["win", "loss"]) }, [0])).toBe("You win");
    expect(ownResult({ seats: colours, outcome: outcome(["win", "loss"]) }, [1])).toBe("You lose");
    expect(ownResult({ seats: colours, outcome: outcome(["draw", "draw"]) }, [1])).toBe("Draw");
    const teams: SeatInfo[] = [0, 1, 2, 3].map((seat) => ({ seat, side: `Seat ${seat + 1}`, team: seat % 2 }));
    expect(ownResult({ seats: teams, outcome: outcome(["loss", "win", "loss", "win"]) }, [1])).toBe("Your team wins");
    expect(ownResult({ seats: colours, names: ["Ann", "Bob"], outcome: outcome(["win", "loss"]) }, [0, 1])).toBe("Ann (White) wins, Bob (Black) loses");
    expect(ownResult({ seats: colours, outcome: outcome(["win", "loss"]) }, [])).toBeNull();
  });

  it("says the scores by name", () => {
    expect(scoreWords({ ...named, outcome: outcome(["win", "loss", "loss"], [5, 3, 1]) })).toBe("Ann 5, Seat 2 3, Cy 1");
  });
});
