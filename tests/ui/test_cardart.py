"""Card faces, backs, suit shapes and the icon, checked by what they show."""

import pygame
import pytest

from canasta.engine.cards import CARDS_PER_PACK, CODE_OF, pack_ids
from canasta.ui.cardart import BACK_THEMES, CardArt, card_height_for_width, draw_suit, suit_colour
from canasta.ui.icon import ICON_SIZES, draw_icon, save_icon_png

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def card(suit, rank, deck=0):
    """The id of a suited card: rank 2..14 (ace 14)."""
    return deck * CARDS_PER_PACK + suit * 13 + (rank - 2)


JOKER_ID = 52


def pixels(surface):
    """Every opaque-enough pixel of a surface as (r, g, b)."""
    w, h = surface.get_size()
    out = []
    for y in range(h):
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a > 200:
                out.append((r, g, b))
    return out


def is_red(p):
    r, g, b = p
    return r > 150 and g < 90 and b < 90


def is_green(p):
    r, g, b = p
    return g > 90 and g > r + 50 and g > b + 30


def is_blue(p):
    r, g, b = p
    return b > 140 and b > r + 80 and b > g + 50


def count(surface, test):
    return sum(1 for p in pixels(surface) if test(p))


def raw(surface):
    return pygame.image.tobytes(surface, "RGBA")


SIZES = [(48, 67), (60, 84), (140, 196)]


@pytest.fixture
def art():
    return CardArt()


