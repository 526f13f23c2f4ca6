#!/bin/sh
# Makes SwiftPM 6.4's default on an older toolchain: a folder that, put first on PATH, makes every
# `swift build`, `swift test` and `swift run` that a process starts (kata's included) use Swift
# Build, as a student who sets nothing gets from SwiftPM 6.4 on. Prints the folder to put on PATH.
#
#   PATH="$(scripts/swiftbuild-by-default.sh .build-swiftbuild-default):$PATH" swift run kata
#
# The folder mirrors the toolchain's usr/ (links to everything in it) with a copy of the `swift`
# driver and three small scripts that call the real swift-build, swift-test and swift-run with
# `--build-system swiftbuild`. A copy, not a link: the driver looks for `swift-build` beside the
# file it runs from, and a link would lead it back to the real toolchain and past the scripts.
# Needs a toolchain whose SwiftPM has Swift Build (6.2 or later) and a swift driver that is a file
# of the toolchain (Linux; on macOS, /usr/bin/swift is xcrun's: use KATA_BUILD_SYSTEM=swiftbuild).
set -eu

[ $# -eq 1 ] || { echo "usage: scripts/swiftbuild-by-default.sh FOLDER" >&2; exit 2; }
folder=$1

# The toolchain's usr/, from the compiler itself: its runtime resources are in usr/lib/swift.
resources=$(swiftc -print-target-info | sed -n 's/^ *"runtimeResourcePath": *"\(.*\)",*$/\1/p' | head -n 1)
usr=$(dirname "$(dirname "$resources")")
[ -x "$usr/bin/swift-build" ] || { echo "no swift-build in $usr/bin (runtimeResourcePath: $resources)" >&2; exit 1; }

rm -rf "$folder"
mkdir -p "$folder/usr/bin"
for item in "$usr"/*; do
    [ "$(basename "$item")" = bin ] || ln -s "$item" "$folder/usr/$(basename "$item")"
done
for tool in "$usr"/bin/*; do
    case $(basename "$tool") in
    swift | swift-build | swift-test | swift-run) ;;
    *) ln -s "$tool" "$folder/usr/bin/$(basename "$tool")" ;;
    esac
done
cp "$usr/bin/swift-driver" "$folder/usr/bin/swift"
for command in build test run; do
    printf '#!/bin/sh\nexec "%s/bin/swift-%s" --build-system swiftbuild "$@"\n' "$usr" "$command" > "$folder/usr/bin/swift-$command"
    chmod +x "$folder/usr/bin/swift-$command"
done
cd "$folder/usr/bin" && pwd
