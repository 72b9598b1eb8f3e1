"""Cap types (rules 1.7): size, weight, how they slide on asphalt and how they bounce."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class CapSpec:
    """Physical constants of one kind of cap, SI units."""

    label: str
    radius: float  # m
    mass: float  # kg
    mu: float  # sliding (Coulomb) friction against the street, 0.3-0.6
    restitution: float  # cap-on-cap bounce of two caps of this kind, 0.3-0.7
    spin_mu: float = 0.6  # fraction of the sliding torque mu*m*g*r that brakes spin
    blurb: str = ""


class CapType(Enum):
    """The caps on offer; values are stable names used in files."""

    CROWN = "crown"
    WAX = "wax"
    LEAD = "lead"
    GLIDE = "glide"
    VIAL = "vial"
    GLASS = "glass"

    @property
    def spec(self) -> CapSpec:
        return CAP_SPECS[self]


CAP_SPECS: dict[CapType, CapSpec] = {
    CapType.CROWN: CapSpec(
        "Crown cap",
        0.016,
        0.0023,
        0.45,
        0.50,
        blurb="The canonical beer bottle cap: light and lively.",
    ),
    CapType.WAX: CapSpec(
        "Wax-filled",
        0.016,
        0.0050,
        0.42,
        0.35,
        blurb="Filled with candle wax: steadier, duller bounce.",
    ),
    CapType.LEAD: CapSpec(
        "Lead-filled", 0.016, 0.0150, 0.40, 0.30, blurb="Heavy: blasts others, hard to move."
    ),
    CapType.GLIDE: CapSpec(
        "Chair glide",
        0.019,
        0.0120,
        0.35,
        0.55,
        blurb="A steel chair glide: wide, heavy, slides far.",
    ),
    CapType.VIAL: CapSpec(
        "Vial lid",
        0.0175,
        0.0030,
        0.38,
        0.60,
        blurb="A prescription vial lid: the flattest legal cap.",
    ),
    CapType.GLASS: CapSpec(
        "Glass neck", 0.0125, 0.0180, 0.50, 0.70, blurb="A bottle neck ring: small, heavy, hard."
    ),
}


def cap_type(name: str) -> CapType:
    """Parse a cap type name; the error lists the names there are."""
    try:
        return CapType(name)
    except ValueError:
        names = ", ".join(t.value for t in CapType)
        raise ValueError(f"unknown cap type {name!r}: expected one of {names}") from None
