#!/usr/bin/python3
"""An independent client of protocol v1: plays a full game of each kind against a real
skirmish-server process that it starts on a free port of 127.0.0.1 and stops afterwards.

Written from docs/protocol.md alone (no code shared with the server), with Debian's
python3-websockets 10.4. Moves are chosen at random from the views the server sends, so the
games are real games; every wait has a timeout so a misbehaving server fails the run
instead of hanging it.

With --tls DIR the server gets DIR/server.crt and DIR/server.key and the games are played
over wss://, trusting only that certificate (Python's own ssl module, not the server's
OpenSSL code paths on the client side).

usage: independent_client.py --server build/.../skirmish-server [--seed N] [--tls DIR]
"""
import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import time

import websockets

from die_with_parent import die_with_parent

WAIT = 5.0         # seconds for any single reply
MAX_PLIES = 400    # every game loop is bounded
REASONS = {"flag_captured", "king_taken", "cheese_eaten", "score", "no_legal_move", "max_turns",
           "illegal_setup", "resignation", "timeout", "forfeit", "crash"}


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


class Connection:
    """One WebSocket connection: requests with ids, and waits for a message type."""

    _ids = itertools.count(1)

    def __init__(self, ws, label):
        self.ws = ws
        self.label = label
        self.pending = []  # received and not yet consumed

    tls = None  # an ssl.SSLContext when the games go over wss://

    @classmethod
    async def open(cls, port, label, name):
        url = f"{'wss' if cls.tls else 'ws'}://127.0.0.1:{port}/"
        ws = await asyncio.wait_for(websockets.connect(url, max_size=2**22, ssl=cls.tls), WAIT)
        conn = cls(ws, label)
        welcome = await conn.request({"type": "hello", "version": 1, "name": name})
        check(welcome["type"] == "welcome" and welcome["version"] == 1, f"{label}: hello -> {welcome}")
        return conn

    async def _next(self, timeout):
        try:
            raw = await asyncio.wait_for(self.ws.recv(), max(timeout, 0.01))
        except asyncio.TimeoutError:
            raise Failure(f"{self.label}: nothing received within {WAIT} s "
                          f"(unconsumed: {[m['type'] for m in self.pending]})") from None
        check(isinstance(raw, str), f"{self.label}: a binary frame")
        message = json.loads(raw)
        check(isinstance(message, dict) and isinstance(message.get("type"), str),
              f"{self.label}: message without type: {raw[:200]}")
        return message

    async def take(self, predicate, what):
        for i, message in enumerate(self.pending):
            if predicate(message):
                del self.pending[i]
                return message
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            message = await self._next(deadline - time.monotonic())
            if predicate(message):
                return message
            self.pending.append(message)
        raise Failure(f"{self.label}: no {what} within {WAIT} s")

    async def request(self, message):
        message = dict(message, id=next(self._ids))
        await self.ws.send(json.dumps(message))
        return await self.take(lambda m: m.get("id") == message["id"], f"reply to {message}")

    async def state(self, min_seq=0):
        return await self.take(lambda m: m["type"] == "state" and m["seq"] >= min_seq,
                               f"state with seq >= {min_seq}")

    async def close(self):
        await self.ws.close()


async def start_match(port, game, options):
    a = await Connection.open(port, f"{game}/seat0", "py-first")
    b = await Connection.open(port, f"{game}/seat1", "py-second")
    created = await a.request({"type": "create_match", "game": game, "options": options})
    check(created["type"] == "match_created", f"create_match -> {created}")
    match = created["match"]
    ja = await a.request({"type": "join", "match": match})
    jb = await b.request({"type": "join", "match": match})
    check(ja["type"] == "joined" and jb["type"] == "joined", f"join -> {ja} / {jb}")
    check(ja["seat"] == created["seats"][0] and jb["seat"] == created["seats"][1], "seats in order")
    check(len(ja["token"]) >= 32 and ja["token"] != jb["token"], "tokens of 128 bits, distinct")
    sa = await a.take(lambda m: m["type"] == "state" and m["status"] == "running", "running state")
    sb = await b.take(lambda m: m["type"] == "state" and m["status"] == "running", "running state")
    return a, b, created, {created["seats"][0]: sa, created["seats"][1]: sb}


