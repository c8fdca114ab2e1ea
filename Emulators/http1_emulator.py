"""The HTTP/1.1 server the JPush and Getui emulators run on (both providers accept HTTP/1.1;
Getui's official SDK and JPush's speak it)."""

import argparse
import json
import socket
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from emulator_common import Recorder, Script, announce


def arguments(*credentials):
    """The command line both emulators take: `--port`, `--record`, `--script` and the provider's
    `credentials` (each required). Returns the arguments, the recorder and the script."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    for name in credentials:
        parser.add_argument(name, required=True)
    parser.add_argument("--record")
    parser.add_argument("--script")
    args = parser.parse_args()
    return args, Recorder(args.record), Script(args.script)


class Answer:
    def __init__(self, status, body, headers=None):
        self.status = status
        self.body = body
        self.headers = headers or {}


class Drop(Exception):
    """Close the connection without an answer."""


def serve(port, handle, recorder, provider):
    """Serves `handle(method, path, headers, body) -> Answer` on 127.0.0.1:port (0: any)."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body leave in one segment each without waiting for an ACK (Nagle).
        disable_nagle_algorithm = True

        def log_message(self, *args):
            pass

        def _serve(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            headers = {name.lower(): value for name, value in self.headers.items()}
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            entry = {"kind": "request", "provider": provider, "protocol": self.request_version,
                     "method": self.command, "path": self.path, "headers": headers, "body": body}
            try:
                answer = handle(self.command, self.path, headers, body, raw)
            except Drop:
                entry["answer"] = "dropped"
                recorder.record(entry)
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
            entry["answer"] = answer.status
            entry["answerBody"] = answer.body
            recorder.record(entry)
            data = json.dumps(answer.body).encode("utf-8") if answer.body is not None else b""
            self.send_response(answer.status)
            for name, value in answer.headers.items():
                self.send_header(name, str(value))
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = _serve
        do_POST = _serve
        do_DELETE = _serve
        do_PUT = _serve

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 512

    server = Server(("127.0.0.1", port), Handler)
    announce(server.server_address[1])
    server.serve_forever()


def scripted(script, targets):
    """The next scripted answer for the first of `targets`, once its action is taken: `drop`
    raises Drop, `slow` waits and leaves the normal answer (None); anything else is returned."""
    answer = script.next_answer(targets[0]) if targets else None
    hold = script.get("holdUnscripted")
    if targets and answer is None and hold is not None:
        # A normal answer waits for the first scripted one (see emulator_common's summary).
        started = time.monotonic()
        if script.scripted_given.wait(timeout=30):
            time.sleep(max(0, min(hold, 30 - (time.monotonic() - started))))
    if answer and answer.get("action") == "drop":
        raise Drop()
    if answer and answer.get("action") == "slow":
        time.sleep(answer.get("seconds", 1))
        return None
    return answer


def deliver(recorder, answer, key, targets, result):
    """Records one delivery of `key` to each of `targets`, then answers `result`, or drops the
    connection unanswered when the scripted answer says `drop-after-accept`, or answers late
    when it says `slow-after-accept`."""
    for target in targets:
        recorder.deliver(key, target)
    if answer and answer.get("action") == "drop-after-accept":
        raise Drop()
    if answer and answer.get("action") == "slow-after-accept":
        time.sleep(answer.get("seconds", 1))
    return result
