"""Tile faces, orientations and the fit tables placement legality reads.

A face is written as its four edge landscapes clockwise from north, e.g.
`FFMS` (north and east forest, south mountain, west sea), optionally
followed by `:` and one group digit per edge saying which edges connect
inside the tile, e.g. `FMFM:0121` (the two mountain edges are joined, the two
forest edges are not). Without digits, edges of one landscape are joined.

Orientation of a placed tile = (face, rotation): a physical tile is placed
with either face up and turned by 0-3 quarter turns clockwise (a face cannot
be mirrored on its own - the other face is the "flip"). Rotation r moves
the edge printed at direction d to direction (d + r) % 4.

Fit tables: the constraint on an empty cell is one code per direction,
0-3 = the landscape the neighbour shows on that side, 4 = free (frame,
empty or city). `pattern = sum(code[d] * 5**d)`, so 625 patterns, and
`TileSet.fits[kind][pattern]` lists the distinct orientations that fit.

      N=0
    W=3 + E=1      cell index = y * 8 + x, (0, 0) is the north-west corner
      S=2
"""

from __future__ import annotations

from dataclasses import dataclass

LANDSCAPES = ("forest", "mountain", "sea", "plains")
LETTERS = "FMSP"
FREE = 4
PATTERNS = 5**4
DIRECTIONS = 4


@dataclass(frozen=True, slots=True)
class Orientation:
    """One way a tile can lie: its face, rotation, edge landscapes and edge groups."""

    face: int
    rotation: int
    edges: tuple[int, int, int, int]
    groups: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TileKind:
    """A double-sided tile design: two faces, each as (edges, groups)."""

    text: str
    faces: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    orientations: tuple[Orientation, ...]


class FaceError(ValueError):
    """A face text that does not describe a tile face (message says why)."""


def parse_face(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Edges and normalised groups of a face text such as `FFMS` or `FMFM:0121`."""
    letters, _, digits = text.partition(":")
    if len(letters) != DIRECTIONS or any(c not in LETTERS for c in letters):
        raise FaceError(f"face {text!r}: need 4 letters from {LETTERS} (north, east, south, west)")
    edges = tuple(LETTERS.index(c) for c in letters)
    if not 1 <= len(set(edges)) <= 3:
        raise FaceError(f"face {text!r}: a face shows 1 to 3 landscapes")
    if not digits:
        return edges, _normalise(edges)
    if len(digits) != DIRECTIONS or not digits.isdigit():
        raise FaceError(f"face {text!r}: after ':' give 4 group digits, one per edge")
    groups = tuple(int(c) for c in digits)
    for a in range(DIRECTIONS):
        for b in range(DIRECTIONS):
            if groups[a] == groups[b] and edges[a] != edges[b]:
                raise FaceError(f"face {text!r}: edges {a} and {b} are joined but show different landscapes")
    return edges, _normalise(groups)


def _normalise(labels: tuple[int, ...]) -> tuple[int, ...]:
    """Relabel groups 0, 1, 2 ... in order of first appearance (so equal shapes compare equal)."""
    seen: dict[int, int] = {}
    return tuple(seen.setdefault(label, len(seen)) for label in labels)


def rotate(values: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """Per-direction values after `rotation` quarter turns clockwise."""
    return tuple(values[(d - rotation) % DIRECTIONS] for d in range(DIRECTIONS))


def make_kind(text: str) -> TileKind:
    """A tile kind from `FRONT/BACK` text, with its distinct orientations."""
    parts = text.split("/")
    if len(parts) != 2:
        raise FaceError(f"tile {text!r}: write FRONT/BACK, e.g. FFMM/SSPP")
    faces = tuple(parse_face(p.strip()) for p in parts)
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    orientations = []
    for face, (edges, groups) in enumerate(faces):
        for rotation in range(DIRECTIONS):
            shape = (rotate(edges, rotation), _normalise(rotate(groups, rotation)))
            if shape not in seen:
                seen.add(shape)
                orientations.append(Orientation(face, rotation, shape[0], shape[1]))  # type: ignore[arg-type]
    return TileKind(text, faces, tuple(orientations))


def pattern_codes(pattern: int) -> tuple[int, int, int, int]:
    """The four per-direction constraint codes of a pattern number."""
    return (pattern % 5, pattern // 5 % 5, pattern // 25 % 5, pattern // 125)  # type: ignore[return-value]


def fits(orientation: Orientation, pattern: int) -> bool:
    """Whether an orientation matches every constrained edge of a pattern."""
    return all(c in (FREE, e) for c, e in zip(pattern_codes(pattern), orientation.edges))


class TileSet:
    """All tiles of a game: kind per tile id, and fit tables per kind (built once per ruleset)."""

    def __init__(self, kind_texts: list[tuple[str, int]]) -> None:
        self.kinds = tuple(make_kind(text) for text, _ in kind_texts)
        self.kind_of: tuple[int, ...] = tuple(k for k, (_, count) in enumerate(kind_texts) for _ in range(count))
        self.fits: tuple[tuple[tuple[Orientation, ...], ...], ...] = tuple(
            tuple(tuple(o for o in kind.orientations if fits(o, p)) for p in range(PATTERNS)) for kind in self.kinds
        )
        self.any_fits: tuple[bool, ...] = tuple(any(table[p] for table in self.fits) for p in range(PATTERNS))
        # per pattern, a bit per tile kind that fits it: "does any of these tiles fit?" is one AND
        self.fit_mask: tuple[int, ...] = tuple(
            sum(1 << k for k, table in enumerate(self.fits) if table[p]) for p in range(PATTERNS)
        )
        self.count_of_kind: tuple[int, ...] = tuple(count for _, count in kind_texts)
        # every way each kind can lie (face * 4 + rotation), and the distinct orientation listed for it
        self._lying = tuple(tuple(_lying(kind, f, r) for f in (0, 1) for r in range(DIRECTIONS)) for kind in self.kinds)
        self._listed = tuple(
            tuple(next(o for o in kind.orientations if (o.edges, o.groups) == (x.edges, x.groups)) for x in lying)
            for kind, lying in zip(self.kinds, self._lying)
        )

    def __len__(self) -> int:
        return len(self.kind_of)

    def orientations_for(self, tile: int, pattern: int) -> tuple[Orientation, ...]:
        """The distinct orientations of `tile` that fit a cell with `pattern`."""
        return self.fits[self.kind_of[tile]][pattern]

    def orientation(self, tile: int, face: int, rotation: int) -> Orientation:
        """The orientation of `tile` with this face up and rotation (edges and groups)."""
        return self._lying[self.kind_of[tile]][face * DIRECTIONS + rotation]

    def listed(self, tile: int, face: int, rotation: int) -> Orientation:
        """The distinct orientation (as legal commands name it) that lies exactly like this face and rotation."""
        return self._listed[self.kind_of[tile]][face * DIRECTIONS + rotation]

    def fits_at(self, tile: int, face: int, rotation: int, pattern: int) -> bool:
        """Whether the tile with this face up and rotation fits a cell with `pattern`."""
        return self.listed(tile, face, rotation) in self.fits[self.kind_of[tile]][pattern]

    def kinds_mask(self, tiles: list[int]) -> int:
        """A bit per kind of the given tiles (ANDed with `fit_mask`: does any of them fit?)."""
        mask = 0
        for tile in tiles:
            mask |= 1 << self.kind_of[tile]
        return mask


def _lying(kind: TileKind, face: int, rotation: int) -> Orientation:
    edges, groups = kind.faces[face]
    return Orientation(face, rotation, rotate(edges, rotation), _normalise(rotate(groups, rotation)))  # type: ignore[arg-type]
