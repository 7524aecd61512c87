"""The offline searches behind the stored design tables of tournaments/rotations.

Each module is a command (`python -m tools.designs.NAME --help`); README.md says
which command regenerates which stored table and how long it takes.
"""
