#!/usr/bin/env python3
"""A program that plays chess through the table referee over gRPC.

It does what a third-party program does: lists the rules, asks about a disputed position,
creates a game, joins both seats (each with its own Ed25519 key and committed entropy),
plays the game to its end from the legal actions the referee lists, watches it live, shows
how a refusal reads, and finally checks the game's audit record with `referee verify`.

    REFEREE_ADDR  the referee's gRPC address (default 127.0.0.1:50051)
    REFEREE_BIN   the `referee` binary for `referee verify` (default: `referee` on PATH)

Only the proto file (proto/referee/v1/referee.proto) comes from the project: the stubs are
generated from it with grpcio-tools on the first run.
"""

import hashlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import grpc
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

HERE = Path(__file__).resolve().parent
PROTO_ROOT = Path(os.environ.get("REFEREE_PROTO_ROOT", HERE / ".." / ".." / "proto")).resolve()
ADDRESS = os.environ.get("REFEREE_ADDR", "127.0.0.1:50051")
# The game below ends by itself (the rules end it in a draw by the fifty-move rule, repetition
# or insufficient material); should it not, past this many moves the side to move resigns.
MAX_PLIES = 300


def load_stubs():
    """Generates the Python stubs from the proto with grpcio-tools (once) and imports them."""
    from grpc_tools import protoc

    out = HERE / "gen"
    proto = PROTO_ROOT / "referee" / "v1" / "referee.proto"
    stub = out / "referee" / "v1" / "referee_pb2.py"
    if not stub.exists() or stub.stat().st_mtime < proto.stat().st_mtime:
        out.mkdir(exist_ok=True)
        well_known = Path(protoc.__file__).parent / "_proto"  # google/protobuf/struct.proto
        args = ["protoc", f"-I{PROTO_ROOT}", f"-I{well_known}", f"--python_out={out}", f"--grpc_python_out={out}"]
        if protoc.main(args + [str(proto)]) != 0:
            sys.exit("could not generate the stubs from " + str(proto))
    sys.path.insert(0, str(out))
    from referee.v1 import referee_pb2, referee_pb2_grpc

    return referee_pb2, referee_pb2_grpc


pb, pb_grpc = load_stubs()


# --- What a seat signs (docs/randomness.md, "Signatures") -------------------------------------


def fields(*parts: bytes) -> bytes:
    """Each part as u32be(length) || bytes: how the referee frames everything that is signed."""
    return b"".join(len(part).to_bytes(4, "big") + part for part in parts)


class Seat:
    """One player's program: its key pair, its entropy, and its seat and token once joined."""

    def __init__(self, name: str):
        self.name = name
        self.private_key = Ed25519PrivateKey.generate()
        raw = self.private_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public_key = "ed25519:" + raw.hex()
        # Entropy mixed into every draw of the game: committed to when joining, revealed once
        # every seat has joined, so nobody can choose theirs after seeing another's.
        self.entropy = secrets.token_bytes(32)
        self.commitment = hashlib.sha256(self.entropy).digest()
        # Kept for this join: a retry after a lost answer gets the same seat and token.
        self.client_key = secrets.token_hex(16)
        self.seat = None
        self.token = None

    def auth(self):
        """The call metadata that says which seat is calling."""
        return [("authorization", f"Bearer {self.token}")]

    def join_signature(self, game_id: str) -> bytes:
        entropy_in_clear = b""  # sent as a commitment instead
        message = fields(
            b"table-referee/v2/join",
            game_id.encode(),
            self.public_key.encode(),
            self.commitment.hex().encode(),
            entropy_in_clear,
            self.name.encode(),
        )
        return self.private_key.sign(message)

    def action_signature(self, game_id: str, expected_seq: int, idempotency_key: str, action: str) -> bytes:
        message = fields(
            b"table-referee/v2/action",
            game_id.encode(),
            str(expected_seq).encode(),
            idempotency_key.encode(),
            action.encode(),
        )
        return self.private_key.sign(message)


# --- Reading answers --------------------------------------------------------------------------


def as_dict(struct) -> dict:
    """A google.protobuf.Struct (views, audit records) as plain Python data. A Struct's numbers
    are doubles: whole numbers are given back as ints (they are exact up to 2^53)."""

    def plain(value):
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, list):
            return [plain(item) for item in value]
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value

    return plain(json_format.MessageToDict(struct))


