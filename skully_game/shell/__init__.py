"""The pygame-ce shell: window, fixed-timestep loop, scene stack, theme, widgets, sound."""
