// A program that plays chess through the table referee over gRPC, with Connect for TypeScript.
//
// It does what a third-party program does: lists the rules, asks about a disputed position,
// creates a game, joins both seats (each with its own Ed25519 key and committed entropy),
// plays the game to its end from the legal actions the referee lists, watches it live, shows
// how a refusal reads, and finally checks the game's audit record with `referee verify`.
//
//   REFEREE_ADDR  the referee's gRPC address (default 127.0.0.1:50051)
//   REFEREE_BIN   the `referee` binary for `referee verify` (default: `referee` on PATH)
//
// Only the proto file (proto/referee/v1/referee.proto) comes from the project: `npm run
// generate` makes gen/ from it with protoc-gen-es.

import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import type { JsonObject } from "@bufbuild/protobuf";
import { spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { ErrorReason, GameStatus, Referee, type GameView } from "./gen/referee/v1/referee_pb.js";

const ADDRESS = process.env.REFEREE_ADDR ?? "127.0.0.1:50051";
// The game below ends by itself (the rules end it in a draw by the fifty-move rule, repetition
// or insufficient material); should it not, past this many moves the side to move resigns.
const MAX_PLIES = 300;

// --- What a seat signs (docs/randomness.md, "Signatures") -------------------------------------

/** Each part as u32be(length) || bytes: how the referee frames everything that is signed. */
function fields(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, "utf8");
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return [length, bytes];
    }),
  );
}

/** One player's program: its key pair, its entropy, and its seat and token once joined. */
class Seat {
  readonly publicKey: string;
  private readonly privateKey: KeyObject;
  // Entropy mixed into every draw of the game: committed to when joining, revealed once every
  // seat has joined, so nobody can choose theirs after seeing another's.
  readonly entropy = randomBytes(32);
  readonly commitment = createHash("sha256").update(this.entropy).digest();
  // Kept for this join: a retry after a lost answer gets the same seat and token.
  readonly clientKey = randomBytes(16).toString("hex");
  seat = -1;
  token = "";

  constructor(readonly name: string) {
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
    this.publicKey = `ed25519:${raw.toString("hex")}`;
    this.privateKey = privateKey;
  }

  /** The call headers that say which seat is calling. */
  auth() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }

  joinSignature(gameId: string): Buffer {
    const entropyInClear = ""; // sent as a commitment instead
    const message = fields("table-referee/v2/join", gameId, this.publicKey, this.commitment.toString("hex"), entropyInClear, this.name);
    return sign(null, message, this.privateKey);
  }

  actionSignature(gameId: string, expectedSeq: bigint, idempotencyKey: string, action: string): Buffer {
    const message = fields("table-referee/v2/action", gameId, expectedSeq.toString(), idempotencyKey, action);
    return sign(null, message, this.privateKey);
  }
}

// --- Reading answers --------------------------------------------------------------------------

/** The view a GameView carries (a google.protobuf.Struct, which Connect gives as JSON). */
type View = {
  turn: { kind: "active" | "anyone" | "over" | "waiting"; turn_of?: number };
  legal_actions: string[];
  game: { position: string };
  outcome: { reason: string; results: string[] } | null;
};
const viewOf = (view: GameView | undefined) => view?.view as unknown as View;

/** The google.rpc.ErrorInfo of a refusal: `reason` is an ErrorReason name, such as STALE. */
function errorInfo(error: ConnectError) {
  return error.findDetails(ErrorInfoSchema)[0];
}

const say = (text = "") => console.log(text);

// --- The program ------------------------------------------------------------------------------

