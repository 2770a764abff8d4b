#!/usr/bin/python3
"""A minimal bot that talks to the server directly over WebSocket (no bridge), with
Debian's python3-websockets. It plays 1D Chess at random:
    /usr/bin/python3 bots/ws_onedchess_bot.py [ws://127.0.0.1:8080] [MATCH]
Without MATCH it joins an open 1D Chess match made with every default (a time limit or
anything else its creator set is not what this bot agreed to), or creates one and waits."""
import asyncio
import json
import random
import sys

import websockets


async def play(url, match):
    async with websockets.connect(url) as ws:
        async def request(message):
            await ws.send(json.dumps(message))

        await request({"type": "hello", "version": 1, "name": "ws-bot", "id": "hello"})
        if match is None:
            await request({"type": "list_matches", "game": "onedchess", "id": "list"})
        else:
            await request({"type": "join", "match": match, "id": "join"})
        seat = None
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "matches":
                # On default terms, and not one whose creator has gone away (that
                # "win" would be a forfeit, not a game).
                open_matches = [m["match"] for m in message["matches"]
                                if m["status"] == "open" and m.get("set_by_creator") == []
                                and all(s["connected"] or not s["taken"] for s in m["seats"])]
                if open_matches:
                    await request({"type": "join", "match": open_matches[0], "id": "join"})
                else:
                    await request({"type": "create_match", "game": "onedchess", "id": "create"})
            elif kind == "match_created":
                print("created match", message["match"], flush=True)
                await request({"type": "join", "match": message["match"], "id": "join"})
            elif kind == "joined":
                seat = message["seat"]
                print("playing", seat, "in", message["match"], flush=True)
            elif kind == "error":
                print("error:", message["code"], message["message"], file=sys.stderr, flush=True)
                if message.get("id") in ("hello", "list", "join", "create"):
                    return 1
            elif kind == "state":
                if message["status"] == "over":
                    print("over:", json.dumps(message["outcome"]), flush=True)
                    return 0
                if seat in message["to_act"]:
                    own = "W" if seat == "white" else "B"
                    board = message["view"]["board"]
                    positions = [i for i, cell in enumerate(board) if cell != "EMPTY" and cell[0] == own]
                    await request({"type": "move", "position": random.choice(positions),
                                   "direction": random.choice(["LEFT", "RIGHT"]), "id": "move"})
    return 1


def main():
    url = sys.argv[1] if len(sys.argv) > 1 else "ws://127.0.0.1:8080"
    match = sys.argv[2] if len(sys.argv) > 2 else None
    sys.exit(asyncio.run(play(url, match)))


if __name__ == "__main__":
    main()
