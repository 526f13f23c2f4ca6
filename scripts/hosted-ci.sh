#!/bin/sh
# What the hosted CI workflow (.github/workflows/ci.yml) runs, one job at a time, so that a
# maintainer can run exactly the same steps on their own machine.
#
#   scripts/hosted-ci.sh linux                  .ci/run, after making sure the tools it needs are
#                                               there (the official Swift images lack `ps`)
#   scripts/hosted-ci.sh macos [XCODE_APP]      the README's two commands, ThreadSanitizer over
#                                               kata's concurrent parts, then scripts/mac-report.sh
#                                               (which writes mac-report.txt); with XCODE_APP
#                                               (/Applications/Xcode_16.3.app), that Xcode's
#                                               toolchain, chosen through DEVELOPER_DIR (no sudo,
#                                               nothing changed for the rest of the machine)
#   scripts/hosted-ci.sh --dry-run JOB [...]    checks what the job needs and prints its steps,
#                                               running and installing nothing
#
# Every step of the macos job runs even when one before it failed (the report is wanted most
# then); the job fails at the end, listing the steps that failed.
# POSIX sh and tools that behave the same on Linux and macOS (scripts/check-portability.sh).
set -u

usage() {
    echo "usage: scripts/hosted-ci.sh [--dry-run] linux | macos [XCODE_APP]" >&2
    exit 2
}

dry=0
if [ "${1:-}" = "--dry-run" ]; then dry=1; shift; fi
[ $# -ge 1 ] || usage
job=$1; shift
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)

# The lines the workflow's summary page shows, one per step, when GitHub provides one.
summary() {
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then printf '%s\n' "$1" >> "$GITHUB_STEP_SUMMARY"; fi
}

failed=""
# step TITLE SHOWN COMMAND [ARG…]: runs the command, prints how it went and for how long, and goes
# on. SHOWN is what the log says is run (- for the command itself; a shell function's own words).
step() {
    title=$1; shown=$2; shift 2
    [ "$shown" != - ] || shown="$*"
    printf '\n== %s\n$ %s\n' "$title" "$shown"
    if [ "$dry" = 1 ]; then return 0; fi
    start=$(date +%s)
    "$@"
    status=$?
    seconds=$(( $(date +%s) - start ))
    if [ "$status" = 0 ]; then
        printf '✔ %s (%ss)\n' "$title" "$seconds"
        summary "| ✔ | $title | ${seconds}s |"
    else
        printf '✘ %s: exit %s (%ss)\n' "$title" "$status" "$seconds"
        summary "| ✘ exit $status | $title | ${seconds}s |"
        failed="$failed
  ✘ $title"
    fi
}

finish() {
    if [ "$dry" = 1 ]; then
        printf '\n(dry run: nothing was run)\n'
        if [ -n "$problems" ]; then exit 2; else exit 0; fi
    fi
    if [ -n "$failed" ]; then
        printf '\n%s job: these steps failed:%s\n' "$job" "$failed"
        exit 1
    fi
    printf '\n✔ %s job: every step passed\n' "$job"
}

# problem MESSAGE: something the job needs and does not have; preflight_done names them all at
# once and stops the job (a dry run goes on to print the steps, then exits 2).
problems=""
problem() { problems="$problems
  - $1"; }
preflight_done() {
    [ -n "$problems" ] || return 0
    printf '✘ %s job cannot start:%s\n' "$job" "$problems" >&2
    [ "$dry" = 1 ] || exit 2
}

print_toolchain() {
    printf '== Toolchain\n'
    uname -srm
    if command -v xcodebuild > /dev/null 2>&1; then xcodebuild -version; fi
    swift --version 2>&1
}

# A git that refuses the checkout because another user owns it (a container's root user in a
# workspace the runner created) is told it is safe for this process and its children only,
# through git's environment configuration, leaving every config file alone.
trust_checkout_for_git() {
    git -C "$root" rev-parse --git-dir > /dev/null 2>&1 && return 0
    if git -C "$root" rev-parse --git-dir 2>&1 | grep -q 'dubious ownership'; then
        echo "git does not trust $root (another user owns it): trusting it for this run only"
        GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0=$root
        export GIT_CONFIG_COUNT GIT_CONFIG_KEY_0 GIT_CONFIG_VALUE_0
        git -C "$root" rev-parse --git-dir > /dev/null 2>&1 && return 0
    fi
    problem "$root is not a git clone: .ci/run and kata verify read git HEAD (check out with git, not as an archive)"
}

# ---- linux: the official Swift images (swift:6.1, swift:6.2, swift:latest) run .ci/run.
#
# They have swift, git and bash (Ubuntu); they lack `ps` (procps), which kata uses to find a test
# process's leftovers and ProcessLifetimeTests use to check there are none. Whatever is missing
# is installed with apt-get when the job runs as root (as in a container), else named.
linux_needs() {
    missing=""
    for tool in swift bash git ps tar; do
        command -v "$tool" > /dev/null 2>&1 || missing="$missing $tool"
    done
    echo "$missing"
}

# The Debian/Ubuntu package that provides each tool.
package_for() {
    case $1 in
        ps) echo procps ;;
        *) echo "$1" ;;
    esac
}

