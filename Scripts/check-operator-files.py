#!/usr/bin/env python3
"""Checks that the kits keep one operator per file, named after it.

CombineKit and CombineKitExt: every public type declared in `extension Publishers { … }` must be declared in
`Publishers/Publishers.<Type>.swift`, and every public method of an `extension Publisher` block that returns a
`Publishers.<Type>` must live in the file of one of the `Publishers` types its result names.

RxKit: an operator file is `Operators/<Family>/<Operator>.swift` or `Traits/<Trait>/<Trait>+<Operator>.swift`
(`Completable+…` with the primitive sequences); every public method in it must be named after the operator
(`skip(until:)` and `skipUntil` in `SkipUntil.swift`, `flatMapMaybe` in `PrimitiveSequence+FlatMap.swift`), and
no file collects operators under a family name (`+Operators`, `+Combining`, `+Creation`).

Prints each violation; exits 1 if there is any.

Run from the package root:  python3 Scripts/check-operator-files.py
"""
import os
import re
import sys

MODULES = [os.path.join("Sources", "CombineKit"), os.path.join("Sources", "CombineKitExt")]
TYPE = re.compile(r"^    public (?:final )?(?:struct|class|enum) (\w+)")
METHOD = re.compile(r"^    public (?:consuming )?(?:static )?func ")
RESULT = re.compile(r"Publishers\.(\w+)")


def check(path, problems, counts):
    name = os.path.basename(path)
    if name.startswith("Publishers.") and os.path.basename(os.path.dirname(path)) != "Publishers":
        problems.append(f"{path}: an operator's file belongs in the module's Publishers/ folder")
    container = None
    lines = open(path).read().split("\n")
    for number, line in enumerate(lines, 1):
        if line.startswith("extension "):
            container = line
        elif line.startswith("}"):
            container = None
        if container is None:
            continue
        if container.startswith("extension Publishers {"):
            match = TYPE.match(line)
            if match:
                counts["types"] += 1
                wanted = f"Publishers.{match.group(1)}.swift"
                helper = match.group(1).endswith("Strategy")  # an operator's option type, kept with it
                if name != wanted and not helper:
                    problems.append(f"{path}:{number}: Publishers.{match.group(1)} belongs in {wanted}")
        elif re.match(r"extension Publisher\b", container) and METHOD.match(line):
            signature = line
            k = number
            while "{" not in signature and k < len(lines):
                signature += lines[k]
                k += 1
            arrow = signature.split("->", 1)
            if len(arrow) < 2:
                continue
            results = RESULT.findall(arrow[1].split("{")[0])
            if not results:
                continue
            counts["methods"] += 1
            if not any(name == f"Publishers.{result}.swift" for result in results):
                problems.append(f"{path}:{number}: returns Publishers.{results[0]} but lives in {name}")


RX_MODULE = os.path.join("Sources", "RxKit")
RX_METHOD = re.compile(r"^    public (?:static )?func `?(\w+)`?")
# A trait folder and the file-name prefixes of the operators it holds.
TRAIT_FOLDERS = {
    "PrimitiveSequence": ("PrimitiveSequence+", "Completable+"),
    "Infallible": ("Infallible+",),
    "SharedSequence": ("SharedSequence+",),
}
GRAB_BAGS = ("+Operators.swift", "+Combining.swift", "+Creation.swift")
# Methods RxSwift names otherwise but declares beside the operator (deprecated spellings, predicate forms).
RX_ALIASES = {"TakeWhile": ("takeuntil",), "Enumerated": ("mapwithindex",), "CatchAndReturn": ("catcherrorjustreturn",)}


def rx_operator(path):
    """The operator a file of RxKit is named after, or None for a file that is not an operator's."""
    parts = path.split(os.sep)
    name = os.path.basename(path)[:-len(".swift")]
    if name.endswith("+Arity"):
        name = name[:-len("+Arity")]
    if "Operators" in parts:
        return name.split("+")[0]
    if "Traits" in parts and parts[-2] in TRAIT_FOLDERS:
        for prefix in TRAIT_FOLDERS[parts[-2]]:
            if name.startswith(prefix) and name.count("+") == 1 and not name.endswith("+Concurrency"):
                return name[len(prefix):]
    return None


def check_rx(path, problems, counts):
    name = os.path.basename(path)
    if name.endswith(GRAB_BAGS):
        problems.append(f"{path}: a file per operator, named after it, instead of a family file")
    parts = path.split(os.sep)
    if "Traits" in parts and parts[-2] == "Traits":
        for folder, prefixes in TRAIT_FOLDERS.items():
            if name.startswith(prefixes):
                problems.append(f"{path}: belongs in Traits/{folder}/")
    operator = rx_operator(path)
    if operator is None:
        return
    in_extension = False
    for number, line in enumerate(open(path).read().split("\n"), 1):
        if line.startswith("extension "):
            in_extension = True
        elif line.startswith("}"):
            in_extension = False
        match = RX_METHOD.match(line) if in_extension else None
        if not match:
            continue
        counts["rx"] += 1
        method, wanted = match.group(1).lower(), operator.lower()
        if wanted not in method and method not in wanted and method not in RX_ALIASES.get(operator, ()):
            problems.append(f"{path}:{number}: {match.group(1)} is not the operator {operator} this file is named after")


def main():
    problems = []
    counts = {"types": 0, "methods": 0, "rx": 0}
    for module in MODULES:
        for folder, _, files in os.walk(module):
            for file in sorted(files):
                if file.endswith(".swift"):
                    check(os.path.join(folder, file), problems, counts)
    for folder, _, files in os.walk(RX_MODULE):
        for file in sorted(files):
            if file.endswith(".swift"):
                check_rx(os.path.join(folder, file), problems, counts)
    for problem in problems:
        print(problem)
    print(f"check-operator-files: {counts['types']} Publishers types, {counts['methods']} Publisher methods and "
          f"{counts['rx']} RxKit operator methods checked, {len(problems)} misplaced")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
