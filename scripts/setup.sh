#!/usr/bin/env bash
# Set up litman's development environment: `scripts/setup.sh [--list] [run|test|package]`.
#   1. System packages, by purpose: `run` needs the libraries Qt loads; `test` adds Xvfb,
#      xauth and xdotool (the real-display test), TeX (the BibTeX compile tests), pandoc
#      (renders the CSL-JSON export with its citeproc) and PostgreSQL (the shared-library
#      tests start a throwaway server: tests/pg_server.py), strace (what a file dialog opens),
#      fonts-noto-cjk (the window in 简体中文 under Xvfb: tests/gui/test_chinese_window.py),
#      XeLaTeX with ctex and the gbt7714 style (Chinese references: test_gbt7714.py);
#      `package` adds binutils (PyInstaller). Also the venv module, when the Python lacks it.
#      As root with apt they are installed; otherwise setup stops here, exit 1, and prints
#      the one command to run.
#   2. .venv with exactly the versions in requirements.lock (hash-checked), then litman itself:
#      for `run` only what litman needs to run; `test` adds the test extra's pins (pytest,
#      mypy, ruff, import-linter ...), `package` the package extra's (PyInstaller), picked
#      from the one lock by scripts/lock_subset.py.
#   3. The window's translations compiled (resources/i18n/*.ts to .qm, pyside6-lrelease from
#      the PySide6 wheel: scripts/translations.py), every time: a pull may bring a new .ts.
# Safe to run again. A .venv is reused only when a finished set-up stamped it: a set-up that
# stopped half-way leaves no stamp, and the next run starts that .venv over. A .venv set up
# for one purpose gets the pins another adds in place.
set -euo pipefail
cd "$(dirname "$0")/.."

list_only=""
if [ "${1:-}" = "--list" ]; then list_only=yes; shift; fi
purpose=${1:-test}
QT_RUN="libglib2.0-0 libegl1 libgl1 libx11-6 libx11-xcb1 libdbus-1-3 libfontconfig1 libfreetype6
  libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0
  libxcb-xkb1 libxcb-randr0 libxcb-render-util0 libxcb-image0 libxcb-xfixes0"
TEST_TOOLS="xvfb xauth xdotool texlive-latex-base texlive-latex-recommended texlive-bibtex-extra biber
  texlive-xetex texlive-lang-chinese latexmk
  pandoc postgresql strace fonts-noto-cjk"
PACKAGE_TOOLS="binutils"
case "$purpose" in
  run) wanted="$QT_RUN" extra="" ;;
  test | --test) wanted="$QT_RUN $TEST_TOOLS" extra="test" ;;
  package) wanted="$QT_RUN $PACKAGE_TOOLS" extra="package" ;;
  *) echo "usage: scripts/setup.sh [--list] [run|test|package]" >&2; exit 2 ;;
esac
# --list: print the Debian packages this purpose needs (CI installs them with sudo first).
if [ -n "$list_only" ]; then echo $wanted; exit 0; fi

PYTHON=${PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "setup: $PYTHON not found. Install Python 3.11 or later (apt-get install python3)." >&2
  exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "setup: litman needs Python 3.11 or later; $PYTHON is $("$PYTHON" -V 2>&1)." >&2
  exit 1
fi
pyver=$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')

# -- 1. system packages --------------------------------------------------------------------
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
  for pkg in $wanted; do
    # Ubuntu 24.04 renamed some libraries for 64-bit time (libglib2.0-0 is libglib2.0-0t64).
    installed "$pkg" || installed "${pkg}t64" || missing+=("$pkg")
  done
  # Debian and Ubuntu ship venv's pip bootstrap (ensurepip) in python3.X-venv.
  if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing+=("python$pyver-venv")
  fi
elif ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
  echo "setup: $PYTHON has no venv/ensurepip module; install your system's Python venv package." >&2
  exit 1
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    install="apt-get install -y --no-install-recommends ${missing[*]}"
    if command -v sudo >/dev/null 2>&1; then
      echo "setup: system packages are missing. Run this, then run make again:" >&2
      echo "  sudo $install" >&2
    else  # a bare Debian has no sudo: root runs it
      echo "setup: system packages are missing. Run this as root, then run make again:" >&2
      echo "  $install" >&2
    fi
    exit 1
  fi
  echo "setup: installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then
    echo "setup: note: Debian's postgresql package started a cluster of its own as a system"
    echo "  service (port 5432, and at every boot); the tests start their own server and never"
    echo "  use it. To stop it: systemctl disable --now postgresql"
  fi
fi

# -- 2. the virtual environment --------------------------------------------------------------
VENV=.venv
stamp=$VENV/.litman-setup
extras_file=$VENV/.litman-extras  # the extras a finished set-up installed, one a line
want="$(cat requirements.lock pyproject.toml | cksum | cut -d' ' -f1) $("$PYTHON" -c 'import sys; print(sys.version)' | head -1)"
has_extra() { [ -z "$1" ] || grep -qx "$1" "$extras_file" 2>/dev/null; }
translations() { "$VENV/bin/python" scripts/translations.py compile; }
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && has_extra "$extra"; then
  translations
  exit 0
fi
venv_python=$("$VENV/bin/python" -c 'import sys; print(sys.version)' 2>/dev/null | head -1 || true)
if [ -f "$stamp" ] && [ "${want#* }" = "$venv_python" ]; then
  # A finished set-up from an older lock or for another purpose, same Python: update it in
  # place. Without its stamp meanwhile, a run stopped half-way is started over by the next.
  rm -f "$stamp"
else
  rm -rf "$VENV"
  echo "setup: creating $VENV with $("$PYTHON" -V 2>&1) and the versions in requirements.lock"
  "$PYTHON" -m venv "$VENV"
fi
extras=$( { cat "$extras_file" 2>/dev/null || true; [ -z "$extra" ] || echo "$extra"; } | sort -u)
# shellcheck disable=SC2086 # the extras are words
"$PYTHON" scripts/lock_subset.py $extras >"$VENV/requirements-subset.txt"
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
"${PIP[@]}" install -q --require-hashes --no-deps -r "$VENV/requirements-subset.txt"
# litman itself, editable; its build backend (setuptools) is in the lock, so no isolated build.
"${PIP[@]}" install -q --no-deps --no-build-isolation -e .
if ! "${PIP[@]}" check >/dev/null; then
  "${PIP[@]}" check >&2 || true
  echo "setup: requirements.lock does not cover pyproject.toml's dependencies; run make lock." >&2
  exit 1
fi
translations
printf '%s\n' $extras >"$extras_file"
echo "$want" > "$stamp"
echo "setup: the litman command is $VENV/bin/litman; \`. $VENV/bin/activate\` puts it on this shell's PATH"
