"""``python -m meeple``: the same as the ``meeple`` command."""

from meeple.cli.main import app

if __name__ == "__main__":  # not when a spawned process (the writer) imports it
    app(prog_name="meeple")
