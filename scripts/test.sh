#!/usr/bin/env bash
# make test: every stage, timed, with a summary at the end.
#
# The tools that take minutes to build on a fresh machine (Jaeger, Mailpit,
# helm, promtool, Debian's Chromium) and the web app's checks start at the
# first moment, in the background at the lowest CPU priority (nice 19): they
# take only the CPU the Go tests leave idle, so they never slow the Go tests'
# deadlines, and they are ready when the stages that need them start.
# Stages that share nothing run side by side; the first failure stops the run
# and its log is printed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=.test-logs
rm -rf "$logs" && mkdir -p "$logs"
start=$SECONDS
summary=()
failed=""

# record NAME SECONDS STATUS
record() { summary+=("$(printf '%-16s %5ss  %s' "$1" "$2" "$3")"); }

print_summary() {
	echo
	echo "make test: per stage (wall seconds)"
	printf '%s\n' "${summary[@]}"
	printf '%-16s %5ss  %s\n' "total" "$((SECONDS - start))" "${failed:+FAILED at $failed}"
}

# stage NAME CMD...: runs in the foreground, its output on the terminal.
stage() {
	local name=$1 t0=$SECONDS
	shift
	echo "=== $name"
	if "$@"; then
		record "$name" $((SECONDS - t0)) ok
	else
		record "$name" $((SECONDS - t0)) FAILED
		failed=$name
		print_summary
		exit 1
	fi
}

# background NAME CMD...: starts at nice 19, its output in $logs/NAME.log;
# the matching join waits for it, prints its log and records its own time
# (from its start to its end, not to the join).
# alongside NAME CMD...: the same at normal priority, for work that keeps
# its own pace (drills with deadlines) beside a foreground stage.
declare -A bg_pid bg_t0
start_job() {
	local level=$1 name=$2
	shift 2
	bg_t0[$name]=$(date +%s)
	(
		nice -n "$level" "$@"
		rc=$?
		date +%s >"$logs/$name.end"
		exit $rc
	) >"$logs/$name.log" 2>&1 &
	bg_pid[$name]=$!
}
background() { start_job 19 "$@"; }
alongside() { start_job 0 "$@"; }
join() {
	local name=$1 rc=0 took
	wait "${bg_pid[$name]}" || rc=$?
	took=$(($(cat "$logs/$name.end" 2>/dev/null || date +%s) - bg_t0[$name]))
	echo "=== $name (ran in the background; its log follows)"
	cat "$logs/$name.log"
	if [ "$rc" = 0 ]; then
		record "$name" "$took" "ok (background)"
	else
		record "$name" "$took" "FAILED (background)"
		failed=$name
		print_summary
		exit 1
	fi
}

# When a stage fails, a background job must not outlive the run.
# (a job is a subshell that times its command: end the command, then it).
trap 'for p in $(jobs -p); do pkill -P "$p"; kill "$p"; done 2>/dev/null' EXIT

# The migration compatibility test (devstack/compat) builds the previous
# release from the history: a shallow clone fetches it first, if it can.
if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
	git fetch --quiet --unshallow || echo "could not fetch the history: the migration compatibility test will skip"
fi
# Jaeger builds on its own: only the last stage (tracing) waits for it.
background jaeger make --no-print-directory jaeger
background tools make --no-print-directory test-tools
# check-generated rewrites the web app's generated types, so the web checks
# start after it; it installs node_modules (npm ci) on the way.
stage check-generated make --no-print-directory check-generated
background test-web make --no-print-directory test-web
stage lint make --no-print-directory lint
stage test-go make --no-print-directory test-go-packages
join test-web
join tools
# The drills mostly wait on their stacks, and the chart and rules checks are
# short: all three run beside the e2e suite, which keeps the CPU busy.
alongside drills make --no-print-directory test-drills-short
alongside test-helm make --no-print-directory test-helm
alongside test-rules make --no-print-directory test-rules
stage test-e2e make --no-print-directory test-e2e
join test-helm
join test-rules
join drills
join jaeger
stage test-tracing make --no-print-directory test-tracing
print_summary
