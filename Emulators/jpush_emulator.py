#!/usr/bin/env python3
"""A local JPush Push API v3 that answers as JPush's documentation says.

Sources: "REST API v3 Push" (https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/ and its
Markdown in jpush/jpush-docs zh/jpush/server/push/rest_api_v3_push.md), "HTTP status codes"
(https://docs.jiguang.cn/jpush/server/push/http_status_code/), the rate-limit page
(jpush-docs zh/jpush/server/待删除/api_rate_limiting.md).

  POST /v3/push        Basic base64(appKey:masterSecret); 200 {"sendno","msg_id"} or
                       {"error":{"code","message"}}: 1004 (401) bad credentials, 1002/1003 (400)
                       missing or invalid fields, 1011 (400) no target matches, 1005 (400) too
                       long, 2002 (429) over the rate limit, 1000 (500) internal error.
  GET  /v3/push/cid    {"cidlist": ["<appKey>-<uuid>", ...]}; a push carrying a cid already seen
                       answers the first push's result and is not pushed again.
Every answer carries X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset (seconds).

Script keys (see emulator_common): "answers" by first registration ID or alias;
"unregistered": IDs no device has (a push whose every ID is one answers 1011);
"rateLimit": requests allowed per window before 429 (default: unlimited);
"rateLimitReset": seconds announced as X-Rate-Limit-Reset on every answer, the window then never
ending (default: JPush's 60-second window, counted on the clock). A test sets it, so that what
it expects does not depend on how fast it runs.
"""

import json
import base64
import threading
import time
import uuid
from urllib.parse import parse_qs, urlparse

from http1_emulator import Answer, arguments, deliver, scripted, serve


def main():
    args, recorder, script = arguments("--app-key", "--master-secret")
    expected = "Basic " + base64.b64encode(("%s:%s" % (args.app_key, args.master_secret)).encode()).decode()
    state = {"msg_id": 1828256757, "cids": {}, "window": time.time(), "count": 0}
    lock = threading.Lock()
    unregistered = set(script.get("unregistered", []))
    limit = script.get("rateLimit")
    fixed_reset = script.get("rateLimitReset")

    def rate_headers():
        with lock:
            now = time.time()
            if fixed_reset is None and now - state["window"] >= 60:
                state["window"], state["count"] = now, 0
            state["count"] += 1
            quota = limit if limit is not None else 600
            remaining = max(0, quota - state["count"])
            reset = fixed_reset if fixed_reset is not None else max(1, int(60 - (now - state["window"])))
            over = limit is not None and state["count"] > limit
        return {"X-Rate-Limit-Limit": quota, "X-Rate-Limit-Remaining": remaining, "X-Rate-Limit-Reset": reset}, over

    def error(status, code, message, headers):
        return Answer(status, {"error": {"code": code, "message": message}}, headers)

    def handle(method, path, headers, body, raw):
        rate, over = rate_headers()
        url = urlparse(path)
        if headers.get("authorization") != expected:
            return error(401, 1004, "Authen failed", rate)
        if url.path == "/v3/push/cid" and method == "GET":
            count = int(parse_qs(url.query).get("count", ["1"])[0])
            if not 1 <= count <= 1000:
                return error(400, 1003, "count must be 1 to 1000", rate)
            return Answer(200, {"cidlist": ["%s-%s" % (args.app_key, uuid.uuid4()) for _ in range(count)]}, rate)
        if url.path != "/v3/push":
            return error(404, 1020, "not found", rate)
        if method != "POST":
            return error(405, 1001, "Only support HTTP POST", rate)
        if over:
            return error(429, 2002, "Rate limit exceeded", rate)
        if not isinstance(body, dict):
            return error(400, 1003, "body is not a JSON object", rate)
        for key in ("platform", "audience"):
            if key not in body:
                return error(400, 1002, "Missing parameter: %s" % key, rate)
        if "notification" not in body and "message" not in body:
            return error(400, 1002, "notification or message is required", rate)
        message = body.get("message")
        if message is not None and len(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()) > 4000:
            return error(400, 1005, "Msg content too long", rate)
        audience = body["audience"]
        targets = []
        if audience != "all":
            if not isinstance(audience, dict) or not audience:
                return error(400, 1003, "audience is invalid", rate)
            for key in ("registration_id", "alias", "tag"):
                values = audience.get(key, [])
                if len(values) > (20 if key == "tag" else 1000) or any(not v for v in values):
                    return error(400, 1003, "audience.%s is invalid" % key, rate)
                targets += values
        ios = body.get("notification", {}).get("ios")
        if ios is not None and len(json.dumps(ios, ensure_ascii=False, separators=(",", ":")).encode()) > 2000:
            return error(400, 1005, "ios notification too long", rate)
        cid = body.get("cid")
        with lock:
            if cid and cid in state["cids"]:
                return state["cids"][cid]
        answer = scripted(script, targets)
        if answer and "status" in answer:
            return error(answer["status"], answer.get("code", 1000), answer.get("message", "scripted"), rate)
        if targets and all(t in unregistered for t in targets):
            return error(400, 1011, "cannot find user by this audience", rate)
        sendno = str(body.get("options", {}).get("sendno", 0))
        with lock:
            # Checked again, with the cid claimed in the same step: a retry may have been taken
            # while this request was slow, and JPush delivers one cid once, whichever came first.
            if cid and cid in state["cids"]:
                return state["cids"][cid]
            state["msg_id"] += 1
            msg_id = str(state["msg_id"])
            result = Answer(200, {"sendno": sendno, "msg_id": msg_id}, rate)
            if cid:
                state["cids"][cid] = result
        return deliver(recorder, answer, msg_id, [t for t in targets or ["all"] if t not in unregistered], result)

    serve(args.port, handle, recorder, "jpush")


if __name__ == "__main__":
    main()
