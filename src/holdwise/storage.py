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
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

from .memory import parse_bytes

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Arrays = dict[str, npt.NDArray[Any]]

__all__ = ["atomic_write", "cache_budget", "cache_dir", "exclusive", "keep_last", "load_arrays", "machine_speed", "make_room", "map_npz", "parse_bytes",
           "prune", "release_pages", "read_json", "read_or_make", "save_arrays", "write_json", "write_npz"]

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


DEFAULT_BUDGET = "3G"  # the cache folder: a fresh machine's answers after a walk through every page are ~0.8 GB


def cache_budget() -> int:
    """The cache folder's budget in bytes (`$HOLDWISE_CACHE_BUDGET`, default 3G); InputError for a bad one."""
    from .errors import InputError

    text = os.environ.get("HOLDWISE_CACHE_BUDGET", "").strip() or DEFAULT_BUDGET
    try:
        value = parse_bytes(text)
    except (ValueError, IndexError):
        value = -1
    if not 64 << 20 <= value <= 1 << 60:
        raise InputError(f"--cache-budget (HOLDWISE_CACHE_BUDGET): a size (3G, 500M, bytes) of at least 64M, "
                         f"got {text!r}")
    return value


# what the default pages read (the default match, the shipped games' returns, ...): removed last
_DEFAULTS: list[Callable[[], Iterator[Path]]] = []
SMALL = 64 << 10  # files below this are written without looking at the budget (progress, keys, small answers)
STRAY = 600.0  # a temporary file this old (seconds) was left by a writer that died: removed


def keep_last(paths: Callable[[], Iterator[Path]]) -> None:
    """Register the files of the built-in defaults' answers: the budget removes them only after every other."""
    _DEFAULTS.append(paths)


def make_room(incoming: int, spare: Path | None = None) -> int:
    """Remove the least recently used answers of the cache folder (the built-in defaults' last) until
    `incoming` more bytes fit its budget with a little to spare; the bytes removed. Locks, progress files, the
    server's key and `spare` stay; a stray temporary file of a writer that died goes first."""
    import time

    root = cache_dir()
    budget = cache_budget()
    room = budget - incoming - budget // 100
    with exclusive(root / "budget.lock"):
        now, files, total = time.time(), [], 0
        for path in root.rglob("*"):
            name = path.name
            try:
                st = path.stat()
            except OSError:
                continue
            if not path.is_file():
                continue
            if name.endswith(".tmp") and now - st.st_mtime > STRAY:
                with contextlib.suppress(OSError):
                    path.unlink()
                continue
            total += st.st_size
            if name.endswith((".lock", ".progress", ".tmp")) or name == "web-secret" or path == spare:
                continue
            files.append((st.st_mtime, st.st_size, path))
        if total <= room:
            return 0
        defaults: set[Path] = set()
        for found in _DEFAULTS:
            with contextlib.suppress(Exception):
                defaults.update(Path(p).resolve() for p in found())
        files.sort(key=lambda f: (f[2].resolve() in defaults, f[0]))
        removed = 0
        for _, size, path in files:
            if total - removed <= room:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                removed += size
        return removed


