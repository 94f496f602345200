#!/bin/sh
# Rewrites the golden outputs of `rxmigrate convert` from the fixtures and the samples (review the diff before
# committing). The tests compare them with convert's output, and the ConvertedFixtures target compiles those under
# Tests/ConvertedFixtures. Run from anywhere: ./Migrator/update-golden.sh
set -eu
cd "$(dirname "$0")"
swift build --product rxmigrate >/dev/null
bin=.build/debug/rxmigrate
fixtures=Tests/MigratorTests/Fixtures
for input in "$fixtures"/Convert/*.swift; do
    "$bin" convert "$input" > "Tests/ConvertedFixtures/Fixtures/$(basename "$input")" 2>/dev/null
done
for input in "$fixtures"/ConvertNotExact/*.swift; do
    "$bin" convert "$input" > "$fixtures/ConvertedWithNotes/$(basename "$input")" 2>/dev/null
done
for sample in Currency LocationSearch Posts LiveQuery TodoList; do
    "$bin" convert "../Samples/$sample/RxViewModel.swift" > "Tests/ConvertedFixtures/Samples/${sample}RxViewModel.swift" 2>/dev/null
done
