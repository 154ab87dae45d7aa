#!/usr/bin/env bash
# Builds a copy of the meeple package with Cult's, Cyclades' and Clash's rules modules, actions
# and the search and heuristic bots compiled by mypyc (meeple.compiled.MODULES),
# into build/mypyc/ (gitignored; src/ is never touched, so the pure-Python package
# stays what the tests run). Use it with `PYTHONPATH=build/mypyc ./run ...` or `./run bench ... --compiled`
# (docs/performance.md, "Compiling the rules with mypyc").
# Needs mypyc (in .venv with mypy), a C compiler and Python's headers.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
py="${PYTHON:-$root/.venv/bin/python}"
out="${MEEPLE_COMPILED_DIR:-$root/build/mypyc}"
# MEEPLE_COMPILED_MODULES="games.cult.flow games.cult.board" compiles only those
files=($(PYTHONPATH="$root/src" "$py" -c '
import os
from meeple.compiled import MODULES, source_path
given = os.environ.get("MEEPLE_COMPILED_MODULES", "").split()
print(" ".join("meeple/" + source_path(m) for m in given or MODULES))'))
tmp="$out.tmp"
rm -rf "$tmp"
mkdir -p "$tmp"
# the whole package (data files included), then the chosen modules replaced by extensions
(cd "$root/src" && tar --exclude=__pycache__ -cf - meeple) | (cd "$tmp" && tar -xf -)
start=$(date +%s)
(cd "$tmp" && MYPYC_OPT_LEVEL="${MYPYC_OPT_LEVEL:-3}" "$py" -m mypyc --strict "${files[@]}" >&2)
for f in "${files[@]}"; do
    rm "$tmp/$f"  # the extension alone, so that nothing can fall back to the source
done
rm -rf "$tmp/build" "$tmp/.mypy_cache"
rm -rf "$out"
mv "$tmp" "$out"
echo "compiled ${#files[@]} modules into $out in $(( $(date +%s) - start )) s" >&2
