"""Printed material for a tournament night: PDFs built with WeasyPrint, in Celery workers."""
