#!/usr/bin/env python3
"""A local APNs: HTTP/2 over TLS (ALPN h2 only, as APNs), answering as Apple's documentation says.

Sources: "Sending notification requests to APNs", "Handling notification responses from APNs",
"Establishing a token-based connection to APNs"
(https://developer.apple.com/documentation/usernotifications/...).

  POST /3/device/<token>   authorization: bearer <ES256 JWT>, verified with the key's public half:
                           403 MissingProviderToken, InvalidProviderToken, ExpiredProviderToken
                           (iat older than an hour); 429 TooManyProviderTokenUpdates (a new token
                           within 20 minutes of the last new one). 400 BadDeviceToken (not hex),
                           MissingTopic/BadTopic, PayloadEmpty, BadCollapseId (> 64 bytes),
                           BadPriority, InvalidPushType; 413 PayloadTooLarge (4096, 5120 for
                           voip); 405 MethodNotAllowed; 404 BadPath. 200 with apns-id (echoed,
                           or made); apns-unique-id as the sandbox does.

Script keys: "answers" by device token ({"status": 410, "reason": "Unregistered"} adds a
timestamp); "unregistered": {token: milliseconds} answered 410 Unregistered; "earlyAnswer": true
answers every request as soon as its headers arrive, before reading its body (the body is taken as
valid), then resets the stream with NO_ERROR, as RFC 9113 section 8.1 allows a server that has
sent its complete response: recorded with "early": true, and "bodyUnsent": true when the client
was still sending (the emulator then offers a 16-byte stream window, so that a body cannot arrive
whole before its answer).

Needs the h2 and cryptography packages (pip install h2 cryptography).
"""

import argparse
import asyncio
import base64
import json
import ssl
import time
import uuid

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from h2.config import H2Configuration
from h2.connection import H2Connection
from h2.exceptions import StreamClosedError
from h2.settings import SettingCodes
from h2.events import ConnectionTerminated, DataReceived, RequestReceived, StreamEnded, StreamReset

from emulator_common import Recorder, Script, announce

PUSH_TYPES = {"alert": "", "background": "", "location": ".location-query", "voip": ".voip", "complication": ".complication",
              "fileprovider": ".pushkit.fileprovider", "liveactivity": ".push-type.liveactivity", "pushtotalk": ".voip-ptt",
              "widgets": ".push-type.widgets", "mdm": None}


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Provider:
    def __init__(self, args, recorder, script):
        self.args = args
        self.recorder = recorder
        self.script = script
        with open(args.public_key, "rb") as handle:
            self.public_key = serialization.load_pem_public_key(handle.read())
        self.last_new_token = None  # (token, time it was first seen)
        self.tokens_seen = set()
        self.unregistered = script.get("unregistered", {})

    def verify_token(self, authorization):
        if not authorization or not authorization.startswith("bearer "):
            return 403, "MissingProviderToken"
        token = authorization[len("bearer "):]
        try:
            header_b64, claims_b64, signature_b64 = token.split(".")
            header = json.loads(b64url_decode(header_b64))
            claims = json.loads(b64url_decode(claims_b64))
            raw = b64url_decode(signature_b64)
            if header.get("alg") != "ES256" or header.get("kid") != self.args.key_id or claims.get("iss") != self.args.team_id or len(raw) != 64:
                return 403, "InvalidProviderToken"
            signature = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            self.public_key.verify(signature, (header_b64 + "." + claims_b64).encode(), ec.ECDSA(hashes.SHA256()))
        except (ValueError, InvalidSignature, json.JSONDecodeError):
            return 403, "InvalidProviderToken"
        now = time.time()
        if not isinstance(claims.get("iat"), int) or now - claims["iat"] > 3600:
            return 403, "ExpiredProviderToken"
        if token not in self.tokens_seen:
            if self.last_new_token and now - self.last_new_token[1] < 20 * 60:
                return 429, "TooManyProviderTokenUpdates"
            self.tokens_seen.add(token)
            self.last_new_token = (token, now)
        return None

    def answer(self, headers, body):
        """(status, response headers, body dict or None, action) for one request."""
        apns_id = headers.get("apns-id") or str(uuid.uuid4()).upper()
        out = [("apns-id", apns_id)]
        if self.args.sandbox:
            out.append(("apns-unique-id", str(uuid.uuid4())))

        def error(status, reason, extra=None):
            payload = {"reason": reason}
            payload.update(extra or {})
            return status, out, payload, None

        if headers.get(":method") != "POST":
            return error(405, "MethodNotAllowed")
        path = headers.get(":path", "")
        if not path.startswith("/3/device/"):
            return error(404, "BadPath")
        token = path[len("/3/device/"):]
        refused = self.verify_token(headers.get("authorization"))
        if refused:
            return error(*refused)
        if not token:
            return error(400, "MissingDeviceToken")
        if len(token) % 2 or any(c not in "0123456789abcdefABCDEF" for c in token):
            return error(400, "BadDeviceToken")
        push_type = headers.get("apns-push-type", "alert")
        if push_type not in PUSH_TYPES:
            return error(400, "InvalidPushType")
        topic = headers.get("apns-topic")
        if not topic:
            return error(400, "MissingTopic")
        if PUSH_TYPES[push_type] is not None and topic != self.args.topic + PUSH_TYPES[push_type]:
            return error(400, "BadTopic")
        if headers.get("apns-priority") not in (None, "10", "5", "1") or (push_type == "background" and headers.get("apns-priority") == "10"):
            return error(400, "BadPriority")
        if len(headers.get("apns-collapse-id", "").encode()) > 64:
            return error(400, "BadCollapseId")
        if not body:
            return error(400, "PayloadEmpty")
        if len(body) > (5120 if push_type == "voip" else 4096):
            return error(413, "PayloadTooLarge")
        scripted = self.script.next_answer(token)
        if scripted and scripted.get("action") in ("drop", "drop-after-accept", "slow"):
            return 200, out, None, scripted
        if scripted and "status" in scripted:
            extra = {"timestamp": int(time.time() * 1000)} if scripted["status"] == 410 else None
            return error(scripted["status"], scripted.get("reason", "InternalServerError"), extra)
        if token in self.unregistered:
            return error(410, "Unregistered", {"timestamp": self.unregistered[token]})
        self.recorder.deliver(apns_id, token)
        return 200, out, None, None


