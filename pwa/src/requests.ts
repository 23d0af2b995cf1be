// What became of a draw offer or a takeback request, in words for the side that is told: the
// other side's answer, or — when the other side played on instead — that the request lapsed.
// The referee says nothing when a request lapses (playing on declines it); the phone that made
// it would otherwise see its banner simply go.
import { type View, isGameMove, sideName, teamOf } from "./api";

/** The answers to a request, as the record lists them. */
const ANSWERS = ["accept-draw", "decline-draw", "accept-takeback", "decline-takeback"];

type Requests = Pick<View, "seq" | "seat" | "seats" | "names" | "played" | "draw_offer" | "takeback_request">;

/** The player or side that is `team`: "Bob (Black)" where one seat plays it, else the team's name. */
export function teamName(view: Pick<View, "seats" | "names" | "teams">, team: number): string {
  const seats = view.seats.filter((s) => s.team === team);
  return seats.length === 1 ? sideName(view, seats[0].seat) : (view.teams[team] ?? "A side");
}

/** What this phone should be told about a request between view `before` and view `after` (a
 * later one), or null: another seat's answer in the referee's words ("Black declines the
 * takeback."), or this side's own request gone without an answer because another seat moved. */
export function requestNews(before: Requests, after: Requests): string | null {
  if (after.seq <= before.seq || after.seat === null) return null;
  const last = after.played[after.played.length - 1];
  if (!last || last.seat === after.seat) return null;
  if (last.action && ANSWERS.includes(last.action)) return `${last.said}.`;
  if (!isGameMove(last)) return null;
  const own = teamOf(after, after.seat);
  const who = sideName(after, last.seat);
  // A request none has made is absent from a view, or null.
  if (before.takeback_request === own && after.takeback_request == null) {
    return `${who} played on: your request to take back your move lapsed, and it stands.`;
  }
  if (before.draw_offer?.team === own && after.draw_offer == null) {
    return `${who} played on: your draw offer lapsed.`;
  }
  return null;
}
