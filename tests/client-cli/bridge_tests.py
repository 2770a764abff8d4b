"""The bot bridge: bot-vs-bot games of all three games, a seed-style submission against the
random bot, and bots that crash, hang past the deadline or print garbage, each with the
outcome the rules give; the bridge through drops and stops; plus the direct-WebSocket
example bot."""
import os
import shutil
import signal
import sys
import tempfile

from harness import BOTS, PYTHON, TEST_BOTS, Process, Proxy, check, client, run


def bot_cmd(script, *args):
    return " ".join([PYTHON, os.path.join(BOTS if "/" not in script else "", script), *args])


def log_path(name):
    return os.path.join(tempfile.gettempdir(), f"skirmish-test-{os.getpid()}-{name}.log")


def bridge(server, target, name, *args, log=None):
    log = log or log_path(name)
    return client(server.url, "--name", name, "bot", *args, "--log", log, target, name=name)


def first_and_second(server, game, first_args, second_args, options):
    opts = [a for o in options for a in ("-o", o)]
    first = bridge(server, game, "first", *first_args, *opts)
    match = first.expect(r"Created \w+ match (\w+)").group(1)
    first.expect(r"Joined match " + match)
    second = bridge(server, match, "second", *second_args)
    return first, second


def random_vs_random(game, options):
    def case(server):
        cmd = bot_cmd(f"random_{game}.py")
        first, second = first_and_second(server, game, ["--cmd", cmd], ["--cmd", cmd], options)
        for bot in (first, second):
            bot.expect(r"Game over: (\w+ wins!|Draw!) \(\w+\)", timeout=40)
            check(bot.wait() == 0, f"{bot.name} exits 0")
    return case


def shell_commands(server):
    """--cmd is any shell command: `cd DIR && PROGRAM` (once "exec: cd: not found", exit 127)
    and `A; PROGRAM` (once only A ran) both play the game to its end."""
    in_folder = f"cd {BOTS} && {PYTHON} random_onedchess.py"
    after_another = f"sleep 0; {PYTHON} {os.path.join(BOTS, 'random_onedchess.py')}"
    first, second = first_and_second(server, "onedchess", ["--cmd", in_folder], ["--cmd", after_another],
                                     ["max_turns=200"])
    for bot in (first, second):
        bot.expect(r"Game over: (\w+ wins!|Draw!) \(\w+\)", timeout=40)
        check(bot.wait() == 0, f"{bot.name} exits 0")


def seed_submission(server):
    # Saved as TEAM.PY, as a submission may come from another system: still a submission.
    submission = os.path.join(tempfile.mkdtemp(prefix="skirmish-submission-"), "GREEDY.PY")
    shutil.copy(os.path.join(BOTS, "greedy_dcms.py"), submission)
    first, second = first_and_second(
        server, "dcms", ["--python-dcms", submission],
        ["--cmd", bot_cmd("random_dcms.py")], ["map=small", "max_turns=20", "move_time_ms=2000"])
    first.expect(r"Game over: (Blue wins!|Red wins!|Draw!) \((cheese_eaten|score)\)", timeout=40)
    second.expect(r"Game over: ", timeout=40)
    check(first.wait() == 0 and second.wait() == 0, "both bridges exit 0")
    shutil.rmtree(os.path.dirname(submission))


def crash(server):
    first, second = first_and_second(
        server, "dcms", ["--cmd", bot_cmd(os.path.join(TEST_BOTS, "crash_bot.py"))],
        ["--cmd", bot_cmd("random_dcms.py")], ["map=small", "move_time_ms=2000"])
    first.expect(r"bridge: the bot exited with status 3 \(log: ")
    first.expect(r"Giving up the seat: the bot exited with status 3")
    first.expect(r"Game over: Red wins! \(crash\) You lose\.")
    second.expect(r"Game over: Red wins! \(crash\) You win\.")
    check(first.wait() == 3, "a bridge whose bot crashed exits 3")
    check(second.wait() == 0, "the opponent exits 0")


