"""meeple: strategy board games with every rule enforced by the machine."""

from meeple.compiled import activate as _activate

__version__ = "0.1.0"
# The rules, core and bots compiled by mypyc where a fresh build is there (meeple.compiled).
BUILD = _activate()
