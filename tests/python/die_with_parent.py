"""preexec_fn for the servers and clients tests start with subprocess.Popen: the child is
killed when the test process dies, so a test killed by its timeout leaves nothing running.
(Linux's PR_SET_PDEATHSIG follows the thread that started the child: start children from
the main thread, as these tests do.)"""
import ctypes
import signal

_PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True)  # loaded before any fork


def die_with_parent():
    _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
