"""A DCMS bot that places its pieces properly and then crashes (exit status 3) when asked
for its first move."""
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] != "act":
        continue
    if request["phase"] == "setup":
        print(json.dumps({"placement": [[1, 1], [3, 1]]}), flush=True)
    else:
        print("crashing on purpose", file=sys.stderr)
        sys.exit(3)