def atomic_write(path: Path, write: Callable[[IO[Any]], object], binary: bool = True, size: int | None = None) -> None:
    """Write `path` by calling `write(file)` on a temporary file in the same folder, then renaming it; a file of
    the cache folder makes room for itself first (`make_room`: before writing when its `size` is told, else
    before the rename)."""
    path = Path(path)
    budgeted = _in_cache(path)
    if budgeted and size is not None and size >= SMALL:
        make_room(size, spare=path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb" if binary else "w") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
            written = os.fstat(f.fileno()).st_size
        if budgeted and size is None and written >= SMALL:
            make_room(written, spare=path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _in_cache(path: Path) -> bool:
    """Whether `path` is in the cache folder (whose budget it then counts against)."""
    try:
        path.resolve().relative_to(cache_dir().resolve())
    except ValueError:
        return False
    return True


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
    keeps it), (answer, False). Where the lock cannot be made (a read-only cache folder), `make()` runs without
    it: a cache that cannot be written costs speed, not answers."""
    found = read()
    if found is not None:
        return found, True
    held = contextlib.ExitStack()
    try:
        held.enter_context(exclusive(lock))
    except OSError:
        return make(), False
    with held:
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


# elements of an array written or hashed at a time: a file of tables is written from their memory, never
# copied whole (np.savez copies up to 16 MiB of an array at once, and a cast to a narrower type all of it)
_PIECE = 1 << 18


def _pieces(a: npt.NDArray[Any], dtype: np.dtype[Any]) -> Iterator[memoryview]:
    """The bytes of the contiguous array `a` as `dtype` (C order), a piece at a time."""
    flat = a.reshape(-1)
    for start in range(0, len(flat), _PIECE):
        piece = flat[start:start + _PIECE]
        if piece.dtype != dtype:
            piece = piece.astype(dtype)
        yield piece.data.cast("B")


def _stored(arrays: Arrays, stored_as: Mapping[str, Any] | None) -> Iterator[tuple[str, npt.NDArray[Any],
                                                                               np.dtype[Any]]]:
    """(name, contiguous array, the type it is stored as) of each array, by name."""
    import numpy as np

    for name in sorted(arrays):
        a = np.asarray(arrays[name])
        if not a.flags.c_contiguous:
            a = np.ascontiguousarray(a)
        yield name, a, np.dtype((stored_as or {}).get(name, a.dtype))


def _digest(arrays: Arrays, stored_as: Mapping[str, Any] | None = None) -> str:
    """A checksum of arrays (names, types, shapes, bytes) as stored: a file that changed after writing fails it."""
    import hashlib

    h = hashlib.sha256()
    for name, a, dtype in _stored(arrays, stored_as):
        shape = a.shape if a.ndim else (1,)  # as np.ascontiguousarray reads a 0-d array: older files' checksums
        h.update(f"{name}:{dtype.str}:{shape};".encode())
        for piece in _pieces(a, dtype):
            h.update(piece)
    return h.hexdigest()


def write_npz(f: IO[bytes], arrays: Arrays, stored_as: Mapping[str, Any] | None = None) -> None:
    """The arrays as `np.savez` writes them (one uncompressed .npy member each, read by `np.load`), each
    written a piece at a time."""
    import zipfile

    from numpy.lib import format as npy

    with zipfile.ZipFile(f, mode="w", compression=zipfile.ZIP_STORED, allowZip64=True) as zf:
        for name, a, dtype in _stored(arrays, stored_as):
            if dtype.hasobject:
                raise ValueError(f"{name}: arrays of Python objects are not stored")
            header = {"descr": npy.dtype_to_descr(dtype), "fortran_order": False, "shape": a.shape}
            with zf.open(f"{name}.npy", "w", force_zip64=True) as out:
                npy.write_array_header_1_0(out, header)
                for piece in _pieces(a, dtype):
                    out.write(piece)


def map_npz(path: Path) -> dict[str, npt.NDArray[Any]]:
    """The arrays of an uncompressed .npz file (as `np.savez` and `save_arrays` write them) mapped from the disk,
    copy-on-write, rather than read into memory: a large table costs page cache, which the system can take
    back, instead of the process's own memory. A member that cannot be mapped is read. OSError, ValueError or
    zipfile.BadZipFile for a bad file."""
    import struct
    import zipfile

    import numpy as np
    from numpy.lib import format as npy

    out: dict[str, npt.NDArray[Any]] = {}
    with open(path, "rb") as raw, zipfile.ZipFile(raw) as zf:
        for info in zf.infolist():
            name = info.filename.removesuffix(".npy")
            if info.compress_type != zipfile.ZIP_STORED:
                with zf.open(info) as member:
                    out[name] = npy.read_array(member, allow_pickle=False)
                continue
            raw.seek(info.header_offset)
            local = raw.read(30)
            if local[:4] != b"PK\x03\x04":
                raise ValueError(f"{name}: not a zip member header")
            name_len, extra_len = struct.unpack("<HH", local[26:30])
            start = info.header_offset + 30 + name_len + extra_len
            raw.seek(start)
            version = npy.read_magic(raw)
            shape, fortran, dtype = (npy.read_array_header_1_0(raw) if version == (1, 0)
                                     else npy.read_array_header_2_0(raw))
            offset = raw.tell()
            count = int(np.prod(shape)) if shape else 1
            if dtype.hasobject or offset + count * dtype.itemsize > start + info.file_size:
                raise ValueError(f"{name}: not an array of plain values, or cut short")
            if count == 0 or count * dtype.itemsize < 1 << 16:  # small: read (a map costs a page at least)
                raw.seek(offset)
                data = np.frombuffer(raw.read(count * dtype.itemsize), dtype=dtype).copy()
                out[name] = data.reshape(shape, order="F" if fortran else "C")
                continue
            out[name] = np.memmap(raw, dtype=dtype, mode="c", offset=offset, shape=shape,
                                  order="F" if fortran else "C")
    return out


def release_pages(arrays: Mapping[str, Any]) -> int:
    """Let this process's resident pages of the file-mapped arrays go (`madvise(MADV_DONTNEED)`): a map that
    was read through (validated) holds the whole file in the process's RSS until then; the pages stay in the
    system's file cache and come back on the next read of them. Bytes of mappings let go."""
    import mmap

    advice = getattr(mmap, "MADV_DONTNEED", None)
    released, seen = 0, set()
    for value in arrays.values():
        region = getattr(value, "_mmap", None)  # np.memmap's own map (its views share it)
        if advice is None or region is None or id(region) in seen:
            continue
        seen.add(id(region))
        with contextlib.suppress(OSError, ValueError):  # a closed map, or a system without the call
            region.madvise(advice)
            released += len(region)
    return released


def save_arrays(path: Path, key: str, arrays: Arrays, stored_as: Mapping[str, Any] | None = None) -> bool:
    """NumPy arrays in one .npz file with their key and checksum, atomically; False when it cannot be
    written (a read-only or full cache folder costs speed, not answers). `stored_as` names a type to store
    an array as (a narrower integer type whose values fit: converted a piece at a time)."""
    import numpy as np

    every = dict(arrays, key=np.array(key), digest=np.array(_digest(arrays, stored_as)))
    size = sum(np.asarray(a).size * np.dtype((stored_as or {}).get(n, np.asarray(a).dtype)).itemsize
               for n, a in every.items())
    try:
        atomic_write(Path(path), lambda f: write_npz(f, every, stored_as), size=size)
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


CALIBRATION_FORMAT = 1  # the calibration file's format


def machine_speed(name: str, measure: Callable[[], tuple[float, float]] | None = None) -> float | None:
    """This machine's speed factor `name` for a guard (a measured time over its constant's: 2 is twice as slow),
    kept with the cache in `calibration.json` beside the other guards': `$HOLDWISE_SPEED` when set (a number: every
    guard's factor, nothing read or measured), else the kept figure, else `measure()` -> (factor, seconds it
    took), run once and kept (two processes measure once), else None."""
    from . import __version__
    from .errors import InputError

    forced = os.environ.get("HOLDWISE_SPEED", "")
    if forced:
        try:
            factor = float(forced)
        except ValueError:
            factor = -1.0
        if not 0 < factor < float("inf"):
            raise InputError(f"HOLDWISE_SPEED: a number above 0 (1: the guards' constants), got {forced!r}")
        return factor
    path = cache_dir() / "calibration.json"

    def kept() -> float | None:
        found = read_json(path)
        if (isinstance(found, dict) and found.get("format") == CALIBRATION_FORMAT
                and found.get("version") == __version__ and isinstance(found.get(name), (int, float))):
            return float(found[name])
        return None

    value = kept()
    if value is not None or measure is None:
        return value
    with exclusive(path.with_suffix(".lock")):
        value = kept()  # another process may have measured it meanwhile
        if value is None:
            value, seconds = measure()
            found = read_json(path)
            record = found if isinstance(found, dict) and found.get("format") == CALIBRATION_FORMAT \
                and found.get("version") == __version__ else {"format": CALIBRATION_FORMAT, "version": __version__}
            write_json(path, {**record, name: value, f"{name}_seconds": round(seconds, 3)})
    return value
