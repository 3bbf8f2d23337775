#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# ktap_judge.py - the one judge of the KTAP structure of a kds test VM's
# console log: the kernel's own KTAP parser (kunit_parser, what
# `kunit.py parse` runs) reads the log, and kds's rules are checked on the
# tree it built.
#
#   python3 ktap_judge.py KUNIT_DIR REPORT [KTAP] <console.log
#
# KUNIT_DIR is tools/testing/kunit of a kernel tree (ktap_parse.sh extracts
# it). Standard output gets what `kunit.py parse` prints (its [PASSED],
# [FAILED], [ERROR] lines and its verdict); REPORT gets kds's verdict, one
# "kds-vm: problem: ..." line per problem (at most 20, then a count) and a
# summary "kds-vm: ktap: PASS|FAIL: N suite(s), M case(s), F failed, S
# skipped"; KTAP, when given, gets the KTAP document's lines (the console's
# other lines and prefixes removed), for the runner's comparison of plans
# with userspace.
#
# The log fails when:
#   - kunit.py parse would fail it: its tree's status is not SUCCESS (a
#     "not ok" case, a crashed or missing case, a cut-off document, no
#     KTAP at all, no test run);
#   - kunit's parser reported an error while reading it (its [ERROR]
#     lines: a result numbered out of order, a subtest without its result
#     line, a wrong KTAP version), which `kunit.py parse` prints but does
#     not count;
#   - the top-level plan is missing or empty, or a test with subtests has
#     no plan, or ran fewer or more results than it planned;
#   - any result line is "not ok" (kunit counts only the cases: a suite
#     reported "not ok" over passing cases passes kunit.py);
#   - a result is skipped for a reason other than the build
#     ("<component> is not part of this build") or the runner ("no fault
#     injected"): the kernel's references (device_dax's new_id, kds.ko's
#     bus) are in every test guest, so a cross-check that skips for want of
#     one has checked nothing;
#   - a line is not indented four spaces per nesting level (kunit's parser
#     accepts any indentation);
#   - a second KTAP document starts after the first one ends (kunit's
#     parser stops reading there).
#
# Exit status: 0 pass, 1 fail, 2 setup error.
import re
import sys

ALLOWED_SKIP = re.compile(r'^(no fault injected|[a-z_]+ is not part of this build)$')
MAX_PROBLEMS = 20


