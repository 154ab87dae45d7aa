"""``python -m meeple``: the same as the ``meeple`` command."""

from meeple.cli.main import app

app(prog_name="meeple")
