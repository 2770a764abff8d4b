"""The interactive client through piped stdin: a complete game of each kind between two
`skirmish` processes and a real server, checking the screens and the prompts; plus the
reconnect case (a proxy cuts the connection mid-game) and the lobby commands."""
import contextlib
import fcntl
import os
import pty
import pwd
import random
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

from harness import SERVER, SKIRMISH, SOURCE, STATE_DIR, Failure, Process, Proxy, check, client, run

MOVE_PROMPT = r"Select Position of Piece to Move >> $"

BOX_TOP = r"\+-----------------------------------------------------\+"


def start_pair(server, game, *options, url=None):
    """`create` in one client, `join` in the other; returns (creator, joiner)."""
    args = [a for option in options for a in ("-o", option)]
    first = client(url or server.url, "--name", "alice", "create", game, *args, name="alice")
    match = first.expect(r"Created \w+ match (\w+)").group(1)
    first.expect(r"Waiting for an opponent")
    second = client(url or server.url, "--name", "bob", "join", match, name="bob")
    return first, second, match


# The seed's is_game_over sequence: White wins by taking the Black king.
ONEDCHESS_GAME = [("2", "RIGHT"), ("6", "LEFT"), ("1", "RIGHT"), ("4", "LEFT"), ("0", "RIGHT"),
                  ("7", "LEFT"), ("3", "RIGHT"), ("8", "LEFT"), ("2", "RIGHT")]
ONEDCHESS_BOARDS = [
    "| WKi | WKn |     |     | WKn |     | BKn | BKn | BKi |",
    "| WKi | WKn |     |     | BKn |     |     | BKn | BKi |",
    "| WKi |     |     | WKn | BKn |     |     | BKn | BKi |",
    "| WKi |     | BKn | WKn |     |     |     | BKn | BKi |",
    "|     |     | WKi | WKn |     |     |     | BKn | BKi |",
    "|     |     | WKi | WKn |     | BKn |     |     | BKi |",
    "|     |     | WKi |     |     | WKn |     |     | BKi |",
    "|     |     | WKi |     |     | BKi |     |     |     |",
    "|     |     |     |     |     | WKi |     |     |     |",
]


def play_onedchess(white, black, moves, boards, proxy=None, drop_after=None, first_turn=0):
    for turn, ((position, direction), board) in enumerate(zip(moves, boards), start=first_turn):
        mover = white if turn % 2 == 0 else black
        mover.expect(r"Select Position of Piece to Move >> $")
        mover.send(position)
        mover.expect(r"Select Direction \(LEFT or RIGHT\) >> $")
        mover.send(direction.lower() if turn == 0 else direction)
        for player in (white, black):
            player.expect(BOX_TOP + r"\n" + re.escape(board) + r"\n" + BOX_TOP)
        if proxy is not None and turn == drop_after:
            proxy.drop()
            for player in (white, black):
                player.expect(r"Connection lost: .*; reconnecting")
                player.expect(r"Reconnected: resumed seat")
                player.expect(r"== 1D Chess \| match \w+ \| you: [^|]+ \| turn %d ==" % (turn + 1))


def onedchess_game(server):
    white, black, match = start_pair(server, "onedchess")
    black.expect(r"Joined match " + match + r" \(onedchess\) as black")
    watcher = client(server.url, "watch", match, name="watcher")
    watcher.expect(r"Watching match " + match + r" \(onedchess\)")
    # Everyone sees who plays: the creator is told who joined, and the headers name both.
    white.expect(r"bob joined as black")
    white.expect(r"== 1D Chess \| match %s \| you: white \(alice\) vs black \(bob\) \| turn 0 ==" % match)
    black.expect(r"== 1D Chess \| match %s \| you: black \(bob\) vs white \(alice\) \| turn 0 ==" % match)
    watcher.expect(r"== 1D Chess \| match %s \| you: spectator \| white \(alice\) vs black \(bob\)" % match)
    for player in (white, black):
        player.expect(BOX_TOP + r"\n\| WKi \| WKn \| WKn \|     \|     \|     \| BKn \| BKn \| BKi \|")
    white.expect(r"Your turn \(white\)\.")
    black.expect(r"Waiting for white\.")
    # Bad input is asked again with the reason.
    white.expect(r"Select Position of Piece to Move >> $")
    white.send("9")
    white.expect(r"9 is off the board: positions are 0 to 8\nSelect Position of Piece to Move >> $")
    white.send("7")
    white.expect(r"position 7 holds your opponent's BKn: choose one of your pieces\n")
    white.send("two")
    white.expect(r"'two' is not a position")
    # `?` shows the legend and what to type, then asks again.
    white.send("?")
    white.expect(r"Kn knight: jumps exactly 2 cells(.*\n)*Type: the position of one of your pieces.*\n"
                 r"Also: 'resign' gives up the game.*\nSelect Position of Piece to Move >> $")
    white.send("2")
    white.expect(r"Select Direction \(LEFT or RIGHT\) >> $")
    white.send("up")
    white.expect(r"Piece 2 \(WKn\) is selected; 'up' is not a direction: type LEFT or RIGHT "
                 r"\(or back, for another piece\)\nSelect Direction")
    white.send("RIGHT")
    black.expect(r"White moved 2 RIGHT \(2 -> 4\)")
    rest_moves, rest_boards = ONEDCHESS_GAME[1:], ONEDCHESS_BOARDS[1:]
    for turn, ((position, direction), board) in enumerate(zip(rest_moves, rest_boards)):
        mover = black if turn % 2 == 0 else white
        mover.expect(r"Select Position of Piece to Move >> $")
        mover.send(position)
        mover.expect(r"Select Direction \(LEFT or RIGHT\) >> $")
        mover.send(direction)
        for player in (white, black):
            player.expect(BOX_TOP + r"\n" + re.escape(board) + r"\n" + BOX_TOP)
    check("White moved 2 RIGHT (2 -> 5), killed BKi" in black.text, "the last move is described")
    white.expect(r"Game over: White wins! \(king_taken\) You win\.")
    black.expect(r"Game over: White wins! \(king_taken\) You lose\.")
    for player in (white, black):
        player.expect(r"Step through it again: skirmish --server \S+ replay " + match)
    check(white.wait() == 0 and black.wait() == 0, "both clients exit 0")
    for board in ONEDCHESS_BOARDS:
        watcher.expect(re.escape(board))
    watcher.expect(r"Game over: White wins! \(king_taken\)\n")
    watcher.expect(r"Step through it again: ")
    check(watcher.wait() == 0, "the spectator exits 0")


