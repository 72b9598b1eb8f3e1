"""Small files that would stall or crash the readers are refused in one line, quickly: a TOML
key thousands of parts deep (tomllib's memory grows with its square), numbers longer than
Python's int() reads, and 1e400 (JSON's way to write infinity)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from skully_game.cli.main import main
from skully_game.core.errors import DataError
from skully_game.core.fileio import (
    MAX_TOML_BYTES,
    MAX_TOML_KEY_PARTS,
    parse_json,
    parse_toml,
    read_toml,
)
from tests.ui_helpers import make_app

SCENARIOS = Path(__file__).parent / "scenarios"
BIG = "9" * 5_000


def _key(parts: int) -> str:
    return ".".join(["a"] * parts)


def test_a_key_thirty_thousand_parts_deep_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(_key(30_000) + " = 1\n")  # 60 KB: tomllib alone takes 3.5 GB
    started = time.perf_counter()
    with pytest.raises(DataError) as caught:
        read_toml(path)
    assert time.perf_counter() - started < 1.0
    message = str(caught.value)
    assert message.startswith(f"{path}: field 'TOML (line 1)'") and "\n" not in message


@pytest.mark.parametrize(
    "text",
    [
        f"x = 1\n{_key(MAX_TOML_KEY_PARTS + 1)} = 1\n",
        f"x = 1\n[{_key(MAX_TOML_KEY_PARTS + 1)}]\n",
        f"x = 1\n[[{_key(MAX_TOML_KEY_PARTS + 1)}]]\n",
        f"x = 1\ny = {{b = 2, {_key(MAX_TOML_KEY_PARTS + 1)} = 1}}\n",
        f'x = 1\ny = {{b = """\n""", {_key(MAX_TOML_KEY_PARTS + 1)} = 1}}\n',
    ],
    ids=["key", "table", "array-of-tables", "inline-table", "after-a-multi-line-string"],
)
def test_a_key_of_too_many_parts_is_refused_naming_its_line(text: str) -> None:
    line = text[: text.index(_key(MAX_TOML_KEY_PARTS + 1))].count("\n") + 1
    with pytest.raises(DataError) as caught:
        parse_toml(text, "f.toml")
    assert str(caught.value).startswith(f"f.toml: field 'TOML (line {line})': expected keys of")


@pytest.mark.parametrize(
    "text",
    [
        f"{_key(MAX_TOML_KEY_PARTS)} = 1\n",
        f'"{_key(100)}" = 1\n',  # one quoted key, dots and all
        f'name = "{_key(100)}"\n',
        f"name = '{_key(100)}'\n",
        f'notes = """\n{_key(100)} = 1\n"""\n',
        f"notes = '''\n{_key(100)} = 1\n'''\n",
        f"# {_key(100)} = 1\nx = 1\n",
        "xs = [" + ", ".join(["1.5"] * 100) + "]\n",
        "xs = [\n" + ",\n".join(["1.5"] * 100) + "\n]\n",
    ],
    ids=[
        "most-parts",
        "quoted",
        "string",
        "literal",
        "multi-line",
        "ml-literal",
        "comment",
        "floats",
        "float-lines",
    ],
)
def test_dots_in_strings_comments_and_numbers_are_no_keys(text: str) -> None:
    parse_toml(text, "f.toml")


def test_the_scan_before_parsing_is_quick_on_the_largest_file() -> None:
    line = _key(MAX_TOML_KEY_PARTS - 1) + ".k{} = 1.5\n"
    text = "".join(line.format(i) for i in range(MAX_TOML_BYTES // len(line)))
    text += f'"{_key(20)}" = """\n{_key(20)}\n"""\n' + _key(MAX_TOML_KEY_PARTS + 1) + " = 1\n"
    started = time.perf_counter()
    with pytest.raises(DataError, match="dotted parts"):
        parse_toml(text, "f.toml")  # the refusal is on the last line: the scan read it all
    assert time.perf_counter() - started < 1.0


def test_a_line_longer_than_any_real_file_is_refused() -> None:
    with pytest.raises(DataError, match=r"'TOML \(line 3\)': expected lines of at most"):
        parse_toml("x = 1\ny = 2\nz = " + BIG + "\n", "f.toml")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (BIG, "numbers of at most 4,300 digits, got a number of 5,000 digits"),
        ('{\n"a": [1, -' + BIG + "]}", "numbers of at most 4,300 digits"),
        ("[1e400]", "finite numbers only, got 1e400 (infinity)"),
        ("[-1" + "0" * 400 + ".5]", "finite numbers only"),
    ],
)
def test_json_numbers_python_cannot_take_are_refused(text: str, said: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_json(text, "f.json")
    assert said in str(caught.value)
    if "digits" in said:
        assert f"line {text.count(chr(10)) + 1}" in str(caught.value)


def test_a_number_too_long_to_print_is_described_in_a_refusal() -> None:
    message = str(DataError("f", "x", "a number", 1 << 20_000))
    assert message == "f: field 'x': expected a number, got a number of over 300 digits"


def test_judge_refuses_a_scenario_with_a_long_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = next(iter(sorted(SCENARIOS.glob("*.json"))))
    data = json.loads(source.read_text(encoding="utf-8"))
    data["version"] = "BIG"
    bad = tmp_path / "scenario.json"
    bad.write_text(json.dumps(data).replace('"BIG"', BIG))
    assert main(["judge", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "4,300 digits" in err and "Traceback" not in err


def _remembered(path: Path, choices: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(choices.replace('"BIG"', BIG))


def test_setup_screens_open_with_a_long_number_in_the_last_choices() -> None:
    from skully_game.core.choices import choices_path
    from skully_game.scenes.cardtable.prefs import prefs_path
    from skully_game.scenes.skull_king.setup import SkullKingSetup
    from skully_game.scenes.skully.practice import PracticeScene
    from skully_game.scenes.skully.setup import SkullySetupScene

    for game in ("skully", "practice"):
        _remembered(choices_path(game), '{"format": "skully-setup-choices", "choices": "BIG"}')
    _remembered(prefs_path("skull-king"), '{"format": "skully-table-setup", "version": "BIG"}')
    app = make_app()
    skully = SkullySetupScene(app)
    assert len(skully.setup.seats) == 2
    assert any("4,300 digits" in t.message for t in app.toasts)
    PracticeScene(app)
    table = SkullKingSetup(app)
    assert "4,300 digits" in table.message and len(table.seats) >= 2
    app.stack.clear()
