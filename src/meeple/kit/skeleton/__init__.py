"""Skeleton: a game made by ``meeple new`` (docs/authoring.md): a race along a track,
each player playing one of three hidden number cards a turn."""

from meeple.kit.skeleton.game import SkeletonGame

GAME = SkeletonGame

__all__ = ["GAME", "SkeletonGame"]
