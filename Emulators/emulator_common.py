"""What the three provider emulators share: the recording, the scripted answers, the start-up line.

An emulator is a real server on loopback that answers as the provider's documentation says
(each emulator cites its pages) and records every request it received, so the tests can assert
the exact requests (method, path, headers, body) and what was delivered.

Scripted answers (--script FILE, JSON): {"answers": {TARGET: [ANSWER, ...]}, ...}. Each request
to TARGET takes the next answer; when none is left, the provider's normal answer. An ANSWER is
either a provider answer ({"status": 503, ...}) or an action:
  {"action": "drop"}               close the connection before anything is accepted
  {"action": "drop-after-accept"}  accept and deliver, then close the connection unanswered
  {"action": "slow", "seconds": S} wait S seconds, then answer normally
  {"action": "slow-after-accept", "seconds": S}
                                   accept and deliver, then answer after S seconds (HTTP/1.1
                                   emulators: a sender killed meanwhile never hears the answer)
{"answersByOrder": {"N": ANSWER, ...}} gives the Nth request with a target (counted from 1, over
all targets) that answer instead of its target's. The HTTP/1.1 emulators also take
{"holdUnscripted": S}: every normal answer waits until the first scripted one was given, then S
more seconds (at most 30 s in all), so that a test sees what a sender does while a refusal is the
only answer it has, however the threads are scheduled. Script that refusal by order ("1"): one
keyed on a target may itself wait, on the sender's side, behind held requests using every
connection the sender opens.
"""

import json
import os
import signal
import sys
import threading
import time


class Recorder:
    """Every request received, in order, appended to a JSON Lines file as it arrives."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.deliveries = {}
        if path:
            open(path, "w").close()

    def record(self, entry):
        entry["time"] = time.time()
        with self.lock:
            if self.path:
                with open(self.path, "a") as handle:
                    handle.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")

    def deliver(self, key, target):
        """Counts one delivery of the message `key` to `target` (recorded as a `delivery` line)."""
        self.record({"kind": "delivery", "key": key, "target": target})


class Script:
    """The scripted answers, by target, consumed in order."""

    def __init__(self, path):
        self.lock = threading.Lock()
        self.data = {}
        if path:
            with open(path) as handle:
                self.data = json.load(handle)
        self.answers = {key: list(value) for key, value in self.data.get("answers", {}).items()}
        self.by_order = {int(key): value for key, value in self.data.get("answersByOrder", {}).items()}
        self.received = 0
        # Set once the first scripted answer was given.
        self.scripted_given = threading.Event()

    def next_answer(self, target):
        with self.lock:
            self.received += 1
            answer = self.by_order.pop(self.received, None)
            queue = self.answers.get(target)
            if answer is None and queue:
                answer = queue.pop(0)
        if answer is not None:
            self.scripted_given.set()
        return answer

    def get(self, key, default=None):
        return self.data.get(key, default)


def announce(port):
    """The line a test waits for: the port the emulator listens on.

    From then on the emulator ends when its standard input closes (the test that started it
    ended, however it ended) or on SIGTERM, which a parent may have left blocked (a child
    inherits the signal mask: Foundation's Process on Linux leaves SIGTERM blocked).
    """
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def watch_parent():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except (OSError, ValueError):
            pass
        os._exit(0)

    if not sys.stdin.isatty():
        threading.Thread(target=watch_parent, daemon=True).start()
    print("READY %d" % port, flush=True)


def log(message):
    print(message, file=sys.stderr, flush=True)
