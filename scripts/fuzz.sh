#!/usr/bin/env bash
# `make fuzz SECONDS=N`: run the Hypothesis property tests with a fresh random seed, one run
# after another, until N seconds have passed. `make test` runs the same tests derandomised
# (the same examples every time); this is where new examples are found.
# A failure stops the loop and prints the seed and the falsifying example: add that example
# to the test as an @example(...) so `make test` checks it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-300}
end=$((SECONDS + budget))
runs=0
while [ "$SECONDS" -lt "$end" ]; do
  seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
  runs=$((runs + 1))
  if ! LITMAN_HYPOTHESIS=fuzz QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q \
      -m hypothesis --hypothesis-seed="$seed" tests; then
    echo "fuzz: run $runs failed with --hypothesis-seed=$seed; add its example as an @example." >&2
    exit 1
  fi
done
echo "fuzz: $runs runs with random seeds in ${budget}s, no failure"
