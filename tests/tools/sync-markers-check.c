/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The sync test's own judge (sync-markers.c) on markers made up here: a
 * recording whose sound ends between a flash and its beep, which the
 * markers' edges must not count on one side only; a beep too many or too
 * few and a beep far from its flash, which it must see.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>

#include "sync-markers.h"

#define PERIOD (40 * GST_MSECOND)

/* a marker a second from 0, each beep @late after its flash, as they
 * are found in a file with 1500 frames of picture from 0 and sound from
 * @start to @end */
static void
make_markers (SyncMarkers * m, GstClockTimeDiff late, GstClockTime start,
    GstClockTime end)
{
  guint i;

  sync_markers_init (m, PERIOD);
  m->first_pts = 0;
  m->frames = 1500;
  m->sound_pts = m->anchor_pts = start;
  m->samples = gst_util_uint64_scale (end - start, 48000, GST_SECOND);
  for (i = 0; i < 60; i++) {
    GstClockTime f = i * GST_SECOND;
    GstClockTime b = f + late;

    g_array_append_val (m->flashes, f);
    if (b >= start && b < end)
      g_array_append_val (m->beeps, b);
  }
}

static gboolean
pair (SyncMarkers * m, guint * pairs, GstClockTimeDiff * worst)
{
  GstClockTimeDiff first, last;

  return sync_markers_pair (m, pairs, worst, &first, &last);
}

/* the sound ends just past the last flash's window but before its beep's
 * (a beep 0.3 ms late): neither end of either marker is counted alone */
GST_START_TEST (test_edge)
{
  SyncMarkers m;
  GstClockTimeDiff worst;
  guint pairs;
  GstClockTime late[] = { 300 * GST_USECOND, 0, 39 * GST_MSECOND };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (late); i++) {
    /* the sound's end swept across the last markers' windows */
    for (k = 0; k < 2000; k++) {
      GstClockTime end = 58950 * GST_MSECOND + k * GST_MSECOND / 10;

      make_markers (&m, late[i], 0, end);
      fail_unless (pair (&m, &pairs, &worst), "sound to %.4f s, beeps %.1f "
          "ms late: no pair for a marker", end / 1e9, late[i] / 1e6);
      fail_unless (ABS (worst) == (GstClockTimeDiff) late[i]);
      sync_markers_clear (&m);
    }
  }
  /* the start likewise: the sound begins around the second marker */
  for (k = 0; k < 2000; k++) {
    GstClockTime start = 950 * GST_MSECOND + k * GST_MSECOND / 10;

    make_markers (&m, 300 * GST_USECOND, start, 60 * GST_SECOND);
    fail_unless (pair (&m, &pairs, &worst), "sound from %.4f s", start / 1e9);
    sync_markers_clear (&m);
  }
}

GST_END_TEST;

/* a beep more or less than the flashes in the middle, or all of them off
 * by more than a frame: not in sync */
GST_START_TEST (test_wrong)
{
  SyncMarkers m;
  GstClockTimeDiff worst;
  GstClockTime extra = 30500 * GST_MSECOND;
  g_autofree gchar *text = NULL;
  guint pairs;

  make_markers (&m, 0, 0, 60 * GST_SECOND);
  fail_unless (pair (&m, &pairs, &worst));
  fail_unless_equals_int (pairs, 59);
  g_array_insert_val (m.beeps, 31, extra);
  fail_if (pair (&m, &pairs, &worst), "a beep without a flash, not seen");
  text = sync_markers_describe (&m);
  fail_unless (strstr (text, "beeps without a flash: 30.500 s") != NULL,
      "%s", text);
  sync_markers_clear (&m);

  make_markers (&m, 0, 0, 60 * GST_SECOND);
  g_array_remove_index (m.beeps, 20);
  fail_unless (pair (&m, &pairs, &worst), "the neighbour is its pair");
  fail_unless (ABS (worst) >= GST_SECOND / 2, "a missing beep, not seen");
  sync_markers_clear (&m);

  make_markers (&m, 300 * GST_MSECOND, 0, 60 * GST_SECOND);
  pair (&m, &pairs, &worst);
  fail_unless (worst == 300 * GST_MSECOND);
  sync_markers_clear (&m);
}

GST_END_TEST;

static Suite *
sync_markers_suite (void)
{
  Suite *s = suite_create ("sync-markers");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_edge);
  tcase_add_test (tc, test_wrong);
  return s;
}

GST_CHECK_MAIN (sync_markers);
