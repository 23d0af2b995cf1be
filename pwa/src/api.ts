// The gateway's REST/JSON API and its Server-Sent Events, typed for the app.
import { InWords, errorWords } from "./errors";
import { actionMessage, keptKey, seatKeyId, signWith } from "./keys";

export interface RulesInfo {
  id: string;
  name: string;
  summary: string;
  min_seats: number;
  max_seats: number;
  equipment: string[];
  random: string[];
  secret: string[];
  source: string;
  position_notation: string;
  action_notation: string;
}

export type Result = "win" | "draw" | "loss";

/** How one team finished. */
export interface TeamResult {
  team: number;
  result: Result;
  score?: number;
}

/** How the game ended: per seat (in seat order), per team, and why in players' words. */
export interface Outcome {
  results: Result[];
  scores?: number[];
  reason: string;
  teams: TeamResult[];
}

/** One seat at the table: what it plays ("White", "Seat 3") and for which team. */
export interface SeatInfo {
  seat: number;
  side: string;
  team: number;
}

/** A named step of a turn; the same names for every game: the engine's list, generated. */
export type Stage = import("./generated/view").ActiveSeatView["stage"];

/** A seat that may act now. */
export interface ActiveSeat {
  seat: number;
  stage: Stage;
  /** Whether it has sealed its action in this round. */
  submitted: boolean;
  /** The viewer's own sealed action, shown back to it alone. */
  sealed_action?: string;
}

/** Who may act now. */
export type Turn =
  | {
      kind: "active";
      /** Whose turn is running (also while another seat reacts inside it); null in a round of everyone. */
      turn_of: number | null;
      sealed: boolean;
      seats: ActiveSeat[];
      /** How many active seats have sealed their action. */
      submitted: number;
    }
  | { kind: "anyone" }
  | { kind: "over" }
  | { kind: "waiting" };

/** Whose eyes a view is for. */
export type Viewer = { seat: number } | "spectator" | "everyone";

/** One action of the record, as the viewer may hear it. */
export interface PlayedEntry {
  seat: number;
  /** The sentence for this viewer: "Nf3+", "e2-e4". */
  said: string;
  /** The action in the game's notation, where the viewer may know it. */
  action?: string;
}

/** A pending draw offer: the team that offered and the teams that agree (team numbers). */
export interface DrawOffer {
  team: number;
  agreed: number[];
}

export interface PieceView {
  kind: string;
  side: string;
  label?: string;
}

/** Things piled on a cell: checkers, coins, pyramids. */
export interface StackView {
  kind: string;
  count: number;
  colour?: string;
  /** What it does here, in a word: "boosted", "hobbled". */
  effect?: string;
}

export interface CellView {
  id: string;
  /** [file, rank] from White's bottom-left corner. */
  at: [number, number];
  polygon?: [number, number][];
  dark: boolean;
  piece?: PieceView;
  stacks?: StackView[];
  /** "mirror", "check", "danger"... */
  markers?: string[];
  /** Whether the viewer may select it now. */
  selectable: boolean;
}

/** The board as data. */
export interface BoardView {
  shape: { kind: "grid"; files: number; ranks: number } | { kind: "polygons" };
  cells: CellView[];
}

/** What the gateway says about an accepted action, on the answer to it. */
export interface Submitted {
  action: string;
  description: string;
  event_seq: number;
  duplicate: boolean;
}

/** The table's facts the gateway puts around every view. */
interface TableFacts {
  game_id: string;
  rules: string;
  seq: number;
  /** The viewer's seat; null for a spectator. */
  seat: number | null;
  commitment: string;
  joined_seats: number[];
  seat_count: number;
  submitted?: Submitted;
  /** The players' names by seat, where they gave one. */
  names?: (string | null)[];
  /** The seats that committed to entropy when joining and have not revealed it yet. */
  awaiting_reveal?: number[];
  /** Seats whose join code the host re-issued (`api.reissue`), waiting for a new phone to join
   * with it; nobody acts for them until one does. Not in `joined_seats`. */
  reissued_seats?: number[];
  /** How many times the host has re-issued each seat's code so far, by seat: a rise since the
   * last view this phone saw is a re-issue to show, even one whose new phone already joined. */
  reissues?: number[];
  /** While seats are awaited for their reveals: when the table stops waiting and the first call starts the game without their shares (ms since the epoch). */
  reveal_deadline_ms?: number | null;
  /** The record's chain after the first `seq` events (64 lower-case hex digits; empty or absent
   * in games recorded before the chain): the phone keeps some as checkpoints the final record
   * must pass through (`session.ts`, `verify.ts`). */
  chain?: string;
  /** Whether the host ended the game early (`api.end`): over, with no outcome, and the game
   * itself null when it had not started. */
  ended_by_host?: boolean;
  /** Whether the game was closed because nobody moved in it for too long (the referee's
   * `REFEREE_ABANDONED_AFTER`): over, with no outcome, and its record with the seed released. */
  abandoned?: boolean;
  /** When the sealed round now open closes, in ms since the epoch (Chess Battle's
   * `round_seconds`); null when there is no deadline, or the game is over. The referee closes
   * the round at the first call after it: a client showing the countdown reads the view when it
   * reaches zero (`components/RoundTimer.tsx`). */
  round_deadline_ms?: number | null;
}

