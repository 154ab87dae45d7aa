"""Writes src/meeple/games/cyclades/data/maps.yaml: meeple's Cyclades boards.

The printed boards are art we do not reproduce; these layouts keep their structure
(docs/rules/cyclades.md, "Maps"): seas on a grid, islands where four seas meet, each
player's two starting islands with a troop and two fleets on seas beside them, and for
the Titans side two large islands split into territories plus small islands. Run it
again after editing a layout; the YAML is what the game reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

NAMES = ["Naxos", "Paros", "Milos", "Ios", "Andros", "Tinos", "Syros", "Kea", "Sifnos",
         "Serifos", "Amorgos", "Kythnos", "Mykonos", "Delos", "Thira", "Anafi", "Kimolos",
         "Sikinos", "Donousa", "Gyaros"]

# name: rows, cols, islands as (row, col, slots, prosperity, large-island id or None),
# starting island pairs per player count (each pair may name its two fleets' seas), seas
# with one prosperity marker, with two. Every start of a board is worth the same: two
# islands of two building spaces, 2 gold of revenue a cycle [B] (tests/test_cyclades_rules.py).
Layout = dict[str, Any]


def base(rows: int, cols: int, spots: list[tuple[int, int, int, int]],
         starts: dict[int, list[tuple[int, ...]]],
         rich: list[int]) -> Layout:
    return {"rows": rows, "cols": cols, "spots": [(*s, None) for s in spots],
            "starts": starts, "rich": rich, "double": []}


LAYOUTS: dict[str, Layout] = {
    "base2": base(4, 5, [(1, 1, 2, 1), (1, 3, 2, 1), (2, 2, 3, 2), (3, 1, 2, 1), (3, 3, 2, 1),
                         (1, 4, 1, 0), (3, 4, 1, 0)],
                  {2: [(0, 3), (1, 4, 2, 18)]}, [7, 12]),
    "base3": base(4, 6, [(1, 1, 2, 1), (1, 3, 2, 1), (1, 5, 2, 1), (2, 2, 3, 2), (2, 4, 3, 1),
                         (3, 1, 2, 1), (3, 3, 2, 0), (3, 5, 2, 1), (2, 1, 1, 0)],
                  {3: [(0, 5), (1, 6, 2, 14), (2, 7)]}, [9, 14]),
    "base4": base(5, 6, [(1, 1, 2, 1), (1, 3, 2, 1), (1, 5, 2, 1), (2, 2, 3, 2), (2, 4, 3, 1),
                         (3, 1, 2, 1), (3, 3, 2, 0), (3, 5, 2, 1), (4, 2, 2, 1), (4, 4, 2, 1),
                         (2, 5, 1, 0)],
                  {4: [(0, 5), (1, 6, 2, 14), (2, 7),
                       (8, 9)]}, [9, 14, 20]),
    "base5": base(5, 7, [(1, 1, 2, 1), (1, 3, 2, 1), (1, 5, 2, 1), (2, 2, 3, 2), (2, 4, 3, 1),
                         (2, 6, 2, 1), (3, 1, 2, 1), (3, 3, 2, 0), (3, 5, 2, 1), (4, 2, 2, 1),
                         (4, 4, 2, 1), (4, 6, 2, 1), (1, 6, 1, 0)],
                  {5: [(0, 6), (1, 7, 2, 23), (2, 5, 4, 13),
                       (8, 10), (9, 11)]}, [10, 16, 23]),
    # The Titans side: two large islands (territories of one island are neighbours).
    "titans34": {"rows": 5, "cols": 7, "spots": [
        (1, 1, 2, 1, 0), (1, 2, 2, 1, 0), (2, 1, 2, 0, 0), (2, 2, 3, 2, 0), (3, 1, 2, 1, 0),
        (1, 5, 2, 1, 1), (1, 6, 2, 1, 1), (2, 5, 3, 2, 1), (2, 6, 2, 0, 1), (3, 6, 2, 1, 1),
        (4, 3, 1, 1, None), (1, 4, 1, 0, None), (4, 5, 1, 0, None), (3, 4, 1, 1, None)],
        "starts": {}, "rich": [10, 24], "double": [17]},
    "titans56": {"rows": 6, "cols": 8, "spots": [
        (1, 1, 2, 1, 0), (1, 2, 2, 1, 0), (2, 1, 2, 0, 0), (2, 2, 3, 2, 0), (3, 1, 2, 1, 0),
        (3, 2, 2, 1, 0), (4, 1, 2, 0, 0),
        (1, 6, 2, 1, 1), (1, 7, 2, 1, 1), (2, 6, 3, 2, 1), (2, 7, 2, 0, 1), (3, 6, 2, 1, 1),
        (3, 7, 2, 1, 1), (4, 7, 2, 0, 1),
        (1, 4, 1, 1, None), (3, 4, 1, 0, None), (5, 3, 1, 1, None), (5, 5, 1, 1, None),
        (4, 4, 1, 0, None), (2, 4, 1, 0, None)],
        "starts": {}, "rich": [11, 28, 44], "double": [20, 35]},
}
# Titans boards: territories with a building at the start (one of each kind, shuffled).
START_BUILDINGS = {"titans34": [3, 7, 10, 13], "titans56": [3, 9, 14, 17]}


def build(name: str, lay: Layout) -> dict[str, Any]:
    rows, cols = lay["rows"], lay["cols"]
    seas = []
    for r in range(rows):
        for c in range(cols):
            sid = r * cols + c
            adj = [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols]
            seas.append({"id": sid, "x": c, "y": r, "next": adj,
                         "prosperity": 2 if sid in lay["double"] else
                         1 if sid in lay["rich"] else 0, "territories": []})
    terr = []
    for i, (r, c, slots, pros, island) in enumerate(lay["spots"]):
        around = [(r - 1) * cols + c - 1, (r - 1) * cols + c, r * cols + c - 1, r * cols + c]
        group = f"{NAMES[island]}" if island is not None else NAMES[i]
        terr.append({"id": i, "name": group if island is None else f"{group} {i + 1}",
                     "island": island if island is not None else 100 + i,
                     "x": c, "y": r, "seas": around, "slots": slots, "prosperity": pros,
                     "next": []})
        for s in around:
            seas[s]["territories"].append(i)
    for a in terr:
        for b in terr:
            if a is not b and a["island"] == b["island"] and \
                    abs(a["x"] - b["x"]) + abs(a["y"] - b["y"]) == 1:
                a["next"].append(b["id"])
    starts: dict[int, list[dict[str, list[int]]]] = {}
    for n, pairs in lay["starts"].items():
        used: set[int] = set()
        starts[n] = []
        for a, b, *named in pairs:
            # A fleet beside each starting island, on a sea no other player starts on.
            picked = named or [next(s for s in terr[t]["seas"] if s not in used) for t in (a, b)]
            if picked[0] == picked[1]:
                picked[1] = next(s for s in terr[b]["seas"] if s not in used | {picked[0]})
            assert set(picked).isdisjoint(used) and all(
                x in terr[t]["seas"] for x, t in zip(picked, (a, b), strict=True)), (name, a, b)
            used.update(picked)
            starts[n].append({"territories": [a, b], "seas": picked})
    return {"rows": rows, "cols": cols, "territories": terr, "seas": seas, "starts": starts,
            "start_buildings": START_BUILDINGS.get(name, [])}


def main() -> None:
    out = {name: build(name, lay) for name, lay in LAYOUTS.items()}
    path = Path(__file__).parent.parent / "src/meeple/games/cyclades/data/maps.yaml"
    head = "# Generated by scripts/cyclades_maps.py (our layouts; docs/rules/cyclades.md).\n"
    path.write_text(head + yaml.safe_dump(out, sort_keys=False, default_flow_style=None,
                                          width=100), "utf-8")


if __name__ == "__main__":
    main()
