#!/usr/bin/env bash
# Builds reactive-bench in release and runs it.
#   ./run.sh            the configuration users get: a dependent package's default release build
#   ./run.sh --cmo      the same with -cross-module-optimization (separate scratch path .build-cmo)
#   ./run.sh --both     both, one after the other
#   --quick             small counts and 3 rounds (a smoke run); other arguments go to reactive-bench
# A full run (no arguments but --cmo/--both) replaces RESULTS.md (default build) or RESULTS-cmo.md
# (-cross-module-optimization) with its tables; any other run writes no file.
# Exits non-zero if a build fails or implementations disagree on a checksum.
set -euo pipefail
cd "$(dirname "$0")"

configurations=(default)
bench_arguments=()
for argument in "$@"; do
    case "$argument" in
        --cmo) configurations=(cmo) ;;
        --both) configurations=(default cmo) ;;
        *) bench_arguments+=("$argument") ;;
    esac
done

results() {  # $1 = file name; prints the --results arguments for a full run, nothing otherwise
    if [ ${#bench_arguments[@]} -eq 0 ]; then
        echo "--results"
        echo "$PWD/$1"
    fi
}

for configuration in "${configurations[@]}"; do
    if [ "$configuration" = default ]; then
        swift build -c release --product reactive-bench
        mapfile -t results_arguments < <(results RESULTS.md)
        .build/release/reactive-bench --label "release (default)" \
            ${results_arguments[@]+"${results_arguments[@]}"} ${bench_arguments[@]+"${bench_arguments[@]}"}
    else
        swift build -c release --product reactive-bench --scratch-path .build-cmo \
            -Xswiftc -cross-module-optimization
        mapfile -t results_arguments < <(results RESULTS-cmo.md)
        .build-cmo/release/reactive-bench --label "release, -cross-module-optimization" \
            ${results_arguments[@]+"${results_arguments[@]}"} ${bench_arguments[@]+"${bench_arguments[@]}"}
    fi
done
