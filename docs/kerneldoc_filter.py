#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kerneldoc_filter.py - Doxygen input filter for kernel-doc comments.

    python3 kerneldoc_filter.py FILE     (Doxygen's INPUT_FILTER protocol)

Reads a C source or header written with kernel-doc comments and prints it
with those comments rewritten as Doxygen commands. The output has exactly
as many lines as the input and every line of code is unchanged except for
trailing member comments, so Doxygen's file and line references stay true.

Conversions inside a ``/** ... */`` block:

  name() - brief          ->  @brief brief   (also "struct x - ", "enum x - ",
                              "union x - ", "typedef x - ", "MACRO - ")
  DOC: Title              ->  file documentation, @par Title
  @arg: text (function)   ->  @param arg text
  @member: text (struct,  ->  moved onto the member's line as /``**<`` text ``*``/
   union, enum)               and blanked in the block
  Context: text           ->  @kdoc_context text   (an alias: "@par Context:")
  Return: / Returns: text ->  @return text
  Note: / Notes: text     ->  @note text
  Example: / Examples:    ->  @kdoc_example         (an alias: "@par Example:")
  Description: text       ->  text
  %CONST                  ->  @c CONST
  &struct x, &enum x,     ->  struct x, enum x, ... (Doxygen links known names)
   &union x, &typedef x,
   &x->y, &x.y, &x
  @name in running text   ->  @p name
  ``code``                ->  `code`
  \\, #, <tag             ->  escaped, so prose never reads as a command or tag

A ``/*!`` block written the same way is converted too. kernel-doc (which
reads only ``/**``) cannot describe a variable; a public variable is
documented with ``/*! name - brief ... */``, which Doxygen reads and
kernel-doc skips.

An in-line member comment (``/** @member: text */`` inside a structure) keeps
its place and loses the ``@member:`` prefix. A header whose functions would
otherwise be invisible to Doxygen (it lists only members of documented files)
is documented as a file: the leading "name.h - brief" comment becomes its
@file block, or an empty ``/** @file */`` is appended to the last line.
"""

import os
import re
import sys

IDENT = r"[A-Za-z_]\w*"

# "name() - brief", "struct name - brief", "NAME - brief", "name: brief".
TITLE_RE = re.compile(
    r"^(?:(?P<kind>struct|union|enum|typedef)\s+)?(?P<name>" + IDENT +
    r")\s*(?:\(\s*\))?\s*(?:-+|:)\s*(?P<brief>.*)$")
DOC_RE = re.compile(r"^DOC:\s*(?P<title>.*)$")
PARAM_RE = re.compile(r"^@(?P<name>" + IDENT + r"(?:(?:\.|->)" + IDENT +
                      r")*(?:\.\.\.)?|\.\.\.)\s*:\s?(?P<text>.*)$")
SECTION_RE = re.compile(
    r"^(?P<sec>Context|Returns?|Notes?|Examples?|Description)\s*:\s?(?P<text>.*)$",
    re.IGNORECASE)
SECTION_CMD = {
    "context": "@kdoc_context",
    "return": "@return",
    "returns": "@return",
    "note": "@note",
    "notes": "@note",
    "example": "@kdoc_example",
    "examples": "@kdoc_example",
    "description": "",
}

# Splits a comment line into its leading " * " decoration and its text.
DECOR_RE = re.compile(r"^(?P<lead>\s*\*? ?)(?P<text>.*)$")


def convert_inline(text):
    """Rewrite kernel-doc highlights in running text as Doxygen markup."""
    # Protect ``code`` spans first: their contents are taken literally.
    spans = []

    def keep(m):
        spans.append(m.group(1))
        return "\0%d\0" % (len(spans) - 1)

    text = re.sub(r"``(.+?)``", keep, text)
    # Characters Doxygen would take as commands, links or HTML.
    text = text.replace("\\", "\\\\")
    text = re.sub(r"#(?=\w)", r"\\#", text)
    text = re.sub(r"<(?=[A-Za-z/!?])", r"\\<", text)
    # &struct x, &enum x, &union x, &typedef x
    text = re.sub(r"&(struct|union|enum)\s+(" + IDENT + r")", r"\1 \2", text)
    text = re.sub(r"&typedef\s+(" + IDENT + r")", r"\1", text)
    # &x->y, &x.y (members) and &x: the name itself
    text = re.sub(r"&(" + IDENT + r")", r"\1", text)
    # @param references in prose
    text = re.sub(r"(?<![\w@\\])@(" + IDENT + r"|\.\.\.)", r"@p \1", text)
    # %CONST (may be a negative errno: %-ENOMEM)
    text = re.sub(r"%(-?\w[-\w]*)", r"@c \1", text)

    def restore(m):
        return "`" + spans[int(m.group(1))] + "`"

    return re.sub(r"\0(\d+)\0", restore, text)


def split_decor(line):
    m = DECOR_RE.match(line)
    return m.group("lead"), m.group("text")


def strip_code(text):
    """Text of a code line without comments or string literals."""
    text = re.sub(r"/\*.*?\*/", " ", text)
    text = re.sub(r"//.*$", " ", text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text


def member_names(stmt, is_enum):
    """Names declared by one member statement of a struct/union/enum body."""
    stmt = stmt.strip()
    if not stmt:
        return []
    if is_enum:
        m = re.match(IDENT, stmt)
        return [m.group(0)] if m else []
    m = re.search(r"\(\s*\*\s*(" + IDENT + r")\s*\)\s*\(", stmt)
    if m:
        return [m.group(1)]
    if "}" in stmt:
        stmt = stmt[stmt.rindex("}") + 1:]
    stmt = re.sub(r"\[[^\]]*\]", "", stmt)
    stmt = re.sub(r"__attribute__\s*\(\(.*\)\)", "", stmt)
    names = []
    for part in stmt.split(","):
        part = re.sub(r":\s*\w+\s*$", "", part.strip())
        m = re.search(r"(" + IDENT + r")\s*$", part)
        if m:
            names.append(m.group(1))
    return names


def attach_members(lines, start, docs, is_enum):
    """Append /**< doc */ to the member lines of the body starting at start.

    docs maps member names (also "outer.inner" for nested members, matched
    by the inner name) to their description. A note goes on the line where
    the member's declaration ends (for an enumerator: where its name is).
    Returns the names attached.
    """
    by_name = {}
    for full, text in docs.items():
        by_name.setdefault(re.split(r"\.|->", full)[-1], text)
    notes = {}          # line index -> [names]
    close_line = None   # line where the body ends
    done = set()
    depth = 0
    opened = False
    stmt = ""
    stmt_line = None    # line of the last meaningful character of stmt
    in_comment = False

    def finish(line_idx):
        for n in member_names(stmt, is_enum):
            if n in by_name and n not in done and line_idx is not None:
                done.add(n)
                notes.setdefault(line_idx, []).append(n)

    i = start
    while i < len(lines):
        code = lines[i]
        if in_comment:
            if "*/" not in code:
                i += 1
                continue
            code = code[code.index("*/") + 2:]
            in_comment = False
        code = strip_code(code)
        if "/*" in code:
            code = code[:code.index("/*")]
            in_comment = True
        if code.lstrip().startswith("#"):
            i += 1
            continue
        for ch in code:
            if ch == "{":
                depth += 1
                opened = True
                stmt, stmt_line = "", None
            elif ch == "}":
                if is_enum and depth == 1:
                    finish(stmt_line)
                    stmt, stmt_line = "", None
                depth -= 1
                if opened and depth == 0:
                    close_line = i
                    break
                stmt, stmt_line = "}", i
            elif opened and ((ch == ";" and not is_enum) or
                             (ch == "," and is_enum and depth == 1)):
                finish(i if not is_enum else stmt_line)
                stmt, stmt_line = "", None
            elif opened:
                stmt += ch
                if not ch.isspace():
                    stmt_line = i
        if opened and depth <= 0:
            break
        i += 1
    for idx, entries in notes.items():
        raw = lines[idx]
        nl = "\n" if raw.endswith("\n") else ""
        raw = raw.rstrip("\n")
        text = " ".join(by_name[n] for n in entries if by_name[n]) or "-"
        note = " /**< " + text.replace("*/", "* /") + " */"
        if idx == close_line and "}" in raw:
            # The body closes on this line ("int last; };"): note before it.
            cut = raw.rindex("}")
            lines[idx] = raw[:cut].rstrip() + note + " " + raw[cut:] + nl
        else:
            lines[idx] = raw + note + nl
    return done


class Block:
    """One /** ... */ comment: the indices of its lines in the file."""

    def __init__(self, first, last):
        self.first = first
        self.last = last


def find_blocks(lines):
    blocks = []
    i = 0
    while i < len(lines):
        stripped = lines[i].lstrip()
        if (stripped.startswith("/**") and not stripped.startswith("/***") and
                not stripped.startswith("/**/") and not stripped.startswith("/**<")) or \
                (stripped.startswith("/*!") and not stripped.startswith("/*!<")):
            j = i
            rest = stripped[3:]
            while "*/" not in rest:
                j += 1
                if j >= len(lines):
                    return blocks
                rest = lines[j]
            blocks.append(Block(i, j))
            i = j + 1
            continue
        i += 1
    return blocks


def block_texts(lines, blk):
    """(index, lead, text, tail) for every line of a block.

    lead is the decoration kept verbatim ("/**", " * "), text the content,
    tail the closing "*/" when it is on that line.
    """
    out = []
    for k in range(blk.first, blk.last + 1):
        line = lines[k].rstrip("\n")
        tail = ""
        if k == blk.last:
            cut = line.rindex("*/")
            tail = line[cut:]
            line = line[:cut]
        if k == blk.first:
            opener = "/**" if "/**" in line else "/*!"
            cut = line.index(opener) + 3
            lead, text = line[:cut], line[cut:]
            if text.startswith(" "):
                lead, text = lead + " ", text[1:]
        else:
            lead, text = split_decor(line)
        out.append([k, lead, text, tail])
    return out


def convert_block(lines, blk, file_docs):
    """Rewrite one kernel-doc block in place; attach member docs after it."""
    rows = block_texts(lines, blk)
    content = [r for r in rows if r[2].strip()]
    if not content:
        return
    head = content[0]
    kind = None
    first = head[2].strip()
    title = TITLE_RE.match(first)
    doc = DOC_RE.match(first)
    param = PARAM_RE.match(first)
    if doc:
        # DOC: sections document the file; the title heads a paragraph on
        # the following blank line (or leads the next line of text).
        file_docs.append(head)
        head[2] = "@file"
        nxt = rows.index(head) + 1
        heading = convert_inline(doc.group("title")).strip()
        if heading and nxt < len(rows):
            if not rows[nxt][2].strip() and not rows[nxt][3]:
                rows[nxt][2] = "@par " + heading
            else:
                rows[nxt][2] = heading + ": " + rows[nxt][2]
        kind = "doc"
    elif param and not title:
        # In-line member comment: "/** @member: text */" before the member.
        for r in rows:
            r[2] = convert_inline(r[2])
        head[2] = convert_inline(param.group("text"))
        _write(lines, rows)
        return
    elif title:
        kind = title.group("kind")
        head[2] = "@brief " + convert_inline(title.group("brief"))
    else:
        # Not kernel-doc: still make the prose safe for Doxygen.
        for r in rows:
            r[2] = convert_inline(r[2])
        _write(lines, rows)
        return

    after = blk.last + 1
    is_enum = kind == "enum" or (kind == "typedef" and
                                _typedef_of(lines, after, ("enum",)))
    is_record = kind in ("struct", "union", "enum") or \
        (kind == "typedef" and _typedef_of(lines, after,
                                           ("struct", "union", "enum")))
    members = {}
    current = None      # member whose description continues
    code = None         # None, "pending" after "::", or "in" a literal block
    start = rows.index(head) + 1
    if kind == "doc":
        start += 1
    for idx in range(start, len(rows)):
        r = rows[idx]
        text = r[2]
        stripped = text.strip()
        if code == "pending":
            if not stripped and not r[3]:
                r[2] = "@code"
                code = "in"
                continue
            code = None
        if code == "in":
            nxt = rows[idx + 1] if idx + 1 < len(rows) else None
            if not stripped and (r[3] or nxt is None or
                                 (nxt[2].strip() and not nxt[2][:1].isspace())):
                r[2] = "@endcode"
                code = None
            elif stripped and not text[:1].isspace():
                code = None     # malformed block: treat as prose again
            else:
                continue
        if not stripped:
            current = None
            continue
        pm = PARAM_RE.match(stripped)
        if pm:
            name = pm.group("name")
            if is_record:
                members[name] = convert_inline(pm.group("text")).strip()
                current = name
                r[2] = ""
            else:
                current = None
                r[2] = "@param " + name + " " + convert_inline(pm.group("text"))
            continue
        if current is not None and is_record:
            members[current] = (members[current] + " " +
                                convert_inline(stripped)).strip()
            r[2] = ""
            continue
        sm = SECTION_RE.match(stripped)
        if sm:
            current = None
            cmd = SECTION_CMD[sm.group("sec").lower()]
            rest = convert_inline(sm.group("text"))
            r[2] = (cmd + " " + rest) if cmd else rest
        else:
            r[2] = convert_inline(text)
        if r[2].rstrip().endswith("::"):
            # reStructuredText literal block: the next blank line opens it.
            r[2] = r[2].rstrip()[:-1]
            code = "pending"
    if code == "in":
        last = rows[-1]
        last[2] = (last[2] + " @endcode").strip()
    _write(lines, rows)
    if is_record and members:
        attach_members(lines, after, members, is_enum)


def _typedef_of(lines, start, kinds):
    for k in range(start, min(start + 3, len(lines))):
        m = re.match(r"\s*typedef\s+(\w+)\b", lines[k])
        if m:
            return m.group(1) in kinds
    return False


def _write(lines, rows):
    for k, lead, text, tail in rows:
        nl = "\n" if lines[k].endswith("\n") else ""
        if text and lead and not lead[-1].isspace() and not text[0].isspace():
            lead += " "
        body = (lead + text).rstrip()
        if tail:
            sep = " " if text.strip() or lead.strip() in ("/**", "/*!") else ""
            body = (body + sep + tail) if body.strip() else lead + tail
        lines[k] = body.rstrip(" \t") + nl


def file_doc(lines, path):
    """Document the file itself so Doxygen lists its functions."""
    base = re.escape(os.path.basename(path))
    for k, line in enumerate(lines[:40]):
        s = line.strip()
        if s.startswith("/**"):
            break
        if s == "/*" and k + 1 < len(lines):
            m = re.match(r"^(\s*\*\s*)" + base + r"\s*-+\s*(.*)$",
                         lines[k + 1].rstrip("\n"))
            if m:
                lines[k] = line.replace("/*", "/** @file", 1)
                nl = "\n" if lines[k + 1].endswith("\n") else ""
                lines[k + 1] = m.group(1) + "@brief " + \
                    convert_inline(m.group(2)) + nl
                end = k + 2
                while end < len(lines) and "*/" not in lines[end]:
                    lead, text = split_decor(lines[end].rstrip("\n"))
                    lines[end] = lead + convert_inline(text) + \
                        ("\n" if lines[end].endswith("\n") else "")
                    end += 1
                return
            break
    if lines:
        nl = "\n" if lines[-1].endswith("\n") else ""
        lines[-1] = lines[-1].rstrip("\n") + " /** @file */" + nl
    else:
        lines.append("/** @file */")


def _declaration_end(lines, start):
    """(index, column, char) of the "{", ";" or "=" ending a declaration."""
    depth = 0
    for k in range(start, len(lines)):
        code = strip_code(lines[k])
        for col, ch in enumerate(code):
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif depth == 0 and ch in "{;=":
                return k, col, ch
    return None


def definitions_only(lines, blocks):
    """Reduce a .c file to its documented, linker-visible definitions.

    Kernel style documents a function where it is defined. Doxygen merges
    that documentation with the declaration in the public header, but it
    would also list (and warn about) every static helper of the file. So a
    source file is reduced, line for line, to the kernel-doc blocks of its
    non-static definitions, each followed by its signature with an empty
    body ("{}"; a variable's "= ..." becomes ";"), and DOC: blocks; every
    other line is left empty.
    """
    keep = [False] * len(lines)
    for blk in blocks:
        head = "".join(lines[blk.first:blk.last + 1])
        if re.search(r"^\s*\*?\s*DOC:", head, re.M):
            for k in range(blk.first, blk.last + 1):
                keep[k] = True
            continue
        end = _declaration_end(lines, blk.last + 1)
        if end is None:
            continue
        k_end, col, ch = end
        decl = strip_code("".join(lines[blk.last + 1:k_end + 1]))
        if re.match(r"\s*(static|typedef|struct\s+\w+\s*\{|union|enum)\b",
                    decl) or ch == ";" and "(" not in decl and \
                not re.match(r"\s*extern\b", decl):
            continue
        for k in range(blk.first, k_end + 1):
            keep[k] = True
        raw = lines[k_end]
        nl = "\n" if raw.endswith("\n") else ""
        cut = raw.rstrip("\n")[:col].rstrip()
        end_text = "{}" if ch == "{" else ";"
        lines[k_end] = (cut + " " + end_text if cut.strip() else end_text) + nl
    for k, line in enumerate(lines):
        if not keep[k]:
            lines[k] = "\n" if line.endswith("\n") else ""


def filter_text(text, path="input.h"):
    if not text:
        return text
    lines = text.splitlines(keepends=True)
    n = len(lines)
    file_docs = []
    blocks = find_blocks(lines)
    for blk in blocks:
        convert_block(lines, blk, file_docs)
    if path.endswith(".c"):
        definitions_only(lines, blocks)
    elif not file_docs:
        file_doc(lines, path)
    out = "".join(lines)
    assert len(out.splitlines()) == n or n == 0, "line count changed"
    return out


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: kerneldoc_filter.py FILE\n")
        return 2
    with open(argv[1], encoding="utf-8") as f:
        text = f.read()
    sys.stdout.write(filter_text(text, argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
