// Whose turn it is, in which stage, and how far a sealed round has got, in players' words —
// from the view envelope alone, the same for every game.
import { type ActiveSeat, type Stage, type View, activeSeats, numberedSide, sideName } from "./api";

/** "1 checker", "3 checkers". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Waiting for players: 1 of 2 has joined." */
export function joinedWords(view: { joined_seats: unknown[]; seat_count: number }): string {
  const joined = view.joined_seats.length;
  return `Waiting for players: ${joined} of ${view.seat_count} ${joined === 1 ? "has" : "have"} joined.`;
}

/** What a seat does in each stage, after "to": "White to place a checker". */
const STAGE_VERBS: Record<Stage, string> = {
  move: "move",
  "extra-moves": "make extra moves",
  "place-checker": "place a checker",
  "play-card": "play a card",
  choose: "choose",
  "pick-piece": "pick a piece",
  place: "place a piece",
  capture: "capture",
  bury: "bury a captured piece",
  horde: "move the zombies",
  bonus: "make a bonus move",
  uncloak: "uncloak checkers or end the turn",
  add: "add a piece",
  bid: "seal a count",
  deal: "deal",
  react: "play a card or pass",
  discard: "discard a card",
  "place-section": "place a board section",
  roll: "roll the die",
  rearrange: "change the board",
};

/** A game's own words for its stages, after "to" (`games/stages.ts`). */
export type StageVerbs = Partial<Record<string, string>>;

/** What a stage asks for, after "to": the game's own words, else everyone's; an unknown
 * stage is said by its name. */
export function stageVerb(stage: string, verbs: StageVerbs = {}): string {
  return verbs[stage] ?? (STAGE_VERBS as Record<string, string>)[stage] ?? stage.replace(/-/g, " ");
}