async function main() {
  const referee = createClient(Referee, createGrpcTransport({ baseUrl: `http://${ADDRESS}` }));
  say(`Referee at ${ADDRESS}`);

  // 1. The rules the referee knows.
  const { rules } = await referee.listRules({});
  say(`ListRules: ${rules.length} rule sets: ${rules.map((r) => r.id).join(", ")}`);
  const chess = rules.find((r) => r.id === "chess")!;
  say(`  chess: ${chess.summary} (${chess.minSeats} seats; actions in ${chess.actionNotation})`);

  // 2. A disputed position, no game needed: may Black's knight on c6 take on d4?
  const disputed = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
  const verdict = await referee.adjudicate({ rules: "chess", position: disputed, action: "c6d4" });
  say(`Adjudicate c6d4: legal=${verdict.legal}, code=${ErrorReason[verdict.code]}`);
  say(`  ${verdict.said}`);

  // 3. A game of chess. The client key makes a retried creation return the same game.
  const created = await referee.createGame({ rules: "chess", clientKey: randomBytes(16).toString("hex") });
  const gameId = created.gameId;
  const codes = created.seats.map((s) => `seat ${s.seat}: ${s.joinCode}`).join(", ");
  say(`CreateGame: game ${gameId}, seed commitment ${created.commitment.slice(0, 16)}…, join codes ${codes}`);
  const host = { headers: { authorization: `Bearer ${created.hostToken}` } };

  // 4. Each seat joins with its code, a client key, a commitment to its entropy, and its key.
  const seats = [new Seat("Ann"), new Seat("Bob")];
  for (const [i, player] of seats.entries()) {
    const joined = await referee.joinGame({
      gameId,
      joinCode: created.seats[i].joinCode,
      clientKey: player.clientKey,
      name: player.name,
      entropyCommitment: player.commitment,
      publicKey: player.publicKey,
      joinSignature: player.joinSignature(gameId),
    });
    player.seat = joined.seat;
    player.token = joined.token;
    say(`JoinGame: ${player.name} has seat ${player.seat}, key ${player.publicKey.slice(0, 24)}…`);
  }

  // 5. With every seat present, each reveals its entropy; the last reveal starts the game.
  for (const player of seats) {
    const view = await referee.revealEntropy({ gameId, entropy: player.entropy }, player.auth());
    say(`RevealEntropy: ${player.name} revealed; status ${GameStatus[view.status]}`);
  }

  // 6. A spectator (here the host) watches every change live while the seats play.
  const watched: GameView[] = [];
  const watching = (async () => {
    for await (const update of referee.watchGame({ gameId, afterSeq: 0n }, host)) {
      watched.push(update); // the stream ends when the game is over
    }
  })();

  // 7. Refusals carry a google.rpc.ErrorInfo whose reason says what went wrong.
  const white = seats[0];
  const first = await referee.getView({ gameId }, white.auth());
  for (const [action, expectedSeq] of [["e2e5", first.seq], ["e2e4", first.seq + 3n]] as const) {
    const key = randomBytes(8).toString("hex");
    try {
      const signature = white.actionSignature(gameId, expectedSeq, key, action);
      await referee.submitAction({ gameId, action, expectedSeq, idempotencyKey: key, signature }, white.auth());
      throw new Error(`the referee took ${action} at seq ${expectedSeq}`);
    } catch (thrown) {
      const error = ConnectError.from(thrown);
      const info = errorInfo(error);
      say(`Refused ${action} at seq ${expectedSeq}: ${Code[error.code]}, reason ${info?.reason}: ${error.rawMessage}`);
      if (info?.reason === "STALE") {
        // The game moved on: look again before choosing.
        say(`  the game is at ${info.metadata.current_seq}: read the view again, then choose`);
      } else if (info?.reason === "ILLEGAL_ACTION") {
        say("  choose one of the view's legal actions instead");
      }
    }
  }

  // 8. Play to the end: the seat to move reads its legal actions from its own view, picks one
  // by a fixed rule, signs it and submits it with the view's seq as expected_seq.
  const bySeat = new Map(seats.map((player) => [player.seat, player]));
  let player = white;
  let ply = 0;
  let line: string[] = [];
  for (;;) {
    const view = await referee.getView({ gameId }, player.auth());
    const seen = viewOf(view);
    const action = ply < MAX_PLIES ? choose(seen.legal_actions, seen.game.position, ply) : "resign";
    const key = `${player.seat}-${view.seq}`; // one key per action: a retry may reuse it safely
    const request = {
      gameId,
      action,
      expectedSeq: view.seq,
      idempotencyKey: key,
      signature: player.actionSignature(gameId, view.seq, key, action),
    };
    const done = await referee.submitAction(request, player.auth());
    if (ply === 0) {
      // The same request again (as after a lost answer) is answered, not applied twice.
      const again = await referee.submitAction(request, player.auth());
      say(`SubmitAction ${action}, then the same request again: duplicate=${again.duplicate}, event ${again.eventSeq} as before (${done.eventSeq})`);
    }
    ply += 1;
    line.push(done.action);
    const turn = viewOf(done.view).turn;
    if (ply % 2 === 0 || turn.kind === "over") {
      say(`  ${String(Math.floor((ply + 1) / 2)).padStart(3)}. ${line.join(" ")}`);
      line = [];
    }
    if (turn.kind === "over") break;
    player = bySeat.get(turn.turn_of!)!;
  }
  const last = await referee.getView({ gameId }, white.auth());
  const outcome = viewOf(last).outcome!;
  say(`Game over after ${ply} moves: ${outcome.reason}; results by seat ${JSON.stringify(outcome.results)}`);

  await watching;
  const final = watched[watched.length - 1];
  say(`WatchGame: ${watched.length} views streamed, the last at seq ${final.seq}, status ${GameStatus[final.status]}`);

  // 9. The audit record, with the seed revealed, checked by `referee verify` against the chain
  // link the seat's last view carried.
  const { audit } = await referee.getAudit({ gameId });
  say(`GetAudit: ${(audit!.events as JsonObject[]).length} events, seed revealed`);
  verify(audit!, `${last.seq}:${last.chain}`);
}

