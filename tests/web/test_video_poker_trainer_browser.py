"""The video-poker trainer as a trainee meets it (review 2, defects 2, 3 and 20): the verdict is in the first
screen beside the cards at 1280x800 and 375x740; following the chart one learns where the chart itself is off
is a "chart deviation", counted apart from mistakes with both rates shown; the cited chart line never lags the
verdict (every state the page shows pairs a verdict with its own hand's line)."""

import pytest

from holdwise.games import video_poker as face

from .test_video_poker_browser import JOB, chart_shown, settled, tens, text

pytestmark = pytest.mark.slow  # a browser

SIZES = {"desk": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 740}}

# every change of the verdict or its chart line, as the player could have seen it
WATCH = """() => { window.judged = [];
  const snap = () => window.judged.push([document.getElementById('vp-verdict').textContent,
                                         document.getElementById('vp-chart-line').textContent]);
  new MutationObserver(snap).observe(document.getElementById('vp-judged'),
                                     {subtree: true, childList: true, characterData: true}); }"""


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_following_the_chart_counts_deviations_apart_with_the_verdict_in_view(browser, live_server, shoot, size):
    context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{live_server}/video-poker?seed=7&chart=15")
        settled(page, 0)
        page.check("#vp-trainer")
        chart = face.trainer_chart(JOB, 5, "15")
        assert chart_shown(page, "15") == [(i, ln.text) for i, ln in enumerate(chart.lines, 1)]
        page.evaluate("document.activeElement.blur()")
        page.evaluate("window.scrollTo(0, 0)")
        page.evaluate(WATCH)
        state = face.new_game({"rules": JOB, "credits": 1000, "bet": 5}, 7)
        draws, deviations, mistakes = 0, 0, 0
        for hand in range(1, 21):
            page.keyboard.press("Enter")
            state = face.step(state, {"type": "deal", "bet": 5})
            settled(page, draws + 1)
            ch = face.chart_hold(chart.chart_text, state.data["hand"], JOB, 5)
            hold = list(ch.hold)
            if hand in (3, 9):  # two deliberate mistakes: a hold that is neither the chart's nor the best
                best = face.advice(state).best.extras["positions"]
                hold = next(o.extras["positions"] for o in face.advice(state).options
                            if o.extras["positions"] not in (best, hold))
            for pos in hold:
                page.keyboard.press(str(pos))
            page.keyboard.press("Enter")
            state = face.step(state, {"type": "draw", "hold": hold})
            draws = state.draws
            settled(page, draws)
            page.wait_for_function("document.getElementById('vp-verdict').dataset.kind !== 'pending'")
            kind = page.get_attribute("#vp-verdict", "data-kind")
            loss = state.decisions[-1].loss
            assert in_view(page, "#vp-verdict"), hand  # the verdict is in the first screen, no scrolling
            if loss <= 1e-12:
                assert kind == "right"
            elif hand in (3, 9):
                mistakes += 1
                assert kind == "mistake" and text(page, "#vp-verdict").startswith("Mistake: you held")
            else:  # the chart's hold, and the chart is off here
                deviations += 1
                assert kind == "deviation", hand
                assert text(page, "#vp-verdict").startswith(f"Chart deviation: you held {tens(ch.hold_text)}, as "
                                                            "the chart says; the best hold was")
                assert f"cost {loss:.4f} credits" in text(page, "#vp-verdict")
                assert text(page, "#vp-chart-line").startswith(f"Line {ch.line} of the chart")
                assert "the chart is off here" in text(page, "#vp-chart-line")
                if deviations == 1:
                    shoot(page, f"video-poker-trainer-deviation-{size}", full_page=False)
            if kind != "right":
                page.wait_for_function("document.getElementById('vp-chart-line').textContent.length > 0")
            state = face.step(state, {"type": "next"})
        assert deviations == 2 and mistakes == 2  # seed 7: hands 5 and 11, where the 15-line chart is off
        assert text(page, "#vp-t-hands") == "20"
        assert text(page, "#vp-t-mistakes") == "2" and text(page, "#vp-t-rate") == "10.0%"
        assert text(page, "#vp-t-deviations") == "2" and text(page, "#vp-t-dev-rate") == "10.0%"
        kinds = page.locator("#vp-mistakes tbody td.vp-kind").all_inner_texts()
        assert sorted(kinds) == ["chart deviation", "chart deviation", "mistake", "mistake"]
        # never a verdict beside another hand's line: a "Right" has no line; a costly verdict's best hold is its
        # line's best hold (or the line is still coming)
        for verdict, line in page.evaluate("window.judged"):
            if verdict.startswith("Right"):
                assert line == "", (verdict, line)
            elif line.startswith("Line") or line.startswith("No line"):
                best = verdict.split("the best hold was ")[1].split(" (cost")[0]
                assert "(cost" in line and (best in line or "you held" in line), (verdict, line)
                assert verdict.split(" (cost ")[1].split(" credits")[0] in line, (verdict, line)
        assert errors == []
    finally:
        context.close()
