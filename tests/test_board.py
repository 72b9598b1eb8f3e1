"""The board spec: the classic numbers, TOML files that round-trip, and refusals a user can read."""

from __future__ import annotations

import math
from dataclasses import fields, replace
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from skully_game.core.errors import DataError
from skully_game.skully.board import (
    BOARD_FORMAT,
    BOARD_VERSION,
    PRESETS,
    BoardSpec,
    box_rects,
    load_board,
    preset,
    save_board,
    spec_from_dict,
    spec_to_dict,
    validate,
)

INCH = 0.0254
FOOT = 12 * INCH


def refusal(excinfo: pytest.ExceptionInfo[DataError], field: str) -> str:
    """The refusal names the field, on one line; returns the message for further checks."""
    err = excinfo.value
    message = str(err)
    assert err.field == field, message
    assert f"'{field}'" in message
    assert "\n" not in message
    return message


EIGHT = preset("eight-foot")  # the design note's board; the validation cases are sized for it

# --- the presets -----------------------------------------------------------------------------


def test_classic_is_the_default_board_tuned_larger_than_the_design_note() -> None:
    spec = preset("classic")
    assert spec == BoardSpec()
    assert spec.name == "classic"
    assert spec.board_side == pytest.approx(9.5 * FOOT, abs=0.01)
    assert spec.box_side == pytest.approx(11 * INCH, abs=0.001)
    assert spec.thirteen_side < spec.box_side  # 13 is smaller than the others (rules 1.6.10)
    assert spec.out_of_town == pytest.approx(spec.board_side)  # a full board side (rules 1.6.4)
    assert spec.skull_numbers == (2, 4, 6, 8)


def test_the_eight_foot_preset_matches_the_design_note() -> None:
    spec = EIGHT
    assert spec.name == "eight-foot"
    assert spec.board_side == pytest.approx(8 * FOOT, abs=0.005)
    assert spec.board_side == pytest.approx(2.44)
    assert spec.box_side == pytest.approx(12 * INCH, abs=0.001)
    assert spec.thirteen_side == pytest.approx(0.20)
    assert spec.thirteen_side < spec.box_side  # 13 is smaller than the others (rules 1.6.10)
    assert spec.skull_side == pytest.approx(36 * INCH, abs=0.005)
    assert spec.skull_numbers == (2, 4, 6, 8)
    assert spec.line_width == pytest.approx(0.5 * INCH)
    assert spec.start_distance == pytest.approx(FOOT, abs=0.001)
    assert spec.out_of_town == pytest.approx(spec.board_side)  # a full board side (rules 1.6.4)


def test_eight_foot_boxes_are_squares_of_the_box_side_and_13_is_centred() -> None:
    spec = EIGHT
    rects = box_rects(spec)
    assert sorted(rects) == list(range(1, 14))
    for number, (x0, y0, x1, y1) in rects.items():
        side = spec.thirteen_side if number == 13 else spec.box_side
        assert x1 - x0 == pytest.approx(side)
        assert y1 - y0 == pytest.approx(side)
    x0, y0, x1, y1 = rects[13]
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((1.22, 1.22))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_validates_and_knows_its_name(name: str) -> None:
    spec = preset(name)
    validate(spec)
    assert spec.name == name


def test_an_unknown_preset_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(DataError) as excinfo:
        preset("moon")
    message = refusal(excinfo, "board")
    for name in PRESETS:
        assert name in message


# --- files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_toml_save_and_load_round_trip_gives_an_equal_spec(tmp_path: Path, name: str) -> None:
    spec = preset(name)
    path = tmp_path / "boards" / f"{name}.toml"
    save_board(spec, path)
    text = path.read_text(encoding="utf-8")
    assert f'format = "{BOARD_FORMAT}"' in text
    assert f"version = {BOARD_VERSION}" in text
    loaded = load_board(path)
    assert loaded == spec
    assert isinstance(loaded.skull_numbers, tuple)


