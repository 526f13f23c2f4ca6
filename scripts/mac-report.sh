#!/bin/sh
# A first run on a Mac, written up for a bug report: prints the toolchain, builds the package,
# runs the maintainers' command (`swift test --traits Solutions --scratch-path .build/solutions`)
# and `swift run kata list`, and writes one summary to paste into an issue.
#
# The summary is always written to mac-report.txt in the package's folder (the same path every
# time: the hosted CI's macOS job uploads it from there). The whole output of each step is kept
# under .build/mac-report/, and the summary holds the end of any step that failed.
#
# POSIX sh and the tools macOS ships (uname, sw_vers, date, grep, tail), so it runs on a Mac as
# it comes; it runs on Linux too (sw_vers and xcode-select are then missing and said so).
#
# Usage: scripts/mac-report.sh        (a first build takes a few minutes)
# Exit status: 0 if every step passed, 1 otherwise.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
summary="$root/mac-report.txt"
logs="$root/.build/mac-report"
mkdir -p "$logs" || exit 2
failed=0

say() { printf '%s\n' "$*" | tee -a "$summary"; }

# step NAME COMMAND…: runs COMMAND, its output to the terminal and to .build/mac-report/NAME.log;
# the summary gets its exit status and time, and the last 40 lines if it failed.
step() {
    name=$1; shift
    log="$logs/$name.log"
    printf '\n== %s: %s\n' "$name" "$*"
    started=$(date +%s)
    # The status of the command, not of tee: kept in a file, as POSIX sh has no pipefail.
    { "$@" 2>&1; echo "$?" > "$logs/$name.status"; } | tee "$log"
    status=$(cat "$logs/$name.status")
    seconds=$(( $(date +%s) - started ))
    if [ "$status" = 0 ]; then
        say "$name: ok (${seconds} s)"
    else
        failed=1
        say "$name: FAILED with exit status $status (${seconds} s); its last 40 lines:"
        tail -n 40 "$log" | sed 's/^/    /' >> "$summary"
    fi
}

: > "$summary"
say "RunLoop Kata: mac-report ($(date -u '+%Y-%m-%d %H:%M UTC'))"
say "commit: $(git rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')"
say "system: $(uname -srm)"
if command -v sw_vers > /dev/null 2>&1; then
    say "macOS: $(sw_vers -productVersion) ($(sw_vers -buildVersion))"
else
    say "macOS: no sw_vers here (not a Mac)"
fi
if command -v xcode-select > /dev/null 2>&1; then
    say "developer dir: $(xcode-select -p 2>&1)"
fi
if command -v xcodebuild > /dev/null 2>&1; then
    say "xcode: $(xcodebuild -version 2>/dev/null | tr '\n' ' ')"
fi
say "swift: $(swift --version 2>&1 | tr '\n' ' ')"
say ""

step build swift build --traits Solutions --scratch-path .build/solutions --build-tests
step test swift test --traits Solutions --scratch-path .build/solutions
if [ -f "$logs/test.log" ]; then
    # Swift Testing's and XCTest's own totals, and every failed test's line, as they printed them.
    say "test totals and failed tests:"
    grep -E '(Test run with|Executed [0-9]+ tests?|✘ Test .* (failed|recorded))' "$logs/test.log" \
        | head -n 30 | sed 's/^/    /' >> "$summary"
fi
step kata-list swift run kata list

say ""
if [ "$failed" = 0 ]; then
    say "result: every step passed"
else
    say "result: a step failed (whole outputs in .build/mac-report/)"
fi
printf '\nThe summary is in %s: paste it into an issue.\n' "$summary"
exit "$failed"
