"""The statistics across games ("Your games" in the menu): figures.py counts the saves index's
entries, scene.py shows them."""
