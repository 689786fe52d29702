"""Files holdwise keeps between runs: where they live, written atomically, and one writer at a time.

The cache directory is `$HOLDWISE_CACHE_DIR` if set, else `$XDG_CACHE_HOME/holdwise`, else
`~/.cache/holdwise`. Every file is written to a temporary name in the same folder and renamed into place,
so a reader sees the old file or the new one, never half of one; a crash leaves at most a stray temporary
file, which the next write of that name replaces. A reader validates what it loads (callers check a key
and shapes) and treats a bad file as missing.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import numpy.typing as npt

    Arrays = dict[str, npt.NDArray[Any]]

__all__ = ["atomic_write", "cache_dir", "exclusive", "load_arrays", "prune", "read_json", "read_or_make", "save_arrays",
           "write_json"]

T = TypeVar("T")


def cache_dir(*parts: str) -> Path:
    """The cache folder (created), or a sub-folder of it."""
    root = os.environ.get("HOLDWISE_CACHE_DIR")
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = str(Path(base) / "holdwise")
    path = Path(root).joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write(path: Path, write: Callable[[IO[Any]], object], binary: bool = True) -> None:
    """Write `path` by calling `write(file)` on a temporary file in the same folder, then renaming it."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb" if binary else "w") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_json(path: Path, value: object) -> None:
    """`value` as JSON at `path`, atomically."""
    atomic_write(path, lambda f: f.write(json.dumps(value)), binary=False)


def read_json(path: Path) -> object | None:
    """The JSON at `path`, or None when it is missing or unreadable."""
    try:
        value: object = json.loads(Path(path).read_text())
        return value
    except (OSError, ValueError):
        return None


def read_or_make(lock: Path, read: Callable[[], T | None], make: Callable[[], T]) -> tuple[T, bool]:
    """A kept answer, made once across processes: (read(), True) when it is there; else, holding the file lock
    `lock`, read again (another process may have made it while this one waited) or `make()` it (which also
    keeps it), (answer, False)."""
    found = read()
    if found is not None:
        return found, True
    with exclusive(lock):
        found = read()
        if found is not None:
            return found, True
        return make(), False


@contextlib.contextmanager
def exclusive(path: Path, wait: bool = True) -> Iterator[bool]:
    """Hold an exclusive lock on the file `path` (created) across processes; yields False when `wait` is
    False and another process holds it."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _digest(arrays: Arrays) -> str:
    """A checksum of arrays (names, types, shapes, bytes): a file that changed after writing fails it."""
    import hashlib

    import numpy as np

    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def save_arrays(path: Path, key: str, arrays: Arrays) -> bool:
    """NumPy arrays in one .npz file with their key and checksum, atomically; False when it cannot be
    written (a read-only or full cache folder costs speed, not answers)."""
    import numpy as np

    def write(f: IO[bytes]) -> None:
        # the stub types **kwds as it types allow_pickle (a bool): the arrays are what savez stores
        np.savez(f, key=np.array(key), digest=np.array(_digest(arrays)), **arrays)  # type: ignore[arg-type]

    try:
        atomic_write(Path(path), write)
    except OSError:
        return False
    return True


def load_arrays(path: Path, key: str, names: tuple[str, ...], valid: Callable[..., bool],
                owned: bool = True) -> Arrays | None:
    """The arrays `names` of a file written by `save_arrays` when its key and checksum match and `valid(**arrays)`
    accepts them; None when the file is missing or bad (a bad file is deleted, unless not `owned`: a file
    shipped in the package is only read)."""
    import zipfile

    import numpy as np

    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["key"]) != key:
                raise ValueError("another key")
            arrays = {name: data[name] for name in names}
            digest = str(data["digest"])
        if digest != _digest(arrays) or not valid(**arrays):
            raise ValueError("arrays changed, out of shape or out of range")
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        if owned:
            with contextlib.suppress(OSError):
                path.unlink()
        return None
    if owned:
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: kept by `prune`
    return arrays


def prune(folder: Path, pattern: str, keep: int) -> None:
    """Delete all but the `keep` most recently used files of `folder` matching `pattern`."""
    def used(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:  # deleted meanwhile by another process pruning the same folder
            return -1.0

    files = sorted(Path(folder).glob(pattern), key=used, reverse=True)
    for old in files[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
