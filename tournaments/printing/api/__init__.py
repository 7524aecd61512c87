"""The printing app's REST API: asking for printouts, following them, their PDFs."""
