/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * End to end: v4l2tvsink -> the virtual card's output, its loopback cable
 * -> a capture input -> v4l2tvsrc.
 *
 * The virtual card cables Composite Out to Composite2, S-Video Out to
 * S-Video and RF Modulator to Television. A known I420 picture whose two
 * fields differ goes into the sink; the source must give it back, line
 * for line (so with the field order intact) and within the rounding of
 * the 4:2:0 <-> 4:2:2 conversions. In one application with MANUAL pacing
 * (each emitted period displays a frame, then captures it), and in two
 * pipelines running in real time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "tvconvert.h"

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 3
#define DEVICE "virtual:3"

/* the conversions' rounding, each way */
#define TOLERANCE 2

/* --- the picture --- */

/* luma 60 on the top field (even lines), 180 on the bottom one, with a
 * ramp across; each field's chroma its own (chroma line 2j + f of
 * interlaced 4:2:0 belongs to field f), stepping across */
static guint8
pic_y (guint x, guint y)
{
  return ((y & 1) ? 180 : 60) + ((x >> 4) & 7) * 2;
}

static guint8
pic_u (guint cx, guint field)
{
  return (field ? 160 : 90) + ((cx >> 4) & 3) * 4;
}

static guint8
pic_v (guint cx, guint field)
{
  return (field ? 70 : 200) - ((cx >> 3) & 3) * 4;
}

static GstBuffer *
make_i420 (const GstVideoInfo * info)
{
  GstBuffer *buf = gst_buffer_new_allocate (NULL, info->size, NULL);
  GstVideoFrame frame;
  guint x, y, c;

  fail_unless (gst_video_frame_map (&frame, (GstVideoInfo *) info, buf,
          GST_MAP_WRITE));
  for (c = 0; c < 3; c++) {
    guint8 *data = GST_VIDEO_FRAME_COMP_DATA (&frame, c);
    gint stride = GST_VIDEO_FRAME_COMP_STRIDE (&frame, c);

    for (y = 0; y < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&frame, c); y++)
      for (x = 0; x < (guint) GST_VIDEO_FRAME_COMP_WIDTH (&frame, c); x++)
        data[y * stride + x] = c == 0 ? pic_y (x, y) :
            c == 1 ? pic_u (x, y & 1) : pic_v (x, y & 1);
  }
  gst_video_frame_unmap (&frame);

  return buf;
}

/* fail() only on a mismatch: fail_unless() per sample is slow under
 * valgrind */
static inline void
check_value (guint8 got, guint8 want, const gchar * what, guint x, guint y)
{
  if (G_UNLIKELY (ABS ((gint) got - (gint) want) > TOLERANCE))
    fail ("%s at %u,%u: %u, sent %u", what, x, y, got, want);
}

/* the captured packed 4:2:2 frame: every line is the line sent, with its
 * field's chroma */
static void
check_packed (GstVideoFrame * frame)
{
  gboolean uyvy = GST_VIDEO_FRAME_FORMAT (frame) == GST_VIDEO_FORMAT_UYVY;
  guint x, y;

  for (y = 0; y < (guint) GST_VIDEO_FRAME_HEIGHT (frame); y++) {
    const guint8 *line = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
        0) + y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0);

    for (x = 0; x < (guint) GST_VIDEO_FRAME_WIDTH (frame); x += 2) {
      const guint8 *m = line + x * 2;

      check_value (m[uyvy ? 1 : 0], pic_y (x, y), "Y", x, y);
      check_value (m[uyvy ? 3 : 2], pic_y (x + 1, y), "Y", x + 1, y);
      check_value (m[uyvy ? 0 : 1], pic_u (x / 2, y & 1), "U", x, y);
      check_value (m[uyvy ? 2 : 3], pic_v (x / 2, y & 1), "V", x, y);
    }
  }
}

/* the captured frame converted back to I420 (field by field): the I420
 * picture that was sent */
static void
check_back_to_i420 (GstVideoFrame * frame)
{
  GstVideoInfo out_info;
  GstVideoFrame out;
  GstTvConvert *convert;
  GstBuffer *buf;
  guint x, y, c;

  out_info = frame->info;
  gst_video_info_set_interlaced_format (&out_info, GST_VIDEO_FORMAT_I420,
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, GST_VIDEO_FRAME_WIDTH (frame),
      GST_VIDEO_FRAME_HEIGHT (frame));
  out_info.colorimetry = frame->info.colorimetry;
  GST_VIDEO_INFO_FIELD_ORDER (&out_info) =
      GST_VIDEO_INFO_FIELD_ORDER (&frame->info);
  convert = gst_tv_convert_new (&frame->info, &out_info);
  fail_unless (convert != NULL);
  buf = gst_buffer_new_allocate (NULL, out_info.size, NULL);
  fail_unless (gst_video_frame_map (&out, &out_info, buf, GST_MAP_WRITE));
  fail_unless (gst_tv_convert_frame (convert, frame, &out));

  for (c = 0; c < 3; c++) {
    const guint8 *data = GST_VIDEO_FRAME_COMP_DATA (&out, c);
    gint stride = GST_VIDEO_FRAME_COMP_STRIDE (&out, c);

    for (y = 0; y < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&out, c); y++)
      for (x = 0; x < (guint) GST_VIDEO_FRAME_COMP_WIDTH (&out, c); x++)
        check_value (data[y * stride + x], c == 0 ? pic_y (x, y) :
            c == 1 ? pic_u (x, y & 1) : pic_v (x, y & 1),
            c == 0 ? "I420 Y" : c == 1 ? "I420 U" : "I420 V", x, y);
  }

  gst_video_frame_unmap (&out);
  gst_buffer_unref (buf);
  gst_tv_convert_free (convert);
}

