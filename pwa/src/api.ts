// The gateway's REST/JSON API and its Server-Sent Events, typed for the app.

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

export interface Outcome {
  results: ("win" | "draw" | "loss")[];
  scores?: number[];
  reason: string;
}

export interface Turn {
  kind: "seat" | "simultaneous" | "anyone" | "over";
  seat?: number;
  phase?: string;
}

/** A seat's (or a spectator's) view: the table's facts plus the game's own fields. */
export interface View {
  game_id: string;
  rules: string;
  seq: number;
  status: "waiting" | "active" | "over";
  seat: number | null;
  commitment: string;
  joined_seats: number[];
  seat_count: number;
  outcome: Outcome | null;
  turn?: Turn;
  waiting?: boolean;
  submitted?: { action: string; description: string; event_seq: number; duplicate: boolean };
  [field: string]: unknown;
}

export interface Created {
  game_id: string;
  commitment: string;
  host_token: string;
  seats: { seat: number; join_code: string }[];
}

export interface Adjudication {
  legal: boolean;
  reason: string;
  code?: string;
  action?: string;
  position?: string;
}

/** A refusal: the HTTP status, a stable code and a sentence for players. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public seq?: number,
  ) {
    super(message);
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
    throw new ApiError(response.status, json?.code ?? "error", json?.message ?? `The referee answered ${response.status}.`, json?.seq);
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
  adjudicate: (rules: string, position: string, action: string) =>
    call<Adjudication>("POST", "/api/v1/adjudicate", { rules, position, action }),
  /** Why an action is refused in a position, asked without touching any game. */
  whyIllegal: (rules: string, position: string, action: string): Promise<string> =>
    call<Adjudication>("POST", "/api/v1/adjudicate", { rules, position, action }).then(
      (a) => a.reason,
      (e) => (e as Error).message,
    ),
  createGame: (rules: string, options?: unknown) => call<Created>("POST", "/api/v1/games", { rules, options }),
  join: (gameId: string, joinCode: string, entropy?: string) =>
    call<{ seat: number; token: string; view: View }>("POST", `/api/v1/games/${encodeURIComponent(gameId)}/join`, {
      join_code: joinCode,
      entropy: entropy || undefined,
    }),
  view: (gameId: string, token?: string) => call<View>("GET", `/api/v1/games/${encodeURIComponent(gameId)}`, undefined, token),
  act: (gameId: string, token: string, action: string, seq: number) =>
    call<View>("POST", `/api/v1/games/${encodeURIComponent(gameId)}/actions`, { action, seq, key: newKey() }, token),
  audit: (gameId: string) => call<any>("GET", `/api/v1/games/${encodeURIComponent(gameId)}/audit`),
};

/** A fresh idempotency key for one action. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Follows a game live; EventSource reconnects by itself and resumes from the last seq. */
export function watch(gameId: string, token: string | undefined, after: number, onView: (v: View) => void): () => void {
  const params = new URLSearchParams({ after: String(after) });
  if (token) params.set("token", token);
  const source = new EventSource(`/api/v1/games/${encodeURIComponent(gameId)}/events?${params}`);
  source.addEventListener("view", (e) => onView(JSON.parse((e as MessageEvent).data)));
  return () => source.close();
}
