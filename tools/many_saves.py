"""Years of saves: fill the data folder SKULLY_DATA_DIR names with real saves of every mode and
time the menu's first frame against an empty folder, headless.

    SKULLY_DATA_DIR=/tmp/many python tools/many_saves.py [--n 10000] [--repeat 3]

Refuses to run without SKULLY_DATA_DIR set (it must never touch a player's own folder), and
refuses a folder that already holds files. The saves are made by the program's own save code
(a finished and an unfinished Skully game, a shot, and a game of every card table played by its
computer players to the end and saved early and at the end), then copied under new names with
times spread over five years, mode by mode in turn, finished and unfinished.

Each measurement is a new process (python, pygame and the program started from nothing), timed
from its start to its first frame drawn: with an empty data folder, then with the full one
(the first start, before any list index exists, and the next ones, with it), `--repeat` times
each, empty and full taking turns; the medians are reported. Then a process opens Resume and is timed until its list is
complete (the first time, when every save is read into the index, and again with it), and
counts what every list reaches. Last line, one JSON object:
{"n": 10000, "empty_first_frame_s": ..., "first_frame_s": ..., "ratio": ..., "resume_list_s": ...,
 "listed": 10000, ...}; first_frame_s is the slower of the first start and the later ones.
The same starts are also timed in each process's own CPU time to its first frame (a busy
machine lengthens none of them): empty_first_frame_cpu_s, first_frame_cpu_s and ratio_cpu.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data"
FIVE_YEARS = 5 * 365 * 24 * 3600


def child_env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SKULLY_DATA_DIR=str(data),
    )
    env.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-cfg-"))
    return env


# --- in a child process ----------------------------------------------------------------------


def first_frame(resume: bool) -> None:
    """Open the program's window on the menu (headless) and draw one frame; print the seconds
    since the process started. With `resume`, then open Resume and wait for its whole list."""
    from skully_game.core.settings import Settings
    from skully_game.scenes.menu import MenuScene
    from skully_game.shell.app import App

    app = App(Settings(), size=(1280, 800))
    app.stack.push(MenuScene(app))
    app.run_frames(1, ticks_per_frame=1)
    out: dict[str, object] = {"first_frame_s": since_start(), "cpu_s": time.process_time()}
    if resume:
        from skully_game.core import saves_index
        from skully_game.scenes.resume import ResumeScene, every_listing

        scene = ResumeScene(app)
        app.stack.push(scene)
        while scene.pending or saves_index.refreshing():
            saves_index.wait_for_refresh(0.05)
            app.run_frames(1, ticks_per_frame=1)
        app.run_frames(1, ticks_per_frame=1)
        out["resume_list_s"] = since_start()
        out["unfinished"] = len(scene.games)
        listings = [job() for job in every_listing()]
        out["listed"] = sum(len(x.entries) + len(x.bad) for x in listings)  # type: ignore[attr-defined]
    print(json.dumps(out))


def since_start() -> float:
    """Seconds since this process began (its start time as the system keeps it)."""
    with open("/proc/self/stat") as handle:  # field 22: its start, in ticks since boot
        ticks = int(handle.read().rsplit(")", 1)[1].split()[19])
    return time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")


def timed(data: Path, resume: bool = False) -> dict[str, float]:
    """One child's figures; the first frame timed from before the process is started."""
    start = time.perf_counter()
    args = [sys.executable, __file__, "--child", "resume" if resume else "menu"]
    done = subprocess.run(args, env=child_env(data), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the program failed to start:\n{done.stderr[-2000:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if not resume:
        figures["wall_s"] = time.perf_counter() - start
    return figures


# --- filling the folder ----------------------------------------------------------------------


def templates(work: Path) -> list[tuple[Path, Path]]:
    """(a save the program wrote, the folder its copies go to): every mode, finished and not."""
    from cards.registry import GAMES
    from skully_game.scenes.resume import table_games
    from skully_game.skully.records import save_shot
    from skully_game.skully.replay_check import load_record
    from skully_game.skully.saves import games_dir, shots_dir
    from skully_game.skully.session import load_session

    made: list[tuple[Path, Path]] = []
    for name in ("game-two-players-finished.json", "game-four-players-unfinished.json"):
        path = work / name
        load_session(DATA / name).save(path)
        made.append((path, games_dir()))
    shot = work / "shot.json"
    save_shot(load_record(DATA / "shot-break.json"), shot)  # type: ignore[arg-type]
    made.append((shot, shots_dir()))
    infos = {info.key: info for info in GAMES}
    for table in table_games():
        made += table_templates(table, infos[table.key], work)
    return made


def table_templates(table: object, info: object, work: Path) -> list[tuple[Path, Path]]:
    """A card game played by its computer players: saved after a few moves and at the end."""
    from skully_game.scenes.cardtable.match import Match, TableSeat, saves_dir

    entry = info.entry()  # type: ignore[attr-defined]
    options = entry.make_options(entry.players[0], {})
    kinds = [kind for kind, _ in table.levels]  # type: ignore[attr-defined]
    seats = [TableSeat(f"Bot {i + 1}", kinds[0]) for i in range(options.players)]
    match = Match(table, options, 7, seats)  # type: ignore[arg-type]
    rng = random.Random(7)
    bots = [
        entry.make_bot(s.kind, random.Random(rng.random()), **entry.quick_bots.get(s.kind, {}))
        for s in seats
    ]
    out: list[tuple[Path, Path]] = []
    for n in range(20_000):
        state = match.state
        if table.is_over(state):  # type: ignore[attr-defined]
            break
        seat = table.to_act(state)  # type: ignore[attr-defined]
        if seat is None:
            break
        view = state.observation(seat).detached()
        table.apply(state, bots[seat].act(view, state.legal_actions()))  # type: ignore[attr-defined]
        if n == 6:
            out.append((_saved(match, work / f"{table.key}-unfinished.json"), saves_dir(table)))  # type: ignore[attr-defined,arg-type]
    if table.is_over(match.state):  # type: ignore[attr-defined]
        out.append((_saved(match, work / f"{table.key}-finished.json"), saves_dir(table)))  # type: ignore[attr-defined,arg-type]
    return out


def _saved(match: object, path: Path) -> Path:
    match.path = path  # type: ignore[attr-defined]
    match.save()  # type: ignore[attr-defined]
    return path


def fill(n: int, made: list[tuple[Path, Path]], seed: int = 1) -> None:
    """n copies of the templates, in turn, named and dated as saves made over five years."""
    rng = random.Random(seed)
    now = time.time() - 3600
    raw = [(path.read_bytes(), folder) for path, folder in made]
    for _, folder in raw:
        folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        data, folder = raw[i % len(raw)]
        when = now - rng.random() * FIVE_YEARS
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
        path = folder / f"{stamp}-{i:05d}.json"
        path.write_bytes(data)
        os.utime(path, (when, when))


# --- the run ---------------------------------------------------------------------------------


def run(n: int, repeat: int) -> dict[str, object]:
    data = Path(os.environ["SKULLY_DATA_DIR"])
    if data.exists() and any(data.iterdir()):
        raise SystemExit(f"{data} already holds files: name an empty or new folder")
    empty = Path(tempfile.mkdtemp(prefix="skully-empty-"))
    with tempfile.TemporaryDirectory(prefix="skully-templates-") as work:
        made = templates(Path(work))
        fill(n, made)
    modes = sorted({folder.name for _, folder in made})
    print(f"{n} saves of {len(made)} kinds in {data} ({', '.join(modes)})", flush=True)
    # Empty and full starts take turns, so a machine busy with something else weighs on both.
    # The first starts never leave an index (each process ends at its first frame, before the
    # background has read the saves): each one is a first start.
    empties: list[float] = []
    colds: list[float] = []
    cpu: dict[str, list[float]] = {"empty": [], "cold": [], "warm": []}
    for _ in range(repeat):
        for folder, into, kind in ((empty, empties, "empty"), (data, colds, "cold")):
            figures = timed(folder)
            into.append(figures["wall_s"])
            cpu[kind].append(figures["cpu_s"])
    cold = statistics.median(colds)
    print(f"empty folder: first frame {statistics.median(empties):.2f} s", flush=True)
    print(f"full folder, first start: first frame {cold:.2f} s", flush=True)
    resume = timed(data, resume=True)  # reads every save into the index, fills Resume
    print(
        f"Resume's list complete after {resume['resume_list_s']:.2f} s "
        f"({resume['unfinished']} unfinished games; {resume['listed']} saves listed)",
        flush=True,
    )
    warms: list[float] = []
    for _ in range(repeat):
        for folder, into, kind in ((empty, empties, "empty"), (data, warms, "warm")):
            figures = timed(folder)
            into.append(figures["wall_s"])
            cpu[kind].append(figures["cpu_s"])
    warm = statistics.median(warms)
    print(f"full folder, with its index: first frame {warm:.2f} s", flush=True)
    again = timed(data, resume=True)
    print(
        f"with its index, Resume's list complete after {again['resume_list_s']:.2f} s", flush=True
    )
    empty_s = statistics.median(empties)
    print(f"empty folder, all {len(empties)} starts: first frame {empty_s:.2f} s", flush=True)
    worst = max(cold, warm)
    cpu_empty, cpu_cold, cpu_warm = (statistics.median(cpu[k]) for k in ("empty", "cold", "warm"))
    print(
        f"CPU to the first frame: empty {cpu_empty:.3f} s, first start {cpu_cold:.3f} s, "
        f"with its index {cpu_warm:.3f} s",
        flush=True,
    )
    return {
        "n": n,
        "empty_first_frame_s": round(empty_s, 3),
        "first_frame_s": round(worst, 3),
        "ratio": round(worst / empty_s, 3),
        "resume_list_s": round(float(resume["resume_list_s"]), 3),
        "listed": resume["listed"],
        "first_start_first_frame_s": round(cold, 3),
        "indexed_first_frame_s": round(warm, 3),
        "indexed_resume_list_s": round(float(again["resume_list_s"]), 3),
        "unfinished": resume["unfinished"],
        # the same starts in the child's own CPU time (a busy machine lengthens none of them)
        "empty_first_frame_cpu_s": round(cpu_empty, 3),
        "first_frame_cpu_s": round(max(cpu_cold, cpu_warm), 3),
        "ratio_cpu": round(max(cpu_cold, cpu_warm) / cpu_empty, 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="saves to make (10000)")
    parser.add_argument("--repeat", type=int, default=3, help="starts timed per case (3)")
    parser.add_argument("--child", choices=("menu", "resume"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        first_frame(args.child == "resume")
        return 0
    if not os.environ.get("SKULLY_DATA_DIR"):
        print(
            "many_saves.py fills a data folder with saves: name a new one in SKULLY_DATA_DIR "
            "(it never touches a player's own folder)",
            file=sys.stderr,
        )
        return 2
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-cfg-"))
    print(json.dumps(run(args.n, max(1, args.repeat))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
