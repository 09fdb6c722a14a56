#!/usr/bin/env bash
# Installs what a fresh machine lacks to run the kit and its tests: npm dependencies (npm ci) and
# Debian's Chromium with the fonts the screenshots are made with. Safe to run again: it only
# installs what is missing. No tool downloads a browser of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
apt_packages=(chromium fonts-liberation fonts-dejavu-core fonts-noto-cjk)

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "chatparts needs Node.js 20.19 or newer (found: $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

missing_fonts() {
  command -v fc-list >/dev/null 2>&1 || return 0
  fc-list | grep -q 'Noto Sans CJK' || return 0
  fc-list | grep -q 'DejaVu Sans Mono' || return 0
  fc-list | grep -q 'Liberation Sans' || return 0
  return 1
}

if [ ! -x "$chromium" ] || missing_fonts; then
  if [ -n "${CHROMIUM_PATH:-}" ] && [ ! -x "$chromium" ]; then
    echo "CHROMIUM_PATH is set to $chromium, but nothing executable is there." >&2
    exit 1
  fi
  sudo=''
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo='sudo -n'; fi
  fi
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "Installing Debian's Chromium and fonts: ${apt_packages[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${apt_packages[@]}" >/dev/null
  else
    echo "Chromium or its fonts are missing and this user cannot install them." >&2
    echo "Install them with: sudo apt-get install -y ${apt_packages[*]}" >&2
    echo "or point CHROMIUM_PATH at a Chromium binary you already have." >&2
    exit 1
  fi
fi

lock=package-lock.json
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ "$lock" -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo 'Installing npm dependencies (npm ci)'
  npm_config_loglevel=error npm ci --no-audit --no-fund
fi
