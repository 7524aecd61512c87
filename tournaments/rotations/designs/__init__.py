"""Combinatorial designs the planners seat from: whist tournaments for partnership
play, Kirkman and Hanani triple systems for cutthroat, and the algebra they are
developed over. Stored tables live in `designs.data`, data only."""
