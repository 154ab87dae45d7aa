"""The package's licence as its metadata declares it: an MIT LICENSE file beside
pyproject.toml, named by the SPDX expression and `license-files` (PEP 639), with a
setuptools able to read them (77 and later) in the build requirements."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_licence_is_an_mit_file_named_by_its_spdx_expression() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    meta = project["project"]
    assert meta["license"] == "MIT"  # the SPDX string, not the deprecated table
    assert meta["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "Copyright (c) the meeple authors" in text
    assert "WITHOUT WARRANTY OF ANY KIND" in text


def test_the_build_requires_a_setuptools_that_reads_spdx_licences() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found = [r for r in project["build-system"]["requires"] if r.startswith("setuptools")]
    assert len(found) == 1
    low = re.search(r">=\s*(\d+)", found[0])
    assert low is not None and int(low.group(1)) >= 77, found[0]
