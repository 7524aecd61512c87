from celery import shared_task


@shared_task(ignore_result=False)
def ping(text: str) -> str:
    """A health check: a worker that answers this is consuming from the broker."""
    return f"pong: {text}"
