#!/usr/bin/env bash
# Counts instructions per value with callgrind for operators the scenarios do not cover: `ext-probe` pumps
# a subject through one operator into a subscriber (default release build). CombineKitExt's modes start
# from a PassthroughSubject, RxKit's (`rx.`-prefixed) from a PublishSubject.
#   ./probe-ext.sh [MODE...]     (default: every mode, as `ext-probe --modes` lists them)
# Needs valgrind; like profile.sh, profiles a copy of the binary with its debug info stripped.
set -euo pipefail
cd "$(dirname "$0")"
modes=("$@")
swift build -c release --product ext-probe >/dev/null
[ ${#modes[@]} -gt 0 ] || mapfile -t modes < <(.build/release/ext-probe --modes)
work=$(mktemp -d)
cp .build/release/ext-probe "$work/ext-probe"
strip --strip-debug "$work/ext-probe"
instructions() {  # $1 = mode, $2 = n; prints the run's total instructions
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.$1.$2" "$work/ext-probe" "$1" "$2" \
        >/dev/null 2>"$work/valgrind.log"
    grep -o 'Collected : [0-9]*' "$work/valgrind.log" | grep -o '[0-9]*$'
}
for mode in "${modes[@]}"; do
    small=$(instructions "$mode" 20000)
    large=$(instructions "$mode" 120000)
    # The difference cancels start-up, subscription and cancel.
    echo "$mode: $(( (large - small) / 100000 )) instructions per value"
done
echo "callgrind output kept in $work"
