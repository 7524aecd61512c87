"""The scoring app's REST API: tables for their scorers, results for organisers."""