@settings(max_examples=40, deadline=None)
@given(
    board_side=st.floats(2.2, 4.0),
    box_side=st.floats(0.2, 0.35),
    line_width=st.floats(0.003, 0.02),
    numbers=st.tuples(*[st.integers(1, 20)] * 4),
)
def test_any_valid_spec_round_trips_exactly_through_toml_and_dicts(
    tmp_path_factory: pytest.TempPathFactory,
    board_side: float,
    box_side: float,
    line_width: float,
    numbers: tuple[int, int, int, int],
) -> None:
    spec = BoardSpec(
        name="fuzzed",
        board_side=board_side,
        box_side=box_side,
        line_width=line_width,
        skull_numbers=numbers,
        out_of_town=board_side,
    )
    validate(spec)
    assert spec_from_dict(spec_to_dict(spec)) == spec
    path = tmp_path_factory.mktemp("fuzz") / "board.toml"
    save_board(spec, path)
    assert load_board(path) == spec


def write_toml(path: Path, **changes: object) -> Path:
    data = spec_to_dict(BoardSpec())
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_a_file_with_a_missing_key_is_refused_naming_it(tmp_path: Path) -> None:
    path = write_toml(tmp_path / "b.toml", box_side=None)
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    message = refusal(excinfo, "box_side")
    assert "missing" in message
    assert str(path) in message


def test_a_file_with_an_unknown_key_is_refused_naming_it(tmp_path: Path) -> None:
    path = write_toml(tmp_path / "b.toml", box_sides=0.3)
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    assert "unknown" in refusal(excinfo, "box_sides")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("format", "skully-save"),
        ("format", None),
        ("version", 2),
        ("version", "1"),
        ("version", None),
    ],
)
def test_a_wrong_or_missing_format_or_version_is_refused(
    tmp_path: Path, key: str, value: object
) -> None:
    path = write_toml(tmp_path / "b.toml", **{key: value})
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    refusal(excinfo, key)


@pytest.mark.parametrize(
    "text",
    ["this is not toml\n", "board_side = = 2\n", "[unclosed\n", 'format = "skully-board\n'],
)
def test_text_that_is_not_toml_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "b.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    refusal(excinfo, "toml")


def test_a_missing_or_binary_file_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(DataError) as excinfo:
        load_board(tmp_path / "nowhere.toml")
    refusal(excinfo, "file")
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe\x00board")
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    refusal(excinfo, "file")


def test_a_toml_table_that_is_not_a_board_is_refused() -> None:
    with pytest.raises(DataError) as excinfo:
        spec_from_dict(["not", "a", "table"])
    refusal(excinfo, "board")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("board_side", "2.44"),
        ("board_side", True),
        ("box_side", [0.3]),
        ("line_width", {"inches": 0.5}),
        ("skull_numbers", "2468"),
        ("skull_numbers", [2, 4, 6]),
        ("skull_numbers", [2, 4, 6, 8.5]),
        ("skull_numbers", [2, 4, 6, True]),
        ("name", 7),
        ("name", ""),
    ],
)
def test_a_file_with_a_wrong_type_is_refused_naming_the_field(
    tmp_path: Path, key: str, value: object
) -> None:
    path = write_toml(tmp_path / "b.toml", **{key: value})
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    refusal(excinfo, key)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_non_finite_sizes_in_a_file_are_refused(tmp_path: Path, value: str) -> None:
    path = tmp_path / "b.toml"
    text = tomli_w.dumps(spec_to_dict(EIGHT))
    text = text.replace("skull_side = 0.91", f"skull_side = {value}")
    assert f"skull_side = {value}" in text
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    refusal(excinfo, "skull_side")


# --- validation ------------------------------------------------------------------------------

LENGTHS = [
    "board_side",
    "box_side",
    "thirteen_side",
    "skull_side",
    "line_width",
    "start_distance",
    "out_of_town",
]
GAPS = ["corner_inset", "pair_gap", "pair_inset"]


@pytest.mark.parametrize("field", LENGTHS)
@pytest.mark.parametrize("value", [0.0, -0.3, math.nan, math.inf, -math.inf, "1", True, None])
def test_a_size_that_is_not_a_positive_finite_number_is_refused(field: str, value: object) -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, **{field: value}))
    refusal(excinfo, field)


@pytest.mark.parametrize("field", GAPS)
@pytest.mark.parametrize("value", [-0.01, math.nan, math.inf, "0", False])
def test_a_gap_that_is_negative_or_not_a_finite_number_is_refused(
    field: str, value: object
) -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, **{field: value}))
    refusal(excinfo, field)


@pytest.mark.parametrize("field", GAPS)
def test_a_zero_gap_is_fine(field: str) -> None:
    gaps = {"pair_gap": 0.01, "corner_inset": 0.01, "pair_inset": 0.01, field: 0}
    validate(replace(EIGHT, **gaps))


