#!/usr/bin/env python3
"""Google's own client as the reference: sends one message with firebase-admin (PyPI) to the local
FCM (fcm_emulator.py), so a test can compare its requests with PushBridge's.

  fcm_admin_client.py --service-account FILE --endpoint http://127.0.0.1:PORT MESSAGE_JSON

FILE is a service account's JSON whose token_uri is the emulator's /token; MESSAGE_JSON describes
the message in firebase-admin's terms (token, notification, data, apns headers, aps fields, the
image, the Live Activity token, the analytics label, validate_only). A Live Activity's aps keys
(event, timestamp, content-state, ...) are Aps custom_data, as firebase-admin's own pull request
adding live_activity_token sends them (firebase/firebase-admin-python#875). firebase-admin's FCM URL is fixed to fcm.googleapis.com
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
    label = spec.get("analyticsLabel")
    apns_options = {key: value for key, value in (("image", spec.get("image")), ("analytics_label", label)) if value is not None}
    apns = messaging.APNSConfig(
        headers=spec.get("apnsHeaders"), live_activity_token=spec.get("liveActivityToken"),
        payload=messaging.APNSPayload(aps=messaging.Aps(
            badge=aps.get("badge"), sound=aps.get("sound"), category=aps.get("category"), thread_id=aps.get("thread-id"),
            content_available=aps.get("content-available"), mutable_content=aps.get("mutable-content"),
            custom_data=aps.get("custom"))) if aps else None,
        fcm_options=messaging.APNSFCMOptions(**apns_options) if apns_options else None)
    notification = spec.get("notification")
    message = messaging.Message(
        token=spec.get("token"), topic=spec.get("topic"), condition=spec.get("condition"),
        notification=messaging.Notification(title=notification.get("title"), body=notification.get("body")) if notification else None,
        data=spec.get("data"), apns=apns, fcm_options=messaging.FCMOptions(analytics_label=label) if label else None)
    print(messaging.send(message, dry_run=spec.get("validateOnly", False), app=app), flush=True)


if __name__ == "__main__":
    main()
