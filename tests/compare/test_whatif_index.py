"""A what-if reaches the index by itself: `balance compare` writes its page and the index again (issue 27 item 13)."""

from __future__ import annotations

from pathlib import Path

from balance.cli import main


def test_a_new_what_if_is_on_the_index_without_a_manual_report(tmp_path: Path) -> None:
    out = tmp_path / "html"
    out.mkdir()
    (out / "index.html").write_text("<p>the index of an earlier report</p>")
    common = ["--game", "caprices", "--games", "12", "--players", "4", "--lake", str(tmp_path / "lake"),
              "--warehouse", str(tmp_path / "w.duckdb"), "--out", str(out), "--workers", "1", "--no-progress"]
    for name in ("first-idea", "second-idea"):
        assert main(["compare", *common, "--name", name, "--set", "setup.bonus_tokens=[80, 0, 0, 0]"]) == 0
        index = (out / "index.html").read_text(encoding="utf-8")
        assert f"href='compare-{name}.html'" in index and (out / f"compare-{name}.html").exists()
        latest = index.split("What changed in the latest what-if comparisons?", 1)[1][:2000]
        assert name in latest  # the headline reads the newest experiment
    assert "href='compare-first-idea.html'" in index  # the earlier what-if stays listed
    assert not [p.name for p in out.iterdir() if p.name.startswith(".staging")]
