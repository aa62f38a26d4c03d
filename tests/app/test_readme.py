"""The README is the player's document: a first match walked through, every setup option
explained (there or on a page it links), every link alive. How short it stays is a matter
for review, not a line count."""

import os
import re

from host_tools import ROOT
from tanteador import i18n, textids
from tanteador.lang import en
from tanteador.screens import setup

README = os.path.join(ROOT, "README.md")
DOCS = os.path.join(ROOT, "host_tools", "docs")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def linked_docs(text):
    """The host_tools/docs/ pages the README links, as text."""
    return [read(os.path.join(ROOT, rel)) for rel in sorted(set(re.findall(r"\]\((host_tools/docs/[\w.-]+\.md)", text)))]


def test_every_setup_option_is_explained():
    texts = i18n.Texts(en.S)
    text = "\n".join([read(README)] + linked_docs(read(README)))
    labels = [texts[i] for i in setup._LABELS if i != textids.START]
    missing = [l for l in labels if "- **%s**: " % l not in text]
    assert not missing


def test_links_point_at_files_that_exist():
    pages = [README] + [os.path.join(DOCS, n) for n in sorted(os.listdir(DOCS)) if n.endswith(".md")]
    assert len(pages) >= 5
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)", read(page)):
            if "://" in target:
                continue
            if not os.path.exists(os.path.normpath(os.path.join(os.path.dirname(page), target))):
                broken.append((os.path.relpath(page, ROOT), target))
    assert not broken


def test_the_developer_documents_are_linked_from_the_readme():
    text = read(README)
    for n in os.listdir(DOCS):
        assert "host_tools/docs/" + n in text


def test_a_first_match_is_walked_through_with_the_four_buttons():
    text = read(README)
    walk = text[text.index("### Your first match"):text.index("### The buttons")]
    for button in ("**OK**", "**UP**", "**DOWN**", "BACK"):
        assert button in walk
    assert walk.count("\n1. ") == 1 and "\n5. " in walk


def test_a_maker_can_flash_without_starting_the_simulator():
    import subprocess

    out = subprocess.run(["make", "-n", "flash"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "tanteador flash" in out and "tanteador sim" not in out
    assert "make flash" in read(README)
