#!/usr/bin/env bash
# Runs every Go fuzz target of the workspace (func FuzzXxx in a _test.go) for FUZZTIME each
# (default 30s): `make fuzz`, or `make fuzz FUZZTIME=5m`. `go test` (make test) already runs
# each target's seeds and its testdata/fuzz corpus as ordinary tests; this explores beyond
# them. A failure stops the run and leaves the input that broke the target in the package's
# testdata/fuzz/<Target>/ (commit it with the fix: it then runs as a test for good).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fuzztime=${FUZZTIME:-30s}
# Packages whose test files (tracked by git) declare fuzz targets, then each target by name.
mapfile -t pkgs < <(git ls-files -z '*_test.go' | xargs -0 grep -l '^func Fuzz' | xargs -n1 dirname | sort -u | sed 's|^|./|')
count=0
for dir in "${pkgs[@]}"; do
  for target in $(grep -h '^func Fuzz' "$dir"/*_test.go | sed -E 's/^func (Fuzz[A-Za-z0-9_]*).*/\1/'); do
    echo "== $dir $target ($fuzztime)"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$dir"
    count=$((count + 1))
  done
done
echo "fuzzed $count targets for $fuzztime each"