@pytest.mark.parametrize("w,h", SIZES + [(100, 140)])
def test_face_has_the_requested_size_and_rounded_transparent_corners(art, w, h):
    face = art.face(card(HEARTS, 13), w, h)
    assert face.get_size() == (w, h)
    assert face.get_flags() & pygame.SRCALPHA
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert face.get_at(corner).a == 0, corner
    assert face.get_at((w // 2, h // 2)).a == 255


def test_red_suits_have_red_ink_and_black_suits_have_none(art):
    for rank in range(2, 15):
        for suit in (HEARTS, DIAMONDS):
            assert count(art.face(card(suit, rank), 60, 84), is_red) > 20, (suit, rank)
        for suit in (CLUBS, SPADES):
            assert count(art.face(card(suit, rank), 60, 84), is_red) == 0, (suit, rank)


def test_four_colour_prints_clubs_green_and_diamonds_blue():
    two = CardArt()
    four = CardArt(four_colour=True)
    seven_clubs, seven_diamonds = card(CLUBS, 7), card(DIAMONDS, 7)
    assert count(four.face(seven_clubs, 60, 84), is_green) > 20
    assert count(two.face(seven_clubs, 60, 84), is_green) == 0
    assert count(four.face(seven_diamonds, 60, 84), is_blue) > 20
    assert count(four.face(seven_diamonds, 60, 84), is_red) == 0
    assert count(two.face(seven_diamonds, 60, 84), is_blue) == 0
    # Hearts stay red and spades black in both.
    assert count(four.face(card(HEARTS, 7), 60, 84), is_red) > 20
    assert count(four.face(card(SPADES, 7), 60, 84), lambda p: is_red(p) or is_green(p) or is_blue(p)) == 0


def test_suit_colour():
    assert suit_colour(HEARTS) == suit_colour(DIAMONDS)
    assert suit_colour(CLUBS) == suit_colour(SPADES)
    assert suit_colour(HEARTS) != suit_colour(SPADES)
    assert len({suit_colour(s, four_colour=True) for s in range(4)}) == 4
    assert is_green(suit_colour(CLUBS, True)) and is_blue(suit_colour(DIAMONDS, True))


def test_face_cache_shares_a_surface_between_cards_with_the_same_code(art):
    king_a, king_b = card(HEARTS, 13, deck=0), card(HEARTS, 13, deck=1)
    assert king_a != king_b and CODE_OF[king_a] == CODE_OF[king_b]
    first = art.face(king_a, 60, 84)
    assert art.face(king_b, 60, 84) is first
    assert art.face(king_a, 61, 85) is not first
    assert art.face(card(HEARTS, 12), 60, 84) is not first


def test_set_options_clears_the_cache_and_changes_the_drawing(art):
    before = art.face(card(CLUBS, 9), 60, 84)
    art.set_options(show_points=True)
    after = art.face(card(CLUBS, 9), 60, 84)
    assert after is not before
    assert raw(after) != raw(before)  # the point value is printed
    art.set_options(show_points=False)
    assert raw(art.face(card(CLUBS, 9), 60, 84)) == raw(before)


def test_back_differs_from_every_face_and_themes_differ(art):
    w, h = 60, 84
    back = art.back(w, h)
    assert back.get_size() == (w, h)
    assert back.get_at((0, 0)).a == 0
    assert raw(back) != raw(art.face(card(SPADES, 14), w, h))
    assert raw(back) != raw(art.face(JOKER_ID, w, h))
    drawings = set()
    for theme in BACK_THEMES:
        art.set_options(back_theme=theme)
        drawings.add(raw(art.back(w, h)))
    assert len(BACK_THEMES) >= 4 and len(drawings) == len(BACK_THEMES)
    with pytest.raises(ValueError):
        art.set_options(back_theme="tartan")


def test_a_back_is_patterned_not_flat(art):
    colours = set(pixels(art.back(60, 84)))
    assert len(colours) > 30


def test_every_card_of_two_packs_renders_at_three_sizes(art):
    ids = pack_ids(2)
    assert len(ids) == 108
    for w, h in SIZES:
        for cid in ids:
            face = art.face(cid, w, h)
            assert face.get_size() == (w, h)
    # One surface per code and size: 53 codes (52 suited cards and "JK"), the
    # second pack and the second joker reuse the first ones.
    codes = {CODE_OF[cid] for cid in ids}
    assert len(codes) == 53
    assert len(art._faces) == len(codes) * len(SIZES)


@pytest.mark.parametrize("w,h", SIZES)
def test_every_rank_looks_different(art, w, h):
    faces = [raw(art.face(card(HEARTS, rank), w, h)) for rank in range(2, 15)]
    faces.append(raw(art.face(JOKER_ID, w, h)))
    assert len(set(faces)) == len(faces)


def test_the_bottom_index_is_the_top_index_turned_round(art):
    w, h = 100, 140
    for cid in (card(HEARTS, 10), card(SPADES, 12), card(CLUBS, 3)):
        face = art.face(cid, w, h)
        cw, ch = int(w * 0.22), h // 3
        top_left = face.subsurface((0, 0, cw, ch))
        bottom_right = pygame.transform.flip(face.subsurface((w - cw, h - ch, cw, ch)), True, True)
        assert raw(top_left) == raw(bottom_right)
        # ...and it is really there: the corner holds ink.
        assert count(top_left, lambda p: max(p) < 120 or is_red(p)) > 20


def test_threes_and_wild_cards_carry_their_badges(art):
    # The red three's gold BONUS badge and the black three's dark STOP sign sit
    # where an ordinary three shows nothing but paper (just below the middle).
    w, h = 100, 140
    gold = lambda p: p[0] > 200 and 140 < p[1] < 200 and p[2] < 90  # noqa: E731
    band = (w // 4, int(h * 0.52), w // 2, int(h * 0.12))
    red_three = art.face(card(HEARTS, 3), w, h).subsurface(band)
    black_three = art.face(card(CLUBS, 3), w, h).subsurface(band)
    assert count(red_three, gold) > 50
    assert count(black_three, lambda p: max(p) < 70) > 100
    assert count(black_three, gold) == 0
    # Twos and jokers carry the gold WILD ribbon across the middle; a four does not.
    middle = (w // 4, int(h * 0.45), w // 2, int(h * 0.1))
    assert count(art.face(card(SPADES, 2), w, h).subsurface(middle), gold) > 50
    assert count(art.face(JOKER_ID, w, h).subsurface(middle), gold) > 50
    assert count(art.face(card(SPADES, 4), w, h).subsurface(middle), gold) == 0


def test_court_cards_have_a_framed_panel(art):
    w, h = 100, 140
    plain = art.face(card(SPADES, 10), w, h)
    for rank in (11, 12, 13):
        face = art.face(card(SPADES, rank), w, h)
        # The panel's cream fill covers a point that is white paper on a ten.
        probe = (int(w * 0.33), int(h * 0.5))
        assert face.get_at(probe)[:3] != plain.get_at(probe)[:3]
        assert face.get_at(probe)[2] < 240  # cream, not white


def test_face_rejects_bad_arguments(art):
    with pytest.raises(ValueError):
        art.face(-1, 60, 84)
    with pytest.raises(ValueError):
        art.face(len(CODE_OF), 60, 84)
    with pytest.raises(ValueError):
        art.face(0, 5, 7)


def test_draw_suit_paints_inside_its_rect_in_the_given_colour():
    surface = pygame.Surface((40, 40), pygame.SRCALPHA)
    draw_suit(surface, HEARTS, (10, 10, 20, 20), (0, 200, 0))
    inside = surface.subsurface((10, 10, 20, 20))
    assert count(inside, lambda p: p == (0, 200, 0)) > 100
    # Nothing outside the rect.
    surface.fill((0, 0, 0, 0), (10, 10, 20, 20))
    assert all(surface.get_at((x, y)).a == 0 for x in range(40) for y in range(40))
    with pytest.raises(ValueError):
        draw_suit(surface, 4, (0, 0, 10, 10), (0, 0, 0))


def test_suit_shapes_differ():
    shapes = set()
    for suit in range(4):
        surface = pygame.Surface((30, 30), pygame.SRCALPHA)
        draw_suit(surface, suit, surface.get_rect(), (0, 0, 0))
        shapes.add(raw(surface))
    assert len(shapes) == 4


def test_card_height_keeps_five_by_seven():
    assert card_height_for_width(60) == 84
    assert card_height_for_width(100) == 140


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_renders_crisply_at_every_size(size):
    icon = draw_icon(size)
    assert icon.get_size() == (size, size)
    colours = pixels(icon)
    assert len(set(colours)) > 10  # not a flat tile
    assert any(is_red(p) for p in colours)  # the heart
    assert any(min(p) > 235 for p in colours)  # a white card
    assert any(g > r + 40 and g > b + 20 for r, g, b in colours)  # the green felt
    assert icon.get_at((0, 0)).a < 128  # rounded corners


def test_save_icon_png(tmp_path):
    path = tmp_path / "icon.png"
    save_icon_png(path, 64)
    loaded = pygame.image.load(str(path))
    assert loaded.get_size() == (64, 64)
