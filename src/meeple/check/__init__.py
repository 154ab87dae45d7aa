"""``meeple check``: suites that attack a running server and the engine, and report what
they tried and what failed."""