def error_info(error: grpc.RpcError):
    """The google.rpc.ErrorInfo of a refusal: `reason` is an ErrorReason name, such as STALE."""
    status = rpc_status.from_call(error)
    for detail in status.details if status else []:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return info
    return None


def say(text: str = ""):
    print(text, flush=True)


# --- The program ------------------------------------------------------------------------------


def main():
    channel = grpc.insecure_channel(ADDRESS)
    referee = pb_grpc.RefereeStub(channel)
    say(f"Referee at {ADDRESS}")

    # 1. The rules the referee knows.
    rules = referee.ListRules(pb.ListRulesRequest()).rules
    say(f"ListRules: {len(rules)} rule sets: {', '.join(r.id for r in rules)}")
    chess = next(r for r in rules if r.id == "chess")
    say(f"  chess: {chess.summary} ({chess.min_seats} seats; actions in {chess.action_notation})")

    # 2. A disputed position, no game needed: may Black's knight on c6 take on d4?
    disputed = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4"
    verdict = referee.Adjudicate(pb.AdjudicateRequest(rules="chess", position=disputed, action="c6d4"))
    say(f"Adjudicate c6d4: legal={verdict.legal}, code={pb.ErrorReason.Name(verdict.code)}")
    say(f"  {verdict.said}")

    # 3. A game of chess. The client key makes a retried creation return the same game.
    created = referee.CreateGame(pb.CreateGameRequest(rules="chess", client_key=secrets.token_hex(16)))
    game_id = created.game_id
    say(f"CreateGame: game {game_id}, seed commitment {created.commitment[:16]}…, join codes "
        + ", ".join(f"seat {s.seat}: {s.join_code}" for s in created.seats))
    host = [("authorization", f"Bearer {created.host_token}")]

    # 4. Each seat joins with its code, a client key, a commitment to its entropy, and its key.
    seats = [Seat("Ann"), Seat("Bob")]
    for player, code in zip(seats, created.seats):
        joined = referee.JoinGame(pb.JoinGameRequest(
            game_id=game_id,
            join_code=code.join_code,
            client_key=player.client_key,
            name=player.name,
            entropy_commitment=player.commitment,
            public_key=player.public_key,
            join_signature=player.join_signature(game_id),
        ))
        player.seat, player.token = joined.seat, joined.token
        say(f"JoinGame: {player.name} has seat {player.seat}, key {player.public_key[:24]}…")

    # 5. With every seat present, each reveals its entropy; the last reveal starts the game.
    for player in seats:
        view = referee.RevealEntropy(pb.RevealEntropyRequest(game_id=game_id, entropy=player.entropy),
                                     metadata=player.auth())
        say(f"RevealEntropy: {player.name} revealed; status {pb.GameStatus.Name(view.status)}")

    # 6. A spectator (here the host) watches every change live while the seats play.
    watched = []

    def watch():
        for update in referee.WatchGame(pb.WatchGameRequest(game_id=game_id, after_seq=0), metadata=host):
            watched.append(update)  # the stream ends when the game is over

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()

    # 7. Refusals carry a google.rpc.ErrorInfo whose reason says what went wrong.
    white = seats[0]
    view = referee.GetView(pb.GetViewRequest(game_id=game_id), metadata=white.auth())
    for action, expected_seq in [("e2e5", view.seq), ("e2e4", view.seq + 3)]:
        key = secrets.token_hex(8)
        try:
            referee.SubmitAction(pb.SubmitActionRequest(
                game_id=game_id, action=action, expected_seq=expected_seq, idempotency_key=key,
                signature=white.action_signature(game_id, expected_seq, key, action),
            ), metadata=white.auth())
            sys.exit(f"the referee took {action} at seq {expected_seq}")
        except grpc.RpcError as error:
            info = error_info(error)
            say(f"Refused {action} at seq {expected_seq}: {error.code().name}, reason {info.reason}: {error.details()}")
            if info.reason == "STALE":  # the game moved on: look again before choosing
                say(f"  the game is at {info.metadata['current_seq']}: read the view again, then choose")
            elif info.reason == "ILLEGAL_ACTION":
                say("  choose one of the view's legal actions instead")

    # 8. Play to the end: the seat to move reads its legal actions from its own view, picks
    # one by a fixed rule, signs it and submits it with the view's seq as expected_seq.
    by_seat = {player.seat: player for player in seats}
    player, ply, line = white, 0, []
    while True:
        view = referee.GetView(pb.GetViewRequest(game_id=game_id), metadata=player.auth())
        seen = as_dict(view.view)
        action = choose(seen["legal_actions"], seen["game"]["position"], ply) if ply < MAX_PLIES else "resign"
        key = f"{player.seat}-{view.seq}"  # one key per action: a retry may reuse it safely
        request = pb.SubmitActionRequest(
            game_id=game_id, action=action, expected_seq=view.seq, idempotency_key=key,
            signature=player.action_signature(game_id, view.seq, key, action),
        )
        done = referee.SubmitAction(request, metadata=player.auth())
        if ply == 0:
            # The same request again (as after a lost answer) is answered, not applied twice.
            again = referee.SubmitAction(request, metadata=player.auth())
            say(f"SubmitAction {action}, then the same request again: duplicate={again.duplicate}, "
                f"event {again.event_seq} as before ({done.event_seq})")
        ply += 1
        line.append(done.action)
        turn = as_dict(done.view.view)["turn"]
        if ply % 2 == 0 or turn["kind"] == "over":
            say(f"  {(ply + 1) // 2:3}. {' '.join(line)}")
            line = []
        if turn["kind"] == "over":
            break
        player = by_seat[turn["turn_of"]]
    last = referee.GetView(pb.GetViewRequest(game_id=game_id), metadata=white.auth())
    outcome = as_dict(last.view)["outcome"]
    say(f"Game over after {ply} moves: {outcome['reason']}; results by seat {outcome['results']}")

    watcher.join(timeout=30)
    say(f"WatchGame: {len(watched)} views streamed, the last at seq {watched[-1].seq}, "
        f"status {pb.GameStatus.Name(watched[-1].status)}")

    # 9. The audit record, with the seed revealed, checked by `referee verify` against the
    # chain link the seat's last view carried.
    audit = as_dict(referee.GetAudit(pb.GetAuditRequest(game_id=game_id)).audit)
    say(f"GetAudit: {len(audit.get('events', []))} events, seed revealed")
    verify(audit, f"{last.seq}:{last.chain}")


