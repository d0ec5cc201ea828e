/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the element suites (elements/v4l2tv*.c,
 * pipelines/loopback.c), which register the elements in-process and drive
 * the virtual cards they share with the test. They fail the current check
 * on error, as gst-check's assertions do.
 *
 * Cleanup on failure: a failed assertion leaves the test function at once
 * (a longjmp with CK_FORK=no, as under valgrind; exit() in a forked
 * child), so a pipeline it set playing would keep its streaming threads,
 * and gst_deinit() at exit would wait for them for ever. Every element or
 * pipeline a test starts is registered with v4l2tv_check_track(); the
 * checked teardown every test case gets (v4l2tv_check_add_teardown()), and
 * an exit handler for a forked child, set whatever of them is still alive
 * to NULL.
 *
 * Data that a streaming thread or a bus sync handler uses (a pad probe's,
 * a "handoff" handler's, a signal's user data) must outlive the test
 * function: after a failure its stack frame is gone, and the teardown's
 * own calls would write over it while the threads still run (a probe then
 * locks a mutex that is garbage, and the suite hangs instead of failing).
 * It comes from v4l2tv_check_track_data(), zeroed, and is freed once both
 * the element it belongs to is finalized and the test has ended (the
 * teardown), so that the test may still read it after its last unref.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __V4L2TV_CHECK_H__
#define __V4L2TV_CHECK_H__

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>

#include "hw/tvhw-virtual.h"
#include "vbi/tvvbi.h"

G_BEGIN_DECLS

/* how long a test waits for what must happen (a frame, a message, a state
 * change) before it fails: a guard against a hang, never a timing check,
 * so generous: 30 s, 120 s under valgrind (GST_TV_UNDER_VALGRIND: on a
 * loaded machine it runs 50 times slower). Shorter than a suite's own
 * time limit (60 s, ten times that under valgrind: tests/check/meson.build),
 * so that a wait that fails names its assertion instead of ending as a
 * timeout. V4L2TV_CHECK_WAIT_MS in the environment sets it instead: a wait too
 * short for what it waits for makes a test fail in the middle of its
 * stream, as elements/v4l2tvcleanup.c has suites do. */
#define V4L2TV_CHECK_WAIT (v4l2tv_check_wait ())
#define V4L2TV_CHECK_WAIT_US ((gint64) (V4L2TV_CHECK_WAIT / GST_USECOND))

/* fail unless @expr holds about @text (a log, a program's output),
 * printing @text first: text that long does not fit a check failure's
 * message (libcheck then drops the message and ends the test without a
 * word of which assertion failed) */
#define fail_unless_text(expr, text) G_STMT_START {                   \
  if (!(expr)) {                                                        \
    g_printerr ("the text the failed check is about:\n%s\n", (text));   \
    fail ("'%s' does not hold of the text printed above", #expr);       \
  }                                                                     \
} G_STMT_END

GstClockTime         v4l2tv_check_wait         (void);

GstTvHwVirtualCard * v4l2tv_check_setup_card   (guint index,
                                                GstTvHwVirtualPacing pacing);

void                 v4l2tv_check_card_closed  (guint index);

GstBuffer *          v4l2tv_check_pull_frame   (GstHarness * h,
                                                GstTvHwVirtualCard * card);

void                 v4l2tv_check_stream_errors_only (GstBus * bus,
                                                const gchar * launch);

void                 v4l2tv_check_record_caps  (GstHarness * h);

GstCaps *            v4l2tv_check_frame_caps   (GstBuffer * buf);

gpointer             v4l2tv_check_track        (gpointer element);

gpointer             v4l2tv_check_track_data   (gpointer element,
                                                gsize size,
                                                GDestroyNotify clear);

void                 v4l2tv_check_add_teardown (TCase * tc);

void                 v4l2tv_check_teardown     (void);

GstDevice *          v4l2tv_check_find_device  (GList * devices,
                                                const gchar * path,
                                                const gchar * klass);
void                 v4l2tv_check_expect_message (GstBus * bus,
                                                GstMessageType type,
                                                GstClockTime timeout,
                                                GQuark domain, gint code,
                                                ...);

void                 v4l2tv_check_release      (GstElement * element,
                                                GstBus * bus, guint card);

gint32               v4l2tv_check_get_ctrl     (const gchar * device,
                                                guint32 cid);

const gchar *        v4l2tv_check_test_device  (const gchar * fallback);

GstTvHwDevice *      v4l2tv_check_open_capture (const gchar * device);

GstHarness *         v4l2tv_check_new_sink     (const gchar * device,
                                                const gchar * output,
                                                const gchar * norm,
                                                GstBus * bus,
                                                const gchar * first_property,
                                                ...);

GstHarness *         v4l2tv_check_new_src      (const gchar * device,
                                                const gchar * input,
                                                const gchar * norm);

gboolean             v4l2tv_check_frame_captions (GstBuffer * buf,
                                                GstTvVbiData * data);

G_END_DECLS

#endif /* __V4L2TV_CHECK_H__ */
