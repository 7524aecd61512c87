"""Stored design tables, data only: the offline searches that found them are
described in the modules that develop them (see tools/designs/)."""
