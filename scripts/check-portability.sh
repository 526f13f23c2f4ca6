#!/bin/sh
# Fails, naming file:line, on a Linux-only construct outside the platform layer, so that the
# package keeps building on macOS although CI runs on Linux only; and on Swift that the oldest
# toolchain the README promises (6.1) does not compile, as CI here has only the newest.
#
#   Swift, outside any `Platform/` folder: importing the C library (Glibc, Musl, Darwin),
#     naming an operating system (`#if os(…)`, `canImport(Glibc)`…), `/proc/`, `environ`,
#     `pthread_t()`, `dlsym`, `syscall`.
#   Shell scripts (scripts/, .ci/): GNU-only flags BSD tools reject: `sed -i` without a
#     suffix (or `sed -i ''`), `sed -r`, `readlink -f`, `grep -P`, `date -d`, `stat -c`,
#     `xargs -r`, `find -printf`, `timeout`.
#   Swift, anywhere: `weak let` (Swift 6.3).
#
# POSIX sh, find and grep -E only, so it runs the same on Linux and macOS.
# Usage: scripts/check-portability.sh [ROOT]    (exit 0: portable; 1: findings listed)
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
found=0

# report WHAT PATTERN FILES…: prints file:line: text for each match, with what is wrong.
report() {
    what=$1; pattern=$2; shift 2
    [ $# -gt 0 ] || return 0
    hits=$(grep -n -E -- "$pattern" "$@" /dev/null) || return 0
    printf '%s\n' "$hits" | while IFS= read -r hit; do
        printf '%s\n    %s\n' "$hit" "$what"
    done
    found=1
}

swift_files=$(find Sources Tests Exercises Solutions -name '*.swift' ! -path '*/Platform/*' 2>/dev/null | sort)
# shellcheck disable=SC2086
set -- $swift_files
report "imports the C library: only a Platform/ folder may (use its types)" \
    '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]+(Glibc|Musl|Darwin|Bionic)([[:space:]]|$|\.)' "$@"
report "names an operating system: only a Platform/ folder may" \
    '#(if|elseif)[^/]*(os\(|canImport\((Glibc|Musl|Darwin|Bionic)\))' "$@"
report "reads /proc, which macOS does not have: go through a Platform/ type" '/proc/' "$@"
report "uses 'environ', which Darwin's module does not export: use ProcessInfo.processInfo.environment" \
    '(^|[^A-Za-z0-9_."])environ([^A-Za-z0-9_]|$)' "$@"
report "pthread_t() has no initialiser on Darwin: use SystemThread" 'pthread_t\(\)' "$@"
report "looks up C symbols at run time: only a Platform/ folder may" '(^|[^A-Za-z0-9_])(dlsym|syscall)\(' "$@"

# The oldest Swift the README promises (Package.swift's tools version) must build every file.
all_swift=$(find Sources Tests Exercises Solutions Stubs -name '*.swift' 2>/dev/null | sort)
# shellcheck disable=SC2086
set -- $all_swift
report "'weak let' needs Swift 6.3; the README promises 6.1: hold the object in a Weak (RunLoopEngine), or use weak var in a class" \
    '^[[:space:]]*((@[A-Za-z_]+|public|internal|package|private|fileprivate|nonisolated|final|static)[[:space:]]+)*weak[[:space:]]+let[[:space:]]' "$@"

script_files=$(find scripts .ci -type f ! -name 'check-portability.sh' 2>/dev/null | sort)
# shellcheck disable=SC2086
set -- $script_files
report "sed -i without a suffix is GNU-only (BSD sed takes the next word as the suffix): write to a temporary file, or use -i.bak" \
    '(^|[^A-Za-z0-9_-])sed[[:space:]]([^|;&]*[[:space:]])?-[A-Za-z]*i([[:space:]]|$)|--in-place' "$@"
report "sed -r is GNU-only: use sed -E" '(^|[^A-Za-z0-9_-])sed[[:space:]]([^|;&]*[[:space:]])?-[A-Za-z]*r([[:space:]]|$)' "$@"
report "readlink -f is GNU-only: use cd \"\$(dirname …)\" && pwd" '(^|[^A-Za-z0-9_-])readlink[[:space:]]+-[A-Za-z]*f' "$@"
report "grep -P is GNU-only: use grep -E" '(^|[^A-Za-z0-9_-])grep[[:space:]]([^|;&]*[[:space:]])?-[A-Za-z]*P' "$@"
report "date -d is GNU-only" '(^|[^A-Za-z0-9_-])date[[:space:]]([^|;&]*[[:space:]])?-d[[:space:]]' "$@"
report "stat -c is GNU-only (BSD: stat -f)" '(^|[^A-Za-z0-9_-])stat[[:space:]]+-c' "$@"
report "xargs -r is GNU-only" '(^|[^A-Za-z0-9_-])xargs[[:space:]]([^|;&]*[[:space:]])?-[A-Za-z]*r([[:space:]]|$)' "$@"
report "find -printf is GNU-only" '(^|[^A-Za-z0-9_-])find[[:space:]].*-printf' "$@"
report "timeout is not on macOS: bound the wait another way" '(^|[;&|[:space:]])timeout[[:space:]]+[0-9]' "$@"

if [ "$found" = 0 ]; then
    echo "✔ portable: no Linux-only construct outside the Platform/ folders, nothing newer than Swift 6.1"
    exit 0
fi
echo "✘ Constructs that do not build everywhere the README promises (see above). Move a Linux-only call into a Platform/ folder, or use the portable form." >&2
exit 1
