/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Captions end to end: caption meta on frames into v4l2tvsink -> the
 * virtual card's sliced VBI output node, its loopback cable -> the VBI
 * capture of the looped input -> v4l2tvsrc's caption meta. In one
 * application with MANUAL pacing (each emitted period displays a frame and
 * its VBI buffer, then captures both), on S-Video Out -> S-Video at NTSC:
 * that input carries no captions of its own, so every pair that comes back
 * is one the sink sent. And what the sink does when there is no caption
 * node, when the node fails, when VBI is off and at 625 lines.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "vbi/tvvbi.h"

#include "gstv4l2tvelements.h"
#include "gstv4l2tvfault.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 4
#define DEVICE "virtual:4"

/* a looped frame carries the VBI buffer sent with it within this many
 * periods */
#define MAX_PERIODS 10

/* --- frames with captions --- */

static GstBuffer *
new_frame (const GstVideoInfo * info)
{
  GstBuffer *buf = gst_buffer_new_allocate (NULL, info->size, NULL);

  gst_buffer_memset (buf, 0, 0x80, info->size);
  return buf;
}

static void
add_meta (GstBuffer * buf, GstVideoCaptionType type, const guint8 * data,
    gsize size)
{
  fail_unless (gst_buffer_add_video_caption_meta (buf, type, data,
          size) != NULL);
}

/* S334-1A: field 1 line 21 is 0x80 | 12, field 2 line 284 is 12 */
static GstBuffer *
new_s334_frame (const GstVideoInfo * info, const GstTvVbiData * data)
{
  GstBuffer *buf = new_frame (info);
  guint8 bytes[6];
  guint n = gst_tv_vbi_s334_1a_pack (data, bytes);

  fail_unless (n > 0);
  add_meta (buf, GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A, bytes, n);
  return buf;
}

/* the pairs of frame @i: printable characters with odd parity, a
 * different one on each field and each frame */
static void
frame_pairs (guint i, GstTvVbiData * data)
{
  memset (data, 0, sizeof (*data));
  data->has_caption[0] = data->has_caption[1] = TRUE;
  data->caption[0][0] = gst_tv_vbi_cc_parity ('A' + i % 26);
  data->caption[0][1] = gst_tv_vbi_cc_parity ('a' + i % 26);
  data->caption[1][0] = gst_tv_vbi_cc_parity ('0' + i % 10);
  data->caption[1][1] = gst_tv_vbi_cc_parity ('#' + i % 10);
}

static void
check_pairs (const GstTvVbiData * got, const GstTvVbiData * want, guint i)
{
  guint f;

  for (f = 0; f < 2; f++) {
    fail_unless_equals_int (got->has_caption[f], want->has_caption[f]);
    if (!want->has_caption[f])
      continue;
    fail_unless (got->caption[f][0] == want->caption[f][0] &&
        got->caption[f][1] == want->caption[f][1],
        "frame %u field %u: got 0x%02x 0x%02x, sent 0x%02x 0x%02x", i, f + 1,
        got->caption[f][0], got->caption[f][1], want->caption[f][0],
        want->caption[f][1]);
  }
}

/* --- the elements --- */

/* the sink on @output at @norm, its messages on @bus; @vbi_device NULL
 * leaves the property unset */
static GstHarness *
new_sink (const gchar * output, const gchar * norm, const gchar * vbi_device,
    GstBus * bus)
{
  if (vbi_device)
    return v4l2tv_check_new_sink (DEVICE, output, norm, bus, "vbi-device",
        vbi_device, NULL);
  return v4l2tv_check_new_sink (DEVICE, output, norm, bus, NULL);
}

static GstHarness *
new_src (const gchar * input, const gchar * norm)
{
  return v4l2tv_check_new_src (DEVICE, input, norm);
}