/** The engine's envelope: the same for every game. */
interface Envelope {
  viewer: Viewer;
  seats: SeatInfo[];
  /** Team names by team number (with two colours, 0 is White and 1 Black). */
  teams: string[];
  turn: Turn;
  /** What the viewer may submit now, courtesies (resign, draw offers) included. */
  legal_actions: string[];
  played: PlayedEntry[];
  /** The number (from 0) of the record's entry `played` begins with: views carry the latest
   * 32 entries; the rest comes from `GET /api/v1/games/{id}/record`. */
  played_from: number;
  draw_offer: DrawOffer | null;
  /** The team that asked to take back its last move, waiting for the other side's answer. */
  takeback_request?: number | null;
  /** How many moves that request, or else this viewer's own `offer-takeback`, would take back:
   * 1, the side's last move; 2, its last move and the other side's reply. */
  takeback_moves?: number | null;
  outcome: Outcome | null;
  board: BoardView | null;
}

/** A game whose seats are still joining: the seating and nothing else. */
export interface WaitingView extends TableFacts, Envelope {
  status: "waiting";
  turn: { kind: "waiting" };
  game: null;
  private: null;
}

/** A game under way or over, with the game's own public fields `G` and the viewer's own
 * secrets `P`. */
export interface GameView<G = unknown, P = unknown> extends TableFacts, Envelope {
  status: "active" | "over";
  /** Whether `legal_actions` is every legal action (false where actions are free text). */
  legal_actions_complete: boolean;
  game: G;
  private: P | null;
  /** Once the game is over, every seat's secrets by seat (each seat's `private` part), shown to
   * everyone: the record with the seed is released then. Null while the game goes on. */
  revealed: (P | null)[] | null;
}

/** A seat's (or a spectator's) view, as `GET /games/{id}`, the event stream and actions answer. */
export type View = WaitingView | GameView;

/** The actions any seat may take whoever's turn it is, where the game allows them. */
export const COURTESIES = ["resign", "offer-draw", "accept-draw", "decline-draw", "offer-takeback", "accept-takeback", "decline-takeback"] as const;
export type Courtesy = (typeof COURTESIES)[number];

export function isCourtesy(action: string): action is Courtesy {
  return (COURTESIES as readonly string[]).includes(action);
}

/** A view as the app shows it: a game that is over takes no more actions, whatever its turn
 * says. (A game the host ended, or the referee closed, keeps the turn it stopped at in the
 * engine's part of the view, with the actions that were legal then.) */
export function settled(view: View): View {
  if (view.status !== "over" || (view.turn.kind === "over" && view.legal_actions.length === 0)) return view;
  return { ...view, turn: { kind: "over" }, legal_actions: [], draw_offer: null, takeback_request: null, takeback_moves: null } as View;
}

/** The seats that may act now, each with its stage. */
export function activeSeats(view: Pick<View, "turn">): ActiveSeat[] {
  return view.turn.kind === "active" ? view.turn.seats : [];
}

/** The stage `seat` may act in now, or null. At a table where anyone may act, it is a move. */
export function stageOf(view: Pick<View, "turn">, seat: number | null): Stage | null {
  if (seat === null) return null;
  if (view.turn.kind === "anyone") return "move";
  return activeSeats(view).find((a) => a.seat === seat)?.stage ?? null;
}

/** Whether `seat` may act now. */
export function mayAct(view: Pick<View, "turn">, seat: number | null): boolean {
  return stageOf(view, seat) !== null;
}

