"""The REST API under /api/: organisers by session, scorers by their table's token."""
