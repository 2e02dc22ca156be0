"""An advisory lock file shared by the bot's processes (POSIX `flock`)."""

from __future__ import annotations

import os
from pathlib import Path


class LockFile:
    """A turn among processes: taken, given back, or given back by closing (or dying)."""

    def __init__(self, path: Path) -> None:
        # Imported here: POSIX only, like PROCESSES itself; one process needs no lock.
        import fcntl

        self._fcntl = fcntl
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        """The open file, for what the turn's holder keeps in it."""

    def acquire(self, wait: bool) -> bool:
        """Take the turn; without `wait`, False at once if another process has it."""
        fcntl = self._fcntl
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def release(self) -> None:
        """Give the turn back."""
        self._fcntl.flock(self.fd, self._fcntl.LOCK_UN)

    def close(self) -> None:
        """Close the lock file (which also gives the turn back)."""
        os.close(self.fd)
