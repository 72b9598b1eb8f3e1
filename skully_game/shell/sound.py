"""Sound effects from the generated WAVs in assets/sounds; silent (not broken) without a mixer."""

from __future__ import annotations

from importlib import resources

import pygame

NAMES = ("flick", "click_soft", "click_hard", "ui", "award", "stuck")
HARD_HIT = 1.5  # m/s closing speed at which a click is full volume and the hard sample


class SoundBank:
    def __init__(self, *, muted: bool = False, volume: float = 0.8) -> None:
        self.muted = muted
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            folder = resources.files("skully_game.assets") / "sounds"
            for name in NAMES:
                with resources.as_file(folder / f"{name}.wav") as path:
                    self.sounds[name] = pygame.mixer.Sound(str(path))
            self.available = True
        except (pygame.error, FileNotFoundError, OSError):
            self.sounds.clear()

    def configure(self, *, muted: bool, volume: float) -> None:
        self.muted = muted
        self.volume = min(max(volume, 0.0), 1.0)

    def play(self, name: str, loudness: float = 1.0) -> None:
        """Play a sound at a loudness 0..1 (times the master volume)."""
        if self.muted or not self.available:
            return
        sound = self.sounds.get(name)
        if sound is None:
            return
        channel = sound.play()
        if channel is not None:
            channel.set_volume(min(max(loudness, 0.0), 1.0) * self.volume)

    def hit(self, speed: float) -> None:
        """A cap-on-cap click, louder and harder for faster hits."""
        loud = min(1.0, 0.15 + speed / HARD_HIT)
        self.play("click_hard" if speed > HARD_HIT * 0.6 else "click_soft", loud)
