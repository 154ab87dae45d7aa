#!/usr/bin/env bash
# Compiles the rules, core and bot modules of meeple.compiled.MODULES with mypyc into
# build/mypyc/ (gitignored): the extension modules only, with a stamp of the sources they
# were made from; src/ is never touched. The package loads them in place of those sources
# while the sources are unchanged (meeple/compiled.py), so ./run and ./test run them. The
# README's bootstrap runs this when the sources changed since the last build.
# Needs mypyc (in .venv with mypy), a C compiler and Python's headers.
# MEEPLE_COMPILED_MODULES="games.cult.flow core.text" compiles only those;
# MEEPLE_COMPILED_DIR names another folder.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
py="${PYTHON:-$root/.venv/bin/python}"
out="${MEEPLE_COMPILED_DIR:-$root/build/mypyc}"
tmp="$out.tmp"
rm -rf "$tmp"
mkdir -p "$tmp"
# the sources as they are now, so that an edit made while this runs cannot slip in
(cd "$root/src" && tar --exclude=__pycache__ -cf - meeple) | (cd "$tmp" && tar -xf -)
files=($(cd "$tmp" && MEEPLE_BUILD=pure PYTHONPATH="$tmp" "$py" -c '
import os
from meeple.compiled import MODULES, source_path
given = os.environ.get("MEEPLE_COMPILED_MODULES", "").split()
print(" ".join("meeple/" + source_path(m) for m in given or MODULES))'))
start=$(date +%s)
# one C file per module (multi-file), compiled on every core at once
jobs="${MEEPLE_COMPILE_JOBS:-$(nproc 2>/dev/null || echo 2)}"
cat > "$tmp/setup_mypyc.py" <<PY
import os, sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="meeple-compiled", ext_modules=mypycify(
    ["--strict", *sys.argv.pop(1).split()], opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
    multi_file=os.environ.get("MEEPLE_MYPYC_MULTI_FILE", "1") == "1"))
PY
(cd "$tmp" && "$py" setup_mypyc.py "${files[*]}" build_ext --inplace -j "$jobs" >&2)
keep="$tmp/keep"
mkdir -p "$keep/lib"
(cd "$tmp" && find . -maxdepth 1 -name '*__mypyc*.so' -exec mv {} "$keep/lib/" \;)
(cd "$tmp" && find meeple -name '*.so' | tar -cf - -T - | (cd "$keep" && tar -xf -))
(cd "$tmp" && MEEPLE_BUILD=pure PYTHONPATH="$tmp" "$py" - "$keep" "${files[@]}" <<'PY'
import json, sys, time
from importlib.metadata import version
from pathlib import Path
from meeple.compiled import MODULES, STAMP, source_path, sources_hash
keep, files = Path(sys.argv[1]), set(sys.argv[2:])
modules = [m for m in MODULES if "meeple/" + source_path(m) in files]
stamp = {"sources": sources_hash(Path("meeple")), "modules": modules,
         "mypy": version("mypy"), "python": sys.version.split()[0],
         "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
(keep / STAMP).write_text(json.dumps(stamp, indent=2) + "\n")
PY
)
rm -rf "$out"
mv "$keep" "$out"
rm -rf "$tmp"
echo "compiled ${#files[@]} modules into $out in $(( $(date +%s) - start )) s" >&2
