"""Errors raised by the engine. Each names the problem; none leaves a state half-changed."""


class MeepleError(Exception):
    """Base class of every error the engine raises on bad input."""


class ActionParseError(MeepleError):
    """Action text or JSON that is not a well-formed action."""


class IllegalActionError(MeepleError):
    """A well-formed action that the rules do not allow now (wrong player, wrong time, ...)."""


class SaveFileError(MeepleError):
    """A game record or state file that is malformed or inconsistent."""


class ScenarioError(MeepleError):
    """A scenario file that is malformed (not a failed expectation: that is a result)."""


class QuietLogError(RuntimeError):
    """A quiet log was read: the state is a search's throwaway copy, never to be shown (a
    mistake in the program, not bad input: hence not a :class:`MeepleError`)."""
