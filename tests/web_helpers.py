"""Shared helpers of the browser tests: the accessibility check (axe-core's current
release from the npm registry, every rule on, experimental ones included), the page's own
timings written to out/ui-metrics.json, the screenshots of the gallery, and games made and
played through the API.

Screenshots go to out/web-screenshots/ on every run, so a test run leaves the repository
as it was; `MEEPLE_GALLERY=1 ./test tests/test_web_*.py` writes them into the gallery that
docs/web.md shows (docs/web-screenshots/), to be looked at and committed.

Use them from any browser test::

    from tests.web_helpers import assert_accessible, shoot, watch_timings
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from meeple.web.bench import TIMING_SCRIPT
from tests.services import missing

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


# axe-core, the release range the checks are written for: 4.14 brought the rules this
# client is held to (label-content-name-mismatch among them). It comes from the npm
# registry into out/axe/ once (`npm install`), never into the repository.
AXE_RANGE = "^4.14.1"
AXE_DIR = ROOT / "out" / "axe"
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


def _axe_version(path: Path) -> tuple[int, ...]:
    try:
        meta = json.loads((path.parent / "package.json").read_text())
        return tuple(int(x) for x in str(meta["version"]).split("-")[0].split("."))
    except (OSError, ValueError, KeyError):
        return ()


@functools.cache
def axe_source() -> str:
    """axe-core's script in the range AXE_RANGE, installed with the machine's npm into
    out/axe/ the first time (in a fresh folder, moved into place whole, so that a run
    cut short leaves nothing half-made). Without npm, or when the registry cannot be
    reached, the check fails under MEEPLE_REQUIRE_SERVICES (CI) and is skipped
    elsewhere, as tests/services.py does with PostgreSQL and Redis."""
    if not ((4, 14, 1) <= _axe_version(AXE_SCRIPT) < (5,)):
        npm = shutil.which("npm")
        if npm is None:
            missing("npm is not installed (apt-get install nodejs npm): axe-core comes from it")
        AXE_DIR.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix="axe-", dir=AXE_DIR.parent))
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(fresh), "--no-save", "--no-audit", "--no-fund",
                 "--loglevel=error", f"axe-core@{AXE_RANGE}"],
                capture_output=True, text=True, timeout=300, check=False)
            if done.returncode != 0:
                missing(f"npm could not install axe-core@{AXE_RANGE}: {done.stderr[-600:]}")
            shutil.rmtree(AXE_DIR, ignore_errors=True)
            fresh.rename(AXE_DIR)
        finally:
            shutil.rmtree(fresh, ignore_errors=True)
    return AXE_SCRIPT.read_text()


# Every rule axe-core has, all on: the experimental ones, those of WCAG 2.2 (target-size),
# the deprecated ones and the three of conformance level AAA (color-contrast-enhanced,
# identical-links-same-purpose, meta-refresh-no-exceptions) included, most of them off by
# default. The client is held to AAA contrast: 7:1 for text, 4.5:1 for large text
# (docs/web.md).
_RUN_AXE = """async ([context]) => {
  const rules = Object.fromEntries(axe.getRules().map((r) => [r.ruleId, { enabled: true }]));
  const found = await axe.run(context || document, { rules, resultTypes: ["violations"] });
  return { version: axe.version, rules: Object.keys(rules).length,
           violations: found.violations };
}"""


def axe_run(page: Any, context: Any = None) -> dict[str, Any]:
    """axe-core (AXE_RANGE) run on the page as it is now with every rule on; its answer:
    the version and the violations. ``context`` is axe's (include / exclude)."""
    src = axe_source()
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(src)
    got: dict[str, Any] = page.evaluate(_RUN_AXE, [context])
    return got


def violations(page: Any, impacts: tuple[str, ...] = SERIOUS,
               exclude: tuple[str, ...] = (), include: tuple[str, ...] = ()) -> list[str]:
    """axe-core's findings of the given impacts on the page as it is now (in the regions
    ``include`` selects, else the whole page; leaving out those ``exclude`` selects),
    one line each: the rule, its impact, and the selectors of the elements at fault."""
    context = None
    if include or exclude:
        context = {"include": [[sel] for sel in include] or [["html"]],
                   "exclude": [[sel] for sel in exclude]}
    found = axe_run(page, context)["violations"]
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
