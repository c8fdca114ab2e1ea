#!/usr/bin/env python3
"""A local Firebase Cloud Messaging HTTP v1 API and Google OAuth 2.0 token endpoint that answer as
Google's documentation says.

Sources: "Using OAuth 2.0 for Server to Server Applications"
(https://developers.google.com/identity/protocols/oauth2/service-account), FCM's reference
"projects.messages.send" and "ErrorCode" (https://firebase.google.com/docs/reference/fcm/rest/v1/),
"FCM error codes" (https://firebase.google.com/docs/cloud-messaging/error-codes).

  POST /token    form-encoded grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=JWT;
                 the JWT is checked (RS256 signature by the account's public key, with the system's
                 openssl; iss = the client email, scope = FCM's (or cloud-platform), aud = Google's token endpoint, exp at most an
                 hour after iat and not past) and answered {"access_token", "expires_in",
                 "token_type": "Bearer"}, or 400 {"error": "invalid_grant", "error_description"}.
  POST /v1/projects/{project}/messages:send
                 Bearer <access token>; {"message": {...}, "validate_only": bool}. 200 {"name":
                 "projects/{project}/messages/{id}"}; validate_only answers
                 "projects/{project}/messages/fake_message_id" and delivers nothing. Errors are
                 google.rpc.Status with the FcmError detail: 401 UNAUTHENTICATED (no detail) for an
                 unknown or used-up access token, 400 INVALID_ARGUMENT (no target or several, a data
                 value that is not a string), 404 UNREGISTERED for a token in "unregistered".

Script keys (see emulator_common): "answers" by target (the token, topic or condition), each
{"status": S, "errorCode": CODE, "retryAfter": SECONDS} or an action; "unregistered": tokens no
device has; "expiresIn": the seconds announced for each access token (default 3599);
"tokenUses": how many sends each access token is good for before FCM refuses it (default
unlimited); "refuseAllTokens": every send answers 401; "refuseAssertions": the token endpoint
answers 400 invalid_grant.
"""

import base64
import json
import os
import subprocess
import tempfile
import threading
import time
import uuid
from urllib.parse import parse_qs

from http1_emulator import Answer, arguments, deliver, scripted, serve

SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer"
GOOGLE_TOKEN = "https://oauth2.googleapis.com/token"
FCM_ERROR = "type.googleapis.com/google.firebase.fcm.v1.FcmError"
CANONICAL = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
             429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def verify_rs256(public_key, signing_input, signature):
    """Whether `signature` is `signing_input`'s RS256 signature by `public_key` (a PEM path)."""
    with tempfile.TemporaryDirectory() as folder:
        data, sig = os.path.join(folder, "data"), os.path.join(folder, "sig")
        with open(data, "wb") as handle:
            handle.write(signing_input)
        with open(sig, "wb") as handle:
            handle.write(signature)
        result = subprocess.run(["openssl", "dgst", "-sha256", "-verify", public_key, "-signature", sig, data],
                                capture_output=True)
        return result.returncode == 0