/** The seat whose turn is running, if one is (none in a round of everyone, nor when over). */
export function turnOf(view: Pick<View, "turn">): number | null {
  return view.turn.kind === "active" ? view.turn.turn_of : null;
}

/** The courtesies the viewer may use now. */
export function courtesies(view: Pick<View, "legal_actions">): Courtesy[] {
  return view.legal_actions.filter(isCourtesy);
}

/** The viewer's legal actions in the game itself, without the courtesies. */
export function gameActions(view: Pick<View, "legal_actions">): string[] {
  return view.legal_actions.filter((a) => !isCourtesy(a));
}

/** The game's own moves that stand: the record without the courtesies (resignations, draw
 * offers, takebacks), without the referee's notes (action `-`), and without a move taken back
 * (each `accept-takeback` removes the asker's last move, and the reply to it where there was one). */
export function gamePlayed(view: Pick<View, "played">): PlayedEntry[] {
  return movesOf(view.played).standing.map((i) => view.played[i]);
}

/** The entries (by their place in `played`) of moves a later `accept-takeback` took back. */
export function takenBack(played: PlayedEntry[]): Set<number> {
  return movesOf(played).taken;
}

/** The game's own moves in `played`, by their place: those that stand and those taken back. */
function movesOf(played: PlayedEntry[]): { standing: number[]; taken: Set<number> } {
  const standing: number[] = [];
  const taken = new Set<number>();
  let asker: number | null = null;
  for (const [i, p] of played.entries()) {
    if (p.action === "offer-takeback") asker = p.seat;
    if (p.action === "accept-takeback") {
      // The asker's last move, and the reply to it where the other side had replied.
      const moves = asker !== null && standing.length > 0 && played[standing[standing.length - 1]].seat !== asker ? 2 : 1;
      for (const back of standing.splice(-moves)) taken.add(back);
    } else if (isGameMove(p)) standing.push(i);
  }
  return { standing, taken };
}

/** Whether an entry is a move of the game itself: not a courtesy (resigning, draw offers,
 * takebacks) nor a referee's note (action `-`). */
export function isGameMove(p: PlayedEntry): boolean {
  return !(p.action && isCourtesy(p.action)) && p.action !== "-";
}

/** What `seat` plays, as the game names it: "White", "Seat 3". */
export function sideOf(view: Pick<View, "seats">, seat: number): string {
  return view.seats.find((s) => s.seat === seat)?.side ?? `Seat ${seat + 1}`;
}

/** Whether a side is only a number ("Seat 3", "Player 2", a solitaire's "Player"): a name given
 * says who sits there better, and nothing is added to it. */
export const numberedSide = (side: string) => /^(Seat|Player) \d+$|^Player$/.test(side);

/** The player at `seat` as players say it, one way across the app: their name where they gave
 * one, with the side where the game has sides ("Ann (White)"; "Ann" for a numbered seat), else
 * the side: "White", "Seat 3". */
export function sideName(view: Pick<View, "seats"> & { names?: (string | null)[] }, seat: number): string {
  const side = sideOf(view, seat);
  const name = view.names?.[seat];
  if (!name) return side;
  return numberedSide(side) ? name : `${name} (${side})`;
}

/** The team `seat` plays for, or null for a spectator. */
export function teamOf(view: Pick<View, "seats">, seat: number | null): number | null {
  if (seat === null) return null;
  return view.seats.find((s) => s.seat === seat)?.team ?? null;
}

export interface Created {
  game_id: string;
  commitment: string;
  host_token: string;
  seats: { seat: number; join_code: string }[];
}

/** What a join sends: the code, and optionally entropy (in the clear or, as the app does, only
 * its SHA-256), a key that makes a retry of this join get the same seat, and a name. */
export interface JoinBody {
  join_code: string;
  entropy?: string;
  /** SHA-256 of the entropy text's UTF-8 bytes, 64 lower-case hex digits. */
  entropy_commitment?: string;
  client_key?: string;
  name?: string;
  /** The seat's public key (`keys.ts`): every action must then carry its signature. */
  public_key?: string;
  /** The signature over the join, 128 hex digits. */
  join_signature?: string;
}

export interface Joined {
  seat: number;
  token: string;
  view: View;
}

export interface Adjudication {
  legal: boolean;
  reason: string;
  /** One sentence for players naming the side, the piece and the squares: "Black's knight
   * c6→d4 is illegal: …". */
  said?: string;
  code?: string;
  action?: string;
  position?: string;
}

