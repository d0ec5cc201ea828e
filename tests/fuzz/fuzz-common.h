/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the libFuzzer harnesses (tests/fuzz/fuzz-*.c): the
 * process setup (GStreamer without any plugin from disk, the elements
 * registered in-process, criticals fatal) and a reader that decodes the
 * fuzz input into numbers and strings.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __V4L2TV_FUZZ_COMMON_H__
#define __V4L2TV_FUZZ_COMMON_H__

#include <gst/gst.h>

#include "hw/tvhw-virtual.h"

G_BEGIN_DECLS

/* the virtual cards fuzz_reset_cards() resets: all of them */
#define FUZZ_N_CARDS GST_TV_HW_VIRTUAL_MAX_CARDS

typedef struct
{
  const guint8 *data;
  gsize size;
  gsize pos;
} FuzzReader;

/* the process set-up, then fuzz_warm_up(): call first in
 * LLVMFuzzerInitialize */
void fuzz_init (void);

/* what GLib and GStreamer allocate once per process on first use (types,
 * quarks, enum and flags classes, the caps and value parsers' tables, the
 * video library's format tables), done before the first input: parses a
 * caps string of every media family, caps feature and value type, and
 * takes each element once to READY on the virtual card, with caps queries
 * (fuzz-common.c says why) */
void fuzz_warm_up (void);

/* with V4L2TV_FUZZ_PLANT_LEAK=1 in the environment, leaks one GstCaps
 * (every harness calls it once an input): check-leak-reported shows that
 * LeakSanitizer, with its suppressions (tests/lsan.supp), still reports a
 * leak of ours */
void fuzz_plant_leak (void);

void fuzz_reader_init (FuzzReader * r, const guint8 * data, gsize size);
gboolean fuzz_reader_done (const FuzzReader * r);
/* 0 once the input is used up */
guint8 fuzz_u8 (FuzzReader * r);
guint16 fuzz_u16 (FuzzReader * r);
guint32 fuzz_u32 (FuzzReader * r);
guint64 fuzz_u64 (FuzzReader * r);
/* the bytes up to the next NUL (or the end), as a new NUL-terminated
 * string; may be empty, may be any bytes (not UTF-8) */
gchar *fuzz_string (FuzzReader * r);

/* GStreamer 1.22's own parsers (gst_caps_from_string) answer some
 * malformed strings with a critical (gst_structure_new_empty's name
 * check); around such calls of GStreamer alone, criticals are tolerated */
void fuzz_tolerate_criticals (gboolean tolerate);

/* every virtual card used back at power-on, with @pacing; aborts when a
 * handle is still open on one: an element that did not close its device */
void fuzz_reset_cards (GstTvHwVirtualPacing pacing);

/* aborts with @what when @element does not reach NULL */
void fuzz_element_to_null (GstElement * element, const gchar * what);

G_END_DECLS
#endif /* __V4L2TV_FUZZ_COMMON_H__ */