def tactego_layout(seed, pieces, length, width):
    """The seeds' placement, computed with CPython's random (rules.md §1)."""
    rng = random.Random(seed)
    red, blue = list(pieces), list(pieces)
    rng.shuffle(red)
    rng.shuffle(blue)
    cells = {}
    for i, piece in enumerate(red):
        cells[(i // width, i % width)] = "R" + piece
    for i, piece in enumerate(blue):
        cells[(length - 1 - i // width, i % width)] = "B" + piece
    return cells


def tactego_game(server):
    seed = "skirmish"
    cells = tactego_layout(seed, ["F", "5"], 3, 2)
    red, blue, match = start_pair(server, "tactego", "pieces_text=F 1\n5 1", "length=3", "width=2",
                                  "seed=" + seed)
    board_lines = ["   0   1"] + [
        f" {r}" + "".join(" " + cells.get((r, c), "").ljust(3) for c in range(2)) for r in range(3)]
    for player in (red, blue):
        player.expect(r"== Tactego \| match " + match)
        player.expect(re.escape("\n".join(board_lines)))
    red_five = next(pos for pos, piece in cells.items() if piece == "R5")
    red_flag = next(pos for pos, piece in cells.items() if piece == "RF")
    blue_five = next(pos for pos, piece in cells.items() if piece == "B5")
    blue_flag = next(pos for pos, piece in cells.items() if piece == "BF")
    # red: an empty square, then its flag (asked again), then bad ends for its 5 (the end
    # is asked again, as the seed's "return to (c)"), then a real move
    red.expect(r"Select Piece to Move by Position >> $")
    red.send("1 0")
    red.expect(r"\(1, 0\) does not hold one of your pieces\nSelect Piece to Move by Position >> $")
    red.send("%d %d" % red_flag)
    red.expect(r"holds your flag, which cannot move\nSelect Piece to Move by Position >> $")
    red.send("%d %d" % red_five)
    red.expect(r"Select Position to move Piece >> $")
    red.send("5 5")
    red.expect(r"\(5, 5\) is off the board.*\nSelect Position to move Piece >> $")
    red.send("%d %d" % red_flag)
    red.expect(r"holds one of your own pieces\nSelect Position to move Piece >> $")
    red.send("2 %d" % red_five[1])
    red.expect(r"is not one step from .*\nSelect Position to move Piece >> $")
    red.send("1 %d" % red_five[1])
    blue.expect(r"Red moved \(%d, %d\) -> \(1, %d\)" % (red_five + (red_five[1],)))
    # blue steps its 5 beside red's, out of the way
    blue.expect(r"Select Piece to Move by Position >> $")
    blue.send("%d %d" % blue_five)
    blue.expect(r"Select Position to move Piece >> $")
    blue.send("1 %d" % (1 - red_five[1]))
    # red takes the flag
    red.expect(r"Select Piece to Move by Position >> $")
    red.send("1 %d" % red_five[1])
    red.send("%d %d" % blue_flag)
    for player in (red, blue):
        player.expect(r"Combat at \(%d, %d\): R5 attacked BF and won" % blue_flag)
    red.expect(r"Game over: Red wins! \(flag_captured\) You win\.")
    blue.expect(r"Game over: Red wins! \(flag_captured\) You lose\.")
    check(red.wait() == 0 and blue.wait() == 0, "both clients exit 0")


def dcms_game(server):
    blue, red, match = start_pair(server, "dcms", "map=small", "max_turns=2", "move_time_ms=0")
    for player in (blue, red):
        player.expect(r"== Dog-Cat-Mouse-cheeSe \| match " + match + r" \| you: [^|]+ \| setup ==")
        player.expect(r"    0   1   2   3   4   5   6   7\n  0 ### ### ### ###")
    blue.expect(r"Place cheeSe, Mouse as 'row col' each, in that order \(your half: columns 0-3\) >> $")
    blue.send("1 5 1 1")
    blue.expect(r"cheeSe at \(1, 5\) is not in your half \(that would lose the game\)\nPlace")
    blue.send("2 2 1 1")
    blue.expect(r"cheeSe at \(2, 2\) is on a wall")
    blue.send("1 1")
    blue.expect(r"type 2 positions as 'row col' pairs")
    blue.send("1 1 3 3")
    red.expect(r"columns 4-7\) >> ")  # asked when the game started
    blue.expect(r"Your setup is in; waiting for the other seat")
    red.expect(r"blue has submitted its setup")
    red.send("1 6 3 4")
    for player in (blue, red):
        player.expect(r"\| turn 0 of 2 ==\nSetup: blue '1 1 3 3' red '1 6 3 4'")
        player.expect(r"\n  1 ### S   .*  s   ###")  # both cheeSes on the board
    blue.expect(r"Your move, e.g. 'M 6' .* >> $")
    blue.send("m 6")
    blue.expect(r"'m 6': .+\nYour move")
    blue.send("M 6")
    blue.expect(r"Your move is in; waiting for the other seat")
    # Its prompt was open: on a pipe, the notice follows it on a line of its own, and the
    # prompt is not drawn again (a script would answer it twice).
    red.expect(r"Your move, e.g. 'm 6' .* >> \n\* blue has submitted its move\n$")
    red.send("m 5")
    for player in (blue, red):  # the two Mice meet on (3, 4) and fight
        player.expect(r"\| turn 1 of 2 ==\nMoves: blue 'M 6' red 'm 5'")
        player.expect(r"Captured: M at \(3, 4\)")
        player.expect(r"Pieces on the board: blue 1, red 1")
    blue.expect(r"Your move")
    blue.send("S 5")
    red.expect(r"Your move")
    red.send("m 5")
    for player in (blue, red):
        player.expect(r"Game over: Draw! \(score\)")
    check(blue.wait() == 0 and red.wait() == 0, "both clients exit 0")
    # Its record counts the turns as the board did: the setup, then turns 1 and 2.
    path = os.path.join(tempfile.gettempdir(), f"skirmish-dcms-{os.getpid()}.json")
    try:
        export = client(server.url, "export", match, "-o", path, name="export")
        export.expect(r"wrote match %s \(the setup and 2 turns\) to %s\n" % (match, re.escape(path)))
        check(export.wait() == 0, "export exits 0")
        verify = client(server.url, "verify", path, name="verify")
        verify.expect(r"^the setup and every one of the 2 turns are legal\n")
        verify.expect(r"^VALID: ")
        check(verify.wait() == 0, "verify exits 0")
    finally:
        if os.path.exists(path):
            os.remove(path)


def reconnect(server):
    proxy = Proxy(server.port)
    try:
        white, black, match = start_pair(server, "onedchess", url=proxy.url)
        play_onedchess(white, black, ONEDCHESS_GAME, ONEDCHESS_BOARDS, proxy=proxy, drop_after=3)
        white.expect(r"Game over: White wins! \(king_taken\) You win\.")
        black.expect(r"Game over: White wins! \(king_taken\) You lose\.")
        check(white.wait() == 0 and black.wait() == 0, "both clients exit 0")
        check(proxy.accepted >= 4, f"the clients reconnected ({proxy.accepted} connections)")
    finally:
        proxy.close()


def lost_move_after_restart(server):
    """A DCMS setup sealed but not resolved is not kept when the server is killed
    (protocol.md, *Reconnection*): once the client has its seat back it is asked again, and
    told why."""
    proxy = Proxy(server.port)
    try:
        blue, red, _ = start_pair(server, "dcms", "map=small", url=proxy.url)
        # No time chosen: a person's match gets a person's time, not DCMS's 5 s for bots.
        check("(Dog-Cat-Mouse-cheeSe gives 5 s a move by default, a bot's time; this match gives 60 s. "
              "For the default: -o move_time_ms=5000)" in blue.text, blue.text)
        check("a bot's time" not in red.text, "the joiner made no match: no such note")
        red.expect(r"options set by its creator: .*move_time_ms=60000")
        blue.expect(r"columns 0-3\) >> $")
        blue.send("1 1 3 1")
        blue.expect(r"Your setup is in; waiting for the other seat")
        server.process.proc.kill()  # SIGKILL: the sealed setup was in memory only
        server.process.proc.wait()
        again = Process([SERVER, "--port", "0", "--threads", "1", "--log-level", "info",
                         "--data-dir", server.data_dir], "restarted", stdin=False)
        proxy.target = int(again.expect(r"listening on [0-9.]+:(\d+)").group(1))
        blue.expect(r"Reconnected: resumed seat blue", timeout=30)
        blue.expect(r"What you sent for this turn did not reach the server, or was not kept through its "
                    r"restart: answer again")
        blue.expect(r"columns 0-3\) >> $")
        check(red.text.count("did not reach the server") == 0, "red sent nothing: nothing to say")
        blue.kill()
        red.kill()
    finally:
        proxy.close()


def clock_after_restart(server):
    """After a server restart the clock waits until both seats are back (deadline_ms null):
    the player back first is told when it runs again, the board being the same."""
    proxy = Proxy(server.port)
    try:
        white, black, match = start_pair(server, "onedchess", "move_time_ms=60000", url=proxy.url)
        white.expect(r"Your turn \(white\), \d+\.\d s left\.")
        black.expect(r"If this client stops, take your seat back")
        black.kill()  # away when the server goes
        server.process.proc.kill()
        server.process.proc.wait()
        again = Process([SERVER, "--port", "0", "--threads", "1", "--log-level", "info",
                         "--data-dir", server.data_dir], "restarted", stdin=False)
        proxy.target = int(again.expect(r"listening on [0-9.]+:(\d+)").group(1))
        white.expect(r"Reconnected: resumed seat white", timeout=30)
        white.expect(r"Your turn \(white\)\.\n")  # no time: the clock waits for black
        black = client(proxy.url, "resume", match, "--seat", "black", name="black-again")
        black.expect(r"Resumed seat black")
        white.expect(r"\* The clock runs again: \d+\.\d s left for this move\.")
        white.kill()
        black.kill()
    finally:
        proxy.close()


def offline_prompt(server):
    """While the connection is down no move is asked for, and a line typed then is not sent."""
    proxy = Proxy(server.port)
    try:
        white, black, _ = start_pair(server, "onedchess", url=proxy.url)
        white.expect(MOVE_PROMPT)
        proxy.close()  # no way back through it
        white.expect(r"Connection lost: .*; reconnecting\.\.\.\n$")
        white.send("2 RIGHT")
        white.expect(r"^\(not sent: no move is asked for now\)\n$")
        white.kill()
        black.kill()
    finally:
        proxy.close()


def end_without_history(server):
    """A server run with --store off keeps no games: no replay command is offered."""
    white, black, _ = start_pair(server, "onedchess")
    white.expect(r"Select Position of Piece to Move >> $")
    white.close_stdin()
    white.expect(r"Game over: Black wins! \(resignation\) You lose\.")
    black.expect(r"Game over: Black wins! \(resignation\) You win\.")
    check(white.wait() == 0 and black.wait() == 0, "both exit 0")
    for player in (white, black):
        check("Step through it again" not in player.text, f"no replay hint without a store: {player.text[-300:]!r}")


def end_of_input(server):
    white, black, _ = start_pair(server, "onedchess")
    white.expect(r"Select Position of Piece to Move >> $")
    white.close_stdin()
    white.expect(r"End of input: resigning this game\.")
    white.expect(r"Game over: Black wins! \(resignation\) You lose\.")
    check(white.wait() == 0, "end of input exits 0")
    black.expect(r"Game over: Black wins! \(resignation\) You win\.")
    check(black.wait() == 0, "black exits 0")


def lobby(server):
    games = client(server.url, "games", name="games")
    games.expect(r"dcms - .*\n(    .*\n)*")
    games.expect(r"onedchess - 1D Chess \(seats white, black\)")
    check(games.wait() == 0, "games exits 0")
    created = client(server.url, "create", "dcms", "--detach", "-o", "map=small", name="create")
    match = created.expect(r"Created dcms match (\w+)").group(1)
    check(created.wait() == 0, "create --detach exits 0")
    listing = client(server.url, "list", name="list")
    listing.expect(match + r"\s+dcms\s+open\s+blue: free, red: free")
    check(listing.wait() == 0, "list exits 0")
    # --server after the subcommand, and a seat by its number (1: DCMS's red).
    seated = Process([SKIRMISH, "join", match, "--seat", "1", "--server", server.url], "seated")
    seated.expect(r"Joined match " + match + r" \(dcms\) as red")
    seated.expect(r"Waiting for an opponent")
    seated.kill()
    # A seat the game does not have is refused before any match is created.
    green = client(server.url, "create", "onedchess", "--seat", "green", name="green")
    green.expect(r"skirmish: --seat: onedchess has no seat 'green' \(white or 0, black or 1\)")
    check(green.wait() == 2, "a bad --seat exits 2 (a wrong command line)")
    check("Created" not in green.text, "no match is created for a bad --seat")
    bad = client(server.url, "create", "tactego", "-o", "width=0", name="bad")
    bad.expect(r"The server refused \(bad_options: .*width.*\)")
    check(bad.wait() == 1, "a refused create exits 1")
    # A third player at a full match is told it can watch.
    white, black, full = start_pair(server, "onedchess")
    black.expect(r"Joined match " + full)
    third = client(server.url, "join", full, name="third")
    third.expect(r"The server refused \(match_full: .*\); to watch it instead: skirmish --server \S+ watch %s\n" % full)
    check(third.wait() == 1, "joining a full match exits 1")
    white.kill()
    black.kill()
    # One that allows no spectators: no such advice.
    white, black, closed = start_pair(server, "onedchess", "spectators=none")
    black.expect(r"Joined match " + closed)
    third = client(server.url, "join", closed, name="third-closed")
    check(third.wait() == 1, "joining a full match exits 1")
    check("match_full" in third.text and "to watch it" not in third.text, third.text)
    white.kill()
    black.kill()
    nothing = client(server.url, "join", "NOSUCHMATCH", name="nothing")
    nothing.expect(r"The server refused \(no_such_match")
    check(nothing.wait() == 1, "joining no match exits 1")
    unreachable = client("ws://127.0.0.1:1", "games", name="unreachable")
    unreachable.expect(r"Cannot reach the server at ws://127.0.0.1:1/: cannot connect")
    check(unreachable.wait() == 1, "an unreachable server exits 1")
    # A pasted --ca-file with blanks around it, as a pasted --server: the file is found.
    cert = os.path.join(SOURCE, "tests", "fixtures", "tls", "server.crt")
    pasted = Process([SKIRMISH, "--server", " wss://127.0.0.1:1 ", "--ca-file", f" {cert} \n", "games"], "pasted")
    pasted.expect(r"Cannot reach the server at wss://127.0.0.1:1/: cannot connect")
    check(pasted.wait() == 1 and "CA file" not in pasted.text, pasted.text)
    # A command line CLI11 itself refuses exits 2 (a usage error), like the client's own checks.
    unknown = client(server.url, "create", "onedchess", "--colour", "white", name="unknown")
    unknown.expect(r"--colour")
    check(unknown.wait() == 2, "an unknown flag exits 2")
    # The client's own checks of the command line exit 2 as well, with CLI11's hint.
    for args, said in [(["join", ""], r"skirmish: MATCH: must not be empty"),
                       (["list", "chess"], r"skirmish: unknown game 'chess': the games are"),
                       (["create", "chess"], r"skirmish: unknown game 'chess': the games are"),
                       (["play", "chess"], r"skirmish: unknown game 'chess': the games are"),
                       (["create", "dcms", "-o", "bogus"], r"skirmish: option 'bogus' must look like KEY=VALUE"),
                       (["--server", "ftp://x", "games"], r"skirmish: server URL 'ftp://x' must start with ws://"),
                       (["plya", "tactego"], r"skirmish: unknown command 'plya' \(the commands: games, list, create"),
                       (["--server"], r"skirmish: --server needs a value"),
                       (["games", "--name", "a", "--name", "b"], r"skirmish: --name is given 2 times: give it once")]:
        wrong = Process([SKIRMISH, *args], "usage") if args[0] == "--server" else client(server.url, *args, name="usage")
        wrong.expect(said)
        wrong.expect(r"Run with --help for more information")
        check(wrong.wait() == 2, f"{args} exits 2")
    # With USER unset or empty (tmux, cron, containers), the account's name is the name shown.
    unnamed = client(server.url, "create", "onedchess", name="unnamed", env={"USER": ""})
    unnamed.expect(r"you: white \(" + re.escape(pwd.getpwuid(os.getuid()).pw_name) + r"\)")
    unnamed.kill()
    helped = client(server.url, "create", "--help", name="helped")
    helped.expect(r"--private")
    check(helped.wait() == 0, "--help exits 0")
    version = Process([SKIRMISH, "--version"], "version")
    version.expect(r"skirmish \d+\.\d+\.\d+ \(protocol 1\)")
    check(version.wait() == 0, "--version exits 0")


def dcms_deadline(server):
    """The time left is shown; a person who types nothing in time makes a null move."""
    blue, red, _ = start_pair(server, "dcms", "map=small", "max_turns=1", "move_time_ms=1500")
    blue.expect(r"Your turn \(blue\), 1\.\d s left\.")
    # Said once, before it costs anything: what running out of time does in this game.
    blue.expect(r"Each move here has a time limit \(1\.\d s left for this one\): if it runs out, it is a null "
                r"move \(no piece moves\); a setup not placed in time loses\.")
    blue.expect(r"columns 0-3\) >> $")
    blue.send("1 1 3 1")
    red.expect(r"columns 4-7\) >> ")
    red.send("1 6 3 6")
    red.expect(r"Your move")
    check(red.text.count("Each move here has a time limit") == 1, "the time limit is told once")
    red.send("m 4")
    for player in (blue, red):
        player.expect(r"Moves: blue \(null move\) red 'm 4'", timeout=10)
        player.expect(r"Game over: Draw! \(score\)")
    check(blue.wait() == 0 and red.wait() == 0, "both clients exit 0")


def interrupt(server):
    white, black, _ = start_pair(server, "onedchess")
    white.expect(r"type resign at any prompt to give up the game")
    white.expect(MOVE_PROMPT)
    white.send(" Resign ")
    white.expect(r"Resign this game\? \[y/N\] $")
    white.send("n")
    white.expect(r"Carrying on\.\n" + MOVE_PROMPT)
    white.proc.send_signal(signal.SIGINT)
    white.expect(r"Resign this game\? \[y/N\] $")
    white.send("n")
    white.expect(r"Carrying on\.\n" + MOVE_PROMPT)
    # Ctrl-C on the other player's turn, left unanswered while the turn comes: the question
    # is asked again under the new board, and a move typed as its answer is played.
    white.send("2 RIGHT")
    black.expect(MOVE_PROMPT)
    white.expect(r"Waiting for black\.")
    white.proc.send_signal(signal.SIGINT)
    white.expect(r"Resign this game\? \[y/N\] $")
    black.send("6 LEFT")
    white.expect(r"Your turn \(white\)\.\nResign this game\? \[y/N\] $")
    white.send("1 RIGHT")
    white.expect(r"Carrying on\.\n")
    black.expect(r"\| WKi \|     \|     \| WKn \| BKn \|")  # white's knight 1 went right
    white.proc.send_signal(signal.SIGINT)
    white.expect(r"\(Ctrl-C again stops this client without resigning: the seat is kept for skirmish resume\)\n"
                 r"Resign this game\? \[y/N\] $")
    white.send("y")
    white.expect(r"Game over: Black wins! \(resignation\) You lose\.")
    black.expect(r"Game over: Black wins! \(resignation\) You win\.")
    check(white.wait() == 0 and black.wait() == 0, "both clients exit 0")
    # Ctrl-C twice: out without resigning, the seat kept.
    white, black, match = start_pair(server, "onedchess")
    white.expect(MOVE_PROMPT)
    white.proc.send_signal(signal.SIGINT)
    white.expect(r"Resign this game\? \[y/N\] $")
    white.proc.send_signal(signal.SIGINT)
    white.expect(r"Stopping \(Ctrl-C twice\)\. Your seat stays yours for the server's reconnect grace: take it "
                 r"back with: skirmish resume " + match)
    check(white.wait() == 3, "stopping with the seat kept exits 3")
    black.expect(r"white (\(.*?\) )?lost the connection")
    check("resignation" not in black.text, "white did not resign")
    black.kill()


def play_command(server):
    # A client killed while it waited leaves its open match behind, seat held: `play` from
    # here again must not join its other seat (playing oneself), and says how to resume.
    gone = client(server.url, "play", "onedchess", name="gone")
    abandoned = gone.expect(r"Joined match (\w+) \(onedchess\) as white").group(1)
    gone.expect(r"take your seat back .* with: skirmish resume " + abandoned)  # saved
    gone.kill()  # SIGKILL: the seat file stays, its client is gone
    first = client(server.url, "play", "onedchess", name="first")
    first.expect(r"Skipping open match %s: a seat there is yours, left by a client that stopped "
                 r"\(take it back with: skirmish resume %s\)" % (abandoned, abandoned))
    first.expect(r"No open onedchess match on these terms: creating one")
    match = first.expect(r"Joined match (\w+) \(onedchess\) as white").group(1)
    first.expect(r"Waiting for an opponent")
    second = client(server.url, "play", "onedchess", name="second")
    second.expect(r"Joining open match " + match + r" \(defaults\)")
    second.expect(r"Joined match " + match + r" \(onedchess\) as black")
    play_onedchess(first, second, ONEDCHESS_GAME, ONEDCHESS_BOARDS)
    first.expect(r"Game over: White wins!")
    check(first.wait() == 0 and second.wait() == 0, "both clients exit 0")
    # Someone else's open match whose player lost the connection is not joined: the game
    # would start against an empty chair. `list` marks the seat away.
    elsewhere = {"SKIRMISH_STATE_DIR": tempfile.mkdtemp(prefix="skirmish-elsewhere-")}
    dropped = client(server.url, "--name", "carol", "play", "onedchess", name="dropped", env=elsewhere)
    away = dropped.expect(r"Joined match (\w+) \(onedchess\) as white").group(1)
    dropped.expect(r"Waiting for an opponent")
    dropped.kill()
    listed = ""
    for _ in range(50):  # until the server has seen the connection go (bounded)
        listing = client(server.url, "list", "onedchess", name="listing")
        listing.wait()
        listed = listing.text
        if "(away)" in listed:
            break
        time.sleep(0.1)
    check(re.search(away + r" +onedchess +open +white: carol \(away\), black: free", listed), listed)
    third = client(server.url, "play", "onedchess", name="third")
    third.expect(r"Skipping open match " + away + r": its player is away \(lost the connection\)")
    third.expect(r"No open onedchess match on these terms: creating one")
    third.kill()
    shutil.rmtree(elsewhere["SKIRMISH_STATE_DIR"])


def play_on_terms(server):
    """`play` skips a match whose creator set terms the player did not ask for (here a fog
    match's seed and full spectators); `list` shows them and `join` warns about them."""
    rigged = client(server.url, "create", "tactego", "--detach", "-o", "fog=on", "-o", "seed=mine",
                    "-o", "spectators=full", name="rigged")
    match = rigged.expect(r"Created tactego match (\w+)").group(1)
    check(rigged.wait() == 0, "create --detach exits 0")
    listing = client(server.url, "list", name="list")
    listing.expect(match + r"\s+tactego\s+open.*\n\s+options: fog=true, seed=\(hidden\), spectators=full\n"
                   r"\s+warning: its creator chose the seed of this fog match")
    check(listing.wait() == 0, "list exits 0")
    player = client(server.url, "play", "tactego", "-o", "fog=true", name="player")
    player.expect(r"No open tactego match on these terms: creating one\n"
                  r"\(1 open tactego match has other terms: skirmish list tactego shows them, "
                  r"skirmish join MATCH takes one\)")
    own = player.expect(r"Joined match (\w+) \(tactego\)").group(1)
    check(own != match, "play did not join the rigged match")
    player.kill()
    joiner = client(server.url, "join", match.lower(), name="joiner")
    joiner.expect(r"Match " + match + r" \(tactego\), options set by its creator: fog=true, seed=\(hidden\), "
                  r"spectators=full\n")
    joiner.expect(r"Warning: its creator chose the seed of this fog match, so they can know where your pieces start")
    joiner.expect(r"Warning: anyone watching this fog match, its creator too, sees your hidden pieces")
    joiner.expect(r"Joined match " + match + r" \(tactego\)")
    joiner.kill()


def join_question(server):
    """On a terminal, `join` asks before taking a seat on terms that could be unfair (piped,
    as in play_on_terms, it goes on): no (or Ctrl-C) leaves the match alone, yes or --yes
    joins."""
    rigged = client(server.url, "create", "onedchess", "--detach", "-o", "move_time_ms=9000", name="rigged")
    match = rigged.expect(r"Created onedchess match (\w+)").group(1)
    check(rigged.wait() == 0, "create --detach exits 0")
    with on_terminal(server, "join", match) as (declined, master):
        seen = read_pty(master, b"Join anyway? [y/N] ")
        check(b"Warning: each move must be made within 9000 ms" in seen, seen)
        os.write(master, b"n\r")
        seen = read_pty(master, b"Not joined: match " + match.encode() + b" is left as it is")
        check(b"Joined" not in seen, seen)
        check(declined.wait(5) == 1, "a declined join exits 1")
    with on_terminal(server, "join", match) as (stopped, master):
        read_pty(master, b"Join anyway? [y/N] ")
        stopped.send_signal(signal.SIGINT)  # Ctrl-C: the answer no, said as such
        seen = read_pty(master, b"Not joined: match " + match.encode() + b" is left as it is")
        check(b"Joined" not in seen, seen)
        check(stopped.wait(5) == 1, "a join stopped at the question exits 1")
    listing = client(server.url, "list", name="list")
    listing.expect(match + r"\s+onedchess\s+open\s+white: free, black: free")
    check(listing.wait() == 0, "list exits 0")
    with on_terminal(server, "join", match) as (_, master):
        read_pty(master, b"Join anyway? [y/N] ")
        os.write(master, b"y\r")
        read_pty(master, b"Joined match " + match.encode() + b" (onedchess) as white")
        with on_terminal(server, "join", match, "--yes") as (_, other):
            seen = read_pty(other, b"Joined match " + match.encode() + b" (onedchess) as black")
            check(b"Warning: each move" in seen and b"Join anyway" not in seen, seen)


def stop_keeps_seat(server):
    """SIGTERM or SIGHUP (a closed terminal) does not resign a person's game: the seat is
    held and `resume` takes it back. A resume elsewhere tells the old client, which stops."""
    for stop in (signal.SIGTERM, signal.SIGHUP):
        white, black, match = start_pair(server, "onedchess")
        white.expect(MOVE_PROMPT)
        white.proc.send_signal(stop)
        white.expect(r"Stopping \(stopped by signal %d\)\. Your seat stays yours for the server's reconnect "
                     r"grace: take it back with: skirmish resume %s" % (stop, match))
        check(white.wait(5) == 3, "a stopped client exits 3")
        black.expect(r"white (\(.*?\) )?lost the connection")
        check("resign" not in white.text.lower().replace("type resign", ""), "nothing was resigned")
        again = client(server.url, "resume", match, "--seat", "white", name="white-again")
        again.expect(r"Resumed seat white in match " + match)
        black.expect(r"white (\(.*?\) )?is back")
        # Now the seat is resumed from a third client: the second is told and stops.
        third = client(server.url, "resume", match, "--seat", "white", name="white-third")
        third.expect(r"Resumed seat white in match " + match)
        again.expect(r"Your seat white in match " + match + r" is now played from another connection")
        check(again.wait(5) == 3, "the client whose seat was taken exits 3")
        third.kill()
        black.kill()


def terminal_closed(server):
    """End of input on a terminal (Ctrl-D, or the terminal went away) keeps the seat."""
    white, black, match = start_pair(server, "onedchess")
    black.expect(r"If this client stops, take your seat back")
    black.kill()
    with black_on_terminal(server, match) as (again, master):
        read_pty(master, b"Waiting for white.")
        white.expect(MOVE_PROMPT)
        white.send("2 RIGHT")
        read_pty(master, b"Select Position of Piece to Move >> ")
        os.write(master, b"\x04")  # Ctrl-D at the prompt
        seen = read_pty(master, b"skirmish resume " + match.encode())
        check(b"Your seat stays yours" in seen, f"the seat is kept; got {seen[-400:]!r}")
        check(again.wait(10) == 3, "the client exits 3")
    white.expect(r"black (\(.*?\) )?lost the connection")
    check("resignation" not in white.text, "black did not resign")
    # Ctrl-D on the other player's turn stops the client at once, not at its next prompt
    # (which would leave the other player to find a dropped connection later).
    with black_on_terminal(server, match) as (again, master):
        read_pty(master, b"Select Position of Piece to Move >> ")
        os.write(master, b"6 LEFT\n")  # the game's second move (ONEDCHESS_GAME)
        read_pty(master, b"Waiting for white.")
        os.write(master, b"\x04")  # Ctrl-D with no prompt open
        seen = read_pty(master, b"skirmish resume " + match.encode())
        check(b"Your seat stays yours" in seen, f"the seat is kept; got {seen[-400:]!r}")
        check(again.wait(5) == 3, "the client exits 3 at once, white not having moved")
    white.expect(r"black (\(.*?\) )?lost the connection")
    check("resignation" not in white.text, "black did not resign")
    white.kill()


def terminal_closed_before_start(server):
    """Ctrl-D while waiting for an opponent leaves the match at once, freeing the seat."""
    with on_terminal(server, "create", "onedchess") as (alone, master):
        match = re.search(rb"Created onedchess match (\w+)", read_pty(master, b"Waiting for an opponent"))
        check(match is not None, "a match was created")
        os.write(master, b"\x04")
        check(alone.wait(5) == 0, "leaving a match not started exits 0")
    late = client(server.url, "join", match.group(1).decode(), name="late")
    late.expect(r"The server refused \(no_such_match|Joined match .* as white")
    late.kill()


def seat_files(match):
    return sorted(name for name in os.listdir(STATE_DIR) if name.startswith(match + "-"))


def resume(server):
    """A client killed mid-game (no resign): `skirmish resume` takes the seat back with the
    token it saved, and the game goes on to its end."""
    white, black, match = start_pair(server, "onedchess")
    black.expect(r"If this client stops, take your seat back .*: skirmish resume " + match)
    check(seat_files(match) == [match + "-black.json", match + "-white.json"],
          f"both seats saved: {seat_files(match)}")
    mode = os.stat(os.path.join(STATE_DIR, match + "-black.json")).st_mode & 0o777
    check(mode == 0o600, f"a saved token is readable by its owner only ({oct(mode)})")
    play_onedchess(white, black, ONEDCHESS_GAME[:1], ONEDCHESS_BOARDS[:1])
    black.expect(MOVE_PROMPT)
    black.kill()  # no resign: the server holds the seat for the grace
    white.expect(r"black (\(.*?\) )?lost the connection")
    # Both seats were played from this account: which one must be said.
    both = client(server.url, "resume", match, name="both")
    both.expect(r"seats black and white of match " + match + r" are both saved here: choose one with --seat")
    check(both.wait() == 1, "an ambiguous resume exits 1")
    # A saved token goes only to the server that gave it, whatever --server says.
    elsewhere = client("ws://127.0.0.1:9", "resume", match, "--seat", "black", name="elsewhere")
    elsewhere.expect(r"the saved seat black of match " + match + r" was taken on " + re.escape(server.url) +
                     r".*, not ws://127.0.0.1:9/ \(from --server or SKIRMISH_SERVER\): its token is sent only there")
    check(elsewhere.wait() == 1, "a resume aimed at another server exits 1")
    # As people paste and type it: blanks around it, lower case.
    black = client(server.url, "resume", " " + match.lower() + " ", "--seat", "black", name="black-again")
    black.expect(r"Resumed seat black in match " + match + r" \(onedchess\)")
    white.expect(r"black (\(.*?\) )?is back")
    black.expect(BOX_TOP + r"\n" + re.escape(ONEDCHESS_BOARDS[0]) + r"\n" + BOX_TOP)
    play_onedchess(white, black, ONEDCHESS_GAME[1:], ONEDCHESS_BOARDS[1:], first_turn=1)
    black.expect(r"Game over: White wins! \(king_taken\) You lose\.")
    check(white.wait() == 0 and black.wait() == 0, "both clients exit 0")
    check(seat_files(match) == [], f"the saved seats are removed when the game ends: {seat_files(match)}")
    missing = client(server.url, "resume", match, "--seat", "black", name="missing")
    missing.expect(r"no saved seat 'black' of match " + match + r" in .* \(a seat's file is removed when its game "
                   r"ends: `skirmish replay " + match + r"` shows a finished game\); else give the seat's token with --token")
    check(missing.wait() == 1, "resuming a seat never saved exits 1")


def process_state(pid):
    """The state letter of /proc/PID/stat ("T": stopped)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


def wait_until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def typed_line_kept(server):
    """On a terminal, a move typed half-way when a notice comes is drawn again under it and
    finished there; arrow keys put nothing into the line; the terminal's mode (which the
    client changes to keep the line itself) is back while it is stopped (Ctrl-Z) and when it
    ends."""
    local = termios.ICANON | termios.ECHO  # a new terminal's: a line at a time, echoed
    with on_terminal(server, "create", "onedchess", keep_slave=True) as (white, master, slave):
        match = re.search(rb"Created onedchess match (\w+)", read_pty(master, b"Waiting for an opponent"))
        check(match is not None, "a match was created")
        black = client(server.url, "--name", "bob", "join", match.group(1).decode(), name="black")
        read_pty(master, b"Select Position of Piece to Move >> ")
        os.write(master, b"2 \x1b[DRI")  # an arrow key between the words
        read_pty(master, b"2 RI")
        # The client reads through a description of its own: the terminal's, which its
        # output shares, stays blocking (non-blocking, writes were lost when it was slow).
        check(fcntl.fcntl(slave, fcntl.F_GETFL) & os.O_NONBLOCK == 0, "the terminal's output stays blocking")
        # Ctrl-Z: the shell's mode is back while the client is stopped; `fg` takes the
        # terminal again and asks again, with what was typed.
        white.send_signal(signal.SIGTSTP)
        check(wait_until(lambda: process_state(white.pid) == "T"), "the client stops on SIGTSTP")
        check(termios.tcgetattr(slave)[3] & local == local, "stopped: the terminal's mode is back")
        check(fcntl.fcntl(slave, fcntl.F_GETFL) & os.O_NONBLOCK == 0, "stopped: the shell's blocking reads are back")
        # A shell clears O_NONBLOCK while its job is stopped (bash does): the client must
        # not then block in read() until a key comes.
        fcntl.fcntl(slave, fcntl.F_SETFL, fcntl.fcntl(slave, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        white.send_signal(signal.SIGCONT)
        seen = read_pty(master, b"\r\nSelect Position of Piece to Move >> 2 RI")
        check(termios.tcgetattr(slave)[3] & local == 0, "running again: the client keeps the line")
        black.expect(r"If this client stops, take your seat back")
        black.kill()  # the notice comes while white is typing
        seen = read_pty(master, b"lost the connection")
        if not seen.endswith(b" >> 2 RI"):
            seen += read_pty(master, b" >> 2 RI")
        check(re.search(rb"lost the connection[^\n]*\r\nSelect Position of Piece to Move >> 2 RI$", seen),
              f"the prompt is drawn again with what was typed; got {seen[-400:]!r}")
        os.write(master, b"GHT\n")
        seen = read_pty(master, b"Waiting for black")
        check(b"| WKi | WKn |     |     | WKn |" in seen, f"2 RIGHT was played; got {seen[-600:]!r}")
        os.write(master, b"\x04")  # Ctrl-D: the client stops, keeping its seat
        check(white.wait(10) == 3, "Ctrl-D on a terminal exits 3")
        after = termios.tcgetattr(slave)
        check(after[3] & local == local, f"the terminal's mode is back: {after[3]:o}")
        check(fcntl.fcntl(slave, fcntl.F_GETFL) & os.O_NONBLOCK == 0,
              "the terminal is left blocking, as a shell's next program reads it")


def wrapped_line_erased(server):
    """On a terminal narrower than the prompt and the line typed, backspace erases back over
    the row's start: the cursor is moved up a row and along to where the line now ends."""
    prompt = b"Select Position of Piece to Move >> "
    with on_terminal(server, "create", "onedchess", keep_slave=True) as (white, master, slave):
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))  # 40 columns
        match = re.search(rb"Created onedchess match (\w+)", read_pty(master, b"Waiting for an opponent"))
        check(match is not None, "a match was created")
        black = client(server.url, "--name", "bob", "join", match.group(1).decode(), name="black")
        read_pty(master, prompt)
        os.write(master, b"abcdefgh")  # the prompt's 36 columns and 4 more fill the row
        read_pty(master, b"abcdefgh")
        os.write(master, b"\x7f" * 5)  # h, g, f, e on the second row; d on the first
        seen = read_pty(master, b"\x1b[J")
        check(seen.endswith(b"\b \b" * 4 + b" \b\x1b[1A\r\x1b[39C\x1b[J"),
              f"the cursor goes up to the first row's last column; got {seen!r}")
        os.write(master, b"\x7f" * 3 + b"2 RIGHT\r")
        seen = read_pty(master, b"Waiting for black")
        check(b"| WKi | WKn |     |     | WKn |" in seen, f"2 RIGHT was played; got {seen[-600:]!r}")
        black.kill()


def resign_question_on_terminal(server):
    """On a terminal: Ctrl-C drops the half-typed line, so the question's answer is only
    what is typed after it; an answer half-typed when the turn comes stays, under the new
    board, with the question last."""
    with on_terminal(server, "create", "onedchess") as (white, master):
        match = re.search(rb"Created onedchess match (\w+)", read_pty(master, b"Waiting for an opponent"))
        black = client(server.url, "--name", "bob", "join", match.group(1).decode(), name="black")
        read_pty(master, b"Select Position of Piece to Move >> ")
        os.write(master, b"2 RI")
        read_pty(master, b"2 RI")
        white.send_signal(signal.SIGINT)
        read_pty(master, b"Resign this game? [y/N] ")
        os.write(master, b"n\n")
        read_pty(master, b"Carrying on.\r\nSelect Position of Piece to Move >> ")  # not '2 RIn'
        os.write(master, b"2 RIGHT\n")
        black.expect(MOVE_PROMPT)
        read_pty(master, b"Waiting for black.")
        white.send_signal(signal.SIGINT)  # on black's turn
        read_pty(master, b"Resign this game? [y/N] ")
        os.write(master, b"n")  # not yet Enter: black moves meanwhile
        read_pty(master, b"n")
        black.send("6 LEFT")
        seen = read_pty(master, b"Your turn (white).")
        if not seen.endswith(b"[y/N] n"):
            seen += read_pty(master, b"[y/N] n")
        check(seen.endswith(b"Your turn (white).\r\nResign this game? [y/N] n"),
              f"the question, half answered, is last; got {seen[-300:]!r}")
        check(b"ignored" not in seen, f"the answer is not dropped as typed ahead; got {seen[-300:]!r}")
        os.write(master, b"\n")
        read_pty(master, b"Carrying on.\r\nSelect Position of Piece to Move >> ")
        black.kill()


def resume_after_end(server):
    """A seat resumed after its game ended shows the end, and its saved file goes."""
    white, black, match = start_pair(server, "onedchess")
    black.expect(r"If this client stops, take your seat back")
    black.kill()
    white.expect(MOVE_PROMPT)
    white.send("resign")
    white.expect(r"Resign this game\? \[y/N\] $")
    white.send("y")
    white.expect(r"Game over: Black wins! \(resignation\)")
    check(match + "-black.json" in seat_files(match), "black's seat file outlived its client")
    again = client(server.url, "resume", match, "--seat", "black", name="black-again")
    again.expect(r"Game over: Black wins! \(resignation\) You win\.")
    check(again.wait() == 0, "a resume that finds the game over exits 0")
    check(seat_files(match) == [], f"the seat file is gone: {seat_files(match)}")


def type_ahead(server):
    """On a terminal, what a player types while it is not their turn is not played later,
    and the player is told at once."""
    white, black, match = start_pair(server, "onedchess")
    black.expect(r"If this client stops, take your seat back")
    black.kill()
    with black_on_terminal(server, match) as (again, master):
        read_pty(master, b"Waiting for white.")
        os.write(master, b"6\n")  # typed during white's turn
        read_pty(master, b"(not sent: it is not your turn; 'resign' and 'help' work at your prompt, "
                         b"Ctrl-C resigns now)\r\n")
        os.write(master, b"resign\n")
        read_pty(master, b"(not sent: it is not your turn")
        os.write(master, b"?\n")  # the legend, even while not asked for a move
        read_pty(master, b"Kn knight: jumps exactly 2 cells")
        white.expect(MOVE_PROMPT)
        white.send("2")
        white.send("RIGHT")
        seen = read_pty(master, b">> ")
        check(seen.rstrip().endswith(b"Select Position of Piece to Move >>"),
              f"black is asked for a position, not a direction; got {seen[-300:]!r}")
        check(b"Resign this game?" not in seen, f"the early resign is not asked later; got {seen[-600:]!r}")
    white.kill()


def time_warning(server):
    """On a terminal, a prompt with a time limit says 10 s before it how little is left (a
    person has no clock on the screen); piped, nothing is said."""
    with on_terminal(server, "create", "onedchess", "-o", "move_time_ms=18000") as (white, master):
        match = re.search(rb"Created onedchess match (\w+)", read_pty(master, b"Waiting for an opponent"))
        check(match is not None, "a match was created")
        black = client(server.url, "join", match.group(1).decode(), name="black")
        read_pty(master, b"Select Position of Piece to Move >> ")
        started = time.monotonic()
        seen = read_pty(master, b"10 s left for this move; then the game is lost on time.", timeout=20)
        waited = time.monotonic() - started
        check(6 <= waited <= 12, f"the warning came 10 s before the 18 s limit, after {waited:.1f} s")
        if not seen.endswith(b" >> "):  # the prompt drawn again may come in a read of its own
            seen += read_pty(master, b" >> ")
        check(seen.rstrip().endswith(b"Select Position of Piece to Move >>"),
              f"the prompt is drawn again under it; got {seen[-300:]!r}")
        os.write(master, b"2 RIGHT\n")
        black.expect(MOVE_PROMPT)
        time.sleep(10)  # past the moment a terminal would have been warned (8 s in)
        check("left for this move" not in black.text, "a piped client is not warned")
        black.kill()


@contextlib.contextmanager
def on_terminal(server, *args, no_color="1", typing=True, keep_slave=False):
    """`skirmish ARGS` on a terminal of its own (its input too, unless not `typing`): yields
    (process, the terminal's master side), and with `keep_slave` the client's side too (to
    read its mode and flags); the process is killed and the terminal closed afterwards."""
    master, slave = pty.openpty()
    env = dict(os.environ, NO_COLOR=no_color, SKIRMISH_STATE_DIR=STATE_DIR)
    process = subprocess.Popen([SKIRMISH, "--server", server.url, *args],
                               stdin=slave if typing else subprocess.DEVNULL, stdout=slave, stderr=slave, env=env)
    if not keep_slave:
        os.close(slave)
    try:
        yield (process, master, slave) if keep_slave else (process, master)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if keep_slave:
            os.close(slave)
        os.close(master)


def black_on_terminal(server, match):
    """`skirmish resume MATCH --seat black` on a terminal of its own (on_terminal)."""
    return on_terminal(server, "resume", match, "--seat", "black")


def read_pty(fd, pattern, timeout=20):
    """Reads a terminal's output until `pattern` (bytes) shows up; returns everything read."""
    data = b""
    deadline = time.monotonic() + timeout
    while pattern not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            raise Failure(f"no {pattern!r} on the terminal; got {data[-2000:]!r}")
        if select.select([fd], [], [], left)[0]:
            try:
                data += os.read(fd, 4096)
            except OSError:
                raise Failure(f"terminal closed before {pattern!r}; got {data[-2000:]!r}")
    return data


def colours(server):
    """On a terminal the board is coloured; NO_COLOR turns it off."""
    white, black, match = start_pair(server, "onedchess")
    for no_color, wanted in (("", b"\x1b[34;1mWKi\x1b[0m"), ("1", b"| WKi | WKn | WKn |")):
        with on_terminal(server, "watch", match, no_color=no_color, typing=False) as (watcher, master):
            seen = read_pty(master, b"Waiting for white.")
            check(wanted in seen, f"NO_COLOR={no_color!r}: expected {wanted!r} in {seen!r}")
            check(no_color == "" or b"\x1b[" not in seen, "NO_COLOR leaves no escape codes")
            watcher.send_signal(signal.SIGINT)
            # A spectator stops watching (it never had a seat to leave), on a line of its own
            # after the "^C" a terminal echoes.
            said = read_pty(master, b"Stopped watching match " + match.encode() + b".")
            check(b"Waiting for white.\r\n\r\nStopped watching" in seen + said,
                  f"a line of its own: {(seen + said)[-200:]!r}")
            check(watcher.wait(20) == 0, "a spectator leaves on Ctrl-C")
    white.kill()
    black.kill()


def shutdown_notice(server):
    """The server's shutdown notice withdraws the move prompt: it comes back only once the
    seat is back and a move is asked for."""
    white, black, match = start_pair(server, "onedchess")
    white.expect(MOVE_PROMPT)
    watcher = client(server.url, "watch", match, name="watcher")
    watcher.expect(r"Waiting for white\.")
    server.process.proc.send_signal(signal.SIGTERM)
    # The client's own words: it takes the seat back by itself (the server's are for any client).
    white.expect(r"\* The server is stopping \(it says: the server is restarting.*\); this client reconnects "
                 r"and takes the seat back by itself once it is back\n")
    # A spectator has no seat to take back.
    watcher.expect(r"\* The server is stopping \(it says: .*spectators watch again\); this client reconnects "
                   r"and watches again by itself once it is back\n")
    watcher.kill()
    notice_end = white.cursor
    white.expect(r"Connection lost: .*; reconnecting\.\.\.\n$")
    between = white.text[notice_end:white.cursor]
    check("Select Position" not in between, f"no prompt after the shutdown notice; got {between!r}")
    white.kill()
    black.kill()


def stop_while_reconnecting(server):
    """SIGTERM while the connection is down ends the client at once (exit 3): the seat is
    not taken back, and is lost once the server's reconnect grace runs out."""
    proxy = Proxy(server.port)
    try:
        white = client(proxy.url, "--name", "alice", "create", "onedchess", "-o", "reconnect_grace_ms=1000",
                       name="alice")
        match = white.expect(r"Created \w+ match (\w+)").group(1)
        black = client(server.url, "--name", "bob", "join", match, name="bob")
        white.expect(MOVE_PROMPT)
        proxy.close()  # no way back through it: the client keeps reconnecting
        white.expect(r"Connection lost: .*; reconnecting")
        white.proc.send_signal(signal.SIGTERM)
        white.expect(r"Stopping \(stopped by signal 15\)\. Your seat stays yours for the server's "
                     r"reconnect grace")
        check(white.wait(5) == 3, "a client stopped while reconnecting exits 3 within 5 s")
        check("Reconnected" not in white.text, "the seat was not taken back")
        black.expect(r"Game over: Black wins! \(forfeit\) You win\.")
        check(black.wait() == 0, "black exits 0")
    finally:
        proxy.close()


def export_hidden(server):
    """A running fog match's moves are hidden: export refuses it, and writes no file. A record
    file given as the match is refused up front (exit 2, a usage error), saying what to do."""
    red, blue, match = start_pair(server, "tactego", "fog=true")
    blue.expect(r"Joined match " + match)
    path = os.path.join(tempfile.gettempdir(), f"skirmish-export-{os.getpid()}.json")
    export = client(server.url, "export", match, "-o", path, name="export")
    export.expect(r"skirmish export: match " + match + r" is running: this match has hidden information: its seed "
                  r"and moves are shown when it ends; export it after it ends")
    check(export.wait() == 1, "exporting a hidden record exits 1")
    written = os.path.exists(path)
    if written:
        os.remove(path)
    check(not written, f"no record is written to {path}")
    red.kill()
    blue.kill()

    record = os.path.join(tempfile.gettempdir(), f"skirmish-record-{os.getpid()}.json")
    with open(record, "w") as f:
        f.write("{}")
    try:
        export = client(server.url, "export", record, "-o", path, name="export-file")
        export.expect(r"^skirmish: export takes a match id \(e\.g\. IAEIAPYO\); '%s' is a file — to check it: "
                      r"skirmish verify %s; to step through it: skirmish replay %s\n" % ((re.escape(record),) * 3))
        check(export.wait() == 2, "exporting a file path exits 2")
        check("cannot fetch" not in export.text and not os.path.exists(path), "nothing is fetched or written")
    finally:
        os.remove(record)


def private_match(server):
    """`create --private`: its creator is given the invite code and the whole command to pass
    on; a join without the code (or with a wrong one) is refused, exit 1, saying what to do;
    one with it, typed in lower case (with spaces, to watch), plays; `list` never shows it."""
    alice = client(server.url, "--name", "alice", "create", "onedchess", "--private", name="alice")
    code = r"[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}"
    created = alice.expect(r"Created onedchess match (\w+) \(others join with: skirmish --server ws://\S+ "
                           r"join \1 --invite (%s)\)\n" % code)
    match, invite = created.group(1), created.group(2)
    # 127.0.0.1 is the friend's own machine: the creator is told to give the real address.
    alice.expect(r"^\(from another machine, use this server's address instead of 127\.0\.0\.1\)\n")
    alice.expect(r"Private match: its invite code is " + invite + r"\. ")
    alice.expect(r"Waiting for an opponent")
    listing = client(server.url, "list", name="list")
    check(listing.wait() == 0, "list exits 0")
    check(match not in listing.text, f"list does not show the private match:\n{listing.text}")
    uninvited = client(server.url, "--name", "eve", "join", match, name="uninvited")
    # The whole command to paste, with the --server this client used.
    uninvited.expect(r"The server refused \(unauthorized: match %s is private: .*\); again with the code: "
                     r"skirmish --server %s/ join %s --invite CODE\n" % (match, re.escape(server.url), match))
    check(uninvited.wait() == 1, "a join without the invite code exits 1")
    wrong = client(server.url, "watch", match, "--invite", "AAAA-AAAA-AAAA", name="wrong")
    wrong.expect(r"The server refused \(unauthorized: that is not the invite code of match %s\); check the "
                 r"invite code" % match)
    check(wrong.wait() == 1, "a watch with a wrong invite code exits 1")
    # The code from the environment: other users see a command line in `ps`.
    bob = client(server.url, "--name", "bob", "join", match, name="bob", env={"SKIRMISH_INVITE": invite.lower()})
    bob.expect(r"Match %s \(onedchess\), options set by its creator: private=true\n" % match)
    bob.expect(r"Joined match %s \(onedchess\) as black" % match)
    bob.expect(r"If this client stops, take your seat back")  # alice's was saved when she joined
    # resume needs only the seat's token: the code is never written to disk.
    saved = "".join(open(os.path.join(STATE_DIR, name)).read() for name in seat_files(match))
    check(len(seat_files(match)) == 2 and invite.replace("-", "") not in saved.upper().replace("-", ""),
          f"both seats saved, without the invite code: {seat_files(match)}")
    watcher = client(server.url, "watch", match, "--invite", invite.lower().replace("-", " "), name="watcher")
    watcher.expect(r"Watching match %s \(onedchess\)" % match)
    # Its moves are kept back while it runs because it is private, and export says so.
    early = client(server.url, "export", match, name="early")
    early.expect(r"skirmish export: match %s is running: this match is private: its moves are shown when it "
                 r"ends; export it after it ends" % match)
    check(early.wait() == 1, "exporting a private running match exits 1")
    play_onedchess(alice, bob, ONEDCHESS_GAME, ONEDCHESS_BOARDS)
    alice.expect(r"Game over: White wins! \(king_taken\) You win\.")
    bob.expect(r"Game over: White wins! \(king_taken\) You lose\.")
    watcher.expect(r"Game over: White wins! \(king_taken\)\n")
    check(alice.wait() == 0 and bob.wait() == 0 and watcher.wait() == 0, "all three clients exit 0")
    # `play --private` never looks for someone else's match; a bot's match is joined by a bot.
    carol = client(server.url, "play", "onedchess", "--private", name="carol")
    carol.expect(r"^Creating a private onedchess match\n")
    carol.expect(r"Created onedchess match (\w+) \(others join with: skirmish --server ws://\S+ join \1 ")
    check("No open" not in carol.text, f"play --private lists nothing:\n{carol.text}")
    carol.kill()
    robot = client(server.url, "bot", "onedchess", "-o", "private=true", "--cmd", "cat >/dev/null", "--log",
                   os.devnull, name="robot")
    robot.expect(r"^Creating a private onedchess match\n")
    robot.expect(r"Created onedchess match (\w+) \(others join with: skirmish --server ws://\S+ "
                 r"bot --cmd PROGRAM \1 --invite %s\)\n" % code)
    robot.kill()


def removed_match_spectator(server):
    """A spectator of a match removed before it started (its only player left) is told so by
    the server and stops, exit 0, instead of waiting for an opponent for ever."""
    alice = client(server.url, "--name", "alice", "create", "onedchess", name="alice")
    match = alice.expect(r"Created onedchess match (\w+)").group(1)
    alice.expect(r"Waiting for an opponent")
    carol = client(server.url, "watch", match, name="carol")
    carol.expect(r"Waiting for an opponent")
    alice.proc.send_signal(signal.SIGINT)
    alice.expect(r"Left match " + match)
    carol.expect(r"The server says: match %s was removed before it started" % match)
    check(carol.wait(5) == 0, "the spectator exits 0")


CASES = {
    "private_match": (private_match, ()),
    "removed_match_spectator": (removed_match_spectator, ()),
    "dcms_deadline": (dcms_deadline, ()),
    "interrupt": (interrupt, ()),
    "play": (play_command, ()),
    "play_on_terms": (play_on_terms, ()),
    "join_question": (join_question, ()),
    "stop_keeps_seat": (stop_keeps_seat, ()),
    "terminal_closed": (terminal_closed, ()),
    "terminal_closed_before_start": (terminal_closed_before_start, ()),
    "colours": (colours, ()),
    "onedchess": (onedchess_game, ()),
    "tactego": (tactego_game, ()),
    "dcms": (dcms_game, ()),
    "reconnect": (reconnect, ()),
    "end_of_input": (end_of_input, ()),
    "end_without_history": (end_without_history, ("--store", "off")),
    "lobby": (lobby, ()),
    "resume": (resume, ()),
    "offline_prompt": (offline_prompt, ()),
    "lost_move_after_restart": (lost_move_after_restart, ()),
    "type_ahead": (type_ahead, ()),
    "time_warning": (time_warning, ()),
    "resume_after_end": (resume_after_end, ()),
    "typed_line_kept": (typed_line_kept, ()),
    "wrapped_line_erased": (wrapped_line_erased, ()),
    "resign_question_on_terminal": (resign_question_on_terminal, ()),
    "clock_after_restart": (clock_after_restart, ()),
    "shutdown_notice": (shutdown_notice, ()),
    "stop_while_reconnecting": (stop_while_reconnecting, ()),
    "export_hidden": (export_hidden, ()),
}

if __name__ == "__main__":
    run(CASES)
