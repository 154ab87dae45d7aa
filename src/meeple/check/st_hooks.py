"""Schemathesis hooks for ``meeple check``: half of the generated requests name a real
game, so that they reach the rules and not only the 404."""

from __future__ import annotations

import os
import random
from typing import Any

import schemathesis


@schemathesis.hook
def map_path_parameters(_ctx: Any, path_parameters: dict[str, Any] | None) -> Any:
    if path_parameters and "gid" in path_parameters and random.random() < 0.5:
        path_parameters["gid"] = os.environ.get("MEEPLE_FUZZ_GAME", path_parameters["gid"])
    return path_parameters
