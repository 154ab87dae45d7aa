"""Random-play speed of an older checkout, timed as today's `meeple bench engine` times it
(CPU time of the process), for a before/after in the same run (docs/performance.md).

Older checkouts' `bench_engine` timed by the wall clock, which a loaded machine distorts;
this runs that same function with its clock swapped for CPU time. Run it with the old
checkout first on the import path:

    env PYTHONPATH=OLD/src .venv/bin/python scripts/bench_old_engine.py cyclades 4 5
"""

from __future__ import annotations

import json
import sys
import time
import types

import meeple.sim.bench as bench


def main(game: str, players: int, seconds: float) -> dict[str, object]:
    bench.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[attr-defined]
    found = bench.bench_engine(game, players, seconds)
    return {"game": game, "players": players, "actions_per_sec": found["actions_per_sec"],
            "games": found["games"], "clock": "process CPU time", "source": bench.__file__}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]))))
