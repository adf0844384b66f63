#!/usr/bin/env bash
# Run the README's quick start on a bare Debian 12, as a newcomer would: build a minimal root
# with debootstrap, run the README's "Before you start" line for root verbatim (nothing run
# before it: no apt-get update, no sudo in the root), copy this checkout's committed HEAD in,
# then, as root inside the root:
#   1. as a non-root user first: `make test` must stop before pip, exit 1, with one command;
#   2. `make run` on an Xvfb display: the window must show; a screenshot is saved;
#   3. `make test`: must pass (left out with --no-test).
# Usage (as root on a Debian/Ubuntu host, ~20-30 minutes, ~2.5 GB in WORK):
#   scripts/bare_debian.sh [--no-test] [WORK]   # WORK defaults to /tmp/litman-bare-debian
#   scripts/bare_debian.sh --print-before       # the README line it runs, and nothing else
# Results: WORK/log/*.log, WORK/make-run.png, and a last line "bare-debian: PASS" or FAIL.
# Every command in the root runs with a clean environment: HOME, PATH, LANG=C.UTF-8, and
# PIP_CERT naming a copy of the host's CA bundle, so that pip inside trusts what the host
# trusts (a proxy's CA, say); the README's lines set nothing else.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
# The README's "Before you start" line for root, as written there.
before=$(grep -m1 '^apt-get update && apt-get install -y python3 ' "$repo/README.md" || true)
if [ "${1:-}" = "--print-before" ]; then echo "$before"; exit 0; fi
run_tests=yes
if [ "${1:-}" = "--no-test" ]; then run_tests=""; shift; fi
work=${1:-/tmp/litman-bare-debian}
root=$work/root
logs=$work/log
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$work" "$logs"

say() { echo "bare-debian: $*"; }
fail() { say "FAIL: $*"; exit 1; }
[ "$(id -u)" = 0 ] || fail "run me as root (debootstrap and chroot need it)"
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null

# -- a bare Debian 12 (minbase), made once and reused; each run starts from a fresh copy --
base=$work/base
if [ ! -f "$base/.complete" ]; then
  rm -rf "$base"
  say "debootstrap bookworm (minbase) from $mirror"
  debootstrap --variant=minbase bookworm "$base" "$mirror" >"$logs/debootstrap.log" 2>&1 \
    || fail "debootstrap failed, see $logs/debootstrap.log"
  touch "$base/.complete"
fi
cleanup() {
  for m in proc sys dev/pts dev tmp/.X11-unix; do
    mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"
  done
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT
cleanup
rm -rf "$root"
cp -a "$base" "$root"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/host-ca-certificates.crt"
in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 PIP_CERT=/etc/host-ca-certificates.crt "$@"; }

# -- the README's "Before you start" line, verbatim, and nothing else --
[ -n "$before" ] || fail "no 'apt-get update && apt-get install -y python3 ...' line in README.md"
say "before you start: $before"
in_root sh -c "$before" </dev/null >"$logs/before.log" 2>&1 \
  || fail "the README's apt-get line failed, see $logs/before.log"

git clone -q --no-local "$repo" "$root/root/litman"
commit=$(git -C "$root/root/litman" rev-parse --short HEAD)
say "litman at $commit copied in"

# -- 1. a non-root newcomer: stop before pip, exit 1, one command to run --
in_root useradd -m newcomer
git clone -q --no-local "$repo" "$root/home/newcomer/litman"
in_root chown -R newcomer: /home/newcomer/litman
set +e
in_root su newcomer -c 'cd ~/litman && make test' >"$logs/non-root.log" 2>&1
code=$?
set -e
grep -q "^  apt-get install -y" "$logs/non-root.log" || fail "non-root: no apt-get line, see $logs/non-root.log"
[ $code != 0 ] || fail "non-root: make test went on without the system packages"
[ ! -e "$root/home/newcomer/litman/.venv" ] || fail "non-root: a .venv was made before stopping"
say "non-root: stopped before pip with: $(grep 'apt-get install' "$logs/non-root.log")"

# -- 2. make run, on an Xvfb display of the host's (the root gets only what `make run` installs) --
mkdir -p "$root/tmp/.X11-unix"
mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp >"$work/display" 2>/dev/null &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
display=":$(tr -d '\n' <"$work/display")"
say "make run on $display"
start=$(date +%s)
in_root env DISPLAY="$display" sh -c 'cd /root/litman && make run' >"$logs/make-run.log" 2>&1 &
run=$!
shown=""
for _ in $(seq 1800); do
  if DISPLAY=$display xdotool search --onlyvisible --name '^litman' >/dev/null 2>&1; then
    shown=yes; break
  fi
  kill -0 $run 2>/dev/null || break
  sleep 1
done
[ -n "$shown" ] || fail "make run showed no window, see $logs/make-run.log"
say "window shown $(( $(date +%s) - start )) s after make run started (set-up included)"
sleep 3  # let the first rows paint before the screenshot
in_root env DISPLAY="$display" QT_QPA_PLATFORM=xcb /root/litman/.venv/bin/python -c '
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(sys.argv)
sys.exit(0 if app.primaryScreen().grabWindow(0).save("/root/make-run.png") else 1)
' || fail "screenshot failed"
cp "$root/root/make-run.png" "$work/make-run.png"
# No window manager on Xvfb: focus the window itself (windowactivate would need one).
win=$(DISPLAY=$display xdotool search --onlyvisible --name '^litman' | head -1)
DISPLAY=$display xdotool windowfocus --sync "$win" key ctrl+q || true
for _ in $(seq 30); do kill -0 $run 2>/dev/null || break; sleep 1; done
kill $run 2>/dev/null && fail "make run did not quit on Ctrl+Q"
wait $run || fail "make run exited non-zero, see $logs/make-run.log"
umount -l "$root/tmp/.X11-unix"
du -sm "$root/root/litman/.venv" | awk '{print "bare-debian: .venv after make run: " $1 " MB"}'

# -- 3. make test (adds Xvfb, xdotool and TeX) --
if [ -z "$run_tests" ]; then say "PASS ($commit, make test left out)"; exit 0; fi
say "make test"
start=$(date +%s)
if in_root sh -c 'cd /root/litman && make test' >"$logs/make-test.log" 2>&1; then
  say "make test passed in $(( $(date +%s) - start )) s (set-up of the test tools included)"
  tail -3 "$logs/make-test.log"
  say "PASS ($commit)"
else
  tail -30 "$logs/make-test.log"
  fail "make test failed after $(( $(date +%s) - start )) s, see $logs/make-test.log"
fi