static void
set_caps (GstHarness * sink, GstVideoInfo * info, gboolean ntsc)
{
  gst_video_info_set_interlaced_format (info, GST_VIDEO_FORMAT_UYVY,
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 720, ntsc ? 480 : 576);
  GST_VIDEO_INFO_FIELD_ORDER (info) = ntsc ?
      GST_VIDEO_FIELD_ORDER_BOTTOM_FIELD_FIRST :
      GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST;
  GST_VIDEO_INFO_FPS_N (info) = ntsc ? 30000 : 25;
  GST_VIDEO_INFO_FPS_D (info) = ntsc ? 1001 : 1;
  gst_harness_set_src_caps (sink, gst_video_info_to_caps (info));
}

/* the frame the card made of the sink's: its own frames carry marks */
static gboolean
is_looped (GstBuffer * buf, GstHarness * src)
{
  GstCaps *caps = gst_pad_get_current_caps (src->sinkpad);
  GstTvHwVirtualFrameInfo fi;
  GstVideoFrame frame;
  GstVideoInfo info;
  gboolean marked;

  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_caps_unref (caps);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  marked = gst_tv_hw_virtual_decode ((const guint8 *)
      GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
      (GST_VIDEO_INFO_FORMAT (&info) == GST_VIDEO_FORMAT_UYVY ? 1 : 0), 2,
      GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
      GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), &fi);
  gst_video_frame_unmap (&frame);

  return !marked;
}

/* pushes @buf into the sink, then pulls the source's frames until one
 * carries caption meta, which it returns in @got; FALSE when none did
 * within MAX_PERIODS. Every frame pulled meanwhile is looped video once
 * the first is. */
static gboolean
send_and_capture (GstHarness * sink, GstHarness * src,
    GstTvHwVirtualCard * card, GstBuffer * buf, GstTvVbiData * got)
{
  guint i;

  fail_unless_equals_int (gst_harness_push (sink, buf), GST_FLOW_OK);
  for (i = 0; i < MAX_PERIODS; i++) {
    GstBuffer *frame = v4l2tv_check_pull_frame (src, card);
    gboolean has = v4l2tv_check_frame_captions (frame, got);

    gst_buffer_unref (frame);
    if (has)
      return TRUE;
  }
  return FALSE;
}

/* the source starts its VBI capture in its streaming thread after its
 * video: frames without meta (null pairs) go out, one a period, until
 * their pairs come back; then the periods after the last one, which has
 * no VBI buffer, until one without meta */
static void
prime (GstHarness * sink, GstHarness * src, GstTvHwVirtualCard * card,
    const GstVideoInfo * info)
{
  GstTvVbiData got;
  gboolean has = FALSE;
  guint i;

  for (i = 0; i < MAX_PERIODS && !has; i++) {
    GstBuffer *frame;

    fail_unless_equals_int (gst_harness_push (sink, new_frame (info)),
        GST_FLOW_OK);
    frame = v4l2tv_check_pull_frame (src, card);
    has = v4l2tv_check_frame_captions (frame, &got);
    gst_buffer_unref (frame);
  }
  fail_unless (has, "no captions came back");
  for (i = 0; i < MAX_PERIODS && has; i++) {
    GstBuffer *frame = v4l2tv_check_pull_frame (src, card);

    has = v4l2tv_check_frame_captions (frame, &got);
    gst_buffer_unref (frame);
  }
  fail_if (has, "captions in every period");
}

/* a frame the sink sends comes back as looped video, and no frame
 * carries captions: the caption output is off */
static void
check_video_looped (GstHarness * sink, GstHarness * src,
    GstTvHwVirtualCard * card, const GstVideoInfo * info)
{
  gboolean looped = FALSE;
  GstTvVbiData got;
  guint i;

  fail_unless_equals_int (gst_harness_push (sink, new_frame (info)),
      GST_FLOW_OK);
  for (i = 0; i < MAX_PERIODS && !looped; i++) {
    GstBuffer *frame = v4l2tv_check_pull_frame (src, card);

    looped = is_looped (frame, src);
    fail_if (v4l2tv_check_frame_captions (frame, &got), "captions came back");
    gst_buffer_unref (frame);
  }
  fail_unless (looped, "the sink's frame never came back");
}

