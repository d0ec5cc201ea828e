/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsrc's VBI capture on the virtual card (docs/vbi.md): captions
 * through the sliced and the raw node decode back to the card's text on
 * both fields, WSS follows into the caps and the v4l2tv-wss message, and
 * every VBI failure is one warning while the video goes on.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <unistd.h>
#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "vbi/tvvbi.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"
#include "gstv4l2tvelements.h"
#include "gstv4l2tvfault.h"

#define CARD 6
#define LOCATION "virtual:6"
/* a second card, whose VBI node is not the first one's */
#define OTHER_CARD 7
#define OTHER_LOCATION "virtual:7"
#define E7_HZ 189250000
#define E21_HZ 471250000
#define US4_HZ 67250000

typedef struct
{
  GstHarness *h;
  GstElement *src;
  GstBus *bus;
  GstTvHwVirtualCard *card;
} Capture;

/* v4l2tvsrc on card CARD with @props ("name=value ..."), MANUAL pacing,
 * playing, with a bus of its own */
static void
capture_start (Capture * c, const gchar * props)
{
  gchar *launch = g_strdup_printf ("v4l2tvsrc device=" LOCATION " %s", props);
  GError *err = NULL;

  c->src = gst_parse_launch (launch, &err);
  fail_unless (c->src != NULL, "%s: %s", launch, err ? err->message : "");
  g_free (launch);
  c->bus = gst_bus_new ();
  gst_element_set_bus (c->src, c->bus);
  c->h = gst_harness_new_with_element (c->src, NULL, "src");
  v4l2tv_check_track (c->src);
  v4l2tv_check_record_caps (c->h);
  gst_harness_play (c->h);
}

static void
capture_stop (Capture * c)
{
  gst_harness_teardown (c->h);
  gst_element_set_bus (c->src, NULL);
  gst_object_unref (c->src);
  gst_object_unref (c->bus);
  v4l2tv_check_card_closed (CARD);
}

/* @n frames decoded on both fields: every caption shown is the card's
 * for the frame it came with; returns how many each field showed */
static void
check_captions (Capture * c, guint n, guint shown[2])
{
  GstTvVbiCcDecoder *dec[2] = { gst_tv_vbi_cc_decoder_new (1),
    gst_tv_vbi_cc_decoder_new (1)
  };
  guint i, f;

  shown[0] = shown[1] = 0;
  for (i = 0; i < n; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (c->h, c->card);
    GstTvVbiData data;

    fail_unless (v4l2tv_check_frame_captions (buf, &data), "frame %" G_GUINT64_FORMAT
        " has no caption meta", GST_BUFFER_OFFSET (buf));
    for (f = 0; f < 2; f++) {
      gchar *text, *want;

      fail_unless (data.has_caption[f], "frame %" G_GUINT64_FORMAT
          ": field %u missing", GST_BUFFER_OFFSET (buf), f + 1);
      if (!gst_tv_vbi_cc_decoder_feed (dec[f], data.caption[f][0],
              data.caption[f][1]))
        continue;
      text = gst_tv_vbi_cc_decoder_get_text (dec[f]);
      if (*text) {
        want = gst_tv_hw_virtual_card_get_caption_text (c->card, f + 1,
            GST_BUFFER_OFFSET (buf));
        fail_unless_equals_string (text, want);
        g_free (want);
        shown[f]++;
      }
      g_free (text);
    }
    gst_buffer_unref (buf);
  }
  gst_tv_vbi_cc_decoder_free (dec[0]);
  gst_tv_vbi_cc_decoder_free (dec[1]);
}

static const gchar *
vbi_mode (GstElement * src)
{
  GstStructure *s = NULL;
  static gchar mode[16];

  g_object_get (src, "vbi-stats", &s, NULL);
  fail_unless (s != NULL);
  g_strlcpy (mode, gst_structure_get_string (s, "mode"), sizeof (mode));
  gst_structure_free (s);
  return mode;
}

static guint
count_warnings (GstBus * bus, const gchar * must_contain)
{
  GstMessage *msg;
  guint n = 0;

  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING))) {
    GError *err = NULL;

    gst_message_parse_warning (msg, &err, NULL);
    if (must_contain)
      fail_unless (strstr (err->message, must_contain) != NULL,
          "'%s' lacks '%s'", err->message, must_contain);
    g_error_free (err);
    gst_message_unref (msg);
    n++;
  }
  return n;
}

