"""Files in and out: atomic writes (a crash mid-save leaves the previous file intact) and the one
safe reader for every file a user can hand us (bounded, regular files only, depth-limited)."""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError, Said

# write_atomic's temporary files: ".<name>.<8 of mkstemp's letters>.tmp". One left behind (the
# program killed mid-save) is removed once nothing has touched it for STALE_TEMP_SECONDS:
# younger, it may be another running copy's save in the making.
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
STALE_TEMP_SECONDS = 60.0
_swept: set[str] = set()  # folders written to, and swept, in this run


# Told of every file written (saves_index forgets what it held of it): called with its path.
WRITE_LISTENERS: list[Callable[[Path], None]] = []


def to_disk(fd: int) -> None:
    """Wait until a file's bytes are on the disk, so a power cut after the rename keeps them.
    (The tests, which never pull the plug, swap this for nothing: it was a tenth of their time.)"""
    os.fsync(fd)


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write to a temporary file beside `path`, fsync it, then rename over the target."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            to_disk(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    for listener in WRITE_LISTENERS:
        listener(target)
    if str(target.parent) not in _swept:  # once a run: a kill leaves them, not a save
        _swept.add(str(target.parent))
        sweep_temps(target.parent)


def is_temp_name(name: str) -> bool:
    """Whether a file name is one of write_atomic's temporary files."""
    return _TEMP_NAME.fullmatch(name) is not None


def sweep_temps(folder: Path, names: Iterable[str] | None = None) -> int:
    """Remove write_atomic's temporary files left in `folder` (of `names`, if given) by a copy
    of the program killed mid-save: only regular files named in our own pattern, untouched for
    STALE_TEMP_SECONDS. Returns how many went; a file that cannot be removed is left alone."""
    try:
        found = list(names) if names is not None else os.listdir(folder)
    except OSError:
        return 0
    removed = 0
    now = time.time()
    for name in found:
        if not is_temp_name(name):
            continue
        path = folder / name
        with contextlib.suppress(OSError):
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(path)
                removed += 1
    return removed


# --- reading: every file a user can hand us comes in through here ---------------------------

MAX_FILE_BYTES = 16 * 1024 * 1024  # no board, record, save or settings file comes near this
MAX_TOML_BYTES = 1024 * 1024  # boards and settings are under 4 KiB; tomllib is slow on megabytes
MAX_DEPTH = 64  # nesting of lists/objects/tables: ours never go past 6
# TOML is read line by line before parsing: tomllib's memory grows with the square of a dotted
# key's length (`a.a.a...= 1`, 30,000 parts in 60 KB, takes 3.5 GB). Our boards and settings
# have keys of one part on lines under 60 characters; these leave room for any hand edit.
MAX_TOML_KEY_PARTS = 16  # parts of one dotted key or table header
MAX_TOML_LINE = 1000  # characters on one line
MAX_DIGITS = 4300  # Python's int() refuses longer numbers (sys.get_int_max_str_digits)


