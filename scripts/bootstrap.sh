#!/usr/bin/env bash
# Sourced by ./run and ./test so that each works on a fresh machine: creates .venv and
# installs meeple with its development tools (once per change of pyproject.toml), then
# compiles the rules, core and bots with mypyc into build/mypyc (once per change of those
# sources: meeple/compiled.py), which the package then runs. Without a C compiler or
# Python's headers, the pure package runs and this says so once. MEEPLE_BUILD=pure skips
# the build (and runs the pure package).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$py" -m venv "$venv"
fi
stamp="$venv/.meeple-installed"
want="$(sha256sum "$root/pyproject.toml" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip >&2
    # the checkout's own install is its sources (editable); the compiled modules are built
    # beside them below, not into them
    MEEPLE_PURE=1 "$venv/bin/python" -m pip install --quiet -e "$root[dev]" >&2
    echo "$want" > "$stamp"
fi
export PATH="$venv/bin:$PATH"
if [ "${MEEPLE_BUILD:-}" != "pure" ]; then
    build="$("$venv/bin/python" -c 'import meeple; print(meeple.BUILD)' 2>/dev/null || true)"
    if [ "$build" != "compiled" ]; then
        out="${MEEPLE_COMPILED_DIR:-$root/build/mypyc}"
        note="$out.unavailable"
        headers="$("$venv/bin/python" -c 'import os, sysconfig
print(os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))')"
        if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
            why="no C compiler (${CC:-cc}) was found"
        elif [ "$headers" != "True" ]; then
            why="Python's headers (Python.h) were not found"
        else
            why=""
        fi
        if [ -n "$why" ]; then
            if [ ! -f "$note" ]; then
                mkdir -p "$(dirname "$note")"
                echo "$why: meeple runs as pure Python (slower; see docs/performance.md)" > "$note"
                echo "meeple: $(cat "$note")" >&2
            fi
        else
            echo "meeple: compiling the rules, core and bots with mypyc (a few minutes, again" \
                 "only when they change)..." >&2
            rm -f "$note"
            # The compiler's hundreds of lines go to a log, shown only when the build fails.
            mkdir -p "$(dirname "$out")"
            log="$out.log"
            if PYTHON="$venv/bin/python" "$root/scripts/compile.sh" > "$log" 2>&1; then
                echo "meeple: $(tail -n 1 "$log") (the compiler's output: $log)" >&2
            else
                tail -n 30 "$log" >&2
                echo "the mypyc build failed (see $log): meeple runs as pure Python" > "$note"
                echo "meeple: $(cat "$note")" >&2
            fi
        fi
    fi
fi