/** A stretch of the record as `GET /games/{id}/record?from=N` answers it: the entries from
 * number `from` (counted from 0) to the end, each as the caller may hear it. */
export interface RecordPart {
  game_id: string;
  /** The events the record had when read. */
  seq: number;
  from: number;
  played: PlayedEntry[];
  /** Where the next page begins; 0 (or absent) when this one ends the record. */
  next_from?: number;
}

/** What the referee proved about one puzzle of a game (a Chess Golf hole), once everyone may
 * see it: `moves` — the par, with one shortest `line`; `impossible` — no line exists;
 * `at_least` — the search's budget ran out after proving nothing shorter than `moves` works;
 * `score` / `unproven` — for games scored by points, the best score proven, or found with a
 * `bound` not yet ruled out. `positions` — how many the search visited. */
export interface Par {
  /** The puzzle's id in the game: "hole-1". */
  puzzle: string;
  /** "Hole 1: white king, black bishop". */
  title: string;
  kind: "moves" | "impossible" | "at_least" | "score" | "unproven" | "unspecified";
  moves?: number;
  score?: number;
  bound?: number;
  /** One shortest line, as the game writes moves ("e5g6"); empty where there is none. */
  line: string[];
  positions: number;
}

/** `GET /games/{id}/pars`: the par of each puzzle finished so far. */
export interface Pars {
  game_id: string;
  pars: Par[];
}

/** A seat's new join code from `api.reissue`, with the host's view after it. */
export interface Reissued {
  join_code: string;
  view: View;
}

/** A refusal: the HTTP status, a stable code and a sentence for players. */
/** A refusal or failure of a call to the referee, in the referee's words. */
export class ApiError extends InWords {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public seq?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "offline", "The referee cannot be reached. Check the connection and try again.");
  }
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, json?.code ?? "error", json?.message ?? `The referee could not answer (HTTP ${response.status}). Try again in a moment.`, json?.seq);
  }
  return json as T;
}

let catalogue: Promise<RulesInfo[]> | null = null;

