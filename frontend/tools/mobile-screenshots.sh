#!/bin/sh
# Regenerates docs/screenshots/mobile/: every route at 390×844 (visitor, customer, provider),
# light and dark, from the phone e2e (apps/web-e2e/src/mobile.spec.ts) against a devstack.
# Run from the repository root: flock /tmp/slotwise-ports.lock frontend/tools/mobile-screenshots.sh
set -eu
cd "$(dirname "$0")/.."
make build
cd apps/web-e2e
UPDATE_SCREENSHOTS=1 npx --no-install playwright test mobile.spec.ts
