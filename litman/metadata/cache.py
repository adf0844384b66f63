"""Responses kept on disk for a week, so that asking again costs the services nothing.

One small JSON file per request (its URL and the Accept header, hashed), written whole
through a temporary file so that a crash never leaves half an entry. An entry that cannot be
read is treated as missing.
"""

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path


class ResponseCache:
    def __init__(self, folder: Path | None, days: float) -> None:
        self.folder = folder
        self.max_age = days * 86_400

    def _path(self, key: str) -> Path | None:
        if self.folder is None:
            return None
        digest = hashlib.sha256(key.encode()).hexdigest()
        return self.folder / digest[:2] / f"{digest}.json"

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        if path is None or not path.is_file():
            return None
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            fresh = time.time() - float(entry["at"]) < self.max_age
            return entry["body"].encode("utf-8") if fresh and entry["key"] == key else None
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def put(self, key: str, body: bytes) -> None:
        path = self._path(key)
        if path is None:
            return
        entry = {"key": key, "at": time.time(), "body": body.decode("utf-8", "replace")}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(entry, out)
            os.replace(tmp, path)
        except OSError:
            pass  # a cache that cannot be written only costs a request next time