def choose(legal_actions: list, position: str, ply: int) -> str:
    """A fixed rule, so that the game is the same every run: take a piece when a move can
    (the square it goes to is taken), else play any move; which one follows from the ply."""
    courtesies = ("resign", "offer-draw", "accept-draw", "decline-draw", "offer-takeback", "accept-takeback", "decline-takeback", "claim-draw")
    moves = [a for a in legal_actions if a not in courtesies]
    taken = occupied_squares(position)
    captures = [m for m in moves if m[2:4] in taken]  # moves are listed in UCI: e2e4, e7e8q
    pool = captures or moves
    return pool[(ply * 13) % len(pool)]


def occupied_squares(fen: str) -> set:
    """The squares that hold a piece in a FEN position ("rnbqkbnr/pppppppp/8/... w KQkq - 0 1")."""
    squares = set()
    for row, placement in enumerate(fen.split()[0].split("/")):
        file = 0
        for char in placement:
            if char.isdigit():
                file += int(char)
            else:
                squares.add("abcdefgh"[file] + str(8 - row))
                file += 1
    return squares


def verify(audit: dict, checkpoint: str):
    binary = os.environ.get("REFEREE_BIN") or shutil.which("referee")
    if not binary:
        say("referee verify: skipped (no `referee` on PATH; set REFEREE_BIN)")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(audit, file)
    try:
        checked = subprocess.run([binary, "verify", file.name, "--checkpoint", checkpoint],
                                 capture_output=True, text=True)
    finally:
        os.unlink(file.name)
    for text in (checked.stdout + checked.stderr).strip().splitlines():
        say(f"  {text}")
    if checked.returncode != 0:
        sys.exit(f"referee verify failed ({checked.returncode})")
    say("referee verify: the record holds")


if __name__ == "__main__":
    try:
        main()
    except grpc.RpcError as error:
        info = error_info(error)
        sys.exit(f"refused: {error.code().name} {info.reason if info else ''}: {error.details()}")
