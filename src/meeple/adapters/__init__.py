"""meeple games in other libraries' interfaces: PettingZoo (``pettingzoo``) and OpenSpiel
(``openspiel``). Both use the engine's generic calls only, so a new game needs no change
here; ``encoding`` turns views and legal actions into fixed-size arrays."""
