"""A background job's time left (`Job.seconds_left`): from the pace up to the work's last progress report, so
it falls with the clock between reports and is told once a share of the work is done."""

from pytest import approx

from holdwise.web import common


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def _job(monkeypatch, share=None):
    clock = Clock()
    monkeypatch.setattr(common.time, "monotonic", clock)
    job = common.Job("k", share=share)
    job.state, job.running_since = "running", clock.now
    return job, clock


def test_the_time_left_falls_between_reports_of_equal_steps(monkeypatch):
    job, clock = _job(monkeypatch)
    job.tell(0, 5)
    assert job.seconds_left() is None  # nothing done yet
    clock.now += 6.0
    job.tell(1, 5)  # a fifth in 6 s: 24 s to go
    assert job.seconds_left() == approx(24.0)
    lefts = []
    for _ in range(5):  # the next step takes a while: the time left falls with the clock, never rises
        clock.now += 1.5
        lefts.append(job.seconds_left())
    assert lefts == approx([22.5, 21.0, 19.5, 18.0, 16.5])
    clock.now += 30.0  # a step far slower than the pace so far: nothing left to tell but none
    assert job.seconds_left() == 0.0
    job.tell(2, 5)  # 2/5 after 43.5 s: the pace is read again
    assert job.seconds_left() == approx(43.5 * 1.5)


def test_the_share_of_the_work_weighs_unequal_steps(monkeypatch):
    # a match solve: later steps cost less (share from the work, not the count)
    job, clock = _job(monkeypatch, share=lambda done, total: (done / total) ** 0.5)
    clock.now += 10.0
    job.tell(25, 100)  # half the work in 10 s
    assert job.seconds_left() == approx(10.0)
    clock.now += 4.0
    assert job.seconds_left() == approx(6.0)


def test_no_time_left_before_the_least_share_or_when_not_running(monkeypatch):
    job, clock = _job(monkeypatch)
    clock.now += 1.0
    job.tell(1, 100)  # 1%: below MIN_SHARE_FOR_ESTIMATE, too noisy to tell
    assert common.MIN_SHARE_FOR_ESTIMATE > 0.01 and job.seconds_left() is None
    job.tell(10, 100)
    assert job.seconds_left() is not None
    job.state = "done"
    assert job.seconds_left() is None and job.to_json()["seconds_left"] is None
