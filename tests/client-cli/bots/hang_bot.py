"""A bot that never answers a move (it hangs in a loop that also ignores SIGTERM); in DCMS
it places its pieces first. Writes its pid to the file named by argv[1] so the test can check
that the bridge killed it."""
import json
import signal
import sys
import time

with open(sys.argv[1], "w") as f:
    f.write(str(__import__("os").getpid()))
signal.signal(signal.SIGTERM, signal.SIG_IGN)
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "act" and request.get("phase") == "setup":
        print(json.dumps({"placement": [[1, 1], [3, 1]]}), flush=True)
    elif request["type"] == "act":
        while True:
            time.sleep(1)
