#!/bin/sh
# The student's loop, timed on a fresh clone, as a student meets it:
#
#   first screen   git clone, then `swift run kata` until it has printed its first screen and
#                  ended (kata's build, the lessons' build in .build/kata-exercises, every
#                  lesson's tests run once)
#   watch verdict  a saved edit of the current lesson's exercise file, until the running
#                  `swift run kata watch` has printed that lesson's verdict again
#   unchanged list `swift run kata list` with nothing changed (results come from .kata/)
#
# Each is run several times; prints each time, then min / median / max. Not a timed test: a
# benchmark, whose numbers go in the README's table. On a quiet two-core machine it ends within
# five minutes with the defaults; on a loaded one the first screen alone can take longer.
#
# Usage: scripts/student-loop-bench.sh [SOURCE]
#   SOURCE: what to clone (a path or URL; default: this checkout, its committed HEAD).
#   FIRST_RUNS=2 EDITS=5 LISTS=5: how many times each is measured (each first screen is a full
#   build from a fresh clone). KEEP=1 keeps the clones (printed) instead of removing them.
#
# POSIX sh and tools only (runs on macOS too); time is read with perl's Time::HiRes, which
# both systems have (`date +%N` is GNU only).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
source=${1:-$here}
first_runs=${FIRST_RUNS:-2}
edits=${EDITS:-5}
lists=${LISTS:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/student-loop.XXXXXX") || exit 2
watcher=
export KATA_LANG=en   # the markers below are kata's English words
export NO_COLOR=1

now() { perl -MTime::HiRes=time -e 'printf "%.3f\n", time'; }
since() { perl -e 'printf "%.2f\n", $ARGV[1] - $ARGV[0]' "$1" "$(now)"; }
load() { uptime | sed 's/.*load average[s]*: //'; }

cleanup() {
    if [ -n "$watcher" ]; then kill -INT "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null; fi
    if [ "${KEEP:-0}" = 1 ]; then echo "clones kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# summary NAME FILE: one line, min / median / max of the numbers in FILE (one a line).
summary() {
    sort -n "$2" | awk -v name="$1" '{ v[NR] = $1 } END {
        if (NR == 0) { printf "%-16s no runs\n", name; exit }
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%-16s n=%d  min %.2f s  median %.2f s  max %.2f s\n", name, NR, v[1], m, v[NR] }'
}

# count PATTERN FILE: how many lines of FILE hold PATTERN.
count() { grep -c -F -- "$1" "$2" 2>/dev/null || true; }

echo "student loop on $(uname -sm), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs; load average $(load)"
echo "source: $source"

# 1. clone → first screen, each time in a clone of its own.
: > "$work/first"
i=1
while [ "$i" -le "$first_runs" ]; do
    clone="$work/clone$i"
    start=$(now)
    git clone -q "$source" "$clone" || exit 1
    (cd "$clone" && swift run kata > "$work/first$i.log" 2>&1) || { echo "swift run kata failed, see $work/first$i.log"; KEEP=1; exit 1; }
    took=$(since "$start")
    echo "$took" >> "$work/first"
    echo "first screen $i: $took s (load average $(load))"
    i=$((i + 1))
done

clone="$work/clone1"
cd "$clone" || exit 1

# 2. edit → watch verdict. The watcher prints this line after each verdict on an unsolved lesson.
marker="Watching Exercises/ — save a file to run lesson"
swift run kata watch > "$work/watch.log" 2>&1 &
watcher=$!
waited=0
while [ "$(count "$marker" "$work/watch.log")" -lt 1 ]; do
    kill -0 "$watcher" 2>/dev/null || { echo "kata watch ended early, see $work/watch.log"; KEEP=1; exit 1; }
    sleep 1; waited=$((waited + 1))
    [ "$waited" -lt 600 ] || { echo "kata watch gave no verdict in 600 s"; KEEP=1; exit 1; }
done
lesson=$(grep -F -- "$marker" "$work/watch.log" | head -n 1 | sed 's/.*run lesson \([0-9][0-9]*\).*/\1/')
file=$(ls "Exercises/$lesson"-*/*.swift 2>/dev/null | head -n 1)
[ -n "$file" ] || { echo "no exercise file for lesson $lesson"; exit 1; }
echo "watching lesson $lesson; editing $file"
: > "$work/watch"
i=1
while [ "$i" -le "$edits" ]; do
    seen=$(count "$marker" "$work/watch.log")
    sleep 1   # a new modification time, distinct from the last edit's
    start=$(now)
    printf '// an edit, %s\n' "$i" >> "$file"
    while [ "$(count "$marker" "$work/watch.log")" -le "$seen" ]; do
        kill -0 "$watcher" 2>/dev/null || { echo "kata watch ended, see $work/watch.log"; KEEP=1; exit 1; }
        sleep 0.05
    done
    took=$(since "$start")
    echo "$took" >> "$work/watch"
    echo "watch verdict $i: $took s"
    i=$((i + 1))
done
kill -INT "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null; watcher=
git checkout -q -- "$file"

# 3. an unchanged `kata list`. The first one after the edits runs the restored lesson again:
# not timed.
swift run kata list > /dev/null 2>&1
: > "$work/list"
i=1
while [ "$i" -le "$lists" ]; do
    start=$(now)
    swift run kata list > "$work/list$i.log" 2>&1 || { echo "kata list failed, see $work/list$i.log"; KEEP=1; exit 1; }
    took=$(since "$start")
    echo "$took" >> "$work/list"
    echo "unchanged list $i: $took s"
    i=$((i + 1))
done

echo ""
summary "first screen" "$work/first"
summary "watch verdict" "$work/watch"
summary "unchanged list" "$work/list"
echo "load average at the end $(load)"
