#!/usr/bin/env python3
"""Google's own client as the reference: sends one message with firebase-admin (PyPI) to the local
FCM (fcm_emulator.py), so a test can compare its requests with PushBridge's.

  fcm_admin_client.py --service-account FILE --endpoint http://127.0.0.1:PORT MESSAGE_JSON

FILE is a service account's JSON whose token_uri is the emulator's /token; MESSAGE_JSON describes
the message in firebase-admin's terms (token, notification, data, apns headers, aps fields, the
image, validate_only). firebase-admin's FCM URL is fixed to fcm.googleapis.com
(messaging._MessagingService.FCM_URL), so it is pointed at the emulator here. Prints the
message name FCM answered.
"""

import argparse
import json

import firebase_admin
from firebase_admin import credentials, messaging


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--service-account", required=True)
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("message")
    args = parser.parse_args()
    spec = json.loads(args.message)
    messaging._MessagingService.FCM_URL = args.endpoint + "/v1/projects/{0}/messages:send"
    app = firebase_admin.initialize_app(credentials.Certificate(args.service_account), name="pushbridge-comparison")
    aps = spec.get("aps", {})
    apns = messaging.APNSConfig(
        headers=spec.get("apnsHeaders"),
        payload=messaging.APNSPayload(aps=messaging.Aps(
            badge=aps.get("badge"), sound=aps.get("sound"), category=aps.get("category"), thread_id=aps.get("thread-id"),
            content_available=aps.get("content-available"), mutable_content=aps.get("mutable-content"),
            custom_data=aps.get("custom"))) if aps else None,
        fcm_options=messaging.APNSFCMOptions(image=spec["image"]) if "image" in spec else None)
    notification = spec.get("notification")
    message = messaging.Message(
        token=spec.get("token"), topic=spec.get("topic"), condition=spec.get("condition"),
        notification=messaging.Notification(title=notification.get("title"), body=notification.get("body")) if notification else None,
        data=spec.get("data"), apns=apns)
    print(messaging.send(message, dry_run=spec.get("validateOnly", False), app=app), flush=True)


if __name__ == "__main__":
    main()
