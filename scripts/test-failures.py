#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# test-failures.py TITLE LOG.json: what failed in one `meson test` run, in
# a few lines per test, for the end of scripts/run-tests.sh. A CI shows
# only the end of a long log; without this, "1 failed" there names
# neither the test nor its assertion.
#
# For each test whose result is not OK, SKIP or EXPECTEDFAIL: its name,
# its result and the first lines of its output that say why (a failed
# check assertion, a GLib critical or error, a sanitizer report, a
# valgrind leak or error summary, a timeout).

import json
import re
import sys

WHY = re.compile(
    r"(:[0-9]+:[FE]:|\*\*.*(CRITICAL|ERROR)|ERROR: |Sanitizer|"
    r"runtime error|definitely lost in|Invalid (read|write)|"
    r"uninitialised|Conditional jump|Bail out|not ok |FAIL|Timeout|"
    r"timed out|Segmentation|Abort)")
MAX_LINES = 8


def main():
    title, path = sys.argv[1], sys.argv[2]
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            results = [json.loads(line) for line in f if line.strip()]
    except OSError as e:
        print(f"{title}: no test log ({e})")
        return
    for r in results:
        if r.get("result") in ("OK", "SKIP", "EXPECTEDFAIL"):
            continue
        print(f"{title}: {r.get('name')}: {r.get('result')}")
        text = (r.get("stdout") or "") + "\n" + (r.get("stderr") or "")
        why = [line for line in text.splitlines() if WHY.search(line)]
        for line in why[:MAX_LINES]:
            print(f"    {line[:300]}")
        if len(why) > MAX_LINES:
            print(f"    … {len(why) - MAX_LINES} more such lines in {path}")
        if not why:
            for line in text.splitlines()[-5:]:
                print(f"    {line[:300]}")


if __name__ == "__main__":
    main()
