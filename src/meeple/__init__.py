"""meeple: strategy board games with every rule enforced by the machine."""

__version__ = "0.1.0"
