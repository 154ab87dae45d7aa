"""Where the browser tests' axe-core comes from: the npm registry through the machine's npm,
in the range web_helpers.AXE_RANGE, into out/axe/ (never the repository). Without npm the
accessibility checks fail in CI (MEEPLE_REQUIRE_SERVICES) and are skipped elsewhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import web_helpers


def _no_npm(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    web_helpers.axe_source.cache_clear()
    monkeypatch.setattr(web_helpers, "AXE_SCRIPT", tmp_path / "none" / "axe.min.js")
    monkeypatch.setattr("shutil.which", lambda name: None)


def test_without_npm_the_check_is_skipped_naming_what_is_missing(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MEEPLE_REQUIRE_SERVICES", raising=False)
    _no_npm(monkeypatch, tmp_path)
    with pytest.raises(pytest.skip.Exception, match="npm is not installed"):
        web_helpers.axe_source()
    web_helpers.axe_source.cache_clear()


def test_without_npm_ci_fails_naming_what_is_missing(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setenv("MEEPLE_REQUIRE_SERVICES", "1")
    _no_npm(monkeypatch, tmp_path)
    with pytest.raises(AssertionError, match="npm is not installed"):
        web_helpers.axe_source()
    web_helpers.axe_source.cache_clear()


def test_an_older_axe_core_is_not_taken(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An axe-core of 4.13 left in the folder is replaced, not used: without npm to
    replace it, the check stops."""
    old = tmp_path / "axe-core" / "axe.min.js"
    old.parent.mkdir()
    old.write_text("/* axe */")
    (old.parent / "package.json").write_text(json.dumps({"version": "4.13.0"}))
    monkeypatch.delenv("MEEPLE_REQUIRE_SERVICES", raising=False)
    web_helpers.axe_source.cache_clear()
    monkeypatch.setattr(web_helpers, "AXE_SCRIPT", old)
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(pytest.skip.Exception):
        web_helpers.axe_source()
    web_helpers.axe_source.cache_clear()
    assert web_helpers.AXE_RANGE.startswith("^4.")