CONNECTIONS = [0]


def answer_early(connection, event, provider, recorder, number):
    """Answers a request from its headers alone, then resets its stream with NO_ERROR."""
    headers = dict(event.headers)
    status, out, payload, _ = provider.answer(headers, b"{}")
    entry = {"kind": "request", "provider": "apns", "protocol": "HTTP/2", "connection": number, "method": headers.get(":method"),
             "path": headers.get(":path"), "headers": {k: v for k, v in headers.items() if not k.startswith(":")},
             "body": None, "early": True, "answer": status, "answerBody": payload}
    data_out = json.dumps(payload).encode() if payload is not None else b""
    connection.send_headers(event.stream_id, [(":status", str(status))] + out + ([("content-type", "application/json")] if data_out else []),
                            end_stream=not data_out)
    if data_out:
        connection.send_data(event.stream_id, data_out, end_stream=True)
    try:
        connection.reset_stream(event.stream_id, error_code=0)
        entry["bodyUnsent"] = True
    except StreamClosedError:  # the whole body had arrived: the answer was not early for the client
        pass
    recorder.record(entry)


async def serve_connection(reader, writer, provider, recorder):
    CONNECTIONS[0] += 1
    number = CONNECTIONS[0]  # recorded with each request: how many connections a sender opened
    connection = H2Connection(H2Configuration(client_side=False, header_encoding="utf-8"))
    connection.initiate_connection()
    if provider.script.get("earlyAnswer"):
        connection.update_settings({SettingCodes.INITIAL_WINDOW_SIZE: 16})
    writer.write(connection.data_to_send())
    streams = {}
    answered_early = set()  # streams answered before their body was read: their DATA is ignored
    dropped = False
    while not dropped:
        data = await reader.read(65535)
        if not data:
            break
        try:
            events = connection.receive_data(data)
        except Exception:  # a protocol error: close, as a server would
            break
        for event in events:
            if isinstance(event, RequestReceived) and provider.script.get("earlyAnswer"):
                answer_early(connection, event, provider, recorder, number)
                answered_early.add(event.stream_id)
            elif isinstance(event, RequestReceived):
                streams[event.stream_id] = {"headers": dict(event.headers), "body": b""}
            elif getattr(event, "stream_id", None) in answered_early:
                if isinstance(event, DataReceived):  # unread, but given back to the connection's window
                    connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                continue
            elif isinstance(event, DataReceived):
                streams[event.stream_id]["body"] += event.data
                connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, StreamEnded):
                stream = streams.pop(event.stream_id)
                headers, body = stream["headers"], stream["body"]
                status, out, payload, action = provider.answer(headers, body)
                entry = {"kind": "request", "provider": "apns", "protocol": "HTTP/2", "connection": number, "method": headers.get(":method"),
                         "path": headers.get(":path"), "headers": {k: v for k, v in headers.items() if not k.startswith(":")},
                         "body": json.loads(body) if body else None}
                if action and action["action"] == "slow":
                    await asyncio.sleep(action.get("seconds", 1))
                    action = None
                    provider.recorder.deliver(dict(out)["apns-id"], headers.get(":path", "")[len("/3/device/"):])
                if action:
                    if action["action"] == "drop-after-accept":
                        provider.recorder.deliver(dict(out)["apns-id"], headers.get(":path", "")[len("/3/device/"):])
                    entry["answer"] = "dropped"
                    recorder.record(entry)
                    dropped = True
                    break
                entry["answer"] = status
                entry["answerBody"] = payload
                recorder.record(entry)
                data_out = json.dumps(payload).encode() if payload is not None else b""
                response_headers = [(":status", str(status))] + out
                if data_out:
                    response_headers.append(("content-type", "application/json"))
                connection.send_headers(event.stream_id, response_headers, end_stream=not data_out)
                if data_out:
                    connection.send_data(event.stream_id, data_out, end_stream=True)
            elif isinstance(event, (StreamReset, ConnectionTerminated)):
                pass
        if not dropped:
            writer.write(connection.data_to_send())
            await writer.drain()
    writer.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cert", required=True, help="the server's certificate chain (PEM)")
    parser.add_argument("--key", required=True, help="the server's private key (PEM)")
    parser.add_argument("--public-key", required=True, help="the public half of the APNs signing key (PEM)")
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--team-id", required=True)
    parser.add_argument("--topic", required=True)
    parser.add_argument("--sandbox", action="store_true")
    parser.add_argument("--record")
    parser.add_argument("--script")
    args = parser.parse_args()
    recorder = Recorder(args.record)
    provider = Provider(args, recorder, Script(args.script))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
    context.set_alpn_protocols(["h2"])

    async def run():
        server = await asyncio.start_server(lambda r, w: serve_connection(r, w, provider, recorder), "127.0.0.1", args.port, ssl=context)
        announce(server.sockets[0].getsockname()[1])
        async with server:
            await server.serve_forever()

    asyncio.run(run())


if __name__ == "__main__":
    main()