static void
captions_through (const gchar * props, gboolean raw, const gchar * field1,
    guint32 vbi_seq_offset, gint64 vbi_time_offset_us)
{
  Capture c;
  guint shown[2];

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  gst_tv_hw_virtual_card_set_vbi_stamps (c.card, vbi_seq_offset,
      vbi_time_offset_us);
  if (raw)
    fail_unless (gst_tv_hw_virtual_card_set_vbi_services (c.card, 0));
  if (field1)
    fail_unless (gst_tv_hw_virtual_card_set_caption_text (c.card, 1, field1,
            NULL));
  capture_start (&c, props);
  check_captions (&c, 2 * GST_TV_HW_VIRTUAL_CAPTION_CYCLE + 5, shown);
  fail_unless_equals_string (vbi_mode (c.src), raw ? "raw" : "sliced");
  fail_unless (shown[0] >= 2 && shown[1] >= 2, "%u, %u captions shown",
      shown[0], shown[1]);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
}

GST_START_TEST (test_captions_sliced)
{
  captions_through ("input=Composite1 norm=NTSC", FALSE, NULL, 0, 0);
}

GST_END_TEST;

GST_START_TEST (test_captions_raw)
{
  captions_through ("input=Composite1 norm=NTSC", TRUE, NULL, 0, 0);
}

GST_END_TEST;

/* NTSC's frame period, in microseconds */
#define NTSC_PERIOD_US 33367

/* a driver whose VBI node counts its frames apart from the video node
 * (a field count per node; vivid's when the nodes start streaming in
 * different frame periods, or after a stall), and whose VBI buffer
 * completes before the video buffer (up to mid-frame, when the second
 * field's blanking lines end) or just after it (vivid: 5 %): the frames
 * are matched by their time, each caption still on the frame it came
 * with */
GST_START_TEST (test_captions_own_vbi_numbers)
{
  captions_through ("input=Composite1 norm=NTSC", FALSE, NULL, 1000, 0);
  captions_through ("input=Composite1 norm=NTSC", TRUE, NULL, (guint32) - 7,
      0);
  captions_through ("input=Composite1 norm=NTSC", FALSE, NULL, 3,
      NTSC_PERIOD_US * 5 / 100);
  captions_through ("input=Composite1 norm=NTSC", FALSE, NULL, 0,
      -NTSC_PERIOD_US * 55 / 100);
  captions_through ("input=Composite1 norm=NTSC", FALSE, NULL, 9,
      NTSC_PERIOD_US * 20 / 100);
}

GST_END_TEST;

GST_START_TEST (test_captions_us4)
{
  captions_through ("input=Television norm=NTSC frequency=67250000", FALSE,
      NULL, 0, 0);
  captions_through ("input=Television norm=NTSC frequency=67250000", TRUE,
      NULL, 0, 0);
}

GST_END_TEST;

GST_START_TEST (test_captions_text_changed)
{
  captions_through ("input=Composite1 norm=NTSC", FALSE, "Hello v4l2tv", 0, 0);
}

GST_END_TEST;

/* the next v4l2tv-wss message while frames are pulled: its aspect
 * name, and the caps of the first frame after it */
static gchar *
wait_wss (Capture * c, gint * par_n, gint * par_d)
{
  guint i;

  for (i = 0; i < 40; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (c->h, c->card);
    GstMessage *msg = gst_bus_pop_filtered (c->bus, GST_MESSAGE_ELEMENT);

    gst_buffer_unref (buf);
    if (msg && gst_message_has_name (msg, "v4l2tv-wss")) {
      gchar *aspect = g_strdup (gst_structure_get_string
          (gst_message_get_structure (msg), "aspect"));
      GstCaps *caps;

      gst_message_unref (msg);
      /* the caps follow at the next frame */
      buf = v4l2tv_check_pull_frame (c->h, c->card);
      caps = v4l2tv_check_frame_caps (buf);
      fail_unless (gst_structure_get_fraction (gst_caps_get_structure (caps,
                  0), "pixel-aspect-ratio", par_n, par_d));
      gst_caps_unref (caps);
      gst_buffer_unref (buf);
      return aspect;
    }
    if (msg)
      gst_message_unref (msg);
  }
  fail ("no v4l2tv-wss message");
  return NULL;
}

