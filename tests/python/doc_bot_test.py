#!/usr/bin/python3
"""Keeps the bot of docs/protocol.md honest: plays it, as printed, in each of the three games.

From the section "A bot in NN lines of Python" it takes the first ```python block (the DCMS
bot) and the blocks after it that replace the bot's game-specific part (`CREATE = ...` and
`def pick`) for 1D Chess and Tactego. It assembles one bot per game, starts skirmish-server
on a free port of 127.0.0.1 (`--port 0`, the port read from its `listening on` line), and for
each game runs two copies of the bot against each other, as the doc says: the first creates
the match and prints its id, the second joins it with that id. Each game must end, with
`game over:` printed by both bots, within a time limit. The server is stopped at the end
in every case.

usage: doc_bot_test.py --server build/.../skirmish-server [--runs N] [--doc docs/protocol.md]
"""
import argparse
import os
import pathlib
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

from die_with_parent import die_with_parent

GAME_SECONDS = 40      # one game of two random bots (Tactego can be slowed by rate_limited)
TOTAL_SECONDS = 100    # every game together: under ctest's TIMEOUT 120, so the server is stopped
START_SECONDS = 10     # the server's `listening on` line, the first bot's match id
HEADING = re.compile(r"^## A bot in \d+ lines of Python\s*$")
FENCE_PYTHON = "```python"


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


def python_blocks(markdown):
    """The ```python blocks of the bot section, in order (the section ends at the next `## `)."""
    lines = markdown.splitlines()
    starts = [i for i, line in enumerate(lines) if HEADING.match(line)]
    check(len(starts) == 1, "docs/protocol.md: no single heading '## A bot in NN lines of Python'")
    blocks, block = [], None
    for line in lines[starts[0] + 1:]:
        if block is None and line.startswith("## "):
            break
        if block is None:
            if line.strip() == FENCE_PYTHON:
                block = []
        elif line.strip() == "```":
            blocks.append("\n".join(block) + "\n")
            block = None
        else:
            block.append(line)
    check(block is None, "the bot section has a ```python block that is never closed")
    return blocks


def game_part(code):
    """(start, end) line indexes of the game-specific part: from `CREATE =` to the first blank line."""
    lines = code.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("CREATE =")]
    check(len(starts) == 1, f"expected one line starting with 'CREATE =' in:\n{code}")
    end = starts[0]
    while end < len(lines) and lines[end].strip():
        end += 1
    part = "\n".join(lines[starts[0]:end])
    check(re.search(r"^def pick\(", part, re.M), f"no 'def pick(' right after CREATE in:\n{code}")
    return starts[0], end


def assemble_bots(markdown):
    """{game: bot source}: the printed DCMS bot, and that bot with each replacement block."""
    blocks = python_blocks(markdown)
    check(len(blocks) >= 3, f"the bot section has {len(blocks)} ```python blocks, expected the bot "
                            "and the 1D Chess and Tactego replacements")
    base = blocks[0]
    check("asyncio.run(main(" in base, "the first ```python block of the bot section is not the bot")
    bots = {}
    start, end = game_part(base)
    check('"game": "dcms"' in "\n".join(base.splitlines()[start:end]), "the printed bot is not the DCMS one")
    bots["dcms"] = base
    for block in blocks[1:]:
        game = re.search(r'"game":\s*"(\w+)"', block)
        check(game is not None, f"a replacement block without a game:\n{block}")
        s, e = game_part(block)
        check(s == 0 and e == len(block.splitlines()),
              f"a replacement block holds more than CREATE and pick:\n{block}")
        lines = base.splitlines()
        bots[game.group(1)] = "\n".join(lines[:start] + block.splitlines() + lines[end:]) + "\n"
    check(set(bots) == {"dcms", "onedchess", "tactego"}, f"bots for {sorted(bots)}, expected all three games")
    return bots


class Output:
    """The lines a child process writes, read by a thread (so its pipe never fills up)."""

    def __init__(self, proc, keep=200):
        self.lines = queue.Queue()
        self.kept = []
        self.keep = keep
        self.thread = threading.Thread(target=self._read, args=(proc.stdout,), daemon=True)
        self.thread.start()

    def _read(self, stream):
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.kept = (self.kept + [line])[-self.keep:]
            self.lines.put(line)

    def wait_for(self, pattern, seconds):
        """The first match of `pattern` in a line still to come, or None after `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            found = re.search(pattern, line)
            if found:
                return found

    def text(self):
        self.thread.join(timeout=2)
        return "\n".join(self.kept)


def stop(proc):
    """SIGTERM, then SIGKILL after 5 s; the exit code."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
    return proc.returncode


