"""Kirkman triple systems and nearly Kirkman systems for cutthroat tables of three."""
