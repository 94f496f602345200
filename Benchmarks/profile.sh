#!/usr/bin/env bash
# Counts instructions per event for one scenario and implementation with callgrind (repeatable where wall
# time is noisy), and lists the functions that dominate.
#   ./profile.sh [--cmo] S2 CombineKit [small-n large-n]     (--cmo: the -cross-module-optimization build)
# Needs valgrind (apt-get install valgrind). Valgrind 3.19 cannot read the DWARF 5 that swiftc emits, so
# the script profiles a copy of the release binary with its debug info stripped (symbols stay).
set -euo pipefail
cd "$(dirname "$0")"
scratch=.build
flags=()
if [ "${1:-}" = --cmo ]; then
    scratch=.build-cmo
    flags=(-Xswiftc -cross-module-optimization)
    shift
fi
scenario=${1:?usage: profile.sh SCENARIO IMPLEMENTATION [small-n large-n]}
implementation=${2:?usage: profile.sh SCENARIO IMPLEMENTATION [small-n large-n]}
small=${3:-20000}
large=${4:-120000}

swift build -c release --product reactive-bench --scratch-path "$scratch" ${flags[@]+"${flags[@]}"} >/dev/null
work=$(mktemp -d)
cp "$scratch/release/reactive-bench" "$work/reactive-bench"
strip --strip-debug "$work/reactive-bench"

instructions() {  # $1 = n; prints the total instructions of a run (warm-up round + 1 timed round)
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.$1" \
        "$work/reactive-bench" --filter "$scenario" --impl "$implementation" --rounds 1 --count "$1" \
        >/dev/null 2>"$work/valgrind.$1.log"
    grep -o 'Collected : [0-9]*' "$work/valgrind.$1.log" | grep -o '[0-9]*$'
}
small_total=$(instructions "$small")
large_total=$(instructions "$large")
# Two runs per process (warm-up and timed); the difference cancels start-up and setup.
echo "$scenario $implementation: $(( (large_total - small_total) / (2 * (large - small)) )) instructions per unit of n"
echo "(S7 and R1: divide by the subscriber count for per-delivery figures)"
echo
callgrind_annotate --inclusive=no "$work/callgrind.$large" 2>/dev/null | sed -n '/^ *Ir/,$p' | head -25 \
    | swift demangle --simplified
echo "callgrind output kept in $work (callgrind_annotate --inclusive=yes $work/callgrind.$large)"