/* the warnings posted on @bus: none must be an error */
static guint
count_warnings (GstBus * bus)
{
  GstMessage *msg;
  guint n = 0;

  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_WARNING | GST_MESSAGE_ERROR))) {
    GError *err = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      gst_message_parse_error (msg, &err, NULL);
      fail ("an error: %s", err->message);
    }
    gst_message_parse_warning (msg, &err, NULL);
    GST_INFO ("warning: %s", err->message);
    g_error_free (err);
    gst_message_unref (msg);
    n++;
  }
  return n;
}

static void
teardown (GstHarness * sink, GstHarness * src, GstBus * bus)
{
  if (src)
    gst_harness_teardown (src);
  gst_harness_teardown (sink);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

/* --- the tests --- */

/* frame by frame, field 1 and field 2 apart: the bytes sent come back */
GST_START_TEST (test_s334_loop)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstBus *bus = gst_bus_new ();
  GstHarness *sink = new_sink ("S-Video Out", "NTSC", NULL, bus);
  GstHarness *src = new_src ("S-Video", "NTSC");
  GstVideoInfo info;
  guint i;

  set_caps (sink, &info, TRUE);
  prime (sink, src, card, &info);
  for (i = 0; i < 8; i++) {
    GstTvVbiData sent, got;

    frame_pairs (i, &sent);
    /* one field alone on some frames: the other gets a null pair */
    if (i % 4 == 1)
      sent.has_caption[1] = FALSE;
    else if (i % 4 == 2)
      sent.has_caption[0] = FALSE;
    fail_unless (send_and_capture (sink, src, card,
            new_s334_frame (&info, &sent), &got), "frame %u's captions never "
        "came back", i);
    if (!sent.has_caption[0] || !sent.has_caption[1]) {
      guint f = sent.has_caption[0] ? 1 : 0;

      sent.has_caption[f] = TRUE;
      sent.caption[f][0] = sent.caption[f][1] = 0x80;
    }
    check_pairs (&got, &sent, i);
  }
  fail_unless_equals_int (count_warnings (bus), 0);

  teardown (sink, src, bus);
}

GST_END_TEST;

/* CEA608_RAW is field 1; CEA708_RAW cc_data cc_type 0/1 are fields 1/2
 * (DTVCC skipped); a frame without meta sends null pairs */
GST_START_TEST (test_meta_types)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstBus *bus = gst_bus_new ();
  GstHarness *sink = new_sink ("S-Video Out", "NTSC", NULL, bus);
  GstHarness *src = new_src ("S-Video", "NTSC");
  const guint8 raw[] = { 0xc1, 0x52 };  /* 'A' 'R' with odd parity */
  guint8 cc_data[9];
  GstTvVbiData want, got;
  GstVideoInfo info;
  GstBuffer *buf;

  set_caps (sink, &info, TRUE);
  prime (sink, src, card, &info);

  buf = new_frame (&info);
  add_meta (buf, GST_VIDEO_CAPTION_TYPE_CEA608_RAW, raw, sizeof (raw));
  fail_unless (send_and_capture (sink, src, card, buf, &got));
  memset (&want, 0, sizeof (want));
  want.has_caption[0] = want.has_caption[1] = TRUE;
  want.caption[0][0] = raw[0];
  want.caption[0][1] = raw[1];
  want.caption[1][0] = want.caption[1][1] = 0x80;
  check_pairs (&got, &want, 0);

  /* cc_valid | cc_type: 0xfc field 1, 0xfd field 2, 0xfe DTVCC */
  frame_pairs (5, &want);
  cc_data[0] = 0xfe;
  cc_data[1] = 0x11;
  cc_data[2] = 0x22;
  cc_data[3] = 0xfd;
  cc_data[4] = want.caption[1][0];
  cc_data[5] = want.caption[1][1];
  cc_data[6] = 0xfc;
  cc_data[7] = want.caption[0][0];
  cc_data[8] = want.caption[0][1];
  buf = new_frame (&info);
  add_meta (buf, GST_VIDEO_CAPTION_TYPE_CEA708_RAW, cc_data,
      sizeof (cc_data));
  fail_unless (send_and_capture (sink, src, card, buf, &got));
  check_pairs (&got, &want, 1);

  fail_unless (send_and_capture (sink, src, card, new_frame (&info), &got),
      "a frame without meta sent no null pairs");
  memset (&want, 0, sizeof (want));
  want.has_caption[0] = want.has_caption[1] = TRUE;
  want.caption[0][0] = want.caption[0][1] = 0x80;
  want.caption[1][0] = want.caption[1][1] = 0x80;
  check_pairs (&got, &want, 2);
  fail_unless_equals_int (count_warnings (bus), 0);

  teardown (sink, src, bus);
}

