"""The course analysis run on a background thread while the tuner stays responsive.

The tuner starts a study whenever the board settles; a newer study makes the running one stop
at its next sample (its figures would describe a board nobody looks at any more). Steps are
computed in the order asked, the selected one first, so its heat map comes quickly; the UI polls
`figures` and `progress`. pymunk's C calls release the GIL, so the frame loop keeps its pace.
No pygame here.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Sequence

from skully_game.skully.analysis import (
    BOX_STEPS,
    DILLER,
    DILLER_STEPS,
    UNITS,
    Analysis,
    AnalysisCancelled,
    StepFigures,
    Study,
    assemble,
    run_unit,
)

STEPS = len(BOX_STEPS) + len(DILLER_STEPS)


def unit_of(step: int) -> int:
    """The unit that computes a course step (the four diller words are one unit)."""
    return DILLER if step >= DILLER else step


class BackgroundAnalysis:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._generation = 0
        self._thread: threading.Thread | None = None
        self.study: Study | None = None
        self.figures: dict[int, StepFigures] = {}  # written under the lock; read snapshot()
        self._queue: list[int] = []
        self._done = 0
        self._analysis: Analysis | None = None
        self.error = ""

    def start(self, study: Study, first: Sequence[int] = ()) -> None:
        """Drop any running study and start this one; units in `first` go before the rest."""
        order = [*dict.fromkeys(unit_of(s) for s in first)]
        order += [u for u in UNITS if u not in order]
        with self._lock:
            self._generation += 1
            generation = self._generation
            self.study = study
            self.figures = {}
            self._queue = order
            self._done = 0
            self._analysis = None
            self.error = ""
        thread = threading.Thread(
            target=self._run, args=(generation, study), daemon=True, name="analysis"
        )
        self._thread = thread
        thread.start()

    def stop(self) -> None:
        with self._lock:
            self._generation += 1

    def prioritise(self, step: int) -> None:
        """Compute this step's unit next, keeping every figure already done."""
        unit = unit_of(step)
        with self._lock:
            if unit in self._queue:
                self._queue.remove(unit)
                self._queue.insert(0, unit)

    def snapshot(self) -> dict[int, StepFigures]:
        """A copy of the figures done so far, safe to read while the thread adds more."""
        with self._lock:
            return dict(self.figures)

    def _next(self, generation: int) -> int | None:
        with self._lock:
            if self._generation != generation or not self._queue:
                return None
            return self._queue.pop(0)

    def _run(self, generation: int, study: Study) -> None:
        def cancelled() -> bool:
            return self._generation != generation

        def progress(n: int) -> None:
            with self._lock:
                if self._generation == generation:
                    self._done += n

        try:
            while (unit := self._next(generation)) is not None:
                part = run_unit(study, unit, progress, cancelled)
                with self._lock:
                    if self._generation != generation:
                        return
                    for figures in part:
                        self.figures[figures.step] = figures
        except AnalysisCancelled:
            return
        except Exception as exc:  # a bug must show in the tuner, not kill it silently
            with self._lock:
                if self._generation == generation:
                    traceback.print_exc()  # the details, for whoever fixes it
                    self.error = "analysis stopped: a fault in the program" + (
                        f" ({exc})" if str(exc) else ""
                    )

    @property
    def progress(self) -> float:
        """0..1 of the samples of the current study."""
        study = self.study
        if study is None:
            return 0.0
        return min(1.0, self._done / (study.samples * len(UNITS)))

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and not self.complete

    @property
    def complete(self) -> bool:
        study = self.study
        return study is not None and len(self.figures) == STEPS

    def analysis(self) -> Analysis | None:
        """The whole-course figures, once every step is done."""
        with self._lock:
            if self._analysis is None and self.complete and self.study is not None:
                self._analysis = assemble(self.study, [(f,) for f in list(self.figures.values())])
            return self._analysis

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current study ends (for tests and tools); True if it completed."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.complete