async def finish(conns, final, other_final, game):
    """Both seats saw the same end; the connections close."""
    outcome = final["outcome"]
    check(final["status"] == "over" and outcome is not None, f"{game}: not over: {final}")
    check(other_final["status"] == "over" and other_final["outcome"] == outcome,
          f"{game}: the seats saw different ends: {final} / {other_final}")
    check(outcome["reason"] in REASONS, f"{game}: unknown reason {outcome['reason']}")
    check(outcome["draw"] == (outcome["winner"] is None), f"{game}: winner and draw disagree")
    for conn in conns:
        await conn.close()
    print(f"{game}: over after turn {final['turn']}: {outcome}")
    return outcome


async def turn_based(port, game, options, legal_moves, rng):
    """Plays a turn-based game with random legal moves read off each seat's view."""
    a, b, created, states = await start_match(port, game, options)
    conns = {created["seats"][0]: a, created["seats"][1]: b}
    for _ in range(MAX_PLIES):
        seat = states[created["seats"][0]]["to_act"][0]
        mover = conns[seat]
        moves = legal_moves(states[seat], seat)
        check(moves, f"{game}: no legal move for {seat} in a running game")
        reply = await mover.request(dict(rng.choice(moves), type="move"))
        check(reply["type"] == "state", f"{game}: move -> {reply}")
        other = created["seats"][1] if seat == created["seats"][0] else created["seats"][0]
        states[seat] = reply
        states[other] = await conns[other].state(reply["seq"])
        check(states[other]["seq"] == reply["seq"], f"{game}: seq differs between seats")
        if reply["status"] == "over":
            return await finish(conns.values(), reply, states[other], game)
    raise Failure(f"{game}: no end within {MAX_PLIES} moves")


def chess_moves(state, seat):
    mine = "W" if seat == "white" else "B"
    board = state["view"]["board"]
    return [{"position": i, "direction": d} for i, cell in enumerate(board)
            if cell.startswith(mine) for d in ("LEFT", "RIGHT")]


def tactego_moves(state, seat):
    mine = "R" if seat == "red" else "B"
    view = state["view"]
    board, rows, cols = view["board"], view["rows"], view["cols"]
    moves = []
    for r in range(rows):
        for c in range(cols):
            cell = board[r][c]
            if not cell or cell[0] != mine or cell[1:] in ("F", "M"):
                continue
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    tr, tc = r + dr, c + dc
                    if (dr or dc) and 0 <= tr < rows and 0 <= tc < cols:
                        target = board[tr][tc]
                        if not target or target[0] != mine:
                            moves.append({"from": [r, c], "to": [tr, tc]})
    return moves


