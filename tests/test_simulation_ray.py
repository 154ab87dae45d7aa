"""Simulation on a Ray cluster (a local one, started here on 127.0.0.1) gives exactly the
rows of a local run with the same seeds."""

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.server.process import free_port
from meeple.sim.runner import run_games

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    ray_bin = Path(sys.executable).parent / "ray"
    temp = tempfile.mkdtemp(prefix="rm", dir="/tmp")  # short: Ray's socket paths are limited
    port = free_port()
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    subprocess.run([str(ray_bin), "start", "--head", "--node-ip-address=127.0.0.1",
                    f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
                    f"--temp-dir={temp}", "--disable-usage-stats"],
                   check=True, env=env, capture_output=True, timeout=180)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run([str(ray_bin), "stop", "--force"], env=env, capture_output=True,
                       timeout=120)
        shutil.rmtree(temp, ignore_errors=True)


def test_a_ray_cluster_plays_the_same_games_as_local_workers(cluster: str) -> None:
    local = run_games("cult", 3, ["random", "heuristic"], 40, 6, {"max_rounds": 10}, workers=2)
    remote = run_games("cult", 3, ["random", "heuristic"], 40, 6, {"max_rounds": 10},
                       workers=1, ray_address=cluster)
    assert [r["hash"] for r in remote] == [r["hash"] for r in local]
    assert [r["winners"] for r in remote] == [r["winners"] for r in local]
