// Compile-time check, run by `tsc` in the build: the app's hand-written view envelope
// (`api.ts`, with its finer turn and stage types) and the one generated from the referee's
// JSON Schema (`generated/view.ts`) accept each other. A field added, renamed or retyped on
// one side only fails the build.
import type { GameView } from "./api";
import type { ViewEnvelope } from "./generated/view";

/** The engine's envelope without the game's own parts, which each game types itself. */
type FromSchema = Omit<ViewEnvelope, "game" | "private" | "secrets" | "revealed">;
/** The app's view without the table's facts the gateway adds and the game's own parts. */
type InApp = Omit<
  GameView,
  "game" | "private" | "revealed" | "game_id" | "seq" | "status" | "seat" | "commitment" | "joined_seats" | "seat_count" | "submitted" | "chain"
>;

const fromSchema = (view: FromSchema): InApp => view;
const toSchema = (view: InApp): FromSchema => view;

/** Referenced so that the checks are not unused code. */
export const envelopeChecks = [fromSchema, toSchema] as const;
