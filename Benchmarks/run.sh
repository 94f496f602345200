#!/usr/bin/env bash
# Builds reactive-bench in release and runs it.
#   ./run.sh            the configuration users get: a dependent package's default release build
#   ./run.sh --cmo      the same with -cross-module-optimization (separate scratch path .build-cmo)
#   ./run.sh --both     both, one after the other
#   --quick             small counts and 3 rounds (a smoke run); other arguments go to reactive-bench
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

for configuration in "${configurations[@]}"; do
    if [ "$configuration" = default ]; then
        swift build -c release --product reactive-bench
        .build/release/reactive-bench --label "release (default)" ${bench_arguments[@]+"${bench_arguments[@]}"}
    else
        swift build -c release --product reactive-bench --scratch-path .build-cmo \
            -Xswiftc -cross-module-optimization
        .build-cmo/release/reactive-bench --label "release, -cross-module-optimization" \
            ${bench_arguments[@]+"${bench_arguments[@]}"}
    fi
done
