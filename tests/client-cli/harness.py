"""Test harness for the skirmish client: a real skirmish-server on a free loopback port,
client processes driven through pipes with bounded waits on their output, and a TCP proxy
that can cut every connection (reconnect tests). Nothing sleeps a fixed time: every wait
is "until this text appears", with a timeout."""
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

SKIRMISH = os.environ["SKIRMISH_CLIENT"]
SERVER = os.environ["SKIRMISH_SERVER_BIN"]
SOURCE = os.environ["SKIRMISH_SOURCE_DIR"]
sys.path.insert(0, os.path.join(SOURCE, "tests", "python"))
from die_with_parent import die_with_parent  # noqa: E402
BOTS = os.path.join(SOURCE, "bots")
TEST_BOTS = os.path.join(SOURCE, "tests", "client-cli", "bots")
PYTHON = "/usr/bin/python3"
WAIT = 20.0  # seconds any single expectation may take
# Where the clients keep their seats' tokens (`skirmish resume`): never the tester's home.
STATE_DIR = tempfile.mkdtemp(prefix="skirmish-state-")


class Failure(AssertionError):
    pass


STARTED = []  # every Process, killed at the end of the case whatever happened


class Process:
    """A child whose stdout+stderr is collected by a thread; expect() waits for a regex."""

    def __init__(self, args, name, env=None, stdin=True):
        self.name = name
        full_env = {**os.environ, "NO_COLOR": "1", "SKIRMISH_STATE_DIR": STATE_DIR, **(env or {})}
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env=full_env, cwd=os.environ.get("TEST_WORKDIR", "."),
                                     preexec_fn=die_with_parent)
        STARTED.append(self)  # only once started: a failed start must not stop the clean-up
        self.text = ""
        self.cursor = 0
        self.lock = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for chunk in iter(lambda: self.proc.stdout.read1(4096), b""):
            with self.lock:
                self.text += chunk.decode("utf-8", "replace")
                self.lock.notify_all()
        with self.lock:
            self.lock.notify_all()

    def expect(self, pattern, timeout=WAIT):
        """Waits until `pattern` appears after the cursor; moves the cursor past it."""
        regex = re.compile(pattern, re.MULTILINE)
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                match = regex.search(self.text, self.cursor)
                if match:
                    self.cursor = match.end()
                    return match
                left = deadline - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not self.reader.is_alive()):
                    raise Failure(f"{self.name}: no /{pattern}/ within {timeout}s; output after cursor:\n"
                                  + self.text[self.cursor:][-3000:])
                self.lock.wait(min(left, 0.2))

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def close_stdin(self):
        self.proc.stdin.close()

    def wait(self, timeout=WAIT):
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure(f"{self.name} did not exit within {timeout}s:\n" + self.text[-3000:])
        self.reader.join(5)
        return code

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Server:
    def __init__(self, *extra):
        # Its own data directory: servers of cases run in parallel must not share a store.
        self.data_dir = tempfile.mkdtemp(prefix="skirmish-data-")
        self.process = Process([SERVER, "--port", "0", "--threads", "1", "--log-level", "info",
                                "--data-dir", self.data_dir, *extra], "server", stdin=False)
        match = self.process.expect(r"listening on [0-9.]+:(\d+)")
        self.port = int(match.group(1))
        self.url = f"ws://127.0.0.1:{self.port}"

    def stop(self):
        if self.process.proc.poll() is None:
            self.process.proc.send_signal(signal.SIGTERM)
            try:
                self.process.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def client(server_url, *args, name="client", env=None):
    return Process([SKIRMISH, "--server", server_url, *args], name, env=env)


class Proxy:
    """Forwards 127.0.0.1:port to the server; drop() cuts every open connection."""

    def __init__(self, target_port):
        self.target = target_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}"
        self.pairs = []
        self.lock = threading.Lock()
        self.accepted = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                downstream, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:  # the server is down (restarting): the client retries
                downstream.close()
                continue
            with self.lock:
                self.pairs.append((downstream, upstream))
                self.accepted += 1
            threading.Thread(target=self._pump, args=(downstream, upstream), daemon=True).start()

    @staticmethod
    def _pump(a, b):
        sockets = [a, b]
        try:
            while True:
                readable, _, _ = select.select(sockets, [], [], 0.5)
                for s in readable:
                    data = s.recv(65536)
                    if not data:
                        raise OSError("closed")
                    (b if s is a else a).sendall(data)
        except (OSError, ValueError):
            for s in sockets:
                try:
                    s.close()
                except OSError:
                    pass

    def drop(self):
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for s in pair:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self):
        self.listener.close()
        self.drop()


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(cases):
    """Runs the case named by argv[1] (CTest runs one case per test)."""
    import sys
    name = sys.argv[1]
    server = Server(*cases[name][1])
    try:
        cases[name][0](server)
    finally:
        for process in STARTED:
            if process is not server.process:
                process.kill()
        server.stop()
        shutil.rmtree(STATE_DIR, ignore_errors=True)
    print(f"{name}: ok")
