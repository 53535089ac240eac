"""Text for SVG and HTML that stays well-formed whatever a name contains.

XML 1.0 forbids most control characters even when escaped, so a unit named with a tab or a
``\\x01`` would make ``draw`` write a file no viewer opens. They are shown as visible escapes
(``\\x01``) instead; ``<``, ``&`` and quotes are escaped as usual.
"""

from __future__ import annotations

import re
from xml.sax import saxutils

_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def visible(text: str) -> str:
    """``text`` with the characters XML forbids written as escapes."""
    return _FORBIDDEN.sub(lambda m: repr(m.group())[1:-1], text)


def escape(text: str) -> str:
    return saxutils.escape(visible(str(text)))


def quoteattr(text: str) -> str:
    return saxutils.quoteattr(visible(str(text)))


def html_escape(text: str, quote: bool = True) -> str:
    from html import escape as _escape

    return _escape(visible(str(text)), quote=quote)
