#!/usr/bin/env bash
# The browser tests drive Debian's Chromium, never a downloaded browser build.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $chromium_path: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-liberation >/dev/null
  if [ -x "$chromium_path" ]; then
    exit 0
  fi
fi
echo "The browser tests need Chromium at $chromium_path. Install Debian's 'chromium' package" >&2
echo "(sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