preflight_linux() {
    [ "$(uname -s)" = Linux ] || problem "the linux job runs on Linux (this is $(uname -s))"
    missing=$(linux_needs)
    if [ -n "$missing" ]; then
        packages=""
        for tool in $missing; do
            [ "$tool" = swift ] && { problem "swift is not on PATH: use a Swift toolchain image (swift:6.1 …)"; continue; }
            packages="$packages $(package_for "$tool")"
        done
        if [ -n "$packages" ]; then
            if [ "$dry" = 1 ]; then
                echo "missing:$missing; the job would install:$packages"
            elif [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null 2>&1; then
                echo "== Installing what the image lacks:$packages"
                # shellcheck disable=SC2086
                if ! DEBIAN_FRONTEND=noninteractive apt-get -q update \
                    || ! DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends $packages; then
                    problem "apt-get could not install:$packages"
                fi
                still=$(linux_needs)
                [ -z "$still" ] || problem "still missing after apt-get:$still"
            else
                problem "missing:$missing (install the packages:$packages; the job installs them itself only as root with apt-get)"
            fi
        fi
    fi
    if command -v git > /dev/null 2>&1; then trust_checkout_for_git; fi
    [ -x .ci/run ] || problem ".ci/run is missing or not executable"
    preflight_done
}

# ---- macos: a hosted Mac with the chosen Xcode.

# kata's documented exit codes: 0 done, 3 the package does not build. `kata` (its `list`) also
# records every lesson's result in .kata/results.json, one entry with its "key" per lesson; a
# list that left lessons out shows in that file, read as the data it is.
kata_lists_every_lesson() {
    swift run kata || return $?
    lessons=$(find Exercises -mindepth 1 -maxdepth 1 -type d -name '[0-9][0-9]-*' | wc -l | tr -d ' ')
    recorded=$(grep -o '"key":"' .kata/results.json 2> /dev/null | wc -l | tr -d ' ')
    if [ "$recorded" != "$lessons" ]; then
        echo "✘ kata exited 0 but .kata/results.json holds $recorded lesson results, not one for each of the $lessons lessons in Exercises/"
        return 1
    fi
    echo "✔ kata listed all $lessons lessons (each one's result is in .kata/results.json)"
}

# ThreadSanitizer over kata's concurrent parts: child processes and their process groups,
# signals and shutdown, the test runner's judge of how a test process ended, the watcher's thread.
# (The engine's and the lessons' TSan runs are .ci/run's.)
cli_tsan_suites='ChildProcessTests|ProcessLifetimeTests|WatcherTests|JudgeTests'

mac_report() {
    rm -f mac-report.txt
    sh scripts/mac-report.sh
    status=$?
    if [ ! -s mac-report.txt ]; then
        echo "✘ scripts/mac-report.sh wrote no mac-report.txt (exit $status)"
        return 1
    fi
    echo "✔ mac-report.txt written ($(wc -l < mac-report.txt | tr -d ' ') lines)"
    return "$status"
}

preflight_macos() {
    [ -f scripts/mac-report.sh ] || problem "scripts/mac-report.sh is missing: it writes mac-report.txt, the summary this job uploads"
    [ "$(uname -s)" = Darwin ] || problem "the macos job runs on macOS (this is $(uname -s))"
    if [ -n "$xcode" ]; then
        if [ -d "$xcode/Contents/Developer" ]; then
            DEVELOPER_DIR="$xcode/Contents/Developer"
            export DEVELOPER_DIR
        else
            problem "no Xcode at $xcode (the runner image's Readme lists the Xcodes it has)"
        fi
    fi
    if command -v git > /dev/null 2>&1; then trust_checkout_for_git; else problem "git is not on PATH"; fi
    preflight_done
}

case $job in
    linux)
        [ $# = 0 ] || usage
        preflight_linux
        summary "| | step (linux) | time |"
        summary "|---|---|---|"
        [ "$dry" = 1 ] || print_toolchain
        CI=${CI:-true}
        export CI
        step "CI: .ci/run (the maintainers' tests, the portable variant, portability, verify, mutants, ThreadSanitizer)" - .ci/run
        finish
        ;;
    macos)
        xcode=${1:-}
        [ $# -le 1 ] || usage
        preflight_macos
        summary "| | step (macOS, ${xcode:-the selected Xcode}) | time |"
        summary "|---|---|---|"
        [ "$dry" = 1 ] || print_toolchain
        step "README: swift run kata shows every lesson" \
            "swift run kata  (then: a result for every lesson in .kata/results.json)" kata_lists_every_lesson
        step "README: swift test --traits Solutions --scratch-path .build/solutions" - swift test --traits Solutions --scratch-path .build/solutions
        step "ThreadSanitizer over kata's child processes, signals and test runner" - \
            swift test --sanitize=thread --traits Solutions --scratch-path .build-tsan --filter "$cli_tsan_suites"
        step "scripts/mac-report.sh writes mac-report.txt" \
            "sh scripts/mac-report.sh  (then: mac-report.txt is there)" mac_report
        finish
        ;;
    *)
        usage
        ;;
esac
