#!/usr/bin/env bash
# Set up a litman development environment on a fresh machine:
#   1. the system libraries Qt needs (installed when run as root, else the command is printed);
#   2. a virtual environment in .venv with litman and its test tools.
# Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Offscreen Qt (tests, CI) needs these; a real X display adds the second list.
QT_OFFSCREEN="libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libxkbcommon0"
QT_X11="libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-xkb1 xvfb xauth xdotool"
BUILD="binutils"
# Test-only: `make test` (setup.sh --test) adds real TeX for the BibTeX compile tests.
TEST_TEX="texlive-latex-base texlive-latex-recommended texlive-bibtex-extra biber"
wanted="$QT_OFFSCREEN $QT_X11 $BUILD"
if [ "${1:-}" = "--test" ]; then
  wanted="$wanted $TEST_TEX"
fi

missing=()
if command -v dpkg >/dev/null 2>&1; then
  for pkg in $wanted; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: Qt (and, for tests, TeX) needs system packages that are missing. Run:"
    echo "  sudo apt-get install ${missing[*]}"
  fi
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.litman-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[test]'
  touch "$stamp"
fi