/** "White", "White and Black", "Seat 1, Seat 2 and Seat 3". */
export function names(list: string[]): string {
  return list.length < 2 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

type TurnFacts = Pick<View, "turn" | "seats" | "outcome">;

/** The viewer's own part of the turn: "Your move", "Your turn to place a checker". */
function yourTurn(stage: string, verbs: StageVerbs): string {
  return stage === "move" && !verbs.move ? "Your move" : `Your turn to ${stageVerb(stage, verbs)}`;
}

/** The others' part: "White to move", "Seat 2 and Seat 3 to choose". */
function theirTurn(view: TurnFacts, active: ActiveSeat[], verbs: StageVerbs): string {
  const stages = [...new Set(active.map((a) => a.stage))];
  return stages.map((stage) => `${names(active.filter((a) => a.stage === stage).map((a) => sideName(view, a.seat)))} to ${stageVerb(stage, verbs)}`).join("; ");
}

/** "Sealed round: 7 seats to move at once"; who is still to move is said beside it. */
function sealedTurn(active: ActiveSeat[], own: StageVerbs): string {
  const verbs = [...new Set(active.map((a) => stageVerb(a.stage, own)))];
  return `Sealed round: ${plural(active.length, "seat")} to ${verbs.join(" or ")} at once`;
}

/** Whose turn it is and in which stage, as the viewer `seat` reads it (null: a spectator);
 * `verbs` are the game's own words for its stages. */
export function turnSentence(view: TurnFacts, seat: number | null, verbs: StageVerbs = {}): string {
  const turn = view.turn;
  if (turn.kind === "over") return view.outcome?.reason ?? "The game is over.";
  if (turn.kind === "waiting") return "Waiting for players to join.";
  if (turn.kind === "anyone") return seat === null ? "Anyone at the table may act." : "Anyone at the table may act — you too.";
  if (turn.sealed) return sealedTurn(turn.seats, verbs);
  const mine = turn.seats.find((a) => a.seat === seat);
  const others = turn.seats.filter((a) => a.seat !== seat);
  const parts = [mine && yourTurn(mine.stage, verbs), others.length > 0 && theirTurn(view, others, verbs)].filter(Boolean);
  const reaction = turn.turn_of !== null && !turn.seats.some((a) => a.seat === turn.turn_of);
  return (reaction ? `${sideName(view, turn.turn_of!)}'s turn: ` : "") + parts.join("; ");
}

/** What a sealed round shows: how many moves are in, the viewer's own sealed move, who is
 * still to move. */
export interface SealedWords {
  /** "3 of 7 moves in". */
  count: string;
  /** "Your move: e2e4 — you can change it until everyone has moved", or what to do if the
   * viewer has yet to move; null for a viewer not in the round. */
  yours: string | null;
  /** "Still to move: Seat 2 and Seat 5". */
  waiting: string;
}

/** The words of a sealed round, or null when the turn is not a sealed round. */
export function sealedWords(view: Pick<View, "turn" | "seats">, seat: number | null): SealedWords | null {
  const turn = view.turn;
  if (turn.kind !== "active" || !turn.sealed) return null;
  const mine = activeSeats(view).find((a) => a.seat === seat);
  const pending = turn.seats.filter((a) => !a.submitted).map((a) => sideName(view, a.seat));
  return {
    count: `${turn.submitted} of ${plural(turn.seats.length, "move")} in`,
    yours: mine ? yourSealed(mine) : null,
    waiting: pending.length ? `Still to move: ${names(pending)}` : "Everyone has moved.",
  };
}

function yourSealed(mine: ActiveSeat): string {
  if (mine.sealed_action) return `Your move: ${mine.sealed_action} — you can change it until everyone has moved`;
  if (mine.submitted) return "Your move is in — you can change it until everyone has moved";
  return "Choose your move: nobody sees it until everyone has moved";
}

/** What the privacy screen asks: "Hand the phone to Black.", and in a sealed round how far it
 * has got. */
export function handOver(view: Pick<View, "turn" | "seats"> | null, name: string): string {
  const sealed = view && sealedWords(view, null);
  return sealed ? `Hand the phone to ${name} to seal their move (${sealed.count}).` : `Hand the phone to ${name}.`;
}

/** The numbered seats ("Seat 2", "Player 2") whose players gave a name, with that name. */
function namedSeats(view: Pick<View, "seats" | "names">): Map<string, string> {
  return new Map(view.seats.filter((s) => numberedSide(s.side) && /\d/.test(s.side) && view.names?.[s.seat]).map((s) => [s.side, view.names![s.seat]!]));
}

/** Says a referee's sentence with players' names for numbered seats: where "Seat 2" has given
 * a name, "Seat 2 hands a medal to Seat 3" reads "Ann hands a medal to Bob" (and "Player 2
 * gave up" reads "Bob gave up"). Seats with sides of their own ("White") keep them: the header
 * says who plays which. */
export function seatNamer(view: Pick<View, "seats" | "names">): (text: string) => string {
  const named = namedSeats(view);
  return (text) => (named.size ? text.replace(/\b(Seat|Player) \d+\b/g, (seat) => named.get(seat) ?? seat) : text);
}

/** The view with the referee's sentences (the record, the outcome) said by `seatNamer`. */
export function withNames(view: View): View {
  if (!namedSeats(view).size) return view;
  const say = seatNamer(view);
  return {
    ...view,
    played: view.played.map((p) => ({ ...p, said: say(p.said) })),
    outcome: view.outcome && { ...view.outcome, reason: say(view.outcome.reason) },
  } as View;
}

/** How one seat finished, said to the player holding it: "You win", "Your team loses",
 * "Draw"; `team` when the seat shares its result with a partner. */
function yourResult(result: "win" | "draw" | "loss", team: boolean): string {
  if (result === "draw") return "Draw";
  if (team) return result === "win" ? "Your team wins" : "Your team loses";
  return result === "win" ? "You win" : "You lose";
}

/** Each phone's own result at the end, for the seats it holds: "You win" on a phone of one's
 * own; on a phone passed round, each player's by name ("Ann wins, Bob loses"); nothing for a
 * phone that only watches. */
export function ownResult(view: Pick<View, "outcome" | "seats" | "names">, held: number[]): string | null {
  const outcome = view.outcome;
  if (!outcome || !held.length) return null;
  const teamOf = (seat: number) => view.seats.find((s) => s.seat === seat)?.team;
  const partnered = (seat: number) => view.seats.some((s) => s.seat !== seat && s.team === teamOf(seat));
  const oneTeam = held.every((s) => teamOf(s) === teamOf(held[0]));
  if (held.length === 1 || oneTeam) {
    const result = outcome.results[held[0]];
    return result ? yourResult(result, held.length > 1 || partnered(held[0])) : null;
  }
  const said = held
    .filter((s) => outcome.results[s])
    .map((s) => `${sideName(view, s)} ${outcome.results[s] === "win" ? "wins" : outcome.results[s] === "loss" ? "loses" : "draws"}`);
  return said.length ? said.join(", ") : null;
}

/** The scores by name, where the game scores: "Ann 5, Bob 3". */
export function scoreWords(view: Pick<View, "outcome" | "seats" | "names">): string | null {
  const scores = view.outcome?.scores;
  if (!scores?.length) return null;
  return scores.map((points, seat) => `${sideName(view, seat)} ${points}`).join(", ");
}
