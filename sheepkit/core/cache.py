"""A small on-disk cache for solved tables, so lessons and apps are instant after a first run.

Files live in ``$SHEEPKIT_CACHE`` or ``~/.cache/sheepkit``. Each is written atomically, and
``read_checked`` refuses a file whose checksum does not match: a damaged cache is solved
again, never trusted. A read-only home only makes the next run slower.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

_DIGEST = 32  # bytes of SHA-256 in front of the data


def cache_dir() -> Path:
    """``$SHEEPKIT_CACHE`` or ``~/.cache/sheepkit``."""
    env = os.environ.get("SHEEPKIT_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "sheepkit"


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temp file beside ``path`` and rename it: readers never see half a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a read-only home: the table still works, only slower next time


def write_checked(path: Path, data: bytes) -> None:
    """Like write_atomically, with a checksum that read_checked verifies."""
    write_atomically(path, hashlib.sha256(data).digest() + data)


def read_checked(path: Path) -> bytes | None:
    """The data of a file written by write_checked, or None if missing or damaged."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    digest, data = raw[:_DIGEST], raw[_DIGEST:]
    return data if len(raw) > _DIGEST and hashlib.sha256(data).digest() == digest else None
