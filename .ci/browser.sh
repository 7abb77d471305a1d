#!/usr/bin/env bash
# Headless Chromium and its WebDriver for the console's end-to-end test (tests marked `slow`),
# from the distribution's packages. Idempotent: does nothing when both are present; skips
# (exit 0, with a note) where apt-get is not available, and the test then skips itself.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "browser.sh: no apt-get here; the browser test will skip" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "browser.sh: not root and no sudo; the browser test will skip" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium chromium-driver
