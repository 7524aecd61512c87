"""A WSGI application slower than any timeout a test gives gunicorn: a worker timeout on demand."""

import time


def application(environ, start_response):
    time.sleep(60)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"too late"]
