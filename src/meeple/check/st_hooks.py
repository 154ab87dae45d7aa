"""Schemathesis hooks for ``meeple check``: half of the generated requests that name a
game name one of the live games instead (one of every registered game), so that they
reach the rules and not only the 404, and every request carries a seat's secret of the
game it names."""

from __future__ import annotations

import os
import random
from typing import Any

import schemathesis


def _games() -> dict[str, str]:
    """Game id -> a seat's secret, from MEEPLE_FUZZ_GAMES ("id:secret,id:secret...")."""
    pairs = os.environ.get("MEEPLE_FUZZ_GAMES", "").split(",")
    return dict(p.split(":", 1) for p in pairs if ":" in p)


GAMES = _games()
SESSION = os.environ.get("MEEPLE_FUZZ_SESSION", "")
RNG = random.Random(os.environ.get("MEEPLE_FUZZ_SEED", "1"))


@schemathesis.hook
def before_call(_ctx: Any, case: Any, _kwargs: dict[str, Any]) -> None:
    """Here rather than in ``map_path_parameters``, which the generation phases that do
    not draw from a strategy (examples, coverage) never call: measured, not one request
    reached a live game that way."""
    if not GAMES:
        return
    params = case.path_parameters
    if params and "gid" in params and RNG.random() < 0.5:
        params["gid"] = RNG.choice(sorted(GAMES))
    gid = (params or {}).get("gid")
    token = GAMES.get(gid) if isinstance(gid, str) else None
    # A game that does not exist still gets a valid secret, to pass the secret check and
    # reach the lookup.
    case.headers = {**(case.headers or {}),
                    "Authorization": f"Bearer {token or next(iter(GAMES.values()))}"}
    # Signed in, half the time: the account routes past "sign in first" (never signing
    # out, which would end the session for every later request).
    path = str(getattr(getattr(case, "operation", None), "path", ""))
    if SESSION and not path.startswith("/api/account/signout") and RNG.random() < 0.5:
        case.headers = {**case.headers, "Cookie": f"meeple_session={SESSION}",
                        "X-CSRF-Token": os.environ.get("MEEPLE_FUZZ_CSRF", "")}
