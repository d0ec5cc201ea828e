/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the crop-top, crop-bottom, crop-left and crop-right
 * properties of v4l2tvsrc against the virtual TV card, which crops like
 * vivid's TV input (VIDIOC_S_SELECTION): the caps follow, the picture is
 * the rectangle of the full frame, odd values are rounded up to even with
 * a warning and the field order stays, crops that leave too little, cards
 * that cannot crop and changes while playing are refused with a message
 * that names the sizes; a change in READY reconfigures the card at once,
 * and all four at 0 set the card back to its full frame.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 6
#define DEVICE "virtual:6"

/* with @no_selection the card answers ENOTTY to G/S_SELECTION, as a card
 * without the selection API: the element crops in software */
static gboolean no_selection;

/* the first frame of "v4l2tvsrc device=DEVICE @props", mapped into @info */
static GstBuffer *
first_frame (const gchar * props, GstVideoInfo * info)
{
  GstTvHwVirtualCard *card;
  gchar *launch;
  GstHarness *h;
  GstBuffer *buf;
  GstCaps *caps;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  if (no_selection) {
    gst_tv_hw_virtual_card_inject_faults (card,
        GST_TV_HW_VIRTUAL_FAULT_G_SELECTION, ENOTTY, 1000);
    gst_tv_hw_virtual_card_inject_faults (card,
        GST_TV_HW_VIRTUAL_FAULT_S_SELECTION, ENOTTY, 1000);
  }
  launch = g_strdup_printf ("v4l2tvsrc device=" DEVICE " %s", props);
  h = gst_harness_new_parse (launch);
  g_free (launch);
  v4l2tv_check_track (h->element);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = gst_pad_get_current_caps (h->sinkpad);
  fail_unless (caps != NULL);
  fail_unless (gst_video_info_from_caps (info, caps));
  gst_caps_unref (caps);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
  /* the element asked the card, which had no crop rectangle to give */
  if (no_selection) {
    guint hits = 0;

    gst_tv_hw_virtual_card_get_fault_stats (card,
        GST_TV_HW_VIRTUAL_FAULT_G_SELECTION, NULL, &hits);
    fail_unless (hits > 0);
  }
  return buf;
}

/* the caps are the rectangle's size, the picture the rectangle of the
 * full frame, line for line */
static void
check_crop (const gchar * extra, guint top, guint bottom, guint left,
    guint right, guint full_height, gboolean tff)
{
  GstVideoInfo full_info, info;
  GstBuffer *full, *cropped;
  GstMapInfo a, b;
  gchar *props;
  guint y;

  props = g_strdup_printf ("%s crop-top=%u crop-bottom=%u crop-left=%u "
      "crop-right=%u", extra, top, bottom, left, right);
  full = first_frame (extra, &full_info);
  cropped = first_frame (props, &info);
  g_free (props);

  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&full_info), full_height);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&info), 720 - left - right);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&info),
      full_height - top - bottom);
  fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (&info), GST_VIDEO_FORMAT_YUY2);
  fail_unless_equals_int (GST_VIDEO_INFO_FIELD_ORDER (&info), tff ?
      GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST :
      GST_VIDEO_FIELD_ORDER_BOTTOM_FIELD_FIRST);

  fail_unless (gst_buffer_map (full, &a, GST_MAP_READ));
  fail_unless (gst_buffer_map (cropped, &b, GST_MAP_READ));
  fail_unless (b.size >= (gsize) GST_VIDEO_INFO_HEIGHT (&info) *
      GST_VIDEO_INFO_PLANE_STRIDE (&info, 0));
  for (y = 0; y < (guint) GST_VIDEO_INFO_HEIGHT (&info); y++)
    fail_unless (memcmp (b.data + y * GST_VIDEO_INFO_PLANE_STRIDE (&info, 0),
            a.data + (y + top) * GST_VIDEO_INFO_PLANE_STRIDE (&full_info, 0) +
            left * 2, GST_VIDEO_INFO_WIDTH (&info) * 2) == 0,
        "line %u of the cropped frame is not line %u of the full one", y,
        y + top);
  gst_buffer_unmap (cropped, &b);
  gst_buffer_unmap (full, &a);
  gst_buffer_unref (cropped);
  gst_buffer_unref (full);
}

GST_START_TEST (test_crop_pal)
{
  check_crop ("norm=PAL", 10, 6, 24, 16, 576, TRUE);
}

GST_END_TEST;

/* a card without the selection API: the same picture, cropped in the
 * conversion pass straight out of the card's buffer */
GST_START_TEST (test_crop_software)
{
  no_selection = TRUE;
  check_crop ("norm=PAL", 10, 6, 24, 16, 576, TRUE);
  check_crop ("input=Composite1 norm=NTSC", 4, 8, 2, 0, 480, FALSE);
  no_selection = FALSE;
}