def start_server(binary):
    proc = subprocess.Popen([binary, "--address", "127.0.0.1", "--port", "0", "--store", "off",
                             "--log-level", "info"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            preexec_fn=die_with_parent)
    out = Output(proc)
    found = out.wait_for(r"listening on 127\.0\.0\.1:(\d+)", START_SECONDS)
    if found is None:
        stop(proc)
        raise Failure(f"{binary} printed no 'listening on 127.0.0.1:PORT' within {START_SECONDS} s:\n"
                      f"{out.text()}")
    return proc, out, int(found.group(1))


def play(bot_path, url, game, seconds):
    """Two copies of the bot, one game within `seconds`; returns the two 'game over:' lines."""
    bot = [sys.executable, "-u", str(bot_path), url]
    first = subprocess.Popen(bot, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    second = None
    outputs = {"first": Output(first)}
    try:
        found = outputs["first"].wait_for(r"^match (\S+) ", START_SECONDS)
        check(found is not None, f"{game}: the first bot printed no match id within {START_SECONDS} s")
        second = subprocess.Popen(bot + [found.group(1)], stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        outputs["second"] = Output(second)
        deadline = time.monotonic() + seconds
        for proc in (first, second):
            try:
                proc.wait(timeout=max(deadline - time.monotonic(), 0.1))
            except subprocess.TimeoutExpired:
                raise Failure(f"{game}: the game did not end within {seconds:.0f} s") from None
        overs = []
        for name, proc in (("first", first), ("second", second)):
            lines = [l for l in outputs[name].text().splitlines() if l.startswith("game over:")]
            check(proc.returncode == 0 and len(lines) == 1,
                  f"{game}: the {name} bot exited with {proc.returncode} and printed "
                  f"{len(lines)} 'game over:' lines")
            overs.append(lines[0])
        check(overs[0] == overs[1], f"{game}: the two bots saw different outcomes: {overs}")
        return overs
    except Failure as failure:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=5)
        tails = "\n".join(f"--- {name} bot (last lines):\n" + "\n".join(out.text().splitlines()[-15:])
                          for name, out in outputs.items())
        raise Failure(f"{failure}\n{tails}") from None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="path of the skirmish-server binary")
    parser.add_argument("--runs", type=int, default=3, help="games per kind (default 3)")
    parser.add_argument("--doc", default=str(pathlib.Path(__file__).resolve().parents[2] / "docs" / "protocol.md"))
    args = parser.parse_args()
    try:
        check(os.access(args.server, os.X_OK), f"{args.server} is not executable")
        bots = assemble_bots(pathlib.Path(args.doc).read_text(encoding="utf-8"))
    except (Failure, OSError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="doc-bot-") as tmp:
        paths = {}
        for game, source in bots.items():
            paths[game] = pathlib.Path(tmp) / f"bot_{game}.py"
            paths[game].write_text(source, encoding="utf-8")
        server = None
        try:
            server, server_out, port = start_server(args.server)
            url = f"ws://127.0.0.1:{port}/"
            budget_end = time.monotonic() + TOTAL_SECONDS
            for run in range(1, args.runs + 1):
                for game in ("dcms", "onedchess", "tactego"):
                    began = time.monotonic()
                    check(budget_end - began > 1, f"the games took more than {TOTAL_SECONDS} s in all")
                    overs = play(paths[game], url, game, min(GAME_SECONDS, budget_end - began))
                    print(f"{game} #{run}: {overs[0]} ({time.monotonic() - began:.1f} s)", flush=True)
        except Failure as error:
            print(f"FAILED: {error}", file=sys.stderr)
            if server is not None:
                stop(server)
            return 1
        finally:
            if server is not None and server.poll() is None:
                stop(server)
        if server.returncode != 0:
            print(f"FAILED: the server exited with {server.returncode}:\n{server_out.text()}", file=sys.stderr)
            return 1
    print(f"the doc's bot finished {args.runs} game(s) of each kind")
    return 0


if __name__ == "__main__":
    sys.exit(main())
