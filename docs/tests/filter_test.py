# SPDX-License-Identifier: GPL-2.0
"""Tests of docs/kerneldoc_filter.py: every construct, line count kept."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import kerneldoc_filter as kf  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")


def run(text, path="x.h"):
    out = kf.filter_text(text, path)
    return out


def block(*lines):
    return "\n".join(("/**",) + tuple(" * " + l if l else " *" for l in lines)
                     + (" */",)) + "\n"


class LineCount(unittest.TestCase):
    def check(self, text):
        out = run(text)
        self.assertEqual(len(out.splitlines()), len(text.splitlines()))
        self.assertEqual(out.endswith("\n"), text.endswith("\n"))
        return out

    def test_fixtures(self):
        for name in sorted(os.listdir(FIXTURES)):
            if name.endswith(".h"):
                with open(os.path.join(FIXTURES, name)) as f:
                    self.check(f.read())

    def test_component_headers(self):
        # Whatever public headers exist in the tree (passed as arguments by
        # the test rule); each keeps its line count.
        for path in HEADERS:
            with open(path) as f:
                self.check(f.read())

    def test_odd_inputs(self):
        for text in ["", "\n", "int x;", "/** unterminated\n * x\n",
                     "/**/\n", "/***/\n", "/** one line */\nint x;\n",
                     "/**\n */\n", "/**\n * f() - x */\nint f(void);"]:
            self.check(text)

    def test_code_untouched(self):
        with open(os.path.join(FIXTURES, "sample.h")) as f:
            text = f.read()
        out = run(text)
        for a, b in zip(text.splitlines(), out.splitlines()):
            s = a.strip()
            if s.startswith(("/*", "*")) or "/**" in s:
                continue
            # Code lines are kept; members may gain a trailing /**< */ note.
            self.assertTrue(b == a or (b.startswith(a.rstrip()) and
                                       "/**<" in b[len(a.rstrip()):]),
                            (a, b))


class Constructs(unittest.TestCase):
    def test_function_title_params_sections(self):
        out = run(block("kds_f() - does f", "@a: the a", "@b: the b",
                        "  continued", "",
                        "Longer text.", "",
                        "Context: Any context.", "Return: %0 or %-EINVAL.")
                  + "int kds_f(int a, int b);\n")
        self.assertIn(" * @brief does f\n", out)
        self.assertIn(" * @param a the a\n", out)
        self.assertIn(" * @param b the b\n", out)
        self.assertIn(" *   continued\n", out)
        self.assertIn(" * @kdoc_context Any context.\n", out)
        self.assertIn(" * @return @c 0 or @c -EINVAL.\n", out)
        self.assertNotIn("kds_f() -", out)

    def test_returns_note_example_description(self):
        out = run(block("f() - x", "Returns: y", "Note: n", "Notes: m",
                        "Example: e", "Description: d") + "int f(void);\n")
        self.assertIn("@return y", out)
        self.assertIn("@note n", out)
        self.assertIn("@note m", out)
        self.assertIn("@kdoc_example e", out)
        self.assertIn(" * d\n", out)

    def test_macro_and_variadic(self):
        out = run(block("KDS_M() - a macro", "@x: value", "@...: more")
                  + "#define KDS_M(x, ...) (x)\n")
        self.assertIn("@brief a macro", out)
        self.assertIn("@param x value", out)
        self.assertIn("@param ... more", out)
        out = run(block("KDS_C - a constant") + "#define KDS_C 1\n")
        self.assertIn("@brief a constant", out)

    def test_struct_members_move_to_their_lines(self):
        text = (block("struct kds_s - a record", "@a: first", "@fn: callback",
                      "  over two lines", "@arr: array", "@bits: field",
                      "@last: in the closing line")
                + "struct kds_s {\n\tint a;\n\tint (*fn)(int x,\n\t\t  int y);\n"
                  "\tchar arr[4];\n\tunsigned bits : 3;\n\tlong last; };\n")
        out = run(text)
        self.assertEqual(len(out.splitlines()), len(text.splitlines()))
        self.assertIn("\tint a; /**< first */\n", out)
        self.assertIn("\t\t  int y); /**< callback over two lines */\n", out)
        self.assertIn("\tchar arr[4]; /**< array */\n", out)
        self.assertIn("\tunsigned bits : 3; /**< field */\n", out)
        self.assertIn("\tlong last; /**< in the closing line */ };", out)
        self.assertNotIn("@a:", out)
        self.assertIn("@brief a record", out)

    def test_nested_and_union(self):
        text = (block("union kds_u - either", "@i: integer", "@p: pointer",
                      "@in.x: nested x")
                + "union kds_u {\n\tint i;\n\tvoid *p;\n"
                  "\tstruct {\n\t\tint x;\n\t} in;\n};\n")
        out = run(text)
        self.assertIn("\tint i; /**< integer */", out)
        self.assertIn("\tvoid *p; /**< pointer */", out)
        self.assertIn("\t\tint x; /**< nested x */", out)

    def test_enum_values(self):
        text = (block("enum kds_e - values", "@KDS_A: a", "@KDS_B: b",
                      "@KDS_C: c")
                + "enum kds_e {\n\tKDS_A,\n\tKDS_B = 4,\n\tKDS_C\n};\n")
        out = run(text)
        self.assertIn("\tKDS_A, /**< a */\n", out)
        self.assertIn("\tKDS_B = 4, /**< b */\n", out)
        self.assertIn("\tKDS_C /**< c */\n", out)

    def test_typedef(self):
        out = run(block("typedef kds_t - a callback", "@v: value",
                        "Return: zero") + "typedef int (*kds_t)(int v);\n")
        self.assertIn("@brief a callback", out)
        self.assertIn("@param v value", out)
        out = run(block("typedef kds_r - a record", "@n: count")
                  + "typedef struct {\n\tint n;\n} kds_r;\n")
        self.assertIn("\tint n; /**< count */", out)

    def test_inline_markup(self):
        out = run(block("f() - uses %NULL, &struct kds_s, &enum kds_e,",
                        "@p: see &union kds_u, &typedef kds_t, &kds_s->a,",
                        "  &kds_s.b and &kds_x; @p is ``a[0]`` too",
                        "", "Mentions #5, <linux/x.h>, a\\b and x->y.")
                  + "int f(int p);\n")
        self.assertIn("@brief uses @c NULL, struct kds_s, enum kds_e,", out)
        self.assertIn("@param p see union kds_u, kds_t, kds_s->a,", out)
        self.assertIn("  kds_s.b and kds_x; @p p is `a[0]` too", out)
        self.assertIn("Mentions \\#5, \\<linux/x.h>, a\\\\b and x->y.", out)

    def test_code_span_is_literal(self):
        out = run(block("f() - ``%x @y &z``") + "void f(void);\n")
        self.assertIn("@brief `%x @y &z`", out)

    def test_doc_section_and_literal_block(self):
        text = block("DOC: How it works", "", "Like this::", "",
                     "\tkds_f(&s, 1);", "", "Done.")
        out = run(text)
        self.assertIn(" * @file\n * @par How it works\n", out)
        self.assertIn(" * Like this:\n * @code\n * \tkds_f(&s, 1);\n"
                      " * @endcode\n * Done.\n", out)

    def test_literal_block_at_end(self):
        out = run(block("DOC: X", "", "Use::", "", "\ta();") + "int y;\n")
        self.assertIn("@endcode", out)
        self.assertEqual(len(out.splitlines()),
                         len(block("DOC: X", "", "Use::", "", "\ta();")
                             .splitlines()) + 1)

    def test_variable_block(self):
        text = ("/*!\n * kds_table - the table, see %KDS_N\n *\n"
                " * Stable order.\n */\nextern const int kds_table[];\n")
        out = run(text)
        self.assertTrue(out.startswith("/*!\n * @brief the table, see @c KDS_N\n"
                                       " *\n * Stable order.\n */\n"), out)
        out = run("/*! kds_n - count */\nextern int kds_n;\n")
        self.assertTrue(out.startswith("/*! @brief count */\n"), out)

    def test_inline_member_comment(self):
        text = ("struct kds_s {\n\t/** @a: in line */\n\tint a;\n"
                "\t/**\n\t * @b: two\n\t *   lines\n\t */\n\tint b;\n};\n")
        out = run(text)
        self.assertIn("\t/** in line */\n", out)
        self.assertIn("\t * two\n", out)

    def test_file_documentation(self):
        out = run("/* SPDX */\n/*\n * x.h - the x header\n * More.\n */\n"
                  "int x;\n", "dir/x.h")
        self.assertTrue(out.startswith("/* SPDX */\n/** @file\n"
                                       " * @brief the x header\n"), out)
        out = run("int y;\n", "y.h")
        self.assertEqual(out, "int y; /** @file */\n")

    def test_plain_comment_untouched(self):
        text = "/* f() - not kernel-doc, @x: %y */\nint f(int x);\n"
        out = run(text)
        self.assertEqual(out.splitlines()[0], text.splitlines()[0])


class Golden(unittest.TestCase):
    def test_sample(self):
        with open(os.path.join(FIXTURES, "sample.h")) as f:
            out = run(f.read(), "sample.h")
        with open(os.path.join(FIXTURES, "sample.h.filtered")) as f:
            self.assertEqual(out, f.read())


HEADERS = []

if __name__ == "__main__":
    HEADERS = [a for a in sys.argv[1:] if a.endswith((".h", ".c"))]
    unittest.main(argv=sys.argv[:1])
