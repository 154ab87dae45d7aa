"""Shared helpers of the browser tests: the accessibility check (axe-core through
axe-playwright-python), the page's own timings written to out/ui-metrics.json, the
screenshots of the gallery, and games made and played through the API.

Screenshots go to out/web-screenshots/ on every run, so a test run leaves the repository
as it was; `MEEPLE_GALLERY=1 ./test tests/test_web_*.py` writes them into the gallery that
docs/web.md shows (docs/web-screenshots/), to be looked at and committed.

Use them from any browser test::

    from tests.web_helpers import assert_accessible, shoot, watch_timings
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from meeple.web.bench import TIMING_SCRIPT

ROOT = Path(__file__).resolve().parent.parent
METRICS = ROOT / "out" / "ui-metrics.json"
GALLERY = ROOT / ("docs" if os.environ.get("MEEPLE_GALLERY") else "out") / "web-screenshots"
SIZES = {"1280x800": (1280, 800), "390x844": (390, 844)}
MAX_PNG = 150_000  # bytes: the gallery stays small enough to live in the repository
SERIOUS = ("serious", "critical")


def watch_timings(page: Any) -> None:
    """Measure this page's updates and first board from its next navigation on, with the
    same clock as `meeple bench web` (its TIMING_SCRIPT, installed before the page's own
    scripts run)."""
    page.add_init_script(TIMING_SCRIPT)


def timings(page: Any) -> dict[str, Any]:
    """What the page measured: each update-to-screen time and the first load, in ms."""
    got: dict[str, Any] = page.evaluate(
        "() => window.__meepleBench || {updates: [], firstBoard: null}")
    return got


def record_metrics(name: str, values: dict[str, Any]) -> dict[str, Any]:
    """Adds (or replaces) one entry of out/ui-metrics.json; returns the whole file."""
    METRICS.parent.mkdir(parents=True, exist_ok=True)
    try:
        data: dict[str, Any] = json.loads(METRICS.read_text())
    except (OSError, ValueError):
        data = {}
    data[name] = {**values, "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    METRICS.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    return data


def summary(updates: list[float]) -> dict[str, Any]:
    if not updates:
        return {"updates": 0}
    ordered = sorted(updates)
    return {"updates": len(ordered), "median_ms": round(statistics.median(ordered), 1),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
            "max_ms": round(ordered[-1], 1)}


def violations(page: Any, impacts: tuple[str, ...] = SERIOUS,
               exclude: tuple[str, ...] = ()) -> list[str]:
    """axe-core's findings of the given impacts on the page as it is now (leaving out the
    regions ``exclude`` selects), one line each: the rule, its impact, and the selectors
    of the elements at fault."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    context = {"include": [["html"]], "exclude": [[sel] for sel in exclude]} if exclude else None
    found = Axe().run(page, context=context).response.get("violations", [])
    lines = []
    for v in found:
        if v.get("impact") not in impacts:
            continue
        where = ["/".join(str(s) for s in n.get("target", [])) for n in v.get("nodes", [])]
        lines.append(f"{v['id']} ({v['impact']}): {v.get('help', '')} at {', '.join(where[:8])}"
                     + (f" (+{len(where) - 8} more)" if len(where) > 8 else ""))
    return lines


def assert_accessible(page: Any, where: str, exclude: tuple[str, ...] = ()) -> None:
    """No serious or critical axe-core violation on the page (but the regions ``exclude``
    selects, which other tests own); the message names them."""
    found = violations(page, exclude=exclude)
    assert not found, f"axe-core on {where}:\n" + "\n".join(found)


FINDINGS = ROOT / "out" / "axe-findings.json"


def record_findings(where: str, found: list[str]) -> None:
    """Keeps axe-core's findings on a screen in out/axe-findings.json (replaced on each
    run of that screen), for whoever owns the region at fault."""
    FINDINGS.parent.mkdir(parents=True, exist_ok=True)
    try:
        data: dict[str, Any] = json.loads(FINDINGS.read_text())
    except (OSError, ValueError):
        data = {}
    data[where] = found
    FINDINGS.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def shoot(page: Any, name: str, full_page: bool = False) -> Path:
    """A gallery screenshot NAME.png (see GALLERY) at device scale 1, made small
    (a palette PNG) when the plain one is over MAX_PNG bytes."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    path = GALLERY / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    if path.stat().st_size > MAX_PNG:
        from PIL import Image

        with Image.open(path) as img:
            small = img.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
            small.save(path, optimize=True)
    return path


def set_language(page: Any, lang: str) -> None:
    """The interface language for the next page load (the page's own switch keeps it in
    localStorage under meeple.lang)."""
    page.evaluate("l => localStorage.setItem('meeple.lang', l)", lang)


def make_game(page: Any, site: str, game: str, seats: list[str], options: dict[str, Any]
              ) -> dict[str, Any]:
    """A game created through the API, as the lobby would; its answer (id, seats' tokens,
    spectator token)."""
    r = page.request.post(f"{site}/api/games", data={
        "game": game, "players": len(seats), "seats": [{"kind": k} for k in seats],
        "options": options})
    assert r.ok, r.text()
    out: dict[str, Any] = r.json()
    return out


CLOSING = ("submit", "ready", "done", "pass", "end")


def _closing(choices: list[dict[str, Any]]) -> str:
    actions = [str(c["action"]) for c in choices]
    return next((a for a in actions if a in CLOSING), actions[0])


def play_through_api(page: Any, site: str, gid: str, token: str, limit: int = 2000,
                     timeout: float = 120.0) -> dict[str, Any]:
    """Plays one seat's decisions through the API until the game ends (a choice that
    closes the turn when there is one, else the first); returns the last payload."""
    headers = {"Authorization": f"Bearer {token}"}
    end = time.monotonic() + timeout
    for _ in range(limit):
        p: dict[str, Any] = page.request.get(f"{site}/api/games/{gid}", headers=headers).json()
        if p["finished"]:
            return p
        assert time.monotonic() < end, f"game {gid} did not end in {timeout} s"
        if p.get("choices"):
            page.request.post(f"{site}/api/games/{gid}/actions", headers=headers, data={
                "action": _closing(p["choices"]), "version": p["version"]})
        else:
            time.sleep(0.05)
    raise AssertionError(f"game {gid} did not end in {limit} decisions")