/** A fixed rule, so that the game is the same every run: take a piece when a move can (the
 * square it goes to is taken), else play any move; which one follows from the ply. */
function choose(legalActions: string[], position: string, ply: number): string {
  const courtesies = ["resign", "offer-draw", "accept-draw", "decline-draw", "offer-takeback", "accept-takeback", "decline-takeback", "claim-draw"];
  const moves = legalActions.filter((a) => !courtesies.includes(a));
  const taken = occupiedSquares(position);
  const captures = moves.filter((m) => taken.has(m.slice(2, 4))); // moves are listed in UCI: e2e4, e7e8q
  const pool = captures.length > 0 ? captures : moves;
  return pool[(ply * 13) % pool.length];
}

/** The squares that hold a piece in a FEN position ("rnbqkbnr/pppppppp/8/... w KQkq - 0 1"). */
function occupiedSquares(fen: string): Set<string> {
  const squares = new Set<string>();
  fen.split(" ")[0].split("/").forEach((placement, row) => {
    let file = 0;
    for (const char of placement) {
      if (/\d/.test(char)) {
        file += Number(char);
      } else {
        squares.add("abcdefgh"[file] + String(8 - row));
        file += 1;
      }
    }
  });
  return squares;
}

function verify(audit: JsonObject, checkpoint: string) {
  const binary = process.env.REFEREE_BIN ?? "referee";
  const dir = mkdtempSync(join(tmpdir(), "audit-"));
  const file = join(dir, "audit.json");
  writeFileSync(file, JSON.stringify(audit));
  const checked = spawnSync(binary, ["verify", file, "--checkpoint", checkpoint], { encoding: "utf8" });
  rmSync(dir, { recursive: true });
  if (checked.error) {
    say(`referee verify: skipped (${binary}: ${checked.error.message}; set REFEREE_BIN)`);
    return;
  }
  for (const text of (checked.stdout + checked.stderr).trim().split("\n")) say(`  ${text}`);
  if (checked.status !== 0) throw new Error(`referee verify failed (${checked.status})`);
  say("referee verify: the record holds");
}

main().catch((thrown) => {
  const error = ConnectError.from(thrown);
  const info = errorInfo(error);
  console.error(`refused: ${Code[error.code]} ${info?.reason ?? ""}: ${error.rawMessage}`);
  process.exit(1);
});
