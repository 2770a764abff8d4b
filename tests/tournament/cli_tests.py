"""End-to-end tests of `skirmish tournament` as a command: a 1D Chess round-robin of
program bots named in a bots file, and Ctrl-C in the middle of a DCMS tournament followed
by --resume. Every wait is bounded; everything runs on loopback (the private server)."""
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIRMISH = os.environ["SKIRMISH_CLIENT"]
SOURCE = os.environ["SKIRMISH_SOURCE_DIR"]
PYTHON = "/usr/bin/python3"
WORK = tempfile.mkdtemp(prefix="skirmish-tournament-cli-")


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def run(args, timeout=60, env=None):
    done = subprocess.run([SKIRMISH, "tournament", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=WORK, env=None if env is None else {**os.environ, **env})
    return done.returncode, done.stdout, done.stderr


def results(out):
    with open(os.path.join(out, "results.json")) as f:
        return json.load(f)


def case_onedchess_bots_file():
    bots_file = os.path.join(WORK, "bots.txt")
    bot = f"{PYTHON} {SOURCE}/bots/random_onedchess.py"
    with open(bots_file, "w") as f:
        f.write(f"# three random players\nalpha = {bot}\nbeta = {bot}\ngamma = {bot}\n")
    out = os.path.join(WORK, "onedchess")
    code, stdout, stderr = run(["--game", "onedchess", "--bots", bots_file, "--out", out,
                                "--concurrency", "2", "-o", "max_turns=40"])
    check(code == 0, f"exit code {code}: {stdout}\n{stderr}")
    check("Pairings" in stdout and "alpha" in stdout, f"no standings in: {stdout}")
    check("[6/6] 100%" in stderr, f"no final progress line in: {stderr}")
    check("each move gets 10000 ms (no -o move_time_ms given)" in stderr, stderr)
    r = results(out)
    check(r["options"]["move_time_ms"] == 10000, f"options {r['options']}")
    check(len(r["games"]) == 6, f"{len(r['games'])} games")
    check(sum(row["games"] for row in r["standings"]) == 12, "every game counts for two bots")
    for g in r["games"]:
        check(len(g["match"]) == 8, f"match id {g['match']!r}")
        check(g["seats"][0]["seat"] == "white" and g["seats"][1]["seat"] == "black", str(g["seats"]))
    points = sum(row["points"] for row in r["standings"])
    draws = sum(1 for g in r["games"] if g["draw"])
    check(points == 3 * (6 - draws) + 2 * draws, f"points {points} for {draws} draws")
    # Every game's record is kept (the private server is gone): replay and verify read it.
    for g in r["games"]:
        record_file = os.path.join(out, "records", f"game-{g['index']}.json")
        with open(record_file) as f:
            record = json.load(f)
        check(record["match"] == g["match"] and record["state"] == "finished", record_file)
        check(len(record["moves"]) == g["turns"], f"{record_file}: {len(record['moves'])} moves, {g['turns']} turns")
        verified = subprocess.run([SKIRMISH, "verify", record_file], capture_output=True, text=True, timeout=30)
        check(verified.returncode == 0 and "VALID" in verified.stdout, verified.stdout + verified.stderr)
    replay = subprocess.run([SKIRMISH, "replay", os.path.join(out, "records", "game-0.json")], input="n\nq\n",
                            capture_output=True, text=True, timeout=30)
    check(replay.returncode == 0 and "turn 1 of" in replay.stdout, replay.stdout + replay.stderr)
    # A second run into the same folder is refused; --resume of a finished one plays nothing.
    code, _, stderr = run(["--game", "onedchess", "--bots", bots_file, "--out", out])
    check(code == 1 and "already holds a tournament" in stderr, f"{code}: {stderr}")
    code, stdout, _ = run(["--resume", out])
    check(code == 0 and "6 of 6 games played" in stdout, f"{code}: {stdout}")


def case_interrupt_and_resume():
    out = os.path.join(WORK, "dcms")
    args = [SKIRMISH, "tournament", "--game", "dcms", "--out", out, "--bots",
            f"{SOURCE}/bots/greedy_dcms.py", f"{SOURCE}/tests/tournament/bots/sleeper.py",
            f"{SOURCE}/tests/tournament/bots/crash_third_move.py",
            "-o", "map=classic", "-o", "move_time_ms=600", "-o", "max_turns=8", "--game-timeout", "120"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=WORK)
    # Wait (bounded) for the first finished game, then Ctrl-C.
    deadline = time.monotonic() + 30
    finished = 0
    while time.monotonic() < deadline:
        try:
            finished = len(results(out)["games"])
        except (OSError, ValueError, KeyError):
            finished = 0
        if finished >= 1:
            break
        time.sleep(0.1)
    check(finished >= 1, "no game finished within 30 s")
    proc.send_signal(signal.SIGINT)
    try:
        stdout, stderr = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()  # leave no tournament (and its private server) running after the test
        proc.communicate()
        raise
    check(proc.returncode == 3, f"exit code {proc.returncode}: {stdout}\n{stderr}")
    # The hint repeats the flags results.json does not keep.
    check("Interrupted" in stdout and f"--resume {out} --game-timeout 120" in stdout, stdout)
    before = results(out)["games"]
    check(1 <= len(before) < 6, f"{len(before)} games recorded before the resume")

    code, stdout, stderr = run(["--resume", out])
    check(code == 0, f"resume exit code {code}: {stdout}\n{stderr}")
    after = results(out)["games"]
    check(len(after) == 6, f"{len(after)} games after the resume")
    check(after[:len(before)] == before, "the finished games changed on resume")
    check(sorted(g["index"] for g in after) == list(range(6)), "each scheduled game once")
    # The private server's store outlived the interrupt: every game's record is kept, those
    # played before the Ctrl-C included.
    for g in after:
        with open(os.path.join(out, "records", f"game-{g['index']}.json")) as f:
            check(json.load(f)["match"] == g["match"], f"record of game {g['index']}")
    # A game the Ctrl-C cut short is in its bots' logs twice: the first time marked as not
    # recorded, so that nobody reads a loss that never counted.
    logs = os.path.join(out, "logs")
    for name in os.listdir(logs):
        if not name.endswith(".log") or name == "tournament.log":
            continue
        with open(os.path.join(logs, name)) as f:
            sections = f.read().split("\n===== game ")[1:]
        seen = {}
        for section in sections:
            index = section.split(" ", 1)[0]
            if index in seen:
                check("this game was not recorded" in seen[index] and "played again on --resume" in seen[index],
                      f"{name}: game {index}'s interrupted play is not marked:\n{seen[index]}")
            seen.setdefault(index, section)
    table = {row["bot"]: row for row in results(out)["standings"]}
    check(all(row["games"] == 4 for row in table.values()), str(table))
    check(table["crash_third_move"]["points"] == 0 and table["crash_third_move"]["crashes"] == 4, str(table))


def case_bad_option():
    """A typo in -o is one error line (and the --help hint) before anything runs: exit 2, no
    results folder. So are other wrong command lines."""
    out = os.path.join(WORK, "bad-option")
    code, stdout, stderr = run(["--game", "dcms", "--bots", f"{SOURCE}/bots/greedy_dcms.py",
                                f"{SOURCE}/bots/random_dcms.py", "--out", out, "-o", "move_time=500"])
    check(code == 2, f"exit code {code}: {stdout}\n{stderr}")
    check(stderr.count("\n") == 2 and "unknown option 'move_time'" in stderr and "move_time_ms" in stderr, stderr)
    check(not os.path.exists(out), "no results folder for a refused option")
    # Seed-style submissions place the seed's two pieces: other pieces would end every game
    # in an illegal setup, so they are refused up front too.
    out = os.path.join(WORK, "bad-pieces")
    code, stdout, stderr = run(["--game", "dcms", "--bots", f"{SOURCE}/bots/greedy_dcms.py",
                                f"{SOURCE}/bots/random_dcms.py", "--out", out, "-o", "pieces=SMC"])
    check(code == 2, f"exit code {code}: {stdout}\n{stderr}")
    check("places the seed's two pieces (SM), so it cannot play -o pieces=SMC" in stderr, stderr)
    check(not os.path.exists(out), "no results folder for pieces a submission cannot place")
    # Numbers out of range, and flags that do not go together, are refused the same way.
    two_bots = ["--bots", f"{SOURCE}/bots/greedy_dcms.py", f"{SOURCE}/bots/random_dcms.py"]
    for args, said in [(["--rounds", "0"], "--rounds: Value 0 not in range 1 to 1000"),
                       (["--memory-mb", "-5"], "--memory-mb: Value -5 not in range 0 to 1048576"),
                       (["--game-timeout", "0"], "--game-timeout: Value 0 not in range 1 to 86400"),
                       (["--max-games", "-1"], "--max-games: Value -1 not in range 1 to 1000000"),
                       (["--resume", out, "--rounds", "3"], "leave out --game, --bots, --gauntlet, --rounds and -o")]:
        code, stdout, stderr = run(args if args[0] == "--resume" else
                                   ["--game", "dcms", *two_bots, "--out", out, *args])
        check(code == 2 and said in stderr, f"{args}: exit code {code}: {stderr}")
        check(not os.path.exists(out), f"{args}: no results folder")
    # --bots that name a file twice (once through its folder too), or one bot only, are wrong
    # command lines (exit 2); a bots file that does not exist is a file missing (exit 1).
    greedy = f"{SOURCE}/bots/greedy_dcms.py"
    for bots, code_wanted, said in [([greedy, greedy], 2, f"--bots lists {greedy} twice"),
                                    ([f"{SOURCE}/bots", greedy], 2, "the same file is listed twice"),
                                    ([greedy], 2, "a tournament needs at least two bots, got 1"),
                                    ([greedy, "/nonexistent/bots.txt"], 1, "/nonexistent/bots.txt: no such file")]:
        code, _, stderr = run(["--game", "dcms", "--bots", *bots, "--out", out])
        check(code == code_wanted and said in stderr, f"--bots {bots}: exit code {code}: {stderr}")
        check(not os.path.exists(out), f"--bots {bots}: no results folder")
    code, _, stderr = run(["--game", "dcms", *two_bots, "--gauntlet", "nobody", "--out", out])
    check(code == 2 and "--gauntlet nobody: no bot has that name" in stderr, f"{code}: {stderr}")
    # The folder as typed, with a slash at its end: the file is named with one slash.
    code, _, stderr = run(["--resume", out + "/", "--game", "dcms"])
    check(code == 2 and f"options from {out}/results.json: leave out --game" in stderr, f"{code}: {stderr}")
    # An unknown game is refused before the note on move times, which would not apply.
    code, _, stderr = run(["--game", "chess", *two_bots, "--out", out])
    check(code == 2 and "unknown game 'chess'" in stderr and "each move gets" not in stderr, f"{code}: {stderr}")
    # So are seed-style submissions (DCMS only) in a Tactego tournament: no notice, then a refusal.
    code, _, stderr = run(["--game", "tactego", *two_bots, "--out", out])
    check(code == 2 and "plays DCMS only, not tactego" in stderr and "each move gets" not in stderr,
          f"{code}: {stderr}")
    check(not os.path.exists(out), "no results folder for seed-style bots in a Tactego tournament")
    # A --python that cannot run would lose every game as a crash: refused up front (exit 1,
    # as a file that cannot be used is).
    code, _, stderr = run(["--game", "dcms", *two_bots, "--out", out, "--python", "/nonexistent/python3"])
    check(code == 1 and "--python /nonexistent/python3: no such program" in stderr, f"{code}: {stderr}")
    check(not os.path.exists(out), "no results folder for a --python that cannot run")
    # A resource limiter that cannot run is refused before the folder is made, so the same
    # command works once it is fixed (not "already holds a tournament").
    code, _, stderr = run(["--game", "dcms", *two_bots, "--out", out], env={"SKIRMISH_BOT_LIMITS": "/nonexistent"})
    check(code == 1 and "cannot run the bots' resource limiter '/nonexistent'" in stderr, f"{code}: {stderr}")
    check(not os.path.exists(out), "no results folder for a resource limiter that cannot run")


def case_program_py_warned():
    """A line-protocol program given to --bots as a .py file (the repo's own random_dcms.py)
    would be run as a seed-style submission and crash in every game: the terminal says so,
    and how to name it in a bots file, before the first game."""
    out = os.path.join(WORK, "program-py")
    program = f"{SOURCE}/bots/random_dcms.py"
    code, stdout, stderr = run(["--game", "dcms", "--bots", f"{SOURCE}/bots/greedy_dcms.py", program, "--out", out,
                                "--max-games", "1", "-o", "max_turns=1", "-o", "move_time_ms=500"])
    check(code == 3, f"exit code {code}: {stdout}\n{stderr}")
    warning = (f"tournament: bot 'random_dcms' ({program}) is not a seed-style submission: its setup(view) cannot "
               "take the seed's 4 arguments")
    check(warning in stderr, stderr)
    check(f"goes in a bots file: random_dcms = /usr/bin/python3 {program}." in stderr, stderr)
    check(stderr.index(warning) < stderr.index("[0/2]"), "the warning comes before the first game")
    check("greedy_dcms' (" not in stderr, "a seed-style submission is not warned about")


def case_resume_keeps_server():
    """A --server that does not answer is refused before anything runs (exit 1, no results
    folder). --resume plays on the server the run used (stored in results.json), not a
    private one: told its games were played on that dead server, the resume is refused so."""
    out = os.path.join(WORK, "shared")
    dead = "ws://127.0.0.1:9"
    bots = [f"{SOURCE}/bots/greedy_dcms.py", f"{SOURCE}/bots/random_dcms.py"]
    done = subprocess.run([SKIRMISH, "--server", dead, "tournament", "--game", "dcms", "--bots", *bots,
                           "--out", out + "/"], capture_output=True, text=True, timeout=60, cwd=WORK)
    check(done.returncode == 1, f"exit code {done.returncode}: {done.stdout}\n{done.stderr}")
    check("cannot fetch http://127.0.0.1:9/healthz" in done.stderr, done.stderr)
    check(not os.path.exists(out), "no results folder when the server does not answer")

    code, stdout, stderr = run(["--game", "dcms", "--bots", *bots, "--out", out + "/", "--max-games", "1"])
    check(code == 3, f"exit code {code}: {stdout}\n{stderr}")
    check(f"--resume {out} --max-games 1\n" in stdout, stdout)  # one slash, the run's flag repeated
    with open(os.path.join(out, "results.json")) as f:
        saved = json.load(f)
    check(saved["server"] is None, "a private server is stored as none")
    saved["server"] = dead
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(saved, f)
    code, stdout, stderr = run(["--resume", out])
    check(code == 1 and "cannot fetch http://127.0.0.1:9/healthz" in stderr,
          f"the resume went to {dead}: exit code {code}: {stderr}")


def case_server_fails_to_start():
    """The private server cannot start: the run says why (exit 1) and leaves nothing of its
    own behind, so the same command can simply be run again. A folder it made goes; in a
    folder that was there, only what it added (never what was there)."""
    bots_file = os.path.join(WORK, "bots.txt")
    bot = f"{PYTHON} {SOURCE}/bots/random_onedchess.py"
    with open(bots_file, "w") as f:
        f.write(f"alpha = {bot}\nbeta = {bot}\n")
    args = ["--game", "onedchess", "--bots", bots_file, "--no-limits"]

    # A new folder: the store's journal is reserved at 8 MiB, which a file size limit
    # (SIGXFSZ ignored, so writes fail with EFBIG) refuses.
    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))
    fresh = os.path.join(WORK, "new", "out")
    done = subprocess.run([SKIRMISH, "tournament", *args, "--out", fresh], capture_output=True, text=True,
                          timeout=60, cwd=WORK, preexec_fn=small_files)
    check(done.returncode == 1 and "journal" in done.stderr, f"exit code {done.returncode}: {done.stderr}")
    check(not os.path.exists(os.path.join(WORK, "new")), f"left behind: {os.listdir(WORK)}")

    # A folder that was there, with a file where the server's store goes.
    there = os.path.join(WORK, "there")
    os.makedirs(os.path.join(there, "logs"))
    for name in ("server-data", os.path.join("logs", "old.log"), "notes.txt"):
        with open(os.path.join(there, name), "w") as f:
            f.write("kept\n")
    code, _, stderr = run([*args, "--out", there])
    check(code == 1 and "cannot use the match store" in stderr and "server-data" in stderr, f"{code}: {stderr}")
    left = sorted(os.path.relpath(os.path.join(d, n), there) for d, _, names in os.walk(there) for n in names)
    check(left == ["logs/old.log", "notes.txt", "server-data"], f"left: {left}")

    # Out of the way, the same command runs (no "already holds a tournament").
    os.remove(os.path.join(there, "server-data"))
    code, stdout, stderr = run([*args, "--out", there, "-o", "max_turns=10"])
    check(code == 0 and "2 of 2 games played" in stdout, f"{code}: {stdout}\n{stderr}")


CASES = {"onedchess_bots_file": case_onedchess_bots_file, "interrupt_and_resume": case_interrupt_and_resume,
         "bad_option": case_bad_option, "resume_keeps_server": case_resume_keeps_server,
         "program_py_warned": case_program_py_warned, "server_fails_to_start": case_server_fails_to_start}

if __name__ == "__main__":
    try:
        CASES[sys.argv[1]]()
        print("ok")
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