def main():
    args, recorder, script = arguments("--project", "--client-email", "--public-key")
    lock = threading.Lock()
    tokens = {}  # access token -> sends left (None: unlimited)
    state = {"message": 1500415314455276}
    unregistered = set(script.get("unregistered", []))

    def fcm_error(status, code, message, headers=None):
        error = {"code": status, "message": message, "status": CANONICAL.get(status, "UNKNOWN")}
        if code:
            error["details"] = [{"@type": FCM_ERROR, "errorCode": code}]
        return Answer(status, {"error": error}, headers)

    def grant_error(description):
        return Answer(400, {"error": "invalid_grant", "error_description": description})

    def token_endpoint(headers, raw):
        if headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
            return Answer(400, {"error": "invalid_request", "error_description": "expected a form-encoded body"})
        form = parse_qs(raw.decode("utf-8"), keep_blank_values=True)
        if form.get("grant_type") != [GRANT]:
            return Answer(400, {"error": "unsupported_grant_type", "error_description": "Invalid grant_type"})
        if script.get("refuseAssertions"):
            return grant_error("Invalid JWT Signature.")
        parts = (form.get("assertion") or [""])[0].split(".")
        if len(parts) != 3:
            return grant_error("Invalid JWT: the assertion is not a JWT.")
        try:
            header, claims = json.loads(b64url(parts[0])), json.loads(b64url(parts[1]))
            signature = b64url(parts[2])
        except ValueError:
            return grant_error("Invalid JWT: not base64url JSON.")
        if header.get("alg") != "RS256" or header.get("typ") != "JWT":
            return grant_error("Invalid JWT header: expected alg RS256, typ JWT.")
        now = time.time()
        if claims.get("iss") != args.client_email:
            return grant_error("Invalid JWT: iss is not the service account.")
        # FCM's own scope, or cloud-platform, which covers it (firebase-admin asks for that one and others).
        if not {SCOPE, "https://www.googleapis.com/auth/cloud-platform"} & set(str(claims.get("scope", "")).split()):
            return grant_error("Invalid JWT: scope grants no FCM access.")
        # "When making an access token request this value is always https://oauth2.googleapis.com/token",
        # whatever endpoint the assertion is posted to (google-auth sends that constant too).
        if claims.get("aud") != GOOGLE_TOKEN:
            return grant_error("Invalid JWT: aud is not https://oauth2.googleapis.com/token.")
        iat, exp = claims.get("iat"), claims.get("exp")
        if not isinstance(iat, int) or not isinstance(exp, int) or exp - iat > 3600 or exp <= iat or exp < now - 60:
            return grant_error("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.")
        if not verify_rs256(args.public_key, (parts[0] + "." + parts[1]).encode(), signature):
            return grant_error("Invalid JWT Signature.")
        token = "ya29.emulated-" + uuid.uuid4().hex
        with lock:
            tokens[token] = script.get("tokenUses")
        return Answer(200, {"access_token": token, "expires_in": script.get("expiresIn", 3599), "token_type": "Bearer"})

    def use_token(headers):
        value = headers.get("authorization", "")
        if script.get("refuseAllTokens") or not value.startswith("Bearer "):
            return False
        with lock:
            token = value[len("Bearer "):]
            if token not in tokens:
                return False
            left = tokens[token]
            if left is not None:
                if left <= 0:
                    return False
                tokens[token] = left - 1
        return True

    def send(path, headers, body):
        if not use_token(headers):
            return fcm_error(401, None, "Request had invalid authentication credentials. Expected OAuth 2 access token.")
        project = path[len("/v1/projects/"):-len("/messages:send")]
        if project != args.project:
            return fcm_error(403, None, "Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/%s'" % project)
        if not isinstance(body, dict) or not isinstance(body.get("message"), dict):
            return fcm_error(400, "INVALID_ARGUMENT", "Request contains an invalid argument: message is required.")
        message = body["message"]
        targets = [key for key in ("token", "topic", "condition") if key in message]
        if len(targets) != 1:
            return fcm_error(400, "INVALID_ARGUMENT", "Exactly one of token, topic or condition must be specified.")
        target = message[targets[0]]
        for index, (key, value) in enumerate(sorted((message.get("data") or {}).items())):
            if not isinstance(value, str):
                return fcm_error(400, "INVALID_ARGUMENT", "Invalid value at 'message.data[%d].value' (TYPE_STRING), %s" % (index, json.dumps(value)))
        for key, value in ((message.get("apns") or {}).get("headers") or {}).items():
            if not isinstance(value, str):
                return fcm_error(400, "INVALID_ARGUMENT", "Invalid value at 'message.apns.headers[%s].value' (TYPE_STRING)" % key)
        answer = scripted(script, [target])
        if answer and "status" in answer:
            retry = {"Retry-After": answer["retryAfter"]} if "retryAfter" in answer else None
            return fcm_error(answer["status"], answer.get("errorCode"), answer.get("message", "scripted"), retry)
        if targets[0] == "token" and target in unregistered:
            return fcm_error(404, "UNREGISTERED", "Requested entity was not found.")
        if body.get("validate_only") is True:
            return Answer(200, {"name": "projects/%s/messages/fake_message_id" % args.project})
        with lock:
            state["message"] += 1
            message_id = "0:%d%%%s" % (state["message"], uuid.uuid4().hex[:16])
        result = Answer(200, {"name": "projects/%s/messages/%s" % (args.project, message_id)})
        return deliver(recorder, answer, message_id, [target], result)

    def handle(method, path, headers, body, raw):
        if path == "/token" and method == "POST":
            return token_endpoint(headers, raw)
        if path.startswith("/v1/projects/") and path.endswith("/messages:send"):
            if method != "POST":
                return fcm_error(405, None, "Method not allowed.")
            return send(path, headers, body)
        return fcm_error(404, None, "Not found: %s" % path)

    serve(args.port, handle, recorder, "fcm")


if __name__ == "__main__":
    main()