/* --- one application, MANUAL pacing --- */

static GstHarness *
new_sink (const gchar * output, const gchar * norm)
{
  return v4l2tv_check_new_sink (DEVICE, output, norm, NULL, NULL);
}

static GstHarness *
new_src (const gchar * input, const gchar * norm)
{
  return v4l2tv_check_new_src (DEVICE, input, norm);
}

/* what the virtual card drew into a frame of its own; FALSE for a frame
 * without marks, which is a looped one */
static gboolean
decode (GstBuffer * buf, GstCaps * caps, GstTvHwVirtualFrameInfo * fi)
{
  GstVideoFrame frame;
  GstVideoInfo info;
  gboolean ret;

  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  ret = gst_tv_hw_virtual_decode ((const guint8 *)
      GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
      (GST_VIDEO_INFO_FORMAT (&info) == GST_VIDEO_FORMAT_UYVY ? 1 : 0), 2,
      GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
      GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), fi);
  gst_video_frame_unmap (&frame);

  return ret;
}

/* *INDENT-OFF* */
static const struct
{
  const gchar *output;
  const gchar *input;
  const gchar *norm;
  gint height;
  const gchar *field_order;
} cables[] = {
  { "Composite Out", "Composite2", "PAL", 576, "top-field-first" },
  { "S-Video Out", "S-Video", "NTSC", 480, "bottom-field-first" },
  { "RF Modulator", "Television", "SECAM", 576, "top-field-first" },
  { "Composite Out", "Composite2", "PAL-M", 480, "bottom-field-first" },
};
/* *INDENT-ON* */

GST_START_TEST (test_loopback_i420)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *sink = new_sink (cables[__i__].output, cables[__i__].norm);
  GstHarness *src = new_src (cables[__i__].input, cables[__i__].norm);
  GstTvHwVirtualFrameInfo fi;
  GstVideoInfo info, cap_info;
  GstVideoFrame frame;
  GstCaps *caps;
  GstBuffer *buf = NULL;
  guint i;

  gst_video_info_set_interlaced_format (&info, GST_VIDEO_FORMAT_I420,
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 720, cables[__i__].height);
  GST_VIDEO_INFO_FIELD_ORDER (&info) =
      gst_video_field_order_from_string (cables[__i__].field_order);
  GST_VIDEO_INFO_FPS_N (&info) = cables[__i__].height == 480 ? 30000 : 25;
  GST_VIDEO_INFO_FPS_D (&info) = cables[__i__].height == 480 ? 1001 : 1;
  caps = gst_video_info_to_caps (&info);
  GST_INFO ("sending %" GST_PTR_FORMAT, caps);
  gst_harness_set_src_caps (sink, caps);

  /* the source runs on its own input's picture until the sink sends */
  buf = v4l2tv_check_pull_frame (src, card);
  caps = gst_pad_get_current_caps (src->sinkpad);
  fail_unless (decode (buf, caps, &fi), "a looped frame before any output");
  gst_caps_unref (caps);
  gst_buffer_unref (buf);

  fail_unless_equals_int (gst_harness_push (sink, make_i420 (&info)),
      GST_FLOW_OK);

  /* the next periods display it and capture it */
  for (i = 0; i < 10; i++) {
    buf = v4l2tv_check_pull_frame (src, card);
    caps = gst_pad_get_current_caps (src->sinkpad);
    if (!decode (buf, caps, &fi))
      break;
    gst_caps_unref (caps);
    gst_clear_buffer (&buf);
  }
  fail_unless (buf != NULL, "the frame sent never came back");

  fail_unless (gst_video_info_from_caps (&cap_info, caps));
  GST_INFO ("got back %" GST_PTR_FORMAT, caps);
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "field-order"),
      cables[__i__].field_order);
  fail_unless (gst_video_frame_map (&frame, &cap_info, buf, GST_MAP_READ));
  check_packed (&frame);
  check_back_to_i420 (&frame);
  gst_video_frame_unmap (&frame);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);

  gst_harness_teardown (src);
  gst_harness_teardown (sink);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* inputs without a cable from a playing output show their own picture;
 * the loop needs the same line count on both sides */
