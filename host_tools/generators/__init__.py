"""Generators of files kept in the repository: the fonts and icons (fontgen), the wiring docs (hwdocs), the web page's pictures (webshots)."""