GST_START_TEST (test_wss)
{
  Capture c;
  gchar *aspect;
  gint n, d;

  /* a PAL input: 4:3, the pixel aspect ratio stays */
  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=S-Video norm=PAL");
  aspect = wait_wss (&c, &n, &d);
  fail_unless_equals_string (aspect,
      gst_tv_vbi_wss_aspect_name (GST_TV_VBI_WSS_4_3_FULL));
  fail_unless (n == 59 && d == 54, "%d/%d", n, d);
  g_free (aspect);
  capture_stop (&c);

  /* E7 is 16:9 anamorphic: 118/81; another station is 4:3 again */
  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Television norm=PAL frequency=189250000");
  aspect = wait_wss (&c, &n, &d);
  fail_unless_equals_string (aspect,
      gst_tv_vbi_wss_aspect_name (GST_TV_VBI_WSS_16_9_ANAMORPHIC));
  fail_unless (n == 118 && d == 81, "%d/%d", n, d);
  g_free (aspect);
  g_object_set (c.src, "frequency", (guint64) E21_HZ, NULL);
  aspect = wait_wss (&c, &n, &d);
  fail_unless_equals_string (aspect,
      gst_tv_vbi_wss_aspect_name (GST_TV_VBI_WSS_4_3_FULL));
  fail_unless (n == 59 && d == 54, "%d/%d", n, d);
  g_free (aspect);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
}

GST_END_TEST;

/* pixel-aspect-ratio: the caps carry the user's, whatever the card and
 * WSS say; WSS is still followed and posted */
GST_START_TEST (test_pixel_aspect_ratio_override)
{
  Capture c;
  GstBuffer *buf;
  GstCaps *caps;
  gchar *aspect;
  gint n, d;

  /* a 4:3 PAL input recorded as a 16:9 anamorphic tape with no WSS */
  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=S-Video norm=PAL pixel-aspect-ratio=118/81");
  buf = v4l2tv_check_pull_frame (c.h, c.card);
  caps = v4l2tv_check_frame_caps (buf);
  fail_unless (gst_structure_get_fraction (gst_caps_get_structure (caps, 0),
          "pixel-aspect-ratio", &n, &d));
  fail_unless (n == 118 && d == 81, "%d/%d", n, d);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  aspect = wait_wss (&c, &n, &d);
  fail_unless_equals_string (aspect,
      gst_tv_vbi_wss_aspect_name (GST_TV_VBI_WSS_4_3_FULL));
  fail_unless (n == 118 && d == 81, "%d/%d", n, d);
  g_free (aspect);
  capture_stop (&c);

  /* E7 signals 16:9 anamorphic: the message comes, the caps stay */
  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Television norm=PAL frequency=189250000 "
      "pixel-aspect-ratio=59/54");
  aspect = wait_wss (&c, &n, &d);
  fail_unless_equals_string (aspect,
      gst_tv_vbi_wss_aspect_name (GST_TV_VBI_WSS_16_9_ANAMORPHIC));
  fail_unless (n == 59 && d == 54, "%d/%d", n, d);
  g_free (aspect);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
}

GST_END_TEST;

/* @n frames, none with caption meta */
static void
frames_without_captions (Capture * c, guint n)
{
  guint i;

  for (i = 0; i < n; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (c->h, c->card);
    GstTvVbiData data;

    fail_if (v4l2tv_check_frame_captions (buf, &data), "frame %u has captions", i);
    gst_buffer_unref (buf);
  }
}

GST_START_TEST (test_no_vbi_node)
{
  Capture c;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (c.card, 0));
  capture_start (&c, "input=Composite1 norm=NTSC");
  frames_without_captions (&c, 5);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  fail_unless_equals_string (vbi_mode (c.src), "off");
  capture_stop (&c);
}

GST_END_TEST;

