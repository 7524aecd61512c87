"""Planning work too big for a request: drawing a big rotation, working out or making
a change of the night. The request stores a PlanningJob and answers at once; a Celery
worker does the search; the organiser's page polls the job, then shows its result."""
