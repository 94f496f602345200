#!/usr/bin/env python3
"""Checks that CombineKit and CombineKitExt keep one operator per file, named after it.

Every public type declared in `extension Publishers { … }` must be declared in `Publishers/Publishers.<Type>.swift`,
and every public method of an `extension Publisher` block that returns a `Publishers.<Type>` must live in the file of
one of the `Publishers` types its result names. Prints each violation; exits 1 if there is any.

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


def main():
    problems = []
    counts = {"types": 0, "methods": 0}
    for module in MODULES:
        for folder, _, files in os.walk(module):
            for file in sorted(files):
                if file.endswith(".swift"):
                    check(os.path.join(folder, file), problems, counts)
    for problem in problems:
        print(problem)
    print(f"check-operator-files: {counts['types']} Publishers types and {counts['methods']} operator methods checked, "
          f"{len(problems)} misplaced")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