export const api = {
  /** The catalogue, fetched once per page load. */
  rules: () => (catalogue ??= call<RulesInfo[]>("GET", "/api/v1/rules").catch((e) => {
    catalogue = null;
    throw e;
  })),
  /** Is this action legal in this position? `seat`: the seat asking, where several act at once
   * (a sealed round); null for the one to act. */
  adjudicate: (rules: string, position: string, action: string, seat: number | null = null) =>
    call<Adjudication>("POST", "/api/v1/adjudicate", { rules, position, action, ...(seat === null ? {} : { seat }) }),
  /** What is par here? The par of a puzzle's start given as a position, without a game. */
  par: (rules: string, position: string) => call<Par>("POST", "/api/v1/par", { rules, position }),
  /** Why an action is refused in a position, asked without touching any game. */
  whyIllegal: (rules: string, position: string, action: string): Promise<string> =>
    call<Adjudication>("POST", "/api/v1/adjudicate", { rules, position, action }).then(
      (a) => a.reason,
      (e) => errorWords(e, "Asking why"),
    ),
  /** Creates a game; sent once more if the answer was lost, under the same `client_key`, so a
   * retry gets the same game rather than a second one. */
  createGame: async (rules: string, options?: unknown) => {
    const body = { rules, options, client_key: newKey() };
    try {
      return await call<Created>("POST", "/api/v1/games", body);
    } catch (e) {
      const lost = e instanceof ApiError && [0, 502, 503, 504].includes(e.status);
      if (!lost) throw e;
      return await call<Created>("POST", "/api/v1/games", body);
    }
  },
  /** Exchanges a join code for a seat token (see `joining.ts`, which commits to entropy and
   * retries safely). */
  join: (gameId: string, body: JoinBody) => call<Joined>("POST", `/api/v1/games/${encodeURIComponent(gameId)}/join`, body),
  /** Reveals the entropy this seat committed to when it joined. */
  reveal: (gameId: string, token: string, entropy: string) =>
    call<View>("POST", `/api/v1/games/${encodeURIComponent(gameId)}/reveal`, { entropy }, token),
  view: (gameId: string, token?: string) => call<View>("GET", `/api/v1/games/${encodeURIComponent(gameId)}`, undefined, token),
  /** Submits `action` for `seat`, signed with the seat's key where this phone holds one. */
  act: async (gameId: string, token: string, action: string, seq: number, seat: number | null = null) => {
    const key = newKey();
    const signer = seat === null ? null : await keptKey(seatKeyId(gameId, seat));
    const signature = signer ? await signWith(signer, actionMessage(gameId, seq, key, action)) : undefined;
    return call<View>("POST", `/api/v1/games/${encodeURIComponent(gameId)}/actions`, { action, seq, key, signature }, token);
  },
  /** Ends the game early for everyone, with the host token (`not_the_host` for any other). */
  end: (gameId: string, hostToken: string) => call<View>("POST", `/api/v1/games/${encodeURIComponent(gameId)}/end`, undefined, hostToken),
  /** Gives `seat` a new join code, with the host token, once the game has started: the phone
   * that held the seat can no longer act, and whoever joins with the new code holds it. Sent
   * once more under the same key if the answer was lost, so a retry gets the same code. */
  reissue: async (gameId: string, hostToken: string, seat: number) => {
    const path = `/api/v1/games/${encodeURIComponent(gameId)}/seats/${seat}/code`;
    const body = { client_key: newKey() };
    try {
      return await call<Reissued>("POST", path, body, hostToken);
    } catch (e) {
      if (!(e instanceof ApiError && [0, 502, 503, 504].includes(e.status))) throw e;
      return await call<Reissued>("POST", path, body, hostToken);
    }
  },
  /** The record from entry `from` (0: the whole record) on, as the seat of `token`, the host, or
   * (without a token) a spectator may hear it: a view carries only the latest entries. */
  getRecord: async (gameId: string, token?: string, from = 0): Promise<RecordPart> => {
    // The referee answers a page at a time; read on to the end.
    const page = (at: number) => call<RecordPart>("GET", `/api/v1/games/${encodeURIComponent(gameId)}/record?from=${at}`, undefined, token);
    const whole = await page(from);
    while (whole.next_from) {
      const more = await page(whole.next_from);
      whole.played.push(...more.played);
      whole.next_from = more.next_from;
    }
    return whole;
  },
  /** The par the referee proved for each finished puzzle (Chess Golf's holes). The first
   * request after a hole may take a second or more while the search runs; later ones are
   * instant. */
  getPars: (gameId: string, token?: string) => call<Pars>("GET", `/api/v1/games/${encodeURIComponent(gameId)}/pars`, undefined, token),
  audit: (gameId: string) => call<any>("GET", `/api/v1/games/${encodeURIComponent(gameId)}/audit`),
};

/** A fresh idempotency key for one action. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** How long to wait before opening a live stream again after the gateway refused one (its
 * limits, the referee restarting): an EventSource gives up for good on any answer but 200. */
export const REOPEN_MS = 5000;

/** Follows a game live. EventSource reconnects by itself after a stream ends, resuming from the
 * last seq; where the gateway answers a reconnection with an error (a limit, the referee away)
 * it gives up, so the stream is opened again after `REOPEN_MS`. Once the game is over nothing
 * more can come: the stream is closed (the gateway also answers 204 to a phone that saw the
 * end, which stops an EventSource). With `onRefused`, a refused reconnection calls it instead
 * (the page asks why: a seat handed to a new phone, say), after the same wait. */
export function watch(
  gameId: string,
  token: string | undefined,
  after: number,
  onView: (v: View) => void,
  onRefused?: () => void,
): () => void {
  let last = after;
  let stopped = false;
  let over = false;
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const params = new URLSearchParams({ after: String(last) });
    if (token) params.set("token", token);
    const current = new EventSource(`/api/v1/games/${encodeURIComponent(gameId)}/events?${params}`);
    source = current;
    current.addEventListener("view", (e) => {
      const view: View = JSON.parse((e as MessageEvent).data);
      last = Math.max(last, view.seq);
      onView(view);
      if (view.status === "over") {
        over = true;
        current.close();
      }
    });
    // The referee ended the stream with a refusal (this token stopped: the seat was handed to
    // a new phone): asked about at once, not at the next reconnection seconds later.
    current.addEventListener("ended", () => {
      current.onerror = null;
      current.close();
      if (!stopped && !over) (onRefused ?? open)();
    });
    current.onerror = () => {
      if (current.readyState === EventSource.CLOSED && !stopped && !over) reopen = setTimeout(onRefused ?? open, REOPEN_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(reopen);
    source?.close();
  };
}
