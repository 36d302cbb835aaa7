"""The statistics chart's legend, scale and axis (issue 41: "the statistics chart has no visible
legend, so a player sees lines without knowing what they are"): beside the bars, the scale of
the point margin (+most, 0, −most) at the bars' top, base line and bottom; under them, which
end is the oldest match and which the latest; a key of the colours, its swatches drawn in the
bars' own colours; in four languages, in both themes, at 360 px as at 412, and axe finds
nothing. What the chart draws and says is tests/js/figures.test.mjs's."""

from __future__ import annotations

from engine.api import handle

from .conftest import read_catalog
from .helpers import goto, put_raw, set_settings
from .test_axe import assert_clean
from .test_screens import bot_match, record as stats_record

LANGS = ("en", "es", "de", "fr")
#: Seeds of one-point Cuatrola matches of the novice computer players (CPython): two won and
#: one lost 0–2 (the largest margin, 2).
SEEDS = ("legend-0", "legend-3", "legend-4")

GEOMETRY = """(fig) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom,
    mid: (r.top + r.bottom) / 2, width: r.width, height: r.height }; };
  const q = (s) => [...fig.querySelectorAll(s)];
  return { plot: box(fig.querySelector('.chart-box svg')), fig: box(fig), scale: q('.chart-scale span').map(box),
    axis: q('.chart-axis span').map(box), legend: q('.chart-legend li').map(box),
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
}"""

FILLS = """(fig) => ({
  bars: Object.fromEntries(['win', 'loss'].map((k) => [k, getComputedStyle(fig.querySelector(`.chart-box rect.${k}`)).fill])),
  keys: Object.fromEntries(['win', 'loss'].map((k) => [k, getComputedStyle(fig.querySelector(`.chart-legend rect.${k}`)).fill])),
  ink: getComputedStyle(fig.querySelector('.chart-scale')).color,
})"""


def _stats(phone, app_url, lang):
    set_settings(phone, lang=lang, speed="instant")
    goto(phone, app_url, "#/", reload=True)
    phone.goto(app_url + "#/stats")
    phone.wait_for_selector(".stats.ready", timeout=120_000)
    return phone.locator(".stats-group[data-game=cuatrola] figure.stats-chart")


def test_the_chart_has_a_legend_a_scale_and_an_axis_a_player_reads(new_browser, app_url):
    phone = new_browser().page()      # a profile of its own: these matches are its only ones
    goto(phone, app_url)
    margins = []
    for i, seed in enumerate(SEEDS):
        m = bot_match("cuatrola", {"end": "target", "target": 1}, seed, "novice")
        s = handle({"op": "summary", "match": m})["summary"]
        margins.append(s["score"][0] - s["score"][1])
        put_raw(phone, {**stats_record(f"legend-{i}", m), "updated": 1_700_000_000_000 + 60_000 * i})
    most = max(abs(x) for x in margins)
    assert most == 2 and {x > 0 for x in margins} == {True, False}, margins
    try:
        for lang in LANGS:
            cat = read_catalog(lang)
            fig = _stats(phone, app_url, lang)
            assert fig.locator(".chart-scale span").all_inner_texts() == [f"+{most}", "0", f"−{most}"], lang
            assert fig.locator(".chart-axis span").all_inner_texts() == [cat["stats.chart_oldest"], cat["stats.chart_newest"]]
            assert fig.locator(".chart-legend li").all_inner_texts() == [
                cat["stats.chart_key_won"], cat["stats.chart_key_lost"], cat["stats.chart_key_height"]], lang
            for width in (412, 360):
                phone.set_viewport_size({"width": width, "height": 780})
                g = fig.evaluate(GEOMETRY)
                plot, (top, zero, bottom), (oldest, newest) = g["plot"], g["scale"], g["axis"]
                where = f"{lang} at {width} px: {g}"
                # the scale at the plot's left, its marks at the top, the base line and the bottom
                assert all(s["right"] <= plot["left"] + 1 and s["width"] > 4 for s in (top, zero, bottom)), where
                assert abs(top["top"] - plot["top"]) <= 4 and abs(bottom["bottom"] - plot["bottom"]) <= 4, where
                assert abs(zero["mid"] - plot["mid"]) <= 3, where
                # the axis under the plot, its ends at the plot's ends
                assert oldest["top"] >= plot["bottom"] - 1 and newest["top"] >= plot["bottom"] - 1, where
                assert abs(oldest["left"] - plot["left"]) <= 2 and abs(newest["right"] - plot["right"]) <= 2, where
                assert oldest["right"] < newest["left"], where
                # the key inside the figure, nothing wider than the phone
                assert all(k["width"] > 10 and k["left"] >= g["fig"]["left"] - 1 and k["right"] <= g["fig"]["right"] + 1
                           for k in g["legend"]), where
                assert g["page"] <= 0, where
            phone.set_viewport_size({"width": 412, "height": 839})
        fills = {}
        for theme in ("light", "dark"):
            phone.emulate_media(color_scheme=theme)
            fills[theme] = f = fig.evaluate(FILLS)
            assert f["keys"] == f["bars"], (theme, f)    # the key's swatches are the bars' colours
            assert f["bars"]["win"] != f["bars"]["loss"], f
            assert_clean(phone, f"statistics with the chart's key ({theme}, fr)")
        assert fills["light"] != fills["dark"], fills
    finally:
        phone.emulate_media(color_scheme="light")
