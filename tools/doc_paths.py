#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""doc_paths.py ROOT DOC... - every repository path a document cites exists.

A citation is a `backticked` token, a Markdown link target or a file name
ending in .md anywhere in the text. It is checked
when it is clearly a path of this repository:

- with a slash: its first part is a top-level entry of ROOT, or an entry of
  the document's own folder, or it starts with ../; it names a folder
  (trailing slash), a file without an extension, or a source-like file
  (.c .h .sh .awk .bzl .py .md .dict .config). It must exist relative to
  the document's folder or, for a top-level first part, relative to ROOT.
- a bare file name with a source-like extension: it must exist somewhere
  under the document's folder or under ROOT.

Anything else (absolute and guest paths, kernel-tree or install paths such
as lib/..., build outputs such as .ko/.txt/.log, placeholders with <>, globs)
is prose, not checked; so are the build-generated files in GENERATED. Fenced code blocks are skipped. Prints one line per
missing path, DOC: PATH; exit status 1 if there is any, 2 on bad usage.
"""
import os
import re
import sys

SOURCE = ('.c', '.h', '.sh', '.awk', '.bzl', '.py', '.md', '.dict', '.config')

# Files the build writes from the component manifest (kernel/build.sh,
# //:kds_components_h) and from the kernel API probes (kernel/probes/);
# documents describe them, the tree never holds them.
GENERATED = {'kds/components.h', 'components.h', 'components.mk',
             'kds_probes.h', 'kernel/kds_probes.h'}


def names_under(base):
    """Every file and folder name under base, bazel-* and dot folders left out."""
    names = set()
    for path, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if not d.startswith(('bazel-', '.'))]
        names.update(dirs)
        names.update(files)
    return names


def citations(text):
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    found = re.findall(r'`([^`\s]+)`', text)
    found += [t for t in re.findall(r'\]\(([^)\s]+)\)', text) if '://' not in t]
    # Documents are cited in prose too ("see SEMANTICS.md").
    found += re.findall(r'(?<![\w/.-])((?:\.\./)*\w[\w./-]*\.md)\b', text)
    for c in found:
        c = c.split('#')[0].strip('"').rstrip('.,:;')
        if not c or c.startswith(('/', '~', '$', '-', '@', '.:', ':', 'bazel-')):
            continue
        if c.startswith('.') and not c.startswith('../'):
            continue
        if re.search(r'[*<>{}=()\[\]|\\%]', c):
            continue
        yield c


def missing(root, doc, top, under_root):
    here = os.path.dirname(os.path.abspath(doc))
    local = set(os.listdir(here))
    under_here = None
    with open(doc, encoding='utf-8') as f:
        text = f.read()
    for c in citations(text):
        if c in GENERATED:
            continue
        if '/' in c:
            first = c.split('/')[0]
            if not (c.startswith('../') or first in top or first in local):
                continue
            base = os.path.basename(c.rstrip('/'))
            if not (c.endswith('/') or '.' not in base or base.endswith(SOURCE)):
                continue
            if os.path.exists(os.path.normpath(os.path.join(here, c))):
                continue
            if first in top and os.path.exists(os.path.join(root, c)):
                continue
            yield c
        elif c.endswith(SOURCE):
            if under_here is None:
                under_here = names_under(here)
            if c not in under_here and c not in under_root:
                yield c


def main(argv):
    if len(argv) < 3:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    top = {e for e in os.listdir(root) if not e.startswith(('bazel-', '.'))}
    under_root = names_under(root)
    bad = 0
    for doc in argv[2:]:
        for path in missing(root, doc, top, under_root):
            print('%s: %s' % (os.path.relpath(os.path.abspath(doc), root), path))
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
