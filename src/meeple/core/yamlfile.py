"""Reading YAML (game data, text catalogs, scenarios), plain data only."""

from __future__ import annotations

from typing import Any

import yaml

# libyaml's parser where PyYAML was built with it: the same documents (every data, text and
# scenario file parses equal) about ten times faster, which a server otherwise pays when
# its first game is opened.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(text: str) -> Any:
    """A YAML document, safely."""
    return yaml.load(text, Loader=_LOADER)
