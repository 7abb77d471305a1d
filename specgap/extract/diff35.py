"""A prompt given as a unified diff of itself (thirty-fifth session): a pull request's change to
the prompt file pasted in a fenced ```` ```diff ```` block, or a patch file as the prompt.

    ```diff
    --- a/prompts/desk.md
    +++ b/prompts/desk.md
    @@ -12,6 +12,7 @@ ## Booking
     Search slots before you book one.
    -Refunds up to £100 are fine.
    +Refunds stop at £60.
    +Never book a slot the customer made up.
    ```

What applies is the file as it reads after the change: its unchanged lines (a leading space)
and its added lines (`+`); a removed line (`-`) is withdrawn and binds nothing. The header
lines (`diff --git`, `index`, the `---` / `+++` file names, the `@@` hunk lines with any
section name after them, `\\ No newline at end of file`) are no text of the file. A fenced
block is otherwise code or an example, left alone by the prose readers; a block whose info
string is `diff`, `patch` or `udiff`, or whose first line is a diff's header, is read as the
prompt text it leaves: `after` gives that text and, for each of its characters, where it
sits in the prompt, so that every sentence read from it is located at its own line of the
diff (`segments.markdown_sentences` reads the text as Markdown, headings included).
"""

from __future__ import annotations

import re

__all__ = ["after", "diff_block", "whole_diff"]

_INFO = frozenset({"diff", "patch", "udiff"})
# the first line of a diff's header
_STARTS = re.compile(r"^(?:diff --git |--- (?:a/|/dev/null)|--- \S+\s*$|@@ -\d)")
# header lines: never the file's text
_HEADER = re.compile(
    r"^(?:diff --git |index [0-9a-f]+\.\.|--- (?:a/|/dev/null|\S+\s*$)|\+\+\+ (?:b/|/dev/null|"
    r"\S+\s*$)|@@ [^\n]*@@|\\ No newline|(?:new|deleted) file mode |similarity index |"
    r"rename (?:from|to) )"
)

_FENCE = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,})")


def diff_block(info: str, body: str) -> bool:
    """Whether a fenced block with this info string and body is a diff (module docstring)."""
    words = info.split()
    if words and words[0].casefold() in _INFO:
        return True
    first = next((line for line in body.splitlines() if line.strip()), "")
    return bool(_STARTS.match(first)) and "\n@@ " in f"\n{body}"


def whole_diff(text: str) -> bool:
    """Whether the prompt itself is a patch (its first line a diff's header, with a hunk)."""
    return diff_block("", text)


def after(text: str, start: int, end: int) -> tuple[str, list[int]]:
    """The text of lines `text[start:end]` of a diff as the file reads after the change, and
    where each of its characters sits in `text` (one extra entry marks the end)."""
    chars: list[str] = []
    offsets: list[int] = []
    at = start
    for line in text[start:end].splitlines(keepends=True):
        here, at = at, at + len(line)
        if _HEADER.match(line) or _FENCE.match(line) or line.startswith("-"):
            continue
        skip = 1 if line[:1] in {"+", " "} else 0  # (a blank context line may lose its space)
        chars.extend(line[skip:])
        offsets.extend(range(here + skip, here + len(line)))
    offsets.append(offsets[-1] + 1 if offsets else start)
    return "".join(chars), offsets
