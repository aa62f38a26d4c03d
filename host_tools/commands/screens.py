"""`tanteador screens DIR`: every screen of the gallery, in every language, as PNG.

Several languages are written one folder each, DIR/<lang>/<id>.png; a
single one (``--lang en``) straight into DIR/<id>.png, so that
``tanteador screens shots/en --lang en`` fills shots/en and nothing deeper.

Each screen is reached on a fresh host board (its own empty flash folder)
by the recipe in host_tools/device/gallery.py, the same recipe the
MicroPython lane replays on the unix port.
"""

import os
import tempfile

from host_tools import UsageError
from host_tools.support.folders import check_writable


def folder_of(out, lang, langs):
    """Where the pictures of ``lang`` go: OUT itself when it is the only language drawn."""
    return out if len(langs) == 1 else os.path.join(out, lang)


def render_all(out, langs=None, scale=4):
    """Write every screen of each language into its folder (folder_of); returns [(lang, id, path)]."""
    from host_tools.device import gallery
    from host_tools.device.hostboard import HostBoard
    from tanteador import i18n

    from host_tools.support import render

    all_langs = list(i18n.LANGS)
    langs = all_langs if not langs else langs
    unknown = [l for l in langs if l not in all_langs]
    if unknown:
        raise UsageError("unknown language %s (there are: %s)" % (", ".join(unknown), ", ".join(all_langs)))
    done = []
    with tempfile.TemporaryDirectory() as tmp:
        n = 0
        for lang in langs:
            folder = folder_of(out, lang, langs)
            os.makedirs(folder, exist_ok=True)
            for sid in gallery.ids():
                n += 1
                board = HostBoard(os.path.join(tmp, "flash%d" % n))
                gallery.reach(board, sid, lang)
                path = os.path.join(folder, sid + ".png")
                render.save_png(board.frame, path, scale=scale, powered=board.powered)
                done.append((lang, sid, path))
    return done


def write_index(out, done):
    """index.html and index.md: a table of the screens (rows) by language (columns)."""
    langs = []
    sids = []
    where = {}
    for lang, sid, path in done:
        if lang not in langs:
            langs.append(lang)
        if sid not in sids:
            sids.append(sid)
        where[lang, sid] = os.path.relpath(path, out).replace(os.sep, "/")
    html = ["<!doctype html><meta charset='utf-8'><title>Tanteador screens</title>",
            "<style>body{background:#222;color:#ddd;font-family:sans-serif}img{width:264px;image-rendering:pixelated}"
            "td{padding:4px;vertical-align:top}</style>",
            "<h1>Tanteador screens</h1><table><tr><th></th>"]
    html += ["<th>%s</th>" % l for l in langs]
    html.append("</tr>")
    md = ["# Tanteador screens", "", "| screen | " + " | ".join(langs) + " |", "|---" * (len(langs) + 1) + "|"]
    for sid in sids:
        html.append("<tr><td>%s</td>" % sid)
        cells = []
        for lang in langs:
            rel = where[lang, sid]
            html.append("<td><img src='%s' alt='%s %s'></td>" % (rel, sid, lang))
            cells.append("![%s %s](%s)" % (sid, lang, rel))
        html.append("</tr>")
        md.append("| %s | %s |" % (sid, " | ".join(cells)))
    html.append("</table>")
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write("\n".join(html) + "\n")
    with open(os.path.join(out, "index.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")


def main(args):
    """Entry for `tanteador screens`."""
    if args.scale < 1:
        raise UsageError("--scale must be 1 or more (pixels per OLED pixel), not %d" % args.scale)
    check_writable(args.dir, "DIR")
    langs = [l.strip() for l in args.lang.split(",")] if args.lang else None
    done = render_all(args.dir, langs, args.scale)
    write_index(args.dir, done)
    folders = sorted({os.path.dirname(path) for _, _, path in done})
    where = folders[0] if len(folders) == 1 else os.path.join(args.dir, "<lang>")
    print("%d screens written to %s (index.html, index.md in %s)" % (len(done), where, args.dir))
    return 0
