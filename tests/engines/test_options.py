"""Options as players choose them: allowed values, seats, repairs, and fits to a player count."""

from __future__ import annotations

import pytest

import engines
from engines import genial, hourglass, mindup, thegame, zero
from engines.options import fitted, offered, option_fields, require_fit


@pytest.mark.parametrize("slug", engines.SLUGS)
def test_every_option_lists_its_values_and_its_default_is_one_of_them(slug):
    spec = engines.game(slug).SPEC
    base = spec.Options()
    for field in option_fields(spec.Options):
        assert 2 <= len(field.values) <= 25, field  # a select holds 25 options at most
        assert field.default in field.values
        assert getattr(base, field.name) == field.default
        for value in field.values:  # a player reaches each value, changing an earlier option first
            starts = [base] + [
                fitted(base, {earlier.name: v})
                for earlier in option_fields(spec.Options)
                for v in earlier.values
            ]
            assert any(
                fitted(start, {field.name: value}) for start in starts if start is not None
            ), (field.name, value)


@pytest.mark.parametrize(
    ("options", "seat"),
    [
        (thegame.Options, "start_seat"),
        (genial.Options, "start_seat"),
        (hourglass.Options, "start_seat"),
        (zero.Options, "start_player"),
    ],
)
def test_seat_options_are_marked_and_offer_only_the_players_seats(options, seat):
    (field,) = [f for f in option_fields(options) if f.name == seat]
    assert field.seat
    assert [v for v in offered(options(), seat, 3) if v is not None] == [0, 1, 2]
    assert options(**{seat: 2}).misfits(3) == []
    (misfit,) = options(**{seat: 3}).misfits(3)
    assert (misfit.option, misfit.code, misfit.params) == (seat, "seat", {"seat": 3, "players": 3})
    with pytest.raises(ValueError, match=seat):
        require_fit(options(**{seat: 3}), 3)


def test_a_change_that_needs_a_later_option_moves_it_and_never_an_earlier_one():
    fixed = fitted(mindup.Options(), {"goals": "fixed"})
    assert fixed is not None and fixed.goal_count == 3
    assert fitted(fixed, {"goals": "off"}) == mindup.Options()
    # goal_count comes after goals: raising it never switches the goals on by itself
    assert offered(mindup.Options(), "goal_count") == [1]
    assert offered(mindup.Options(goals="per_round"), "goal_count") == [1, 2, 3, 4, 5]


def test_unknown_options_and_empty_changes_fit_nothing():
    assert fitted(zero.Options(), {"colour": 1}) is None
    assert fitted(zero.Options(), {}) is None


def test_a_misfit_the_change_does_not_touch_is_left_for_the_start_to_report():
    seated_far = thegame.Options(start_seat=3)  # then two of four players left the lobby
    changed = fitted(seated_far, {"on_fire": True}, players=2)
    assert changed is not None and changed.start_seat == 3 and changed.on_fire
    assert fitted(seated_far, {"start_seat": 2}, players=2) is None
