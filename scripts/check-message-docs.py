#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Fails when docs/messages.md does not describe a GstStructure the plugin
# builds: every gst_structure_new ("NAME", ...) in the given sources
# (element messages such as v4l2tv-signal, the device provider's property
# list) must have a section in the reference whose heading names `NAME`,
# and that section's field table must list exactly the fields the code
# sets, with the types the code gives them.
#
#   check-message-docs.py REFERENCE SOURCE...
#
# A SOURCE that is a directory stands for every .c file below it.
#
# Fields are read from the gst_structure_new call ("field", G_TYPE_X
# pairs; a conditional key such as `c ? "a" : "b"` gives both) and from
# gst_structure_set / gst_structure_take_value calls on the same variable
# later in the same function. Structures that are not messages or
# properties (media types, with a '/', and the scratch names in INTERNAL)
# are left out.
import os
import re
import sys

# structures built only as scratch space, never seen outside the plugin
INTERNAL = {
    "f": "v4l2tvsink: one format per structure, to look formats up",
}

TYPES = {
    "G_TYPE_STRING": "string",
    "G_TYPE_BOOLEAN": "boolean",
    "G_TYPE_INT": "gint",
    "G_TYPE_UINT": "guint",
    "G_TYPE_INT64": "gint64",
    "G_TYPE_UINT64": "guint64",
    "G_TYPE_DOUBLE": "gdouble",
    "GST_TYPE_ARRAY": "array of strings",
}


def call_args(text, start):
    """the text between the parenthesis at @start and its match"""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    raise ValueError("unbalanced call at offset %d" % start)


def split_args(args):
    """top-level comma-separated arguments"""
    out, depth, cur, in_str = [], 0, "", False
    i = 0
    while i < len(args):
        c = args[i]
        if in_str:
            cur += c
            if c == "\\":
                cur += args[i + 1]
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            cur += c
        elif c in "([{":
            depth += 1
            cur += c
        elif c in ")]}":
            depth -= 1
            cur += c
        elif c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return out


def literals(expr):
    return re.findall(r'"((?:[^"\\]|\\.)*)"', expr)


def pairs(args):
    """(keys, type) of "key", G_TYPE_X, value triples up to NULL"""
    fields = {}
    i = 0
    while i + 1 < len(args) and args[i] != "NULL":
        keys = literals(args[i])
        gtype = args[i + 1]
        if not keys:
            raise ValueError("field name is not a literal: %s" % args[i])
        for k in keys:
            fields[k] = TYPES.get(gtype, gtype)
        i += 3
    return fields


def functions(text):
    """the file cut where a function body ends (a '}' in column 0)"""
    return re.split(r"\n}\n", text)


def structures(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = {}
    for body in functions(text):
        for m in re.finditer(r"(?:(\w+)\s*=\s*)?gst_structure_new\s*\(", body):
            args = split_args(call_args(body, m.end() - 1))
            names = literals(args[0])
            if len(names) != 1 or not args[0].startswith('"'):
                raise ValueError("%s: structure name is not a literal: %s"
                                 % (path, args[0]))
            name = names[0]
            if "/" in name or name in INTERNAL:
                continue
            fields = found.setdefault(name, {})
            fields.update(pairs(args[1:]))
            var = m.group(1)
            if not var:
                continue
            for s in re.finditer(r"gst_structure_set\s*\(\s*%s\s*," % var,
                                 body):
                fields.update(pairs(split_args(
                    call_args(body, s.end() - len(s.group(0)) +
                              s.group(0).index("(")))[1:]))
            for t in re.finditer(
                    r'gst_structure_take_value\s*\(\s*%s\s*,\s*"([^"]+)"'
                    % var, body):
                fields.setdefault(t.group(1), None)
    return found


def sections(reference):
    """heading -> its text, for the headings that name a `structure`"""
    out = {}
    parts = re.split(r"^(#+ .*)$", reference, flags=re.M)
    for i in range(1, len(parts), 2):
        for name in re.findall(r"`([^`]+)`", parts[i]):
            out[name] = parts[i + 1]
    return out


def table(section):
    """field -> type from the rows | `field` | type | meaning |"""
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def main():
    if len(sys.argv) < 3:
        print("usage: check-message-docs.py REFERENCE SOURCE...",
              file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        docs = sections(f.read())
    paths = []
    for arg in sys.argv[2:]:
        if os.path.isdir(arg):
            for root, dirs, files in os.walk(arg):
                dirs.sort()
                paths += [os.path.join(root, f) for f in sorted(files)
                          if f.endswith(".c")]
        else:
            paths.append(arg)
    if not paths:
        print("check-message-docs: no C source in %s" % " ".join(sys.argv[2:]),
              file=sys.stderr)
        return 1
    code = {}
    for path in paths:
        for name, fields in structures(path).items():
            code.setdefault(name, ({}, path))[0].update(fields)
    errors = []
    for name, (fields, path) in sorted(code.items()):
        if name not in docs:
            errors.append("`%s` (built in %s) has no section in %s"
                          % (name, path, sys.argv[1]))
            continue
        rows = table(docs[name])
        for field, gtype in sorted(fields.items()):
            if field not in rows:
                errors.append("`%s`: field `%s` (%s) is not in its table"
                              % (name, field, gtype or "?"))
            elif gtype and rows[field] != gtype:
                errors.append("`%s`: field `%s` is %s in the code, %s in "
                              "the reference" % (name, field, gtype,
                                                 rows[field]))
        for field in sorted(set(rows) - set(fields)):
            errors.append("`%s`: the reference lists `%s`, the code does "
                          "not set it" % (name, field))
    for e in errors:
        print("check-message-docs: " + e, file=sys.stderr)
    if errors:
        return 1
    print("check-message-docs: %d structures documented: %s"
          % (len(code), ", ".join(sorted(code))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
