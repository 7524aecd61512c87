"""A Django storage that keeps files in the database, so every process sees them.

Printing writes its PDFs (and the parts workers render side by side) through
`default_storage`. On one machine a folder would do; with web processes and workers
on several machines the only thing they all share is PostgreSQL (and the broker), so
this is the default (settings FILE_STORAGE). A printout is a few hundred kilobytes to
a few megabytes, read once or twice: the database carries that easily, and the files
go with its backups. `FILE_STORAGE=filesystem` keeps them under MEDIA_ROOT instead
(one machine, or a shared mount); any other value names a storage class, e.g.
django-storages' `storages.backends.s3.S3Storage`, configured as its docs say.
"""

from __future__ import annotations

from django.apps import apps
from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from django.utils.deconstruct import deconstructible


def _model():
    # Storages are built while settings load, before the apps' models are ready:
    # the model is looked up when a file is read or written.
    return apps.get_model("tournaments", "StoredFile")


@deconstructible
class DatabaseStorage(Storage):
    def _open(self, name: str, mode: str = "rb") -> ContentFile:
        if "w" in mode or "a" in mode or "+" in mode:
            raise ValueError("DatabaseStorage opens files for reading only; save() writes.")
        row = _model().objects.filter(name=name).values_list("content", flat=True).first()
        if row is None:
            raise FileNotFoundError(name)
        return ContentFile(bytes(row), name=name)

    def _save(self, name: str, content) -> str:
        data = b"".join(
            chunk.encode() if isinstance(chunk, str) else chunk for chunk in content.chunks()
        )
        _model().objects.create(name=name, content=data, size=len(data))
        return name

    def delete(self, name: str) -> None:
        _model().objects.filter(name=name).delete()

    def exists(self, name: str) -> bool:
        return _model().objects.filter(name=name).exists()

    def size(self, name: str) -> int:
        size = _model().objects.filter(name=name).values_list("size", flat=True).first()
        if size is None:
            raise FileNotFoundError(name)
        return size

    def listdir(self, path: str) -> tuple[list[str], list[str]]:
        prefix = f"{path.strip('/')}/" if path.strip("/") else ""
        names = _model().objects.filter(name__startswith=prefix).values_list("name", flat=True)
        directories, files = set(), []
        for name in names:
            rest = name[len(prefix) :]
            head, _slash, tail = rest.partition("/")
            if tail:
                directories.add(head)
            else:
                files.append(rest)
        return sorted(directories), sorted(files)

    def get_modified_time(self, name: str):
        created = _model().objects.filter(name=name).values_list("created_at", flat=True).first()
        if created is None:
            raise FileNotFoundError(name)
        return created

    def get_created_time(self, name: str):
        return self.get_modified_time(name)

    def url(self, name: str) -> str:
        # Files here are handed out by views that check who may have them
        # (tournaments.printing.download), never at a public address.
        raise NotImplementedError("Files in the database have no public URL.")
