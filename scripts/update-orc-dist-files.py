#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Copies the C files that orcc generated in the build tree back into the
# source tree as <name>-dist.c / <name>-dist.h, the fallback that builds
# without ORC use, and runs scripts/gst-indent on them when it is there
# (and GNU indent is installed).
#
# Usage (from the `update-orc-dist` meson target):
#   update-orc-dist-files.py ORC_FILE GENERATED_HEADER GENERATED_SOURCE

import os
import shutil
import subprocess
import sys


def main(argv):
    if len(argv) != 4:
        sys.stderr.write('usage: %s ORC_FILE HEADER SOURCE\n' % argv[0])
        return 2
    orc_file, header, source = argv[1:]
    src_dir = os.path.dirname(os.path.abspath(orc_file))
    name = os.path.splitext(os.path.basename(orc_file))[0]

    dist_h = os.path.join(src_dir, name + '-dist.h')
    dist_c = os.path.join(src_dir, name + '-dist.c')
    shutil.copyfile(header, dist_h)
    shutil.copyfile(source, dist_c)

    indent = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          'gst-indent')
    if os.path.exists(indent) and shutil.which('indent'):
        subprocess.run(['sh', indent, dist_h, dist_c], check=True)
        # GNU indent leaves backups behind with some settings
        for f in (dist_h, dist_c):
            if os.path.exists(f + '~'):
                os.remove(f + '~')
    else:
        sys.stderr.write('update-orc-dist-files: gst-indent or GNU indent '
                         'not found, -dist files left unindented\n')
    print('updated %s and %s' % (dist_h, dist_c))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
