#!/usr/bin/python3
"""docker/compose.yaml, checked without a Docker engine: it parses, every service runs the
image the file builds, its data volume is the one docs/operations.md's backup and restore
commands name (`-v skirmish-data:/data`), and every bot it runs is a file of bots/.
Exit 77 (CTest's skip) when PyYAML is missing."""
import pathlib
import re
import sys

try:
    import yaml
except ImportError:
    print("PyYAML (python3-yaml) is not installed: compose.yaml not checked")
    sys.exit(77)

source = pathlib.Path(__file__).resolve().parents[2]
compose = yaml.safe_load((source / "docker" / "compose.yaml").read_text())
problems = []

services = compose["services"]
for name, service in services.items():
    if service.get("image") != "skirmish:latest":
        problems.append(f"service {name} runs {service.get('image')!r}, not skirmish:latest")
if services["server"]["build"].get("dockerfile") != "Dockerfile":
    problems.append("the server service does not build the Dockerfile")

# The volume the server keeps its games in, by the name Docker gives it.
mounts = [m for m in services["server"].get("volumes", []) if m.endswith(":/data")]
if len(mounts) != 1:
    problems.append(f"the server mounts {mounts} at /data, not one volume")
else:
    key = mounts[0].split(":")[0]
    declared = (compose.get("volumes") or {}).get(key) or {}
    if declared.get("name") != "skirmish-data":
        problems.append(f"volume {key} is named {declared.get('name')!r}: docker compose would call it "
                        f"'{compose.get('name')}_{key}', not the skirmish-data of the docs' commands")

# Every bot file a service runs, from the image's copy of bots/.
for name, service in services.items():
    text = " ".join(service.get("command") or [])
    for bot in re.findall(r"/usr/share/skirmish/bots/([\w.-]+)", text):
        if not (source / "bots" / bot).is_file():
            problems.append(f"service {name} runs bots/{bot}, which does not exist")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"compose.yaml: {len(services)} services, volume skirmish-data, bots present")
