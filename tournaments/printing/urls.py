"""Included by config/urls.py at "print/"."""

from django.urls import path

from . import views

urlpatterns = [
    path("tournaments/<int:pk>/", views.print_request, name="print-request"),
    path("jobs/<int:job_id>/", views.print_job, name="print-job"),
    path("jobs/<int:job_id>/download/", views.print_download, name="print-download"),
    path("jobs/<int:job_id>/retry/", views.print_retry, name="print-retry"),
]