GST_END_TEST;

/* a card without a VBI output node: no warning, the video as ever */
GST_START_TEST (test_no_output_node)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstBus *bus = gst_bus_new ();
  GstHarness *sink, *src;
  GstVideoInfo info;

  fail_unless (gst_tv_hw_virtual_card_set_vbi_nodes (card,
          GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE |
          GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE));
  sink = new_sink ("S-Video Out", "NTSC", NULL, bus);
  src = new_src ("S-Video", "NTSC");
  set_caps (sink, &info, TRUE);
  check_video_looped (sink, src, card, &info);
  fail_unless_equals_int (count_warnings (bus), 0);

  teardown (sink, src, bus);
}

GST_END_TEST;

/* *INDENT-OFF* */
static const struct
{
  GstTvHwVirtualFault fault;
  GstTvHwVirtualFault trigger;  /* N_FAULTS: at once */
} vbi_faults[] = {
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, GST_TV_HW_VIRTUAL_N_FAULTS },
  { GST_TV_HW_VIRTUAL_FAULT_REQBUFS, GST_TV_HW_VIRTUAL_N_FAULTS },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, GST_TV_HW_VIRTUAL_N_FAULTS },
  { GST_TV_HW_VIRTUAL_FAULT_QBUF, GST_TV_HW_VIRTUAL_FAULT_STREAMON },
  { GST_TV_HW_VIRTUAL_FAULT_DQBUF, GST_TV_HW_VIRTUAL_FAULT_STREAMON },
};
/* *INDENT-ON* */

/* a VBI output node that fails: one warning naming it, captions off, the
 * video goes on */
GST_START_TEST (test_output_node_fault)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstBus *bus = gst_bus_new ();
  GstHarness *sink, *src;
  GstVideoInfo info;
  GstTvVbiData sent;
  GstMessage *msg;
  GError *err = NULL;
  gchar *dbg = NULL;
  guint i;

  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES);
  if (vbi_faults[__i__].trigger == GST_TV_HW_VIRTUAL_N_FAULTS)
    gst_tv_hw_virtual_card_inject_faults (card, vbi_faults[__i__].fault, EIO,
        G_MAXUINT);
  else
    gst_tv_hw_virtual_card_inject_faults_on (card, vbi_faults[__i__].trigger,
        vbi_faults[__i__].fault, EIO, G_MAXUINT);
  sink = new_sink ("S-Video Out", "NTSC", NULL, bus);
  src = new_src ("S-Video", "NTSC");
  set_caps (sink, &info, TRUE);
  frame_pairs (0, &sent);
  /* DQBUF's EIO is transient until the fifth in a row, one a frame sent:
   * these frames and check_video_looped()'s make five */
  for (i = 0; i < GST_V4L2_TV_MAX_IO_ERRORS - 1; i++)
    fail_unless_equals_int (gst_harness_push (sink, new_s334_frame (&info,
                &sent)), GST_FLOW_OK);
  check_video_looped (sink, src, card, &info);

  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no warning",
      gst_tv_hw_virtual_fault_name (vbi_faults[__i__].fault));
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_WARNING);
  gst_message_parse_warning (msg, &err, &dbg);
  GST_INFO ("%s: %s (%s)", gst_tv_hw_virtual_fault_name
      (vbi_faults[__i__].fault), err->message, dbg);
  fail_unless (strstr (err->message, "VBI device '" DEVICE "'") != NULL,
      "the warning does not name the VBI node: %s", err->message);
  fail_unless (strstr (dbg, gst_tv_hw_virtual_fault_name
          (vbi_faults[__i__].fault)) != NULL, "the warning does not say "
      "what failed: %s", dbg);
  g_error_free (err);
  g_free (dbg);
  gst_message_unref (msg);
  fail_unless_equals_int (count_warnings (bus), 0);

  teardown (sink, src, bus);
}