def main():
    if len(sys.argv) not in (3, 4):
        print('usage: ktap_judge.py KUNIT_DIR REPORT [KTAP] <LOG', file=sys.stderr)
        return 2
    sys.path.insert(0, sys.argv[1])
    try:
        import kunit_parser
    except ImportError as e:
        print(f'ktap_judge.py: cannot import kunit_parser from {sys.argv[1]}: {e}',
              file=sys.stderr)
        return 2
    kp = kunit_parser

    # Remember, on each Test, the lines kunit's parser took for its header,
    # plan and result: kds's rules need their indentation and the skip
    # reason, which the tree does not keep.
    streams = []

    def keep(orig, attr):
        def wrapped(lines, test, *args):
            line = lines.peek()
            taken = orig(lines, test, *args)
            if taken:
                setattr(test, attr, line)
            return taken
        return wrapped

    def extract(output, orig=kp.extract_tap_lines):
        stream = orig(output)
        streams.append(stream)
        return stream

    kp.parse_ktap_header = keep(kp.parse_ktap_header, 'kds_version_line')
    kp.parse_test_header = keep(kp.parse_test_header, 'kds_subtest_line')
    kp.parse_test_plan = keep(kp.parse_test_plan, 'kds_plan_line')
    kp.parse_test_result = keep(kp.parse_test_result, 'kds_result_line')
    kp.extract_tap_lines = extract

    # As `kunit.py parse` reads standard input.
    sys.stdin.reconfigure(errors='backslashreplace')
    log = [line.rstrip('\r\n') for line in sys.stdin]
    main_test = kp.parse_run_tests(log)

    problems = []
    counts = {'suites': 0, 'cases': 0, 'failed': 0, 'skipped': 0}

    def indent_of(line):
        return len(line) - len(line.lstrip(' '))

    def check_indent(what, line, level):
        if line is not None and indent_of(line) != 4 * level:
            problems.append(f'KTAP: {what} "{line.strip()}" indented '
                            f'{indent_of(line)} spaces, not {4 * level}')

    def walk(test, level, qual):
        """Checks TEST, whose result line sits at LEVEL (-1: the document)."""
        is_parent = (test.subtests or hasattr(test, 'kds_version_line') or
                     hasattr(test, 'kds_subtest_line'))
        check_indent('header', getattr(test, 'kds_version_line', None), level + 1)
        check_indent('header', getattr(test, 'kds_subtest_line', None), level + 1)
        if level >= 0:
            result = getattr(test, 'kds_result_line', None)
            check_indent('result', result, level)
            if result is not None:
                counts['suites' if level == 0 else 'cases'] += 1
                body = result.strip()
                if body.startswith('not ok '):
                    counts['failed'] += 1
                    problems.append(f'not ok: {qual}')
                elif ' # SKIP' in body:
                    counts['skipped'] += 1
                    why = body.split(' # SKIP', 1)[1].strip()
                    if not ALLOWED_SKIP.match(why):
                        problems.append(f'skipped: {qual} # SKIP {why} (a test guest '
                                        'has every reference: a skip checks nothing)')
        if not is_parent:
            return
        name = 'the top level' if level < 0 else f'subtest {qual}'
        plan = getattr(test, 'kds_plan_line', None)
        if plan is None:
            problems.append(f'KTAP: {name} has no plan')
        else:
            check_indent('plan', plan, level + 1)
            ran = sum(1 for t in test.subtests if hasattr(t, 'kds_result_line'))
            if level < 0 and test.expected_count == 0:
                problems.append('KTAP: empty top-level plan')
            elif ran != test.expected_count:
                problems.append(f'KTAP: {name} ran {ran} of {test.expected_count} planned')
        for sub in test.subtests:
            sub_qual = sub.name or '?'
            walk(sub, level + 1, sub_qual if level < 0 else f'{qual}.{sub_qual}')

    if main_test.status != kp.TestStatus.SUCCESS:
        problems.append(f'kunit.py parse rejects the KTAP ({main_test.status.name}; '
                        'see its summary above)')
    if main_test.counts.errors:
        problems.append(f'KTAP: kunit\'s parser reported {main_test.counts.errors} '
                        'error(s) (its [ERROR] lines above)')

    ktap = []
    if streams and main_test.status != kp.TestStatus.FAILURE_TO_PARSE_TESTS:
        walk(main_test, -1, '')
        # Where the document ended: the first line kunit's parser did not
        # take (its stream is at that line; past the end, after the log).
        stream = streams[0]
        end = stream.line_number() if stream else stream.line_number() + 1
        start = next(i for i, line in enumerate(log, 1)
                     if kp.KTAP_START.search(line) or kp.TAP_START.search(line))
        prefix = len(re.split(r'K?TAP version', log[start - 1], maxsplit=1)[0])
        ktap_line = re.compile(r'^ *(KTAP version |[0-9]+\.\.[0-9]+$|(not )?ok [0-9]+|#)')
        for line in log[start - 1:end - 1]:
            if ktap_line.match(line[prefix:]):
                ktap.append(line[prefix:])
        for n, line in enumerate(log[end - 1:], end):
            if re.match(r'^(\[ *[0-9]+\.[0-9]+\] )?K?TAP version ', line):
                problems.append(f'KTAP: a second KTAP document (console line {n})')
                break

    with open(sys.argv[2], 'w') as report:
        for p in problems[:MAX_PROBLEMS]:
            print(f'kds-vm: problem: {p}', file=report)
        if len(problems) > MAX_PROBLEMS:
            print(f'kds-vm: problem: ... and {len(problems) - MAX_PROBLEMS} more KTAP '
                  'problem(s)', file=report)
        print(f'kds-vm: ktap: {"FAIL" if problems else "PASS"}: {counts["suites"]} '
              f'suite(s), {counts["cases"]} case(s), {counts["failed"]} failed, '
              f'{counts["skipped"]} skipped', file=report)
    if len(sys.argv) == 4:
        with open(sys.argv[3], 'w') as out:
            out.write(''.join(line + '\n' for line in ktap))
    return 1 if problems else 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except Exception:  # a fault of the judge, never a verdict on the log
        import traceback
        traceback.print_exc(limit=8)
        sys.exit(2)