GST_START_TEST (test_vbi_busy)
{
  GstTvHwDevice *other;
  struct v4l2_format fmt;
  guint32 actual;
  Capture c;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  /* the card set up before: the element keeps its input and standard (a
   * card with VBI buffers refuses S_INPUT and S_STD) */
  other = v4l2tv_check_open_capture (LOCATION);
  fail_unless (gst_tv_hw_device_set_input (other, 1, NULL));
  fail_unless (gst_tv_hw_device_set_std (other, V4L2_STD_NTSC_M, NULL));
  gst_tv_hw_device_close (other);
  other = gst_tv_hw_device_open (LOCATION, GST_TV_HW_NODE_VBI_CAPTURE, NULL);
  fail_unless (other != NULL);
  memset (&fmt, 0, sizeof (fmt));
  fail_unless (gst_tv_hw_device_get_fmt (other, &fmt, NULL));
  fail_unless (gst_tv_hw_device_set_fmt (other, &fmt, NULL));
  fail_unless (gst_tv_hw_device_request_buffers (other, 2, &actual, NULL));
  capture_start (&c, "");
  frames_without_captions (&c, 5);
  fail_unless_equals_int (count_warnings (c.bus, LOCATION), 1);
  gst_harness_teardown (c.h);
  gst_element_set_bus (c.src, NULL);
  gst_object_unref (c.src);
  gst_object_unref (c.bus);
  fail_unless (gst_tv_hw_device_request_buffers (other, 0, &actual, NULL));
  gst_tv_hw_device_close (other);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_vbi_faults)
{
  static const GstTvHwVirtualFault faults[] = {
    GST_TV_HW_VIRTUAL_FAULT_S_FMT, GST_TV_HW_VIRTUAL_FAULT_REQBUFS,
    GST_TV_HW_VIRTUAL_FAULT_STREAMON, GST_TV_HW_VIRTUAL_FAULT_DQBUF,
    GST_TV_HW_VIRTUAL_FAULT_QBUF, GST_TV_HW_VIRTUAL_FAULT_G_SLICED_VBI_CAP,
    GST_TV_HW_VIRTUAL_FAULT_MMAP,
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (faults); i++) {
    Capture c;

    c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
    gst_tv_hw_virtual_card_set_fault_nodes (c.card,
        GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES);
    /* every call fails: DQBUF's EIO is transient until the fifth in a
     * row, one a frame */
    gst_tv_hw_virtual_card_inject_faults (c.card, faults[i], EIO,
        G_MAXUINT);
    capture_start (&c, "input=Composite1 norm=NTSC");
    frames_without_captions (&c, GST_V4L2_TV_MAX_IO_ERRORS);
    fail_unless_equals_int (count_warnings (c.bus, LOCATION), 1);
    fail_unless_equals_string (vbi_mode (c.src), "off");
    if (faults[i] == GST_TV_HW_VIRTUAL_FAULT_DQBUF) {
      GstStructure *s = NULL;
      guint lost = 0;

      /* the warning says five in a row: five frames lost */
      g_object_get (c.src, "vbi-stats", &s, NULL);
      fail_unless (gst_structure_get_uint (s, "frames-lost", &lost));
      gst_structure_free (s);
      fail_unless_equals_int (lost, GST_V4L2_TV_MAX_IO_ERRORS);
    }
    capture_stop (&c);
  }
}

GST_END_TEST;

/* a few EIO from the VBI node's DQBUF, as a USB grabber gives: those
 * frames lose their captions, counted, without a warning; the captions
 * go on */
GST_START_TEST (test_vbi_transient_eio)
{
  GstStructure *s = NULL;
  guint lost = 0, shown[2], i;
  gboolean back = FALSE;
  Capture c;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  gst_tv_hw_virtual_card_set_fault_nodes (c.card,
      GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES);
  gst_tv_hw_virtual_card_inject_faults (c.card,
      GST_TV_HW_VIRTUAL_FAULT_DQBUF, EIO, GST_V4L2_TV_MAX_IO_ERRORS - 1);
  capture_start (&c, "input=Composite1 norm=NTSC");
  frames_without_captions (&c, GST_V4L2_TV_MAX_IO_ERRORS - 1);
  /* the VBI frames that came meanwhile filled the node's buffers, and
   * the card dropped those that found none, as a driver does: a few more
   * frames may pass until the queue is in step again */
  for (i = 0; i < 8 && !back; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (c.h, c.card);
    GstTvVbiData data;

    back = v4l2tv_check_frame_captions (buf, &data);
    gst_buffer_unref (buf);
  }
  fail_unless (back, "the captions did not come back");
  check_captions (&c, 2 * GST_TV_HW_VIRTUAL_CAPTION_CYCLE, shown);
  fail_unless (shown[0] >= 1 && shown[1] >= 1, "%u, %u captions shown",
      shown[0], shown[1]);
  fail_unless_equals_string (vbi_mode (c.src), "sliced");
  g_object_get (c.src, "vbi-stats", &s, NULL);
  fail_unless (gst_structure_get_uint (s, "frames-lost", &lost));
  gst_structure_free (s);
  fail_unless_equals_int (lost, GST_V4L2_TV_MAX_IO_ERRORS - 1);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
}

GST_END_TEST;

