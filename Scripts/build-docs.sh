#!/usr/bin/env bash
# Builds the DocC reference site of every public module with the toolchain's own `docc`: symbol graphs are
# extracted from the debug build (no plugin, no package dependency), then each module's catalog
# (Sources/<Module>/<Module>.docc) is converted. Any docc warning (a broken symbol link, an unresolved
# article) fails the script.
#
# usage: Scripts/build-docs.sh [OUTPUT_DIR]     (default: .build/docs; one <Module>.doccarchive per module)
# Browse an archive locally: `python3 -m http.server -d .build/docs/RxKit.doccarchive 8000`, then open
# http://localhost:8000/documentation/rxkit.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(RxKit RxKitTest RxKitBlocking CombineKit CombineKitTest CombineKitExt RxCombineBridge ParityTesting ParityHarness)
out=${1:-.build/docs}
graphs=.build/symbol-graphs

targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
swift build "${targets[@]}" >/dev/null
bin=$(swift build --show-bin-path)
triple=$(basename "$(dirname "$bin")")
rm -rf "$graphs" "$out"; mkdir -p "$out"

status=0
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    [ -d "$catalog" ] || { echo "docs: $module has no catalog at $catalog"; status=1; continue; }
    mkdir -p "$graphs/$module"
    swift symbolgraph-extract -module-name "$module" -target "$triple" -minimum-access-level public \
        -I "$bin/Modules" -Xcc "-fmodule-map-file=$bin/ReactiveBridgeAtomics.build/module.modulemap" \
        -output-dir "$graphs/$module"
    log=$(mktemp)
    if ! docc convert "$catalog" --additional-symbol-graph-dir "$graphs/$module" \
            --output-path "$out/$module.doccarchive" --fallback-display-name "$module" \
            --fallback-bundle-identifier "org.reactivebridge.$module" --warnings-as-errors >"$log" 2>&1 \
        || grep -qE "warning:|error:" "$log"; then
        echo "docs: $module has documentation problems:"; grep -E "warning|error" "$log" | head -40
        status=1
    else
        echo "docs: $module -> $out/$module.doccarchive"
    fi
done
exit $status
