#!/usr/bin/env python3
"""A local Getui RestAPI v2 that answers as Getui's documentation says.

Sources: "RestAPI V2 鉴权" (https://docs.getui.com/getui/server/rest_v2/token), "推送"
(https://docs.getui.com/getui/server/rest_v2/push), "返回码"
(https://docs.getui.com/getui/server/rest_v2/code); request shapes as getui-pushapi-java-client-v2
sends them.

  POST /v2/{appId}/auth   sign = sha256(appkey + timestamp + mastersecret); {"code":0,"data":
                          {"expire_time": "<ms>", "token": "..."}}, valid 24 hours.
  POST /v2/{appId}/push/single/cid | single/alias | list/message | list/cid | list/alias | tag | all
                          header `token`; {"code":0,"msg":"","data":{taskid:{cid:status}}};
                          10001 (token wrong or expired), 20001 (parameters; "target user is
                          invalid"), 10005 (too many calls). A request_id seen before answers the
                          first result and is not delivered again ("a repeated request_id is
                          dropped"; that the first answer is repeated is this emulator's
                          assumption).

Script keys: "answers" by first cid or alias, each {"code": C, "msg": M, "status": S,
"retryAfter": SECONDS (sent as Retry-After; Getui's pages document no such header: for a test
of how a wait reaches the caller)} or an action; "invalid": cids of no device of this app;
"expireTokensAfter": N: the tokens issued before request N+1 are refused from then on (10001).
"refuseTokensAfter": N: from request N+1 on, every token is refused (10001), new ones too, as
when the app's credentials are revoked mid-send.
"""

import hashlib
import threading
import time
import uuid

from http1_emulator import Answer, arguments, deliver, scripted, serve


def main():
    args, recorder, script = arguments("--app-id", "--app-key", "--master-secret")
    lock = threading.Lock()
    state = {"tokens": {}, "requests": 0, "task": 0, "request_ids": {}, "tasks": {}}
    invalid = set(script.get("invalid", []))
    expire_after = script.get("expireTokensAfter")
    refuse_after = script.get("refuseTokensAfter")
    prefix = "/v2/%s" % args.app_id

    def ok(data):
        return Answer(200, {"code": 0, "msg": "", "data": data})

    def fail(code, message, status=200, retry_after=None):
        return Answer(status, {"code": code, "msg": message}, {"Retry-After": retry_after} if retry_after is not None else None)

    def new_task():
        with lock:
            state["task"] += 1
            return "RASA_1126_%08d" % state["task"]

    def statuses(task, cids):
        return {task: {cid: "successed_online" for cid in cids}}

    def handle(method, path, headers, body, raw):
        if not path.startswith(prefix + "/"):
            return fail(301, "domain or appId is wrong", 200)
        route = path[len(prefix):]
        if route == "/auth" and method == "POST":
            if not isinstance(body, dict) or not all(k in body for k in ("sign", "timestamp", "appkey")):
                return fail(20001, "sign, timestamp and appkey can not be empty", 400)
            expected = hashlib.sha256((args.app_key + str(body["timestamp"]) + args.master_secret).encode()).hexdigest()
            if body["appkey"] != args.app_key or body["sign"] != expected:
                return fail(20001, "sign is invalid", 400)
            if abs(int(body["timestamp"]) / 1000 - time.time()) > 600:
                return fail(20001, "timestamp is invalid", 400)
            token = uuid.uuid4().hex
            expires = int((time.time() + 86400) * 1000)
            with lock:
                state["tokens"][token] = expires
            return ok({"expire_time": str(expires), "token": token})
        with lock:
            state["requests"] += 1
            # The tokens issued so far expire once, after the scripted number of requests.
            if expire_after is not None and state["requests"] == expire_after + 1:
                state["tokens"].clear()
            known = headers.get("token") in state["tokens"]
            if refuse_after is not None and state["requests"] > refuse_after:
                known = False
        if not known:
            return fail(10001, "token is invalid or expired", 401)
        if method != "POST":
            return fail(405, "method not supported", 405)
        if not isinstance(body, dict):
            return fail(1, "body is not JSON")
        request_id = body.get("request_id")
        if route in ("/push/single/cid", "/push/single/alias", "/push/list/message", "/push/tag", "/push/all"):
            if not isinstance(request_id, str) or not 10 <= len(request_id) <= 32:
                return fail(20001, "request_id is invalid", 400)
            with lock:
                if request_id in state["request_ids"]:
                    return state["request_ids"][request_id]
            push_message = body.get("push_message")
            if not isinstance(push_message, dict) or len([k for k in ("notification", "transmission", "revoke") if k in push_message]) != 1:
                return fail(20001, "notification、transmission、revoke参数只能使用一个", 400)
        audience = body.get("audience")
        targets = []
        if isinstance(audience, dict):
            targets = audience.get("cid") or audience.get("alias") or []
        answer = scripted(script, targets)
        if answer and "code" in answer:
            return fail(answer["code"], answer.get("msg", "scripted"), answer.get("status", 200), answer.get("retryAfter"))
        if route in ("/push/single/cid", "/push/single/alias"):
            key = "cid" if route.endswith("cid") else "alias"
            if not isinstance(audience, dict) or len(audience.get(key, [])) != 1:
                return fail(20001, "audience.%s size over limit" % key, 400)
            if targets[0] in invalid:
                return fail(20001, "target user is invalid", 400)
            task = new_task()
            result = ok(statuses(task, targets))
        elif route == "/push/list/message":
            task = new_task()
            with lock:
                state["tasks"][task] = body
            result = ok({"taskid": task})
            with lock:
                state["request_ids"][request_id] = result
            return result
        elif route in ("/push/list/cid", "/push/list/alias"):
            task = body.get("taskid")
            with lock:
                known_task = task in state["tasks"]
            if not known_task:
                return fail(20001, "taskid is invalid", 400)
            valid = [t for t in targets if t not in invalid]
            if not valid:
                return fail(20001, "target user is invalid", 400)
            result = ok(statuses(task, valid))
        elif route in ("/push/tag", "/push/all"):
            task = new_task()
            result = ok({"taskid": task})
            targets = ["all"] if route == "/push/all" else [c.get("values") for c in (audience or {}).get("tag", [])]
        else:
            return fail(404, "not found", 404)
        if request_id:
            with lock:
                # Checked again as it is claimed: a retry may have been taken while this request
                # was slow, and Getui delivers one request_id once, whichever came first.
                if request_id in state["request_ids"]:
                    return state["request_ids"][request_id]
                state["request_ids"][request_id] = result
        named = [target if isinstance(target, str) else ",".join(target) for target in targets]
        return deliver(recorder, answer, task, [t for t in named if t not in invalid], result)

    serve(args.port, handle, recorder, "getui")


if __name__ == "__main__":
    main()