def check_reaped(pid_file):
    with open(pid_file) as f:
        pid = int(f.read())
    os.remove(pid_file)
    try:
        os.kill(pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    check(not alive, f"the hanging bot (pid {pid}) was killed and reaped")


def hang(server):
    """DCMS: every turn the bot misses is a null move; the game goes on to its end."""
    pid_file = os.path.join(tempfile.gettempdir(), f"skirmish-hang-{os.getpid()}.pid")
    first, second = first_and_second(
        server, "dcms", ["--cmd", bot_cmd(os.path.join(TEST_BOTS, "hang_bot.py"), pid_file)],
        ["--cmd", bot_cmd("random_dcms.py")], ["map=small", "move_time_ms=300", "max_turns=3"])
    for turn in (1, 2, 3):
        first.expect(r"bridge: the bot missed the deadline for turn %d: null move" % turn)
    first.expect(r"Game over: (Blue wins!|Red wins!|Draw!) \((score|cheese_eaten)\)")
    check(first.wait() == 0 and second.wait() == 0, "both bridges exit 0")
    check_reaped(pid_file)


def hang_turn_based(game, loser_wins):
    """Tactego and 1D Chess with a time limit: the seat that misses it loses (timeout)."""
    def case(server):
        pid_file = os.path.join(tempfile.gettempdir(), f"skirmish-hang-{game}-{os.getpid()}.pid")
        first, second = first_and_second(
            server, game, ["--cmd", bot_cmd(os.path.join(TEST_BOTS, "hang_bot.py"), pid_file)],
            ["--cmd", bot_cmd(f"random_{game}.py")], ["move_time_ms=500"])
        # The first move is turn 1, as watch and replay call it (the server's counter says 0).
        first.expect(r"bridge: the bot missed the deadline for turn 1: the server applies the timeout rule")
        first.expect(r"Game over: %s \(timeout\) You lose\." % loser_wins)
        second.expect(r"Game over: %s \(timeout\) You win\." % loser_wins)
        check(first.wait() == 0 and second.wait() == 0, "both bridges exit 0")
        check_reaped(pid_file)
    return case


def submission_raises(server):
    first, second = first_and_second(
        server, "dcms", ["--python-dcms", os.path.join(TEST_BOTS, "raising_submission.py")],
        ["--cmd", bot_cmd("random_dcms.py")], ["map=small", "move_time_ms=2000"])
    first.expect(r"bridge: the bot exited with status 1 \(log: ([^)]+)\)")
    first.expect(r"Game over: Red wins! \(crash\) You lose\.")
    second.expect(r"Game over: Red wins! \(crash\) You win\.")
    check(first.wait() == 3 and second.wait() == 0, "exit codes 3 and 0")
    with open(log_path("first")) as log:
        text = log.read()
    check("ZeroDivisionError" in text and "thinking..." in text, "the traceback and prints are logged")


def submission_slow(server):
    first, second = first_and_second(
        server, "dcms", ["--python-dcms", os.path.join(TEST_BOTS, "slow_submission.py")],
        ["--cmd", bot_cmd("random_dcms.py")], ["map=small", "move_time_ms=300", "max_turns=2"])
    first.expect(r"bridge: the bot missed the deadline for turn 1: null move")
    first.expect(r"turn 1: Moves: blue \(null move\)")  # the turn the move was for, as replay says
    first.expect(r"Game over: ")
    check(first.wait() == 0 and second.wait() == 0, "both bridges exit 0")


def garbage(server):
    first, second = first_and_second(
        server, "onedchess", ["--cmd", bot_cmd(os.path.join(TEST_BOTS, "garbage_bot.py"))],
        ["--cmd", bot_cmd("random_onedchess.py")], [])
    first.expect(r"bridge: the bot wrote something that is not a move: "
                 r"'hello there, I am not JSON' \(not JSON: line 1, column 1: ")
    first.expect(r"Game over: Black wins! \(crash\) You lose\.")
    second.expect(r"Game over: Black wins! \(crash\) You win\.")
    check(first.wait() == 3, "a bridge whose bot wrote garbage exits 3")
    check(second.wait() == 0, "the opponent exits 0")


def websocket_bot(server):
    direct = Process([PYTHON, os.path.join(BOTS, "ws_onedchess_bot.py"), server.url], "ws-bot")
    match = direct.expect(r"created match (\w+)").group(1)
    second = bridge(server, match, "second", "--cmd", bot_cmd("random_onedchess.py"))
    direct.expect(r"over: \{", timeout=40)
    second.expect(r"Game over: ", timeout=40)
    check(direct.wait() == 0 and second.wait() == 0, "both bots exit 0")


def log_to_stderr(server):
    """--log /dev/stderr, as docker/compose.yaml runs the bots: the bot's stderr is the
    bridge's own. A log that cannot be opened is named, and no match is made."""
    first = client(server.url, "--name", "first", "bot", "--log", "/dev/stderr", "--python-dcms",
                   os.path.join(TEST_BOTS, "raising_submission.py"), "dcms", "-o", "map=small",
                   "-o", "move_time_ms=2000", name="first")
    match = first.expect(r"Created \w+ match (\w+)").group(1)
    second = bridge(server, match, "second", "--cmd", bot_cmd("random_dcms.py"))
    first.expect(r"bridge: the bot exited with status 1 \(log: /dev/stderr\)")
    first.expect(r"Game over: Red wins! \(crash\) You lose\.")
    check(first.wait() == 3 and second.wait() == 0, "exit codes 3 and 0")
    check("ZeroDivisionError" in first.text and "thinking..." in first.text,
          "the bot's traceback and prints are on the bridge's stderr")
    bad = client(server.url, "bot", "--log", "/nonexistent-skirmish-dir/bot.log", "--cmd",
                 bot_cmd("random_dcms.py"), "dcms", name="bad")
    bad.expect(r"skirmish: cannot open the bot's log '/nonexistent-skirmish-dir/bot.log': "
               r"No such file or directory")
    check(bad.wait() == 1, "an unusable log exits 1")
    check("Created" not in bad.text, "no match is made")


def resume_shows_last_once(server):
    """After a drop the bridge takes its seat back without printing the last move again."""
    proxy = Proxy(server.port)
    try:
        # A bot whose first move is known (a random one may take its own king).
        move = bot_cmd(os.path.join(TEST_BOTS, "same_answer_bot.py"),
                       "'" + '{"position": 2, "direction": "RIGHT"}' + "'")
        white = client(proxy.url, "--name", "first", "bot", "--log", log_path("first"), "--cmd", move,
                       "onedchess", name="first")
        match = white.expect(r"Created \w+ match (\w+)").group(1)
        black = client(server.url, "--name", "person", "join", match, name="person")
        white.expect(r"turn 1: White moved 2 RIGHT")
        black.expect(r"Select Position of Piece to Move >> $")
        proxy.drop()
        white.expect(r"Reconnected: resumed seat white")
        after_resume = white.cursor
        black.expect(r"white (\(.*?\) )?is back")
        black.send("resign")
        black.expect(r"Resign this game\? \[y/N\] $")
        black.send("y")
        white.expect(r"Game over: White wins! \(resignation\) You win\.")
        shown = white.text[after_resume:white.cursor]
        check("turn 1:" not in shown, f"the last move is not printed again after the resume; got {shown!r}")
        check(white.wait() == 0 and black.wait() == 0, "both exit 0")
    finally:
        proxy.close()


def stop_while_reconnecting(server):
    """SIGTERM while the server is away ends the bridge at once (exit 3) and stops its bot;
    it does not come back for the seat."""
    pid_file = os.path.join(tempfile.gettempdir(), f"skirmish-stop-{os.getpid()}.pid")
    first, second = first_and_second(
        server, "onedchess", ["--cmd", bot_cmd(os.path.join(TEST_BOTS, "hang_bot.py"), pid_file)],
        ["--cmd", bot_cmd("random_onedchess.py")], [])
    second.expect(r"Joined match ")
    try:
        server.stop()  # SIGTERM: the server says it is restarting and goes
        first.expect(r"Connection lost: .*; reconnecting")
        first.proc.send_signal(signal.SIGTERM)
        first.expect(r"Giving up the seat: stopped by signal 15")
        first.expect(r"the seat could not be resigned: the game is forfeited once the server's reconnect grace "
                     r"runs out\.")
        check(first.wait(5) == 3, "a bridge stopped while reconnecting exits 3 within 5 s")
        check("Reconnected" not in first.text, "the seat was not taken back")
        check_reaped(pid_file)
    finally:  # a bridge killed by the harness leaves its bot (which ignores SIGTERM) behind
        if os.path.exists(pid_file):
            with open(pid_file) as f:
                pid = int(f.read())
            os.remove(pid_file)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


CASES = {
    "bridge_tactego": (random_vs_random("tactego", ["max_turns=300"]), ()),
    "bridge_onedchess": (random_vs_random("onedchess", ["max_turns=200"]), ()),
    "bridge_dcms": (random_vs_random("dcms", ["map=small", "max_turns=15", "move_time_ms=2000"]), ()),
    "shell_commands": (shell_commands, ()),
    "seed_submission": (seed_submission, ()),
    "crash": (crash, ()),
    "hang": (hang, ()),
    "hang_tactego": (hang_turn_based("tactego", "Blue wins!"), ()),
    "hang_onedchess": (hang_turn_based("onedchess", "Black wins!"), ()),
    "garbage": (garbage, ()),
    "submission_raises": (submission_raises, ()),
    "submission_slow": (submission_slow, ()),
    "websocket_bot": (websocket_bot, ()),
    "log_to_stderr": (log_to_stderr, ()),
    "resume_shows_last_once": (resume_shows_last_once, ()),
    "stop_while_reconnecting": (stop_while_reconnecting, ()),
}

if __name__ == "__main__":
    try:
        run(CASES)
    finally:
        for name in ("first", "second"):
            if os.path.exists(log_path(name)):
                os.remove(log_path(name))
