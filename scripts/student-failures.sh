#!/usr/bin/env bash
# Shows how the kata reports the five kinds of student failure, each for its lesson only,
# while the rest of the run completes. Works on a throw-away copy of the package; touches nothing here.
#
#   lesson 06  untouched stub        → "Lesson 06 is not solved yet: write … in Exercises/…"
#   lesson 02  a wrong answer        → the reference and the student's trace side by side, and a hint
#   lesson 04  a thrown error        → "Lesson 04: <the error>"
#   lesson 03  a crash (nil!)        → kata: "✘ crashed" for lesson 03 only; the others still run
#   lesson 01  code that never returns → "Lesson 01: your code did not return within 5 s — …"
#
# Usage: scripts/student-failures.sh        (about two minutes: one build, then the lessons)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
copy=$(mktemp -d /tmp/kata-students.XXXXXX)
trap 'rm -rf "$copy"' EXIT
cp -R "$here/Package.swift" "$here/Sources" "$here/Tests" "$here/Solutions" "$here/Lessons" "$copy/"
mkdir -p "$copy/Exercises"
cp -R "$here/Exercises/." "$copy/Exercises/"
# Every lesson solved, except what follows.
for dir in "$here"/Solutions/*/; do cp -R "$dir" "$copy/Exercises/"; done
cp "$here/Exercises/06-timer-skip-on-overrun/NextFireDate.swift" "$copy/Exercises/06-timer-skip-on-overrun/"

ex="$copy/Exercises"
# edit FILE SCRIPT: sed into a new file (GNU and BSD sed disagree on -i); a newline in a
# replacement is a backslash at the end of a line, as POSIX sed reads it.
edit() { sed "$2" "$1" > "$1.edited" && mv "$1.edited" "$1"; }
# 02: a wrong answer — the table holds duplicates.
edit "$ex/02-mode-isolation/ModeItems.swift" 's|        guard !held.contains(item) else { return false }.*$|        // (no duplicate check)|'
# 04: a thrown error — running `.common`.
edit "$ex/04-run-results/RunResults.swift" 's|    return try loop.run(mode: .default, timeout: 1)$|    return try loop.run(mode: .common, timeout: 1)|'
# 03: a crash — force-unwrapping nil.
edit "$ex/03-common-modes/CommonModes.swift" 's|        guard commonModes.insert(mode).inserted else { return \[\] }|        let missing: Int? = nil; _ = missing!\
        guard commonModes.insert(mode).inserted else { return [] }|'
# 01: code that never returns.
edit "$ex/01-one-loop-per-thread/LoopTable.swift" 's|        if let existing = loops\[thread\] { return existing }|        while loops.count >= 0 { if Int.random(in: 0..<2) == 2 { break } }\
        if let existing = loops[thread] { return existing }|'

cd "$copy"
echo "== swift test (the plain student view): the crash takes the whole test process down"
swift test --scratch-path "$copy/.build" 2>&1 | grep -E "Lesson 0[1-6] is not|Lesson 0[1-6]:|crash|signal|Fatal error|Unexpectedly found nil" | head -8 || true
echo
echo "== swift run kata list: each failure reported for its own lesson, the others still run"
swift run --scratch-path "$copy/.build" kata list 2>&1 | grep -E "^  [ ▶]  [0-9]{2}  " | tee "$copy/list.txt"
echo
fail=0
check() { grep -Eq "$2" "$copy/list.txt" || { echo "✘ expected lesson $1 to match: $2"; fail=1; }; }
check 06 " 06 .*not started"
check 02 " 02 .*failing"
check 04 " 04 .*failing"
check 03 " 03 .*crashed"
check 01 " 01 .*failing"
check 05 " 05 .*solved"
echo "== kata show 1, 2, 4 and 6: the one-line reasons"
for n in 6 2 4 1; do swift run --scratch-path "$copy/.build" kata show $n 2>&1 | grep -E "✘ |Hint" | head -3; done
[ $fail = 0 ] && echo "✔ each kind of student failure is reported for its lesson, and the run goes on"
exit $fail
