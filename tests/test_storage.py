"""The cache folder and atomic writes."""

import pytest

from holdwise import storage


def test_cache_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path / "mine"))
    assert storage.cache_dir("x") == tmp_path / "mine" / "x"
    assert (tmp_path / "mine" / "x").is_dir()
    monkeypatch.delenv("HOLDWISE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert storage.cache_dir() == tmp_path / "xdg" / "holdwise"


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "f.json"
    storage.write_json(path, {"a": 1})

    def boom(f):
        f.write(b"half")
        raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError):
        storage.atomic_write(path, boom)
    assert storage.read_json(path) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_read_json_of_missing_or_bad_files_is_none(tmp_path):
    assert storage.read_json(tmp_path / "none") is None
    (tmp_path / "bad").write_text("{")
    assert storage.read_json(tmp_path / "bad") is None


def test_exclusive_is_exclusive(tmp_path):
    lock = tmp_path / "l"
    with storage.exclusive(lock) as got:
        assert got is True
        with storage.exclusive(lock, wait=False) as second:
            assert second is False
    with storage.exclusive(lock, wait=False) as third:
        assert third is True


def test_prune_tolerates_a_file_deleted_meanwhile(tmp_path, monkeypatch):
    # another process pruning the same folder may delete a file between the listing and its stat
    from pathlib import Path

    from holdwise.storage import prune

    for i in range(4):
        (tmp_path / f"{i}.npz").write_bytes(b"x")
    gone = tmp_path / "gone.npz"
    listed = sorted(tmp_path.glob("*.npz")) + [gone]
    monkeypatch.setattr(Path, "glob", lambda self, pattern: iter(listed))
    prune(tmp_path, "*.npz", 2)
    assert len([p for p in listed if p.exists()]) == 2


def test_read_or_make_reads_what_is_there_and_makes_once_under_the_lock(tmp_path):
    from holdwise.storage import read_or_make

    kept: dict = {}
    made = []

    def make():
        made.append(1)
        kept["v"] = 42
        return 42

    lock = tmp_path / "x.lock"
    assert read_or_make(lock, lambda: kept.get("v"), make) == (42, False)
    assert read_or_make(lock, lambda: kept.get("v"), make) == (42, True)
    assert made == [1]
    # what another process wrote while this one waited for the lock is read, not made again
    reads = iter([None, 7])
    assert read_or_make(lock, lambda: next(reads), make) == (7, True) and made == [1]


def test_read_or_make_makes_the_answer_where_no_lock_can_be_made(tmp_path):
    """A cache folder that cannot be written (here the lock's folder is missing) costs speed, not the answer; what
    `make` raises is still raised."""
    from holdwise.storage import read_or_make

    lock = tmp_path / "missing" / "x.lock"
    assert read_or_make(lock, lambda: None, lambda: 5) == (5, False)
    assert read_or_make(lock, lambda: 3, lambda: 5) == (3, True)
    assert not lock.parent.exists()

    def fails():
        raise OSError("the solve's own failure")

    with pytest.raises(OSError, match="the solve's own failure"):
        read_or_make(tmp_path / "y.lock", lambda: None, fails)


def _savez_digest(arrays):
    """The checksum as written before the arrays were written a piece at a time (whole copies, tobytes)."""
    import hashlib

    import numpy as np

    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def test_arrays_written_a_piece_at_a_time_read_back_as_np_savez_wrote_them(tmp_path, monkeypatch):
    import numpy as np

    monkeypatch.setattr(storage, "_PIECE", 7)  # many pieces, one of them short
    arrays = {"counts": np.arange(200, dtype=np.int64).reshape(40, 5) * 1000, "zero": np.array(2.5),
              "fortran": np.asfortranarray(np.arange(12).reshape(3, 4)), "empty": np.zeros((0, 3)),
              "text": np.array("a key"), "flags": np.array([True, False, True])}
    path = tmp_path / "t.npz"
    assert storage.save_arrays(path, "k", arrays, stored_as={"counts": np.int32})
    with np.load(path, allow_pickle=False) as data:  # np.load reads it: key, checksum and every array
        assert sorted(data.files) == sorted([*arrays, "key", "digest"]) and str(data["key"]) == "k"
        assert data["counts"].dtype == np.int32 and data["zero"].shape == () and data["text"].shape == ()
    back = storage.load_arrays(path, "k", tuple(arrays), lambda **a: True, owned=False)
    assert back is not None
    for name, value in arrays.items():
        assert back[name].shape == value.shape and np.array_equal(back[name], value), name
    assert back["counts"].dtype == np.int32 and back["fortran"].dtype == arrays["fortran"].dtype
    # the checksum is the one the former whole-copy writer gave the stored arrays: files kept before still load
    stored = dict(arrays, counts=arrays["counts"].astype(np.int32))
    assert storage._digest(arrays, {"counts": np.int32}) == _savez_digest(stored)
    np.savez(path, key=np.array("k"), digest=np.array(_savez_digest(stored)), **stored)
    assert storage.load_arrays(path, "k", tuple(arrays), lambda **a: True, owned=False) is not None
    assert storage.load_arrays(path, "another", tuple(arrays), lambda **a: True, owned=False) is None