GST_START_TEST (test_vbi_device_missing)
{
  Capture c;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Composite1 norm=NTSC vbi-device=/nonexistent");
  frames_without_captions (&c, 3);
  fail_unless_equals_int (count_warnings (c.bus, "/nonexistent"), 1);
  capture_stop (&c);

  /* "" is off, in silence */
  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Composite1 norm=NTSC vbi-device=\"\"");
  frames_without_captions (&c, 3);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
}

GST_END_TEST;

/* vbi-device naming another card's node: refused with one warning that
 * names both cards, and VBI stays off (that card's captions and WSS
 * would be put on this card's frames) */
GST_START_TEST (test_vbi_device_other_card)
{
  GstTvHwVirtualCard *other;
  GstMessage *msg;
  GError *err = NULL;
  Capture c;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  other = v4l2tv_check_setup_card (OTHER_CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Composite1 norm=NTSC vbi-device=" OTHER_LOCATION);
  frames_without_captions (&c, 3);
  /* nothing of the other card stays open */
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (other), 0);
  fail_unless_equals_string (vbi_mode (c.src), "off");
  msg = gst_bus_pop_filtered (c.bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning");
  gst_message_parse_warning (msg, &err, NULL);
  GST_INFO ("%s", err->message);
  fail_unless (strstr (err->message, "'" OTHER_LOCATION "'") != NULL, "%s",
      err->message);
  fail_unless (strstr (err->message, "Virtual TV card 7") != NULL, "%s",
      err->message);
  fail_unless (strstr (err->message, "Virtual TV card 6") != NULL, "%s",
      err->message);
  fail_unless (strstr (err->message, "'" LOCATION "'") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  gst_message_unref (msg);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);

  /* the card's own node, named, is taken */
  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Composite1 norm=NTSC vbi-device=" LOCATION);
  gst_buffer_unref (v4l2tv_check_pull_frame (c.h, c.card));
  fail_unless_equals_string (vbi_mode (c.src), "sliced");
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
  v4l2tv_check_card_closed (OTHER_CARD);
}

GST_END_TEST;

GST_START_TEST (test_vbi_services_none)
{
  GstElement *src;
  GstTvHwVirtualCard *card;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  g_object_set (src, "device", LOCATION, "vbi-services", 0, NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  /* the video node only */
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 1);
  gst_element_set_state (src, GST_STATE_NULL);
  gst_util_set_object_arg (G_OBJECT (src), "vbi-services", "captions+wss");
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (gst_tv_hw_virtual_card_get_open_count (card) > 1);
  gst_element_set_state (src, GST_STATE_NULL);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_vbi_device_refused_while_playing)
{
  Capture c;
  gchar *device = NULL;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Composite1 norm=NTSC");
  g_object_set (c.src, "vbi-device", "/dev/vbi9", NULL);
  fail_unless_equals_int (count_warnings (c.bus, "vbi-device"), 1);
  g_object_get (c.src, "vbi-device", &device, NULL);
  fail_unless (device == NULL);
  g_object_set (c.src, "vbi-services", 1, NULL);
  fail_unless_equals_int (count_warnings (c.bus, "vbi-services"), 1);
  capture_stop (&c);
}

GST_END_TEST;

/* NTSC to PAL while playing: the captions stop, WSS starts */
GST_START_TEST (test_switch_ntsc_to_pal)
{
  Capture c;
  guint shown[2];
  gchar *aspect;
  gint n, d;

  c.card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  capture_start (&c, "input=Composite1 norm=NTSC");
  check_captions (&c, GST_TV_HW_VIRTUAL_CAPTION_CYCLE, shown);
  fail_unless (shown[0] >= 1);
  g_object_set (c.src, "input", "S-Video", NULL);
  gst_util_set_object_arg (G_OBJECT (c.src), "norm", "PAL");
  aspect = wait_wss (&c, &n, &d);
  fail_unless_equals_string (aspect,
      gst_tv_vbi_wss_aspect_name (GST_TV_VBI_WSS_4_3_FULL));
  fail_unless (n == 59 && d == 54, "%d/%d", n, d);
  g_free (aspect);
  frames_without_captions (&c, 5);
  fail_unless_equals_int (count_warnings (c.bus, NULL), 0);
  capture_stop (&c);
}

GST_END_TEST;

static void
collect_cc (GstElement * sink, GstBuffer * buf, GstPad * pad, gpointer data)
{
  GByteArray *bytes = data;
  GstMapInfo map;

  fail_unless (gst_buffer_map (buf, &map, GST_MAP_READ));
  g_byte_array_append (bytes, map.data, map.size);
  gst_buffer_unmap (buf, &map);
}

/* v4l2tvsrc ! ccextractor ! ccconverter to cc_data: gst-plugins-bad's
 * caption elements read our meta, and the CEA-608 pairs they give
 * decode to the card's text (sccenc, the SCC writer, is gst-plugins-rs',
 * which Debian 12 does not package: see docs/vbi.md for the launch line) */
GST_START_TEST (test_ccextractor_ccconverter)
{
  gchar *launch, *want, *text;
  GstTvVbiCcDecoder *dec = gst_tv_vbi_cc_decoder_new (1);
  GByteArray *bytes = g_byte_array_new ();
  GstTvHwVirtualCard *card;
  GstElement *pipeline, *sink;
  GstTvVbiData data;
  GstMessage *msg;
  GstBus *bus;
  gboolean found = FALSE;
  guint i;

  fail_unless (gst_registry_check_feature_version (gst_registry_get (),
          "ccextractor", 1, 22, 0), "ccextractor is missing: install "
      "gstreamer1.0-plugins-bad (scripts/install-deps.sh)");
  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  launch = g_strdup_printf ("v4l2tvsrc device=" LOCATION " input=Composite1 "
      "norm=NTSC num-buffers=%u ! ccextractor name=e e.caption ! queue ! "
      "ccconverter ! closedcaption/x-cea-708,format=cc_data ! "
      "fakesink name=cc signal-handoffs=true e.src ! queue ! fakesink",
      3 * GST_TV_HW_VIRTUAL_CAPTION_CYCLE);
  pipeline = gst_parse_launch (launch, NULL);
  fail_unless (pipeline != NULL, "%s", launch);
  v4l2tv_check_track (pipeline);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "cc");
  g_signal_connect (sink, "handoff", G_CALLBACK (collect_cc), bytes);
  gst_object_unref (sink);
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "%s: no EOS", launch);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);

  /* the second caption: the first may have begun before the capture */
  want = gst_tv_hw_virtual_card_get_caption_text (card, 1,
      GST_TV_HW_VIRTUAL_CAPTION_CYCLE);
  fail_unless (bytes->len > 0 && bytes->len % 3 == 0, "%u bytes",
      bytes->len);
  for (i = 0; i < bytes->len; i += 3) {
    GstBuffer *framed = gst_buffer_new ();

    gst_buffer_add_video_caption_meta (framed,
        GST_VIDEO_CAPTION_TYPE_CEA708_RAW, bytes->data + i, 3);
    memset (&data, 0, sizeof (data));
    /* cc_type 0: field 1 (CC1) */
    if ((bytes->data[i] & 0x7) == 0x4 &&
        gst_tv_vbi_cc_decoder_feed (dec, bytes->data[i + 1],
            bytes->data[i + 2])) {
      text = gst_tv_vbi_cc_decoder_get_text (dec);
      GST_INFO ("cc_data caption: '%s'", text);
      if (g_strcmp0 (text, want) == 0)
        found = TRUE;
      g_free (text);
    }
    gst_buffer_unref (framed);
  }
  fail_unless (found, "the cc_data never shows '%s'", want);
  g_free (want);
  g_free (launch);
  g_byte_array_unref (bytes);
  gst_tv_vbi_cc_decoder_free (dec);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_vbi_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-vbi");
  TCase *tc = tcase_create ("captions");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);

  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_captions_sliced);
  tcase_add_test (tc, test_captions_raw);
  tcase_add_test (tc, test_captions_own_vbi_numbers);
  tcase_add_test (tc, test_captions_us4);
  tcase_add_test (tc, test_captions_text_changed);
  tcase_add_test (tc, test_ccextractor_ccconverter);

  tc = tcase_create ("wss");
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_wss);
  tcase_add_test (tc, test_pixel_aspect_ratio_override);
  tcase_add_test (tc, test_switch_ntsc_to_pal);

  tc = tcase_create ("failures");
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_no_vbi_node);
  tcase_add_test (tc, test_vbi_busy);
  tcase_add_test (tc, test_vbi_faults);
  tcase_add_test (tc, test_vbi_transient_eio);
  tcase_add_test (tc, test_vbi_device_missing);
  tcase_add_test (tc, test_vbi_device_other_card);
  tcase_add_test (tc, test_vbi_services_none);
  tcase_add_test (tc, test_vbi_device_refused_while_playing);
  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_vbi);
