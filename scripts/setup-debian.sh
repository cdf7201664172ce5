#!/usr/bin/env bash
# Installs every Debian 12 package TileWatch needs to build, test and run (clang, lld and clang's runtimes
# for the fuzz harnesses; Dask for scripts/dask-scan, which runs on Debian's /usr/bin/python3; faketime for
# bench/pg_same_rows.sh). Idempotent:
# skips apt entirely when everything is present, so repeated runs of the README commands stay fast.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n libqt6sql6-sqlite libqt6sql6-psql libpq-dev libsqlite3-dev libssl-dev libqt6svg6 libqt6charts6
  libgl-dev libxkbcommon-dev libqt6opengl6-dev
  python3-distributed python3-dask python3-psutil time faketime
  kdegames-mahjongg-data-kf5 fairy-stockfish libexpat1-dev
  xvfb xauth fonts-noto-cjk poppler-utils sqlite3 desktop-file-utils postgresql util-linux
  clang lld libclang-rt-14-dev clang-format libsimdjson-dev python3 graphviz chromium
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
