"""`tanteador screens`: every gallery screen to PNG, with an index."""

from host_tools.device import gallery
from PIL import Image

from host_tools import cli


def test_screens_for_two_languages(tmp_path, capsys):
    out = tmp_path / "shots"
    assert cli.main(["screens", str(out), "--lang", "en,es", "--scale", "2"]) == 0
    ids = gallery.ids()
    for lang in ("en", "es"):
        names = sorted(p.name for p in (out / lang).iterdir())
        assert names == sorted(i + ".png" for i in ids)
    img = Image.open(out / "en" / "table.png")
    assert img.size == (128 * 2 + 8, 64 * 2 + 8)
    assert len(img.getcolors(16)) == 2  # lit and dark pixels, nothing else
    assert (out / "en" / "menu.png").read_bytes() != (out / "es" / "menu.png").read_bytes()
    html = (out / "index.html").read_text("utf-8")
    md = (out / "index.md").read_text("utf-8")
    assert html.count("<img") == 2 * len(ids)
    assert "![table es](es/table.png)" in md
    assert "%d screens written" % (2 * len(ids)) in capsys.readouterr().out


def test_unknown_language(tmp_path, capsys):
    assert cli.main(["screens", str(tmp_path), "--lang", "de"]) == 2
    assert "unknown language de" in capsys.readouterr().err


def test_one_language_goes_straight_into_the_folder(tmp_path, capsys):
    out = tmp_path / "en"
    assert cli.main(["screens", str(out), "--lang", "en", "--scale", "1"]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted([i + ".png" for i in gallery.ids()]
                                                           + ["index.html", "index.md"])
    assert "![table en](table.png)" in (out / "index.md").read_text("utf-8")
    assert "written to %s " % out in capsys.readouterr().out


def test_make_screens_redraws_the_pictures_the_readme_shows():
    import re

    from host_tools import ROOT

    with open(ROOT + "/Makefile", encoding="utf-8") as f:
        target = re.search(r"tanteador screens (\S+) --lang (\w+)", f.read())
    with open(ROOT + "/README.md", encoding="utf-8") as f:
        shown = set(re.findall(r"\]\((host_tools/screenshots/\w+)/[\w-]+\.png\)", f.read()))
    assert shown == {target.group(1)} and target.group(1).endswith("/" + target.group(2))