GST_END_TEST;

/* converted formats: the card's crop and the software crop give the same
 * frames */
GST_START_TEST (test_crop_software_converted)
{
  const gchar *formats[] = { "I420", "NV12", "BGRx" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    GstVideoInfo hw_info, sw_info;
    GstBuffer *hw, *sw;
    gchar *props = g_strdup_printf ("crop-top=12 crop-bottom=8 "
        "crop-left=32 crop-right=16 ! capsfilter caps=video/x-raw,format=%s",
        formats[i]);

    no_selection = FALSE;
    hw = first_frame (props, &hw_info);
    no_selection = TRUE;
    sw = first_frame (props, &sw_info);
    no_selection = FALSE;
    g_free (props);
    fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&sw_info), 672);
    fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&sw_info), 556);
    fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (&sw_info),
        GST_VIDEO_INFO_FORMAT (&hw_info));
    fail_unless (gst_buffer_get_size (hw) == gst_buffer_get_size (sw));
    {
      GstMapInfo m;

      fail_unless (gst_buffer_map (hw, &m, GST_MAP_READ));
      fail_unless (gst_buffer_memcmp (sw, 0, m.data, m.size) == 0,
          "%s: the software crop differs from the card's", formats[i]);
      gst_buffer_unmap (hw, &m);
    }
    gst_buffer_unref (hw);
    gst_buffer_unref (sw);
  }
}

GST_END_TEST;

/* a VCR's head-switching noise at the bottom; NTSC is bottom field first
 * and stays so */
GST_START_TEST (test_crop_ntsc_bottom)
{
  check_crop ("input=Composite1 norm=NTSC", 0, 8, 0, 0, 480, FALSE);
}

GST_END_TEST;

/* odd values: one more line or column each, a warning that says so, the
 * properties as set; the field order stays the standard's */
GST_START_TEST (test_odd_rounded)
{
  GstElement *src;
  GstBus *bus;
  GstCaps *caps;
  GstPad *pad;
  GstStructure *s;
  gint w, h;
  guint top;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  bus = gst_bus_new ();
  gst_element_set_bus (src, bus);
  g_object_set (src, "device", DEVICE, "norm", 0x0000b000 /* NTSC */ ,
      "crop-top", 3, "crop-bottom", 5, "crop-left", 1, "crop-right", 7, NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  v4l2tv_check_expect_message (bus, GST_MESSAGE_WARNING, 0,
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS, DEVICE,
      "4, 6, 2 and 8", "3, 5, 1 and 7", NULL);

  pad = gst_element_get_static_pad (src, "src");
  caps = gst_pad_query_caps (pad, NULL);
  gst_object_unref (pad);
  s = gst_caps_get_structure (caps, 0);
  fail_unless (gst_structure_get_int (s, "width", &w));
  fail_unless (gst_structure_get_int (s, "height", &h));
  fail_unless_equals_int (w, 710);
  fail_unless_equals_int (h, 470);
  fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
      "bottom-field-first");
  gst_caps_unref (caps);
  g_object_get (src, "crop-top", &top, NULL);
  fail_unless_equals_int (top, 3);

  v4l2tv_check_release (src, bus, CARD);
}

GST_END_TEST;

/* "v4l2tvsrc device=DEVICE @props ! fakesink", whose READY fails, with
 * @fault failing @errnum (0: no fault) */