def test_boxes_overlapping_each_other_are_refused() -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, box_side=0.7))  # corner boxes run into the pairs
    message = refusal(excinfo, "box_side")
    assert "overlapping" in message


def test_box_pairs_pushed_apart_into_the_corner_boxes_are_refused() -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, pair_gap=1.5))
    assert "overlapping" in str(excinfo.value)
    assert "\n" not in str(excinfo.value)


@pytest.mark.parametrize("skull_side", [1.9, 2.3])
def test_a_skull_over_the_boxes_is_refused(skull_side: float) -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, skull_side=skull_side))
    refusal(excinfo, "skull_side")


def test_boxes_grown_into_the_skull_are_refused() -> None:
    # big boxes on a big board: clear of each other, but the pairs reach into the skull
    spec = replace(EIGHT, board_side=4.0, out_of_town=4.0, box_side=1.2, skull_side=1.9)
    with pytest.raises(DataError) as excinfo:
        validate(spec)
    message = str(excinfo.value)
    assert excinfo.value.field in {"skull_side", "box_side"}
    assert "skull" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("field", "value"), [("corner_inset", 2.2), ("pair_inset", 2.3), ("corner_inset", 2.5)]
)
def test_boxes_pushed_off_the_board_by_an_inset_are_refused(field: str, value: float) -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, **{field: value}))
    message = refusal(excinfo, field)
    assert "inside the board" in message


def test_thirteen_larger_than_the_skull_is_refused() -> None:
    for side in (0.91, 1.0):
        with pytest.raises(DataError) as excinfo:
            validate(replace(EIGHT, thirteen_side=side, line_width=0.01))
        refusal(excinfo, "thirteen_side")


def test_a_skull_as_big_as_the_board_is_refused() -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, skull_side=2.44))
    refusal(excinfo, "skull_side")


@pytest.mark.parametrize(
    ("field", "value"),
    [("line_width", 0.06), ("start_distance", 3.0), ("board_side", 25.0), ("out_of_town", 80.0)],
)
def test_absurd_proportions_are_refused(field: str, value: float) -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, **{field: value}))
    refusal(excinfo, field)


@pytest.mark.parametrize("numbers", [(0, 4, 6, 8), (2, 4, 6, 21), (2, 4, 6), ("2", 4, 6, 8)])
def test_bad_skull_numbers_are_refused(numbers: tuple[object, ...]) -> None:
    with pytest.raises(DataError) as excinfo:
        validate(replace(EIGHT, skull_numbers=numbers))  # type: ignore[arg-type]
    refusal(excinfo, "skull_numbers")


def test_the_source_file_is_named_in_a_refusal(tmp_path: Path) -> None:
    path = write_toml(tmp_path / "mine.toml", thirteen_side=2.0)
    with pytest.raises(DataError) as excinfo:
        load_board(path)
    message = refusal(excinfo, "thirteen_side")
    assert message.startswith(f"{path}: ")


def test_with_changes_validates_the_copy() -> None:
    spec = BoardSpec()
    assert spec.with_changes(box_side=0.3).box_side == 0.3
    with pytest.raises(DataError) as excinfo:
        spec.with_changes(box_side=-1.0)
    refusal(excinfo, "box_side")
    assert spec.box_side == 0.28  # frozen: the original is unchanged


def test_every_field_has_help_and_appears_in_the_file() -> None:
    from skully_game.skully.board import FIELD_HELP

    names = {f.name for f in fields(BoardSpec)}
    assert set(FIELD_HELP) == names
    assert set(spec_to_dict(BoardSpec())) == names | {"format", "version"}


# --- saving ----------------------------------------------------------------------------------


def test_saving_an_invalid_spec_leaves_the_existing_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    save_board(preset("sidewalk"), path)
    before = path.read_bytes()
    with pytest.raises(DataError) as excinfo:
        save_board(replace(EIGHT, box_side=math.nan), path)
    refusal(excinfo, "box_side")
    assert path.read_bytes() == before
    assert load_board(path) == preset("sidewalk")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.toml"]  # no temp files left


def test_saving_an_invalid_spec_creates_no_file(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    with pytest.raises(DataError):
        save_board(replace(EIGHT, thirteen_side=5.0), path)
    assert not path.exists()
