"""The tournaments app's part of the REST API under /api/, and what every app's API
shares (schema, permission classes, parsers, error shape). Scorers' tables and
results are in scoring.api, print jobs in tournaments.printing.api."""