static GstElement *
start_refused (const gchar * props, GstTvHwVirtualFault fault, gint errnum,
    GstBus ** bus)
{
  GstTvHwVirtualCard *card;
  GstElement *pipe;
  gchar *launch;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  if (errnum)
    gst_tv_hw_virtual_card_inject_faults (card, fault, errnum, 100);
  launch = g_strdup_printf ("v4l2tvsrc device=" DEVICE " %s ! fakesink", props);
  pipe = gst_parse_launch (launch, NULL);
  g_free (launch);
  fail_unless (pipe != NULL);
  v4l2tv_check_track (pipe);
  *bus = gst_element_get_bus (pipe);
  fail_unless_equals_int (gst_element_set_state (pipe, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  return pipe;
}

/* READY fails with a RESOURCE SETTINGS error whose text contains every
 * one of the NULL-terminated strings */
#define check_refused(props, fault, errnum, ...) G_STMT_START {          \
  GstBus *_bus;                                                         \
  GstElement *_pipe = start_refused (props, fault, errnum, &_bus);      \
  v4l2tv_check_expect_message (_bus, GST_MESSAGE_ERROR, 0,              \
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS, __VA_ARGS__);    \
  gst_object_unref (_bus);                                              \
  fail_unless_equals_int (gst_element_set_state (_pipe, GST_STATE_NULL),\
      GST_STATE_CHANGE_SUCCESS);                                        \
  gst_object_unref (_pipe);                                             \
  v4l2tv_check_card_closed (CARD);                                      \
} G_STMT_END

GST_START_TEST (test_errors)
{
  check_refused ("crop-top=300 crop-bottom=270", 0, 0, "570 lines",
      "720x576", DEVICE, "16x16", NULL);
  check_refused ("crop-left=352 crop-right=353", 0, 0, "706 columns",
      "720x576", NULL);
  check_refused ("norm=NTSC crop-top=240 crop-bottom=230", 0, 0,
      "470 lines", "720x480", NULL);
  /* the same sizes in software */
  check_refused ("crop-top=300 crop-bottom=270",
      GST_TV_HW_VIRTUAL_FAULT_G_SELECTION, ENOTTY, "570 lines", "720x576",
      NULL);
  /* a card that fails (not merely lacks the selection API) */
  check_refused ("crop-top=2", GST_TV_HW_VIRTUAL_FAULT_G_SELECTION, EIO,
      DEVICE, NULL);
  check_refused ("crop-top=2", GST_TV_HW_VIRTUAL_FAULT_S_SELECTION, EIO,
      DEVICE, NULL);
}

GST_END_TEST;

static gint
pad_height (GstElement * src)
{
  GstPad *pad = gst_element_get_static_pad (src, "src");
  GstCaps *caps = gst_pad_query_caps (pad, NULL);
  gint h = 0;

  fail_unless (gst_structure_get_int (gst_caps_get_structure (caps, 0),
          "height", &h));
  gst_caps_unref (caps);
  gst_object_unref (pad);
  return h;
}

static void
card_crop (struct v4l2_rect *r, gboolean set)
{
  GstTvHwDevice *dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE,
      NULL);

  fail_unless (dev != NULL);
  if (set)
    fail_unless (gst_tv_hw_device_set_selection (dev, V4L2_SEL_TGT_CROP, 0,
            r, NULL));
  else
    fail_unless (gst_tv_hw_device_get_selection (dev, V4L2_SEL_TGT_CROP, r,
            NULL));
  gst_tv_hw_device_close (dev);
}

/* READY: the card and the caps follow at once; all four at 0 (also what
 * an earlier user left) is the full frame */
GST_START_TEST (test_ready_changes)
{
  struct v4l2_rect r = { 0, 0, 640, 400 };
  GstElement *src;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  card_crop (&r, TRUE);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  g_object_set (src, "device", DEVICE, NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (pad_height (src), 576);

  g_object_set (src, "crop-bottom", 16, NULL);
  fail_unless_equals_int (pad_height (src), 560);
  g_object_set (src, "crop-top", 8, NULL);
  fail_unless_equals_int (pad_height (src), 552);
  g_object_set (src, "crop-top", 0, "crop-bottom", 0, NULL);
  fail_unless_equals_int (pad_height (src), 576);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  card_crop (&r, FALSE);
  fail_unless_equals_int (r.width, 720);
  fail_unless_equals_int (r.height, 576);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* PAUSED/PLAYING: refused with a warning, the value in force kept */
GST_START_TEST (test_playing_refused)
{
  GstTvHwVirtualCard *card;
  GstElement *src;
  GstHarness *h;
  GstBuffer *buf;
  GstBus *bus;
  guint v;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  h = gst_harness_new_parse ("v4l2tvsrc device=" DEVICE " crop-bottom=8");
  v4l2tv_check_track (h->element);
  bus = gst_bus_new ();
  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  src = gst_harness_find_element (h, "v4l2tvsrc");
  fail_unless (src != NULL);
  g_object_set (src, "crop-bottom", 20, NULL);
  v4l2tv_check_expect_message (bus, GST_MESSAGE_WARNING, 0,
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS, "crop-bottom", "'8'",
      NULL);
  g_object_get (src, "crop-bottom", &v, NULL);
  gst_object_unref (src);
  fail_unless_equals_int (v, 8);
  buf = v4l2tv_check_pull_frame (h, card);
  fail_unless_equals_int (gst_buffer_get_size (buf), 720 * 2 * 568);
  gst_buffer_unref (buf);

  gst_harness_teardown (h);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
v4l2tvcrop_suite (void)
{
  Suite *s = suite_create ("v4l2tvcrop");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);

  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_crop_pal);
  tcase_add_test (tc, test_crop_software);
  tcase_add_test (tc, test_crop_software_converted);
  tcase_add_test (tc, test_crop_ntsc_bottom);
  tcase_add_test (tc, test_odd_rounded);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_ready_changes);
  tcase_add_test (tc, test_playing_refused);

  return s;
}

GST_CHECK_MAIN (v4l2tvcrop);
