"""The meeple command line."""