GST_END_TEST;

/* handles open on the card while the sink (alone) is in PAUSED with
 * @vbi_device and @norm, and the warnings it posted */
static guint
open_count (const gchar * vbi_device, const gchar * norm, guint * warnings)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstBus *bus = gst_bus_new ();
  GstHarness *sink = new_sink ("S-Video Out", norm, vbi_device, bus);
  GstVideoInfo info;
  GstTvVbiData sent;
  guint n, i;

  set_caps (sink, &info, g_str_equal (norm, "NTSC"));
  frame_pairs (0, &sent);
  for (i = 0; i < 3; i++) {
    fail_unless_equals_int (gst_harness_push (sink, new_s334_frame (&info,
                &sent)), GST_FLOW_OK);
    gst_tv_hw_virtual_card_emit_frames (card, 1);
  }
  n = gst_tv_hw_virtual_card_get_open_count (card);
  *warnings = count_warnings (bus);
  teardown (sink, NULL, bus);
  return n;
}

/* vbi-device="" never opens the VBI node */
GST_START_TEST (test_vbi_off)
{
  guint warnings, with, without;

  with = open_count (NULL, "NTSC", &warnings);
  fail_unless_equals_int (warnings, 0);
  without = open_count ("", "NTSC", &warnings);
  fail_unless_equals_int (warnings, 0);
  fail_unless_equals_int (with, 2);
  fail_unless_equals_int (without, 1);
}

GST_END_TEST;

/* 625 lines: nothing to send for captions, no warning, the captured
 * input has no caption */
GST_START_TEST (test_pal)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstBus *bus = gst_bus_new ();
  GstHarness *sink = new_sink ("S-Video Out", "PAL", NULL, bus);
  GstHarness *src = new_src ("S-Video", "PAL");
  GstVideoInfo info;
  GstTvVbiData sent, got;
  guint i;

  /* a fault on the VBI node's S_FMT would show if it were configured */
  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES);
  gst_tv_hw_virtual_card_inject_faults (card, GST_TV_HW_VIRTUAL_FAULT_S_FMT,
      EIO, G_MAXUINT);
  set_caps (sink, &info, FALSE);
  frame_pairs (0, &sent);
  for (i = 0; i < 3; i++)
    fail_if (send_and_capture (sink, src, card, new_s334_frame (&info,
                &sent), &got), "captions at 625 lines");
  check_video_looped (sink, src, card, &info);
  fail_unless_equals_int (count_warnings (bus), 0);

  teardown (sink, src, bus);
}

GST_END_TEST;

static Suite *
loopback_vbi_suite (void)
{
  Suite *s = suite_create ("loopback-vbi");
  TCase *tc_chain = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc_chain);

  v4l2tv_check_add_teardown (tc_chain);
  tcase_add_test (tc_chain, test_s334_loop);
  tcase_add_test (tc_chain, test_meta_types);
  tcase_add_test (tc_chain, test_no_output_node);
  tcase_add_loop_test (tc_chain, test_output_node_fault, 0,
      G_N_ELEMENTS (vbi_faults));
  tcase_add_test (tc_chain, test_vbi_off);
  tcase_add_test (tc_chain, test_pal);

  return s;
}

GST_CHECK_MAIN (loopback_vbi);