GST_START_TEST (test_not_looped)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *sink = new_sink ("Composite Out", "PAL");
  GstTvHwVirtualFrameInfo fi;
  GstVideoInfo info;
  GstHarness *src;
  GstCaps *caps;
  GstBuffer *buf;
  guint i;

  gst_video_info_set_interlaced_format (&info, GST_VIDEO_FORMAT_I420,
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED, 720, 576);
  GST_VIDEO_INFO_FIELD_ORDER (&info) = GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST;
  GST_VIDEO_INFO_FPS_N (&info) = 25;
  gst_harness_set_src_caps (sink, gst_video_info_to_caps (&info));
  fail_unless_equals_int (gst_harness_push (sink, make_i420 (&info)),
      GST_FLOW_OK);

  /* S-Video: the generator's own picture of input 2 */
  src = new_src ("S-Video", "PAL");
  for (i = 0; i < 3; i++) {
    buf = v4l2tv_check_pull_frame (src, card);
    caps = gst_pad_get_current_caps (src->sinkpad);
    fail_unless (decode (buf, caps, &fi), "S-Video got a looped frame");
    fail_unless_equals_int (fi.input, 2);
    fail_if (fi.no_signal);
    fail_unless (fi.top_field_ok && fi.bottom_field_ok);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
  gst_harness_teardown (src);

  /* Composite2 at 525 lines: no lock to a 625-line signal, no signal */
  src = new_src ("Composite2", "NTSC");
  for (i = 0; i < 3; i++) {
    buf = v4l2tv_check_pull_frame (src, card);
    caps = gst_pad_get_current_caps (src->sinkpad);
    fail_unless (decode (buf, caps, &fi), "a 525-line input got a looped "
        "625-line frame");
    fail_unless (fi.no_signal);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
  gst_harness_teardown (src);

  gst_harness_teardown (sink);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- two pipelines, in real time --- */

typedef struct
{
  guint frames, looped;
} Seen;

/* a looped frame of videotestsrc's grey: luma 126 (RGB 128 in BT.601
 * limited range), chroma 128, everywhere */
static GstPadProbeReturn
count_looped (GstPad * pad, GstPadProbeInfo * pinfo, gpointer user_data)
{
  Seen *seen = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (pinfo);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoFrame frame;
  GstVideoInfo info;
  gboolean grey = TRUE;
  guint x, y;

  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_caps_unref (caps);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  for (y = 0; y < (guint) GST_VIDEO_INFO_HEIGHT (&info) && grey; y += 7) {
    const guint8 *line = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
        0) + y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (x = 0; x < (guint) GST_VIDEO_INFO_WIDTH (&info) * 2 && grey; x += 2)
      grey = ABS ((gint) line[x] - 126) <= 3 &&
          ABS ((gint) line[x + 1] - 128) <= 3;
  }
  gst_video_frame_unmap (&frame);

  seen->frames++;
  if (grey)
    seen->looped++;

  return GST_PAD_PROBE_OK;
}

GST_START_TEST (test_two_pipelines)
{
  GstElement *out, *in, *fakesink;
  GstMessage *msg;
  GstBus *bus;
  GstPad *pad;
  Seen *seen;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  out = gst_parse_launch ("videotestsrc pattern=solid-color "
      "foreground-color=0xff808080 ! video/x-raw, format=I420 ! "
      "v4l2tvsink device=" DEVICE " output=\"Composite Out\" norm=NTSC", NULL);
  v4l2tv_check_track (out);
  in = gst_parse_launch ("v4l2tvsrc device=" DEVICE " input=Composite2 "
      "norm=NTSC num-buffers=30 ! video/x-raw, format=YUY2 ! "
      "fakesink name=sink", NULL);
  v4l2tv_check_track (in);
  seen = v4l2tv_check_track_data (in, sizeof (Seen), NULL);
  fail_unless (out != NULL && in != NULL);
  fakesink = gst_bin_get_by_name (GST_BIN (in), "sink");
  pad = gst_element_get_static_pad (fakesink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_looped, seen, NULL);
  gst_object_unref (pad);
  gst_object_unref (fakesink);

  fail_unless (gst_element_set_state (out, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (out, NULL, NULL, V4L2TV_CHECK_WAIT) ==
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (gst_element_set_state (in, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);

  bus = gst_element_get_bus (in);
  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "timeout");
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_object_unref (bus);

  GST_INFO ("%u of %u frames looped", seen->looped, seen->frames);
  fail_unless_equals_int (seen->frames, 30);
  /* all but the first few, captured before a frame was displayed */
  fail_unless (seen->looped >= 25, "%u of %u frames looped", seen->looped,
      seen->frames);

  gst_element_set_state (in, GST_STATE_NULL);
  gst_element_set_state (out, GST_STATE_NULL);
  gst_object_unref (in);
  gst_object_unref (out);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
loopback_suite (void)
{
  Suite *s = suite_create ("loopback");
  TCase *tc_chain = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc_chain);

  v4l2tv_check_add_teardown (tc_chain);
  tcase_add_loop_test (tc_chain, test_loopback_i420, 0, G_N_ELEMENTS (cables));
  tcase_add_test (tc_chain, test_not_looped);
  tcase_add_test (tc_chain, test_two_pipelines);

  return s;
}

GST_CHECK_MAIN (loopback);
