#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium (browser downloads are not used).
# When it is missing: install the Debian package if we run as root, else stop
# with the one command to run.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is needed for the e2e tests and is not at $chromium. Install it with:" >&2
  echo "  sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "installing Debian's chromium for the e2e tests (one-off, ~90 s)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
