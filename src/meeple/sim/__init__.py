"""Running games without people: matches between bots, self-play, benchmarks."""
