"""Board geometry (RULES D "Board"): brick and checkerboard adjacency, rivers, attack targets."""

from hypothesis import given
from hypothesis import strategies as st

from beanframe_plugins.bohnaparte.geometry import BRICK, CHECKERBOARD, Geometry, attack_targets, neighbour_cells
from beanframe_plugins.bohnaparte.layout import parse_layout, shipped, shipped_names


def grid(pattern, rows, cols, rivers=()):
    cells = [(r, k) for r in range(rows) for k in range(cols)]
    return Geometry(pattern, cells, [c in rivers for c in cells]), cells


def test_brick_neighbours_two_in_row_two_above_two_below():
    # RULES D "Board": each card touches two in its row and up to two above and two below.
    # Odd rows sit half a card right: (1, 1) is at x=3, touching x=2 and x=4 in rows 0 and 2.
    assert sorted(neighbour_cells(BRICK, (1, 1))) == sorted([(1, 0), (1, 2), (0, 1), (0, 2), (2, 1), (2, 2)])
    assert sorted(neighbour_cells(BRICK, (2, 1))) == sorted([(2, 0), (2, 2), (1, 0), (1, 1), (3, 0), (3, 1)])


def test_checkerboard_has_no_diagonals():
    # rulebook "Varianten": in the checkerboard pattern a diagonal attack is forbidden.
    geo, cells = grid(CHECKERBOARD, 3, 3)
    centre = cells.index((1, 1))
    assert {cells[j] for j in geo.touching[centre]} == {(0, 1), (2, 1), (1, 0), (1, 2)}


@given(st.sampled_from([BRICK, CHECKERBOARD]), st.integers(1, 6), st.integers(1, 6), st.integers(0, 1))
def test_adjacency_is_symmetric(pattern, rows, cols, shift):
    cells = [(r, k) for r in range(rows) for k in range(cols)]
    geo = Geometry(pattern, cells, [False] * len(cells), shift)
    for i, around in enumerate(geo.touching):
        assert i not in around
        for j in around:
            assert i in geo.touching[j]


def test_rivers_are_never_targets_and_block():
    # RULES D "Landscapes": a river cannot be entered, conquered or attacked across.
    layout = parse_layout('players = 3\nrows = ["A F R V A", "M C S Q", "A F V I F"]')
    geo = layout.geometry
    river = layout.kinds.index("river")
    owners = [0] * len(layout.kinds)
    owners[river] = None
    for p in range(3):
        assert river not in attack_targets(geo, [None if o is None else p for o in owners], 1)
    assert geo.links[river] == ()
    assert all(river not in links for links in geo.links)


def test_targets_touch_an_own_landscape():
    # RULES D "Attack": the target must touch a landscape the attacker owns.
    geo, cells = grid(BRICK, 1, 5)
    owners = [0, None, None, 1, None]
    assert attack_targets(geo, owners, 0) == [1]
    assert attack_targets(geo, owners, 1) == [2, 4]


def test_forest_owner_attacks_across_a_river():
    # rulebook "Woud": its owner may cross rivers and attack the landscapes beyond.
    geo, cells = grid(BRICK, 1, 3, rivers={(0, 1)})
    owners = [0, None, 1]
    assert attack_targets(geo, owners, 0) == []
    assert attack_targets(geo, owners, 0, crosses_rivers=True) == [2]


def test_shipped_layouts_parse_and_are_connected():
    names = shipped_names()
    assert {f"standard_{n}" for n in (3, 4, 5, 6)} <= set(names)
    for name in names:
        assert shipped(name).geometry.connected()