def read_text(
    path: str | os.PathLike[str], what: str = "file", max_bytes: int = MAX_FILE_BYTES
) -> str:
    """A regular file's UTF-8 text, refused in one line if it is not a regular file (a FIFO would
    block forever), is larger than max_bytes, or cannot be read or decoded."""
    source = str(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise DataError(source, "file", f"an existing, readable {what}", _os_reason(exc)) from None
    except ValueError:  # a NUL or a lone surrogate in the name (a path read from a file)
        raise DataError(
            source, "file", f"the name of a {what}", Said("a name no file has")
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise DataError(source, "file", f"a {what}", Said(_kind(info.st_mode)))
    if info.st_size > max_bytes:
        raise DataError(
            source, "file", f"a {what} of at most {_mib(max_bytes)}", Said(_size(info.st_size))
        )
    try:
        # O_NONBLOCK: if the file was swapped for a FIFO since the stat, opening it cannot hang.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise DataError(source, "file", f"a {what}", Said("something else"))
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise DataError(source, "file", f"a readable {what}", _os_reason(exc)) from None
    if len(raw) > max_bytes:
        raise DataError(
            source, "file", f"a {what} of at most {_mib(max_bytes)}", Said("a larger one")
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(
            source, "file", f"a {what} in UTF-8 text", Said(f"other bytes at byte {exc.start}")
        ) from None


def parse_json(text: str, source: str) -> Any:
    """JSON, refusing NaN/Infinity (Python's json takes them, and 1e400 as infinity), numbers
    longer than int() reads, and nesting deeper than MAX_DEPTH."""

    def no_constants(name: str) -> Any:
        raise DataError(source, "json", "finite numbers only", Said(name))

    def finite(word: str) -> float:
        value = float(word)
        if math.isinf(value):
            raise DataError(source, "json", "finite numbers only", Said(f"{word[:20]} (infinity)"))
        return value

    try:
        if not _may_be_infinite(text):  # no float here can overflow: json's own C floats
            value = json.loads(text, parse_constant=no_constants)
        else:
            value = json.loads(text, parse_constant=no_constants, parse_float=finite)
    except json.JSONDecodeError as exc:
        where = f"JSON (line {exc.lineno}, column {exc.colno})"
        raise DataError(source, where, "valid JSON", Said(exc.msg.lower())) from None
    except RecursionError:
        raise DataError(source, "json", _nesting(), Said("deeper nesting")) from None
    except DataError:
        raise
    except ValueError:  # int() of a number of more than MAX_DIGITS digits
        raise _too_long_number(text, source, "JSON") from None
    if _may_nest_deeper(text):
        _check_depth(value, source, "json")
    return value


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """TOML, refusing nesting deeper than MAX_DEPTH (tomllib recurses on inline tables/arrays),
    numbers longer than int() reads, and, before parsing, long lines and long dotted keys."""
    _check_toml_lines(text, source)
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(source, "toml", "valid TOML", Said(_first_line(str(exc)))) from None
    except RecursionError:
        raise DataError(source, "toml", _nesting(), Said("deeper nesting")) from None
    except ValueError:  # int() of a number of more than MAX_DIGITS digits
        raise _too_long_number(text, source, "TOML") from None
    _check_depth(value, source, "toml")  # dotted keys nest too, without a bracket
    return value


def read_json(path: str | os.PathLike[str]) -> Any:
    """A JSON file a user may have handed us, or a one-line DataError."""
    return parse_json(read_text(path, "JSON file"), str(path))


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A TOML file a user may have handed us, or a one-line DataError."""
    return parse_toml(read_text(path, "TOML file", MAX_TOML_BYTES), str(path))


_CLOSERS = re.compile(r"[\]}]")
_ONLY_BRACKETS = {c: None for c in range(128)} | {
    ord("["): "[",
    ord("{"): "[",
    ord("]"): "]",
    ord("}"): "]",
}
_ZEROED = str.maketrans("123456789E", "000000000e")
_HUNDRED_DIGITS = "0" * 100
# What hides a dot from a key: strings (multi-line ones first) and comments. An unterminated
# string runs to the end of its line (or of the text): tomllib refuses it there anyway, and the
# scan stays linear.
_TOML_QUOTED = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]?|"{1,2}(?!"))*(?:"{3,5}|\Z)'
    r"|'''(?:[^']|'{1,2}(?!'))*(?:'{3,5}|\Z)"
    r'|"(?:[^"\\\n]|\\.?)*(?:"|$)'
    r"|'[^'\n]*(?:'|$)"
    r"|#[^\n]*",
    re.MULTILINE,
)
# Keys, once strings are blanked: a table header, or what stands before "=" at a line's start
# or after "{" or "," (an inline table's keys).
_TOML_KEYS = re.compile(r"^[ \t]*\[\[?([^\]\n]*)\]|(?:^|[{,])([^=\n{},\[\]]*)=", re.MULTILINE)
_DIGIT_RUN = re.compile(rf"(?<![\d_])[\d_]{{{MAX_DIGITS + 1},}}")


def _check_toml_lines(text: str, source: str) -> None:
    """Refuse, in one linear pass, lines longer than MAX_TOML_LINE and keys of more than
    MAX_TOML_KEY_PARTS dotted parts, before tomllib sees them."""
    lines = text.split("\n")
    longest = max(map(len, lines))
    if longest > MAX_TOML_LINE:
        n = next(i for i, line in enumerate(lines) if len(line) == longest) + 1
        raise DataError(
            source,
            f"TOML (line {n})",
            f"lines of at most {MAX_TOML_LINE:,} characters",
            Said(f"{longest:,} characters"),
        )
    if text.count(".") < MAX_TOML_KEY_PARTS:
        return  # no key can have that many parts: every board and settings file stops here

    def blank(m: re.Match[str]) -> str:
        found = m.group()
        return "" if found.startswith("#") else "S" + "\n" * found.count("\n")

    plain = _TOML_QUOTED.sub(blank, text)
    for m in _TOML_KEYS.finditer(plain):
        key = m.group(1) if m.group(1) is not None else m.group(2)
        parts = key.count(".") + 1
        if parts > MAX_TOML_KEY_PARTS:
            start = m.start(1) if m.group(1) is not None else m.start(2)
            raise DataError(
                source,
                f"TOML (line {plain.count(chr(10), 0, start) + 1})",
                f"keys of at most {MAX_TOML_KEY_PARTS} dotted parts",
                Said(f"a key of {parts:,} parts"),
            )


def _too_long_number(text: str, source: str, kind: str) -> DataError:
    """The refusal of a number longer than int() reads, naming its line when it can be found."""
    m = _DIGIT_RUN.search(text)
    where = kind if m is None else f"{kind} (line {text.count(chr(10), 0, m.start()) + 1})"
    got = Said("a longer one") if m is None else Said(f"a number of {len(m.group()):,} digits")
    return DataError(source, where, f"numbers of at most {MAX_DIGITS:,} digits", got)


def _may_nest_deeper(text: str) -> bool:
    """Whether the text could nest deeper than MAX_DEPTH: depth never exceeds the most openers
    met between two closers, which, once all but the brackets are taken out, stand in one run.
    A C-speed bound that spares the walk for any ordinary file."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    if text.isascii():  # every other character taken out, each opener "[" and each closer "]"
        return "[" * (MAX_DEPTH + 1) in text.translate(_ONLY_BRACKETS)
    return any(s.count("[") + s.count("{") > MAX_DEPTH for s in _CLOSERS.split(text))


def _may_be_infinite(text: str) -> bool:
    """Whether a number in JSON text could overflow to infinity: only one with an exponent of
    three digits or more, or one with 100 digits in a row, can (without either it is under
    10**99 * 10**99). A C-speed look at the text (every digit made a 0), so that an ordinary
    file's floats are read by json's own C code, not a Python call per number."""
    zeroed = text.translate(_ZEROED)
    return "e000" in zeroed or "e+000" in zeroed or _HUNDRED_DIGITS in zeroed


def _check_depth(value: Any, source: str, field: str) -> None:
    """Parsed lists and tables may nest at most MAX_DEPTH deep: code that walks a record (or
    prints a value in a refusal) recurses, and must not meet a thousand levels. A walk over the
    containers only, without recursion, stopping at the first one too deep."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise DataError(source, field, _nesting(), Said("deeper nesting"))
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))


def _nesting() -> str:
    return f"lists and tables nested at most {MAX_DEPTH} deep"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _first_line(text: str) -> str:
    line = text.splitlines()[0] if text else "something else"
    return line[:1].lower() + line[1:]


def _os_reason(exc: OSError) -> Said:
    return Said((exc.strerror or "a file that cannot be read").lower())


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


def _mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB"
