#!/bin/sh
# A flake census: runs the maintainers' suite (`swift test --traits Solutions --scratch-path .build/solutions`) N times under
# load, and reports every test that failed at least once, with its failures. A right answer must
# be green every time, on a laptop that builds and tests at once: the load here is of that kind.
#
# Beside each run (CENSUS_BESIDE, any of these words; default "suite hog"):
#   suite   a second run of the whole suite at the same time (same build; its failures count too)
#   hog     one busy loop per core, for as long as the run lasts
#   build   a build of the package in a scratch folder of its own (.build-census-beside), cleaned
#           first so that each run has a whole build beside it
# The runs' results are read from Swift Testing's event stream (JSON records for tools,
# `--event-stream-output-path`), never from what the suite prints for a person: see
# scripts/flake-census-report.swift.
#
# Usage: scripts/flake-census.sh [N]      (N runs, 2 unless told; builds the tests first)
#   CENSUS_BESIDE="suite hog build"      what runs beside each run
#   CENSUS_OUT=DIR                       where the streams and logs go (default: a new temp folder, kept)
#   CENSUS_SKIP_BUILD=1                  the tests are built already
# Exit 0: every run ended and no test failed; 1: the report lists what to look at.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here" || exit 2
runs=${1:-2}
beside=${CENSUS_BESIDE:-suite hog}
out=${CENSUS_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/flake-census.XXXXXX")}
mkdir -p "$out"
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

has() { case " $beside " in *" $1 "*) return 0 ;; esac; return 1; }

# The processes this script started beside a run, ended by their ids (a hog's loop, a build).
helpers=""
end_helpers() {
    for pid in $helpers; do kill "$pid" 2>/dev/null; done
    for pid in $helpers; do wait "$pid" 2>/dev/null; done
    helpers=""
}
trap 'end_helpers; exit 130' INT TERM

load() { uptime | sed 's/.*load average[s]*: *//'; }

if [ "${CENSUS_SKIP_BUILD:-0}" != 1 ]; then
    echo "== building the tests once: swift build --build-tests --traits Solutions --scratch-path .build/solutions"
    swift build --build-tests --traits Solutions --scratch-path .build/solutions > "$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 2; }
fi

# Both runs are the test program itself, as `swift test` runs it: two `swift test` at once in one
# build folder would take turns (SwiftPM locks the folder), not run side by side.
tests="$(swift build --traits Solutions --scratch-path .build/solutions --show-bin-path)/RunLoopKataPackageTests.xctest"
if ! [ -f "$tests" ] || ! [ -x "$tests" ]; then
    echo "no test program at $tests (a macOS bundle, or Swift Build's one per target): run on Linux with SwiftPM's native build" >&2
    exit 2
fi
suite() { "$tests" --testing-library swift-testing --event-stream-output-path "$1" --event-stream-version 0; }

echo "== $runs runs of the maintainers' suite, beside each: $beside ($cores cores); streams in $out"
streams=""
i=1
while [ "$i" -le "$runs" ]; do
    if has hog; then
        c=1
        while [ "$c" -le "$cores" ]; do
            sh -c 'while :; do :; done' &
            helpers="$helpers $!"
            c=$((c + 1))
        done
    fi
    if has build; then
        (rm -rf .build-census-beside && exec swift build --build-tests --traits Solutions --scratch-path .build-census-beside) > "$out/beside-build-$i.log" 2>&1 &
        helpers="$helpers $!"
    fi
    second=""
    if has suite; then
        suite "$out/beside-$i.jsonl" > "$out/beside-$i.log" 2>&1 &
        second=$!
        streams="$streams $out/beside-$i.jsonl"
    fi
    started=$(date +%s)
    echo "-- run $i of $runs: started at load $(load)"
    suite "$out/run-$i.jsonl" > "$out/run-$i.log" 2>&1
    status=$?
    streams="$streams $out/run-$i.jsonl"
    if [ -n "$second" ]; then wait "$second"; fi
    end_helpers
    echo "-- run $i of $runs: exit $status, $(($(date +%s) - started)) s, load $(load) at its end"
    i=$((i + 1))
done

echo
# shellcheck disable=SC2086
swift scripts/flake-census-report.swift $streams