async def dcms_game(port, rng):
    options = {"map": "small", "pieces": "SM", "max_turns": 30, "move_time_ms": 0}
    a, b, created, states = await start_match(port, "dcms", options)
    conns = {"blue": a, "red": b}
    view = states["blue"]["view"]
    check(view["phase"] == "setup", "dcms starts with the setup")
    walls, cols = view["walls"], view["cols"]
    half = cols // 2

    def free_cells(seat):
        wanted = (lambda c: c < half) if seat == "blue" else (lambda c: c >= cols - half)
        return [[r, c] for r, row in enumerate(walls) for c, ch in enumerate(row) if ch == "." and wanted(c)]

    # Setup: both placements sealed; the second one resolves the turn.
    first = await a.request({"type": "move", "placement": rng.sample(free_cells("blue"), 2)})
    check(first["type"] == "submitted", f"setup -> {first}")
    told = await b.take(lambda m: m["type"] == "submitted", "submitted")
    check("placement" not in json.dumps(told), "a sealed setup leaked")
    reply = await b.request({"type": "move", "placement": rng.sample(free_cells("red"), 2)})
    check(reply["type"] == "state" and reply["view"]["phase"] in ("play", "over"), f"setup -> {reply}")
    if reply["status"] == "over":
        return await finish(conns.values(), reply, await a.state(reply["seq"]), "dcms")
    for _ in range(MAX_PLIES):
        seq = reply["seq"]
        first = await a.request({"type": "move", "move": f"M {rng.randint(1, 9)}"})
        check(first["type"] == "submitted" and first["seat"] == "blue", f"move -> {first}")
        reply = await b.request({"type": "move", "move": f"m {rng.randint(1, 9)}"})
        check(reply["type"] == "state" and reply["seq"] > seq, f"move -> {reply}")
        blue = await a.state(reply["seq"])
        check(blue["last"] == reply["last"], "both seats see the same turn report")
        check(set(reply["last"]["moves"]) == {"blue", "red"}, "both moves revealed after the turn")
        if reply["status"] == "over":
            return await finish(conns.values(), reply, blue, "dcms")
    raise Failure(f"dcms: no end within {MAX_PLIES} turns")


async def play_all(port, seed):
    rng = random.Random(seed)
    probe = await Connection.open(port, "probe", "py-probe")
    games = await probe.request({"type": "list_games"})
    names = sorted(g["name"] for g in games["games"])
    # The games this client knows how to play must be there; a server may host more.
    check({"dcms", "onedchess", "tactego"} <= set(names), f"games: {names}")
    await probe.close()
    await turn_based(port, "onedchess", {"max_turns": 60}, chess_moves, rng)
    await turn_based(port, "tactego", {"pieces": "small_game", "seed": "py", "max_turns": 120},
                     tactego_moves, rng)
    await dcms_game(port, rng)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, tls_dir=None):
    """Starts the server on a free port; returns (process, port) once it accepts."""
    tls_flags = [] if tls_dir is None else ["--tls-cert", os.path.join(tls_dir, "server.crt"),
                                            "--tls-key", os.path.join(tls_dir, "server.key")]
    for _ in range(3):
        port = free_port()
        proc = subprocess.Popen([binary, "--address", "127.0.0.1", "--port", str(port),
                                 "--threads", "1", "--log-level", "warn", "--store", "off"] + tls_flags,
                                stdin=subprocess.DEVNULL, preexec_fn=die_with_parent)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return proc, port
            except OSError:
                time.sleep(0.05)
        stop_server(proc)
    raise Failure(f"{binary} did not start listening")


def stop_server(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
            raise Failure("the server did not stop on SIGTERM within 5 s")
    return proc.returncode


def main():
    parser = argparse.ArgumentParser(description="Plays one game of each kind against skirmish-server")
    parser.add_argument("--server", required=True, help="path of the skirmish-server binary")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--tls", metavar="DIR", help="play over wss:// with DIR/server.crt and .key")
    args = parser.parse_args()
    check(os.access(args.server, os.X_OK), f"{args.server} is not executable")
    if args.tls:
        Connection.tls = ssl.create_default_context(cafile=os.path.join(args.tls, "server.crt"))
    proc, port = start_server(args.server, args.tls)
    try:
        asyncio.run(asyncio.wait_for(play_all(port, args.seed), 45))
    except (Failure, asyncio.TimeoutError, websockets.WebSocketException, OSError) as error:
        print(f"FAILED: {type(error).__name__}: {error}", file=sys.stderr)
        stop_server(proc)
        return 1
    code = stop_server(proc)
    if code != 0:
        print(f"FAILED: the server exited with {code}", file=sys.stderr)
        return 1
    print("all three games played to their end" + (" over wss://" if args.tls else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
