#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# check-exports: fails unless a shared object exports exactly the symbols
# it should (`nm -D --defined-only`), and says which are too many or
# missing.
#
#   check-exports.py [--nm NM] --expect NAME [--expect NAME]... LIB
#   check-exports.py [--nm NM] --macro MACRO --header H [--header H]... LIB
#
# With --expect, the names are the whole list. With --header, the list is
# every function the headers declare after MACRO (GST_TV_TUNER_API
# FUNC (...); or GST_TV_TUNER_API G_DECLARE_*_TYPE (Type, prefix, ...),
# which declares prefix_get_type).

import argparse
import re
import subprocess
import sys


def declared(headers, macro):
    names = set()
    for path in headers:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        # comments out, then each declaration from the macro to its ';'
        # (or the G_DECLARE_* macro's closing parenthesis)
        text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
        for m in re.finditer(r'\b%s\b(.*?)(;|\)\s*\n)' % re.escape(macro),
                             text, flags=re.S):
            decl = m.group(1)
            g = re.match(r'\s*G_DECLARE_\w+\s*\(\s*\w+\s*,\s*(\w+)', decl)
            if g:
                names.add(g.group(1) + '_get_type')
                continue
            f = re.search(r'(\w+)\s*\(', decl)
            if f is None:
                sys.exit('%s: no function after %s: %r' % (path, macro, decl))
            names.add(f.group(1))
    return names


def exported(nm, lib):
    out = subprocess.run([nm, '-D', '--defined-only', lib], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3:
            names.add(fields[2].split('@')[0])
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--nm', default='nm')
    ap.add_argument('--expect', action='append', default=[])
    ap.add_argument('--macro')
    ap.add_argument('--header', action='append', default=[])
    ap.add_argument('lib')
    args = ap.parse_args()

    if args.header:
        if not args.macro:
            ap.error('--header needs --macro')
        expected = declared(args.header, args.macro)
    else:
        expected = set(args.expect)
    if not expected:
        ap.error('nothing expected')

    got = exported(args.nm, args.lib)
    extra = sorted(got - expected)
    missing = sorted(expected - got)
    print('%s: %d symbols exported, %d expected' % (args.lib, len(got),
                                                     len(expected)))
    for name in extra:
        print('  exported, should not be: %s' % name)
    for name in missing:
        print('  not exported: %s' % name)
    return 1 if extra or missing else 0


if __name__ == '__main__':
    sys.exit(main())
