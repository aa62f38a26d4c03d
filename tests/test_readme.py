"""The README is the player's document: short, every setup option explained, every link alive."""

import os
import re

from host_tools import ROOT
from tanteador import i18n
from tanteador.lang import en
from tanteador.screens import setup

README = os.path.join(ROOT, "README.md")
DOCS = os.path.join(ROOT, "host_tools", "docs")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_the_readme_stays_short():
    assert len(read(README).splitlines()) < 300


def test_every_setup_option_is_explained():
    texts = i18n.Texts(en.S)
    text = read(README)
    labels = [texts[i] for i in setup._LABELS if i != i18n.START]
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
