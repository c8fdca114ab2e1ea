#!/usr/bin/env bash
# Makes the APNs emulator's TLS certificate (localhost, 127.0.0.1) in DIR and adds it to the
# system's trust store, because Linux's URLSession (FoundationNetworking on libcurl) trusts only
# that store: it reads no SSL_CERT_FILE or CURL_CA_BUNDLE, and URLSessionCertificateAuthorityInfoFile
# only on Android. Needs root (apt's ca-certificates and update-ca-certificates).
# Then run the tests with PUSHBRIDGE_APNS_EMULATOR_TLS=DIR. Each DIR's certificate is trusted under
# a name of its own, so that runs side by side on one machine (CI beside a developer's tests) do not
# replace each other's; `--remove DIR` takes DIR's certificate out of the store again.
# Usage: Emulators/trust-local-tls.sh DIR | Emulators/trust-local-tls.sh --remove DIR
set -euo pipefail
remove=false
if [[ ${1:-} == --remove ]]; then
  remove=true
  shift
fi
dir=${1:?usage: trust-local-tls.sh [--remove] DIR}
name=pushbridge-apns-emulator-$(printf '%s' "$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")" | cksum | cut -d' ' -f1)
if $remove; then
  rm -f "/usr/local/share/ca-certificates/$name.crt"
  update-ca-certificates > /dev/null 2>&1
  exit 0
fi
mkdir -p "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
cp "$dir/cert.pem" "/usr/local/share/ca-certificates/$name.crt"
update-ca-certificates > /dev/null 2>&1
echo "$dir"
