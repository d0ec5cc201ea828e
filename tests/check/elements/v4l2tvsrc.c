/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for v4l2tvsrc against the virtual TV card.
 *
 * The element is registered in-process from the static elements library,
 * so the test and the element share the virtual cards: the test configures
 * a card (pacing, inputs, faults) through tvhw-virtual.h and reads back the
 * marks the card draws into every frame. Harness tests use MANUAL pacing
 * (frames only when the test emits them), pipeline tests FREERUN.
 *
 * The tcase "convert" covers the formats the element converts to with
 * tvconvert (I420, NV12, BGRx, ...): their caps, the marks read back from
 * the converted frames, field integrity against the library's own
 * conversion, a live switch while converting and the count of objects
 * created per converted frame (none).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/check/gsttestclock.h>
#include <gst/base/gstbasesrc.h>
#include <gst/video/video.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"
#include "tvconvert.h"

#define CARD 1
#define DEVICE "virtual:1"

#define NTSC_PERIOD (gst_util_uint64_scale_int (GST_SECOND, 1001, 30000))
#define PAL_PERIOD (GST_SECOND / 25)

static GstHarness *
new_harness (const gchar * input, const gchar * norm)
{
  GstHarness *h = gst_harness_new ("v4l2tvsrc");

  v4l2tv_check_track (h->element);
  v4l2tv_check_record_caps (h);
  /* frame periods of MANUAL pacing are the test's, not real time: filler
   * frames (tests/check/elements/v4l2tvsrc-signal.c) would get in the
   * way */
  g_object_set (h->element, "device", DEVICE, NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "signal-loss", "wait");
  if (input)
    g_object_set (h->element, "input", input, NULL);
  if (norm)
    gst_util_set_object_arg (G_OBJECT (h->element), "norm", norm);

  return h;
}

/* the caps @buf came with (new_harness() records them) */
static GstCaps *
frame_caps (GstBuffer * buf)
{
  return v4l2tv_check_frame_caps (buf);
}

static GstCaps *
current_caps (GstHarness * h)
{
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);

  fail_unless (caps != NULL);
  return caps;
}

/* reads the marks the virtual card drew into @buf: from the luma of a YUV
 * format (packed or planar), from the green of an RGB one (the marks are
 * grey: luma 16 and 235 become 0 and 255, the decoder's threshold is
 * halfway between 16 and 235) */
static void
decode_frame (GstBuffer * buf, GstCaps * caps, GstTvHwVirtualFrameInfo * fi)
{
  GstVideoFrame frame;
  GstVideoInfo info;
  guint comp;

  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  comp = GST_VIDEO_INFO_IS_RGB (&info) ? GST_VIDEO_COMP_G : GST_VIDEO_COMP_Y;
  fail_unless (gst_tv_hw_virtual_decode (GST_VIDEO_FRAME_COMP_DATA (&frame,
              comp), GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, comp),
          GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
          GST_VIDEO_FRAME_COMP_STRIDE (&frame, comp), fi),
      "no marks in the frame");
  gst_video_frame_unmap (&frame);
}

static gsize
caps_frame_size (GstCaps * caps)
{
  GstVideoInfo info;

  fail_unless (gst_video_info_from_caps (&info, caps));
  return info.size;
}

/* the frame is a clean picture of input @input with both fields in place */
static void
check_frame (GstBuffer * buf, GstCaps * caps, guint input)
{
  GstTvHwVirtualFrameInfo fi;

  decode_frame (buf, caps, &fi);
  fail_unless_equals_int (fi.input, input);
  fail_unless (fi.top_field_ok, "top field mark missing");
  fail_unless (fi.bottom_field_ok, "bottom field mark missing");
  fail_if (fi.no_signal);
  fail_unless_equals_uint64 (fi.sequence, GST_BUFFER_OFFSET (buf));
}

static gint
caps_height (GstCaps * caps)
{
  gint height = 0;

  fail_unless (gst_structure_get_int (gst_caps_get_structure (caps, 0),
          "height", &height));
  return height;
}

/* --- general --- */

GST_START_TEST (test_types)
{
  GEnumClass *klass;
  GstElement *src;
  GParamSpec *pspec;
  /* *INDENT-OFF* */
  static const struct { const gchar *nick; v4l2_std_id std; } nicks[] = {
    { "NTSC", V4L2_STD_NTSC }, { "NTSC-M", V4L2_STD_NTSC_M },
    { "NTSC-M-JP", V4L2_STD_NTSC_M_JP }, { "NTSC-M-KR", V4L2_STD_NTSC_M_KR },
    { "NTSC-443", V4L2_STD_NTSC_443 }, { "PAL", V4L2_STD_PAL },
    { "PAL-BG", V4L2_STD_PAL_BG }, { "PAL-B", V4L2_STD_PAL_B },
    { "PAL-B1", V4L2_STD_PAL_B1 }, { "PAL-G", V4L2_STD_PAL_G },
    { "PAL-H", V4L2_STD_PAL_H },
    { "PAL-I", V4L2_STD_PAL_I }, { "PAL-DK", V4L2_STD_PAL_DK },
    { "PAL-D", V4L2_STD_PAL_D }, { "PAL-D1", V4L2_STD_PAL_D1 },
    { "PAL-K", V4L2_STD_PAL_K },
    { "PAL-M", V4L2_STD_PAL_M }, { "PAL-N", V4L2_STD_PAL_N },
    { "PAL-Nc", V4L2_STD_PAL_Nc }, { "PAL-60", V4L2_STD_PAL_60 },
    { "SECAM", V4L2_STD_SECAM }, { "SECAM-B", V4L2_STD_SECAM_B },
    { "SECAM-G", V4L2_STD_SECAM_G }, { "SECAM-H", V4L2_STD_SECAM_H },
    { "SECAM-DK", V4L2_STD_SECAM_DK }, { "SECAM-D", V4L2_STD_SECAM_D },
    { "SECAM-K", V4L2_STD_SECAM_K }, { "SECAM-K1", V4L2_STD_SECAM_K1 },
    { "SECAM-L", V4L2_STD_SECAM_L },
    { "SECAM-Lc", V4L2_STD_SECAM_LC },
  };
  /* *INDENT-ON* */
  guint i;

  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  fail_unless (src != NULL);

  /* no clash with gst-plugins-good's v4l2 types */
  fail_unless_equals_string (G_OBJECT_TYPE_NAME (src), "GstV4l2TvSrc");
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src), "norm");
  fail_unless (pspec != NULL);
  fail_unless_equals_string (g_type_name (pspec->value_type),
      "GstV4l2TvStandard");
  fail_unless (pspec->flags & G_PARAM_STATIC_NAME);

  klass = g_type_class_ref (pspec->value_type);
  /* and current and auto */
  fail_unless_equals_int (klass->n_values, G_N_ELEMENTS (nicks) + 2);
  fail_unless_equals_int (g_enum_get_value_by_nick (klass, "current")->value,
      0);
  fail_unless_equals_int (g_enum_get_value_by_nick (klass, "auto")->value, -1);
  for (i = 0; i < G_N_ELEMENTS (nicks); i++) {
    GEnumValue *v = g_enum_get_value_by_nick (klass, nicks[i].nick);

    fail_unless (v != NULL, "no norm %s", nicks[i].nick);
    fail_unless_equals_uint64 ((guint64) v->value, nicks[i].std);
  }
  g_type_class_unref (klass);

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src), "device");
  fail_unless (pspec->flags & GST_PARAM_MUTABLE_READY);
  fail_unless_equals_string (G_PARAM_SPEC_STRING (pspec)->default_value,
      "/dev/video0");
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src),
      "device-name");
  fail_if (pspec->flags & G_PARAM_WRITABLE);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src), "input");
  fail_unless (pspec != NULL && pspec->value_type == G_TYPE_STRING);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (src),
      "dropped-frames");
  fail_if (pspec->flags & G_PARAM_WRITABLE);

  fail_unless (gst_base_src_is_live (GST_BASE_SRC (src)));
  gst_object_unref (src);
}

GST_END_TEST;

GST_START_TEST (test_device_name)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBuffer *buf;
  gchar *name;

  g_object_get (h->element, "device-name", &name, NULL);
  fail_unless (name == NULL);

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  g_object_get (h->element, "device-name", &name, NULL);
  fail_unless (name != NULL && *name != '\0');
  GST_INFO ("card name '%s'", name);
  g_free (name);

  gst_element_set_state (h->element, GST_STATE_NULL);
  g_object_get (h->element, "device-name", &name, NULL);
  fail_unless (name == NULL);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static void
check_input_selection (const gchar * input, const gchar * norm, guint expected)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness (input, norm);
  GstBuffer *buf;
  GstCaps *caps;
  guint i;

  gst_harness_play (h);
  for (i = 0; i < 3; i++) {
    buf = v4l2tv_check_pull_frame (h, card);
    caps = frame_caps (buf);
    check_frame (buf, caps, expected);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_input_by_name)
{
  check_input_selection ("Composite1", "NTSC", 1);
  /* case-insensitive */
  check_input_selection ("s-VIDEO", "PAL", 2);
}

GST_END_TEST;

GST_START_TEST (test_input_by_index)
{
  check_input_selection ("2", "PAL", 2);
  check_input_selection ("1", "NTSC", 1);
}

GST_END_TEST;

GST_START_TEST (test_input_kept_when_unset)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstTvHwDevice *dev;
  GError *err = NULL;
  GstHarness *h;
  GstBuffer *buf;
  GstCaps *caps;

  /* someone (v4l2-ctl -i 1 -s ntsc) set the card up before */
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_input (dev, 1, &err));
  fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC_M, &err));
  gst_tv_hw_device_close (dev);

  h = new_harness (NULL, NULL);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  check_frame (buf, caps, 1);
  fail_unless_equals_int (caps_height (caps), 480);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* *INDENT-OFF* */
static const struct
{
  const gchar *input;
  guint input_index;
  const gchar *norm;
  gint height, fps_n, fps_d, par_n, par_d;
  const gchar *field_order;
} norm_cases[] = {
  { "Composite1", 1, "NTSC", 480, 30000, 1001, 10, 11, "bottom-field-first" },
  { "Composite1", 1, "NTSC-M-JP", 480, 30000, 1001, 10, 11,
    "bottom-field-first" },
  { "S-Video", 2, "PAL", 576, 25, 1, 59, 54, "top-field-first" },
  { "Television", 0, "PAL-BG", 576, 25, 1, 59, 54, "top-field-first" },
  { "S-Video", 2, "SECAM", 576, 25, 1, 59, 54, "top-field-first" },
  { "Composite1", 1, "PAL-M", 480, 30000, 1001, 10, 11,
    "bottom-field-first" },
};
/* *INDENT-ON* */

GST_START_TEST (test_norm_caps)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness (norm_cases[__i__].input,
      norm_cases[__i__].norm);
  GstStructure *s;
  GstBuffer *buf;
  GstCaps *caps;
  gint n, d;

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  GST_INFO ("%s: %" GST_PTR_FORMAT, norm_cases[__i__].norm, caps);

  fail_unless (gst_caps_is_fixed (caps));
  s = gst_caps_get_structure (caps, 0);
  fail_unless_equals_string (gst_structure_get_string (s, "format"), "YUY2");
  fail_unless (gst_structure_get_int (s, "width", &n));
  fail_unless_equals_int (n, 720);
  fail_unless_equals_int (caps_height (caps), norm_cases[__i__].height);
  fail_unless (gst_structure_get_fraction (s, "framerate", &n, &d));
  fail_unless_equals_int (n, norm_cases[__i__].fps_n);
  fail_unless_equals_int (d, norm_cases[__i__].fps_d);
  fail_unless (gst_structure_get_fraction (s, "pixel-aspect-ratio", &n, &d));
  fail_unless_equals_int (n, norm_cases[__i__].par_n);
  fail_unless_equals_int (d, norm_cases[__i__].par_d);
  fail_unless_equals_string (gst_structure_get_string (s, "interlace-mode"),
      "interleaved");
  fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
      norm_cases[__i__].field_order);
  fail_unless_equals_string (gst_structure_get_string (s, "colorimetry"),
      "bt601");

  /* the buffer agrees with the caps */
  fail_unless_equals_int (gst_buffer_get_size (buf),
      720 * 2 * norm_cases[__i__].height);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_VIDEO_BUFFER_FLAG_INTERLACED));
  fail_unless_equals_int (GST_BUFFER_FLAG_IS_SET (buf,
          GST_VIDEO_BUFFER_FLAG_TFF),
      g_str_equal (norm_cases[__i__].field_order, "top-field-first"));
  fail_unless_equals_uint64 (GST_BUFFER_DURATION (buf),
      gst_util_uint64_scale_int (GST_SECOND, norm_cases[__i__].fps_d,
          norm_cases[__i__].fps_n));
  check_frame (buf, caps, norm_cases[__i__].input_index);

  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_format_first_accepted)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBuffer *buf;
  GstCaps *caps;

  /* the card lists YUYV first; downstream only takes UYVY */
  gst_harness_set_sink_caps_str (h, "video/x-raw, format=UYVY");
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "format"), "UYVY");
  check_frame (buf, caps, 1);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static guint
count_caps_events (GstHarness * h)
{
  GstEvent *ev;
  guint n = 0;

  while ((ev = gst_harness_try_pull_event (h))) {
    if (GST_EVENT_TYPE (ev) == GST_EVENT_CAPS)
      n++;
    gst_event_unref (ev);
  }
  return n;
}

/* pulls until a frame of @input at @height comes; frames of other inputs
 * may only come before it */
static void
pull_until_switched (GstHarness * h, GstTvHwVirtualCard * card, guint input,
    gint height)
{
  gboolean seen = FALSE;
  guint i;

  for (i = 0; i < 200 && !seen; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (h, card);
    GstCaps *caps = frame_caps (buf);
    GstTvHwVirtualFrameInfo fi;

    decode_frame (buf, caps, &fi);
    fail_unless_equals_int (gst_buffer_get_size (buf), caps_frame_size (caps));
    seen = fi.input == input && caps_height (caps) == height;
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
  fail_unless (seen, "never switched to input %u at height %d", input, height);

  /* from now on only the new input */
  for (i = 0; i < 3; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (h, card);
    GstCaps *caps = frame_caps (buf);

    check_frame (buf, caps, input);
    fail_unless_equals_int (caps_height (caps), height);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
}

GST_START_TEST (test_switch_live)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBuffer *buf;
  GstCaps *caps;

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  check_frame (buf, caps, 1);
  fail_unless_equals_int (caps_height (caps), 480);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  fail_unless_equals_int (count_caps_events (h), 1);

  /* NTSC on Composite1 -> PAL on S-Video: 480 -> 576 */
  g_object_set (h->element, "input", "S-Video", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  pull_until_switched (h, card, 2, 576);
  fail_unless (count_caps_events (h) >= 1, "no new caps event");

  /* and back: 576 -> 480 */
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "NTSC");
  g_object_set (h->element, "input", "Composite1", NULL);
  pull_until_switched (h, card, 1, 480);
  fail_unless (count_caps_events (h) >= 1, "no new caps event");

  /* the norm alone, same input */
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL-M");
  pull_until_switched (h, card, 1, 480);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  pull_until_switched (h, card, 1, 576);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a switch with no frame coming (no signal, MANUAL pacing) still happens
 * at once: the property wakes the streaming thread */
GST_START_TEST (test_switch_while_waiting)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBuffer *buf;

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  fail_unless_equals_int (count_caps_events (h), 1);

  /* the streaming thread is now blocked waiting for a frame */
  g_usleep (50 * 1000);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  /* renegotiates before any frame is emitted */
  {
    gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
    GstEvent *ev = NULL;

    while (g_get_monotonic_time () < end) {
      ev = gst_harness_try_pull_event (h);
      if (ev && GST_EVENT_TYPE (ev) == GST_EVENT_CAPS)
        break;
      gst_clear_event (&ev);
      g_usleep (1000);
    }
    fail_unless (ev != NULL, "no caps event after the switch");
    gst_event_unref (ev);
  }

  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* downstream keeps frames across a switch (a sink's last sample, a queue):
 * they stay valid after the card's buffers are freed */
GST_START_TEST (test_held_buffers)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBuffer *held[10];
  GstCaps *caps;
  guint i;

  gst_harness_play (h);
  /* more than the card has buffers: the element copies rather than starve
   * the card */
  for (i = 0; i < G_N_ELEMENTS (held); i++)
    held[i] = v4l2tv_check_pull_frame (h, card);
  caps = current_caps (h);
  for (i = 0; i < G_N_ELEMENTS (held); i++)
    check_frame (held[i], caps, 1);

  g_object_set (h->element, "input", "S-Video", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  pull_until_switched (h, card, 2, 576);

  /* still the old frames, and readable */
  for (i = 0; i < G_N_ELEMENTS (held); i++) {
    check_frame (held[i], caps, 1);
    gst_buffer_unref (held[i]);
  }
  gst_caps_unref (caps);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_persistence)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstTvHwDevice *dev;
  GError *err = NULL;
  GstHarness *h;
  GstBuffer *buf;
  GstCaps *caps;
  v4l2_std_id std = 0;
  guint32 input = 0;

  /* PAL-M (525 lines) differs from the card's power-on PAL */
  h = new_harness ("S-Video", "PAL-M");
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);

  /* the card kept the settings after close */
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_input (dev, &input, &err));
  fail_unless_equals_int (input, 2);
  fail_unless (gst_tv_hw_device_get_std (dev, &std, &err));
  fail_unless_equals_uint64 (std, V4L2_STD_PAL_M);
  gst_tv_hw_device_close (dev);

  /* a second element with nothing set sees them */
  h = new_harness (NULL, NULL);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  check_frame (buf, caps, 2);
  fail_unless_equals_int (caps_height (caps), 480);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_sequence_gaps)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstElement *src = h->element;
  GstBus *bus = gst_bus_new ();
  GstBuffer *buf;
  GstMessage *msg;
  guint64 dropped = 0, last, gaps = 0, received = 0, processed, qos_dropped;
  GstFormat format;

  gst_element_set_bus (src, bus);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), 0);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
  last = GST_BUFFER_OFFSET (buf);
  received++;
  gst_buffer_unref (buf);

  /* 50 frames at once: the card has only a few buffers queued and drops
   * the rest, as a real one does when the application is late */
  gst_tv_hw_virtual_card_emit_frames (card, 50);
  do {
    buf = v4l2tv_check_pull_frame (h, card);
    fail_unless (GST_BUFFER_OFFSET (buf) > last);
    if (GST_BUFFER_OFFSET (buf) != last + 1) {
      gaps += GST_BUFFER_OFFSET (buf) - last - 1;
      fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
    } else {
      fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
    }
    last = GST_BUFFER_OFFSET (buf);
    received++;
    gst_buffer_unref (buf);
  } while (last < 50);

  fail_unless (gaps > 0);
  g_object_get (src, "dropped-frames", &dropped, NULL);
  fail_unless_equals_uint64 (dropped, gaps);
  fail_unless_equals_uint64 (dropped + received, last + 1);

  /* and a QoS message said so */
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_QOS);
  fail_unless (msg != NULL);
  gst_message_parse_qos_stats (msg, &format, &processed, &qos_dropped);
  fail_unless_equals_int (format, GST_FORMAT_BUFFERS);
  fail_unless (qos_dropped > 0 && qos_dropped <= dropped);
  gst_message_unref (msg);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the QoS messages on @bus with reason "dropped" (the others are
 * dropped); fails on an error */
static guint
count_drop_messages (GstBus * bus, guint64 * last_dropped)
{
  GstMessage *msg;
  guint n = 0;

  while ((msg = gst_bus_pop (bus))) {
    fail_if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR);
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_QOS &&
        g_strcmp0 (gst_structure_get_string (gst_message_get_structure (msg),
                "reason"), "dropped") == 0) {
      gst_message_parse_qos_stats (msg, NULL, NULL, last_dropped);
      n++;
    }
    gst_message_unref (msg);
  }
  return n;
}

static guint64
dropped_frames (GstElement * src)
{
  guint64 dropped = G_MAXUINT64;

  g_object_get (src, "dropped-frames", &dropped, NULL);
  return dropped;
}

/* pulls the next frame and checks its sequence number and DISCONT flag */
static void
pull_sequence (GstHarness * h, GstTvHwVirtualCard * card, guint32 sequence,
    gboolean discont)
{
  GstBuffer *buf = v4l2tv_check_pull_frame (h, card);

  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), sequence);
  fail_unless_equals_int (GST_BUFFER_FLAG_IS_SET (buf,
          GST_BUFFER_FLAG_DISCONT), discont);
  gst_buffer_unref (buf);
}

/* one bogus sequence number, then a jump forward that one frame period
 * cannot explain: discontinuities, not drops */
GST_START_TEST (test_sequence_bogus)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBus *bus = gst_bus_new ();
  guint64 last = 0;

  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  pull_sequence (h, card, 0, TRUE);
  pull_sequence (h, card, 1, FALSE);

  gst_tv_hw_virtual_card_set_sequence (card, 0xfffffff0, TRUE);
  pull_sequence (h, card, 0xfffffff0, TRUE);
  pull_sequence (h, card, 3, TRUE);
  pull_sequence (h, card, 4, FALSE);
  gst_tv_hw_virtual_card_set_sequence (card, 1000, FALSE);
  pull_sequence (h, card, 1000, TRUE);
  pull_sequence (h, card, 1001, FALSE);
  fail_unless_equals_uint64 (dropped_frames (h->element), 0);
  fail_unless_equals_int (count_drop_messages (bus, &last), 0);

  /* real drops are still counted after that */
  gst_tv_hw_virtual_card_drop_frames (card, 3);
  pull_sequence (h, card, 1005, TRUE);
  fail_unless_equals_uint64 (dropped_frames (h->element), 3);
  fail_unless_equals_int (count_drop_messages (bus, &last), 1);
  fail_unless_equals_uint64 (last, 3);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the sequence wraps around past G_MAXUINT32: drops across the wrap are
 * counted as such */
GST_START_TEST (test_sequence_wrap)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBus *bus = gst_bus_new ();
  guint64 last = 0;

  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  pull_sequence (h, card, 0, TRUE);
  /* the jump from 0 to 0xfffffffd is no drop */
  gst_tv_hw_virtual_card_set_sequence (card, 0xfffffffd, FALSE);
  pull_sequence (h, card, 0xfffffffd, TRUE);
  pull_sequence (h, card, 0xfffffffe, FALSE);
  pull_sequence (h, card, 0xffffffff, FALSE);
  pull_sequence (h, card, 0, FALSE);
  pull_sequence (h, card, 1, FALSE);
  fail_unless_equals_uint64 (dropped_frames (h->element), 0);

  gst_tv_hw_virtual_card_set_sequence (card, 0xfffffffe, FALSE);
  pull_sequence (h, card, 0xfffffffe, TRUE);
  gst_tv_hw_virtual_card_drop_frames (card, 2);
  pull_sequence (h, card, 1, TRUE);
  fail_unless_equals_uint64 (dropped_frames (h->element), 2);
  fail_unless_equals_int (count_drop_messages (bus, &last), 1);
  fail_unless_equals_uint64 (last, 2);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a signal gap: the card delivers nothing for 25 periods while its
 * sequence goes on; the missing numbers are the gap (fillers, or nothing
 * with signal-loss=wait), not drops. With stall, the card first stalls
 * with its signal present, long enough for a filler to go out before the
 * signal is lost: the source has not seen the loss until it has read the
 * input's status again, so the test waits for that, not for a filler (on
 * a loaded machine such a filler came first, and the test let the signal
 * back before the source had read it lost: 23 drops) */
/* *INDENT-OFF* */
static const struct
{
  const gchar *mode;
  gboolean stall;
} gap_cases[] = {
  { "wait", FALSE },
  { "repeat", FALSE },
  { "repeat", TRUE },
};
/* *INDENT-ON* */

/* whether @msg says that the input has no signal */
static gboolean
is_no_signal_message (GstMessage * msg)
{
  gboolean signal = TRUE;

  return gst_message_has_name (msg, "v4l2tv-signal") &&
      gst_structure_get_boolean (gst_message_get_structure (msg), "signal",
      &signal) && !signal;
}

GST_START_TEST (test_gap_not_dropped)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  gboolean repeat = g_str_equal (gap_cases[__i__].mode, "repeat");
  GstBus *bus = gst_bus_new ();
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  guint64 gaps = 0, last = 0;
  gboolean seen = FALSE;
  GstBuffer *buf;

  /* fillers are due on the pipeline's clock: a running one */
  gst_harness_use_systemclock (h);
  gst_util_set_object_arg (G_OBJECT (h->element), "signal-loss",
      gap_cases[__i__].mode);
  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  pull_sequence (h, card, 0, TRUE);

  /* a filler for the stall goes out, with the signal present; it stays
   * in the harness, the first buffer the loop below sees */
  while (gap_cases[__i__].stall && gaps == 0) {
    fail_unless (g_get_monotonic_time () < end, "no filler for the stall");
    g_object_get (h->element, "gap-frames", &gaps, NULL);
    g_usleep (1000);
  }

  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 1, 0));
  gst_tv_hw_virtual_card_emit_frames (card, 25);
  /* until the source has read the input's status in the gap and found
   * no signal (a filler, or with signal-loss=wait a wait in vain, read
   * it): the missing numbers are a gap from then on */
  while (!seen) {
    GstMessage *msg;

    fail_unless (g_get_monotonic_time () < end, "the source did not see "
        "the signal lost");
    while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT))) {
      seen = seen || is_no_signal_message (msg);
      gst_message_unref (msg);
    }
    g_usleep (1000);
  }
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 1, V4L2_STD_NTSC_M));

  /* the first card frame after the gap (fillers before it) */
  do {
    buf = v4l2tv_check_pull_frame (h, card);
    if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP)) {
      gst_buffer_unref (buf);
      buf = NULL;
    }
  } while (buf == NULL);
  fail_unless (GST_BUFFER_OFFSET (buf) >= 26);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
  gst_buffer_unref (buf);

  g_object_get (h->element, "gap-frames", &gaps, NULL);
  fail_unless_equals_int (gaps > 0, repeat);
  fail_unless_equals_uint64 (dropped_frames (h->element), 0);
  fail_unless_equals_int (count_drop_messages (bus, &last), 0);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the signal comes back while the source reads the input in a gap: the
 * bus's sync handler (in the streaming thread, as the source says "no
 * signal") gives it back, so the source's next read of the status, for
 * the same filler, finds it again */
typedef struct
{
  GstTvHwVirtualCard *card;
  gint restored;
} SignalBack;

static GstBusSyncReply
give_signal_back (GstBus * bus, GstMessage * msg, gpointer user_data)
{
  SignalBack *back = user_data;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
      is_no_signal_message (msg) && g_atomic_int_get (&back->restored) == 0) {
    fail_unless (gst_tv_hw_virtual_card_set_signal (back->card, 1,
            V4L2_STD_NTSC_M));
    g_atomic_int_set (&back->restored, 1);
  }
  return GST_BUS_PASS;
}

/* the missing numbers of a gap in which the source read the input without
 * a signal are no drops, even when the signal was back at its next read
 * (it was counted 23 drops: only the status read last counted) */
GST_START_TEST (test_gap_signal_back_at_once)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBus *bus = gst_bus_new ();
  SignalBack back = { card, 0 };
  GstTestClock *clock;
  guint64 gaps = 0, last = 0;
  GstBuffer *buf;

  /* the harness's test clock: no filler is due until the test says so */
  gst_util_set_object_arg (G_OBJECT (h->element), "signal-loss", "repeat");
  gst_bus_set_sync_handler (bus, give_signal_back, &back, NULL);
  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  pull_sequence (h, card, 0, TRUE);

  gst_tv_hw_virtual_card_set_no_signal_frames (card, FALSE);
  fail_unless (gst_tv_hw_virtual_card_set_signal (card, 1, 0));
  gst_tv_hw_virtual_card_emit_frames (card, 25);
  /* fillers due for the next three periods, then the card's frame 26 */
  clock = gst_harness_get_testclock (h);
  gst_test_clock_set_time (clock, gst_clock_get_time (GST_CLOCK (clock)) +
      4 * NTSC_PERIOD);
  gst_object_unref (clock);
  buf = gst_harness_pull (h);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP));
  gst_buffer_unref (buf);
  fail_unless (g_atomic_int_get (&back.restored), "no \"no-signal\" message "
      "before the first filler");
  do {
    buf = v4l2tv_check_pull_frame (h, card);
    if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP))
      gst_clear_buffer (&buf);
  } while (buf == NULL);
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), 26);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
  gst_buffer_unref (buf);

  g_object_get (h->element, "gap-frames", &gaps, NULL);
  fail_unless (gaps > 0);
  fail_unless_equals_uint64 (dropped_frames (h->element), 0);
  fail_unless_equals_int (count_drop_messages (bus, &last), 0);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* frames the card did not complete: flagged V4L2_BUF_FLAG_ERROR, short,
 * empty; dropped or pushed flagged CORRUPTED, in the card's format and
 * converted */
/* *INDENT-OFF* */
static const struct
{
  const gchar *mode;
  const gchar *format;
} corrupted_cases[] = {
  { NULL, "YUY2" },             /* the default: drop */
  { "drop", "I420" },
  { "mark", "YUY2" },
  { "mark", "I420" },
};
/* *INDENT-ON* */

GST_START_TEST (test_corrupted_frames)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  const gchar *mode = corrupted_cases[__i__].mode;
  gboolean drop = mode == NULL || g_str_equal (mode, "drop");
  GstElement *src = h->element;
  GstBus *bus = gst_bus_new ();
  guint64 count = 0, dropped = 1, processed, qos_dropped, qos_count;
  guint64 card_lost, extra = 0, next = 0;
  guint n_qos = 0, n_signal = 0, i;
  gboolean corrupted;
  GstMessage *msg;
  GstFormat format;
  GstBuffer *buf;
  gchar *caps;
  gint value;

  g_object_get (src, "corrupted-frames", &value, NULL);
  fail_unless_equals_int (value, 1);    /* drop */
  if (mode)
    gst_util_set_object_arg (G_OBJECT (src), "corrupted-frames", mode);
  caps = g_strdup_printf ("video/x-raw, format=%s",
      corrupted_cases[__i__].format);
  gst_harness_set_sink_caps_str (h, caps);
  g_free (caps);
  gst_element_set_bus (src, bus);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), 0);
  gst_buffer_unref (buf);

  /* frame 1 flagged, 2 short, 3 empty (the source has buffers queued for
   * them) */
  gst_tv_hw_virtual_card_corrupt_frames (card, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  gst_tv_hw_virtual_card_inject_frame_faults (card,
      GST_TV_HW_VIRTUAL_FRAME_SHORT, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  gst_tv_hw_virtual_card_inject_frame_faults (card,
      GST_TV_HW_VIRTUAL_FRAME_EMPTY, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  /* on a loaded machine pull_frame may have emitted good frames after
   * frame 0 already (it emits until one comes out): they come first,
   * numbered on from 1, and the faults land on the three after them */
  if (!drop) {
    for (;;) {
      buf = v4l2tv_check_pull_frame (h, card);
      if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_CORRUPTED))
        break;
      fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), extra + 1);
      extra++;
      gst_buffer_unref (buf);
    }
    /* in order; a fault the card had no buffer for lands on the next
     * frame it fills */
    next = extra + 1;
    for (i = 1; i <= 3; i++) {
      if (i > 1)
        buf = v4l2tv_check_pull_frame (h, card);
      fail_unless (GST_BUFFER_OFFSET (buf) >= next, "marked frame %u is %"
          G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT " or later", i,
          GST_BUFFER_OFFSET (buf), next);
      fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_CORRUPTED),
          "frame %u not marked", i);
      next = GST_BUFFER_OFFSET (buf) + 1;
      gst_buffer_unref (buf);
    }
    buf = v4l2tv_check_pull_frame (h, card);
  } else {
    for (;;) {
      buf = v4l2tv_check_pull_frame (h, card);
      fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_CORRUPTED));
      if (GST_BUFFER_OFFSET (buf) != extra + 1 ||
          GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT))
        break;
      extra++;
      gst_buffer_unref (buf);
    }
  }
  /* the frame after the corrupted ones (extra + 4), or a later one when
   * the card had no buffer queued for it (the test emits faster than the
   * source gives the buffers back) */
  fail_unless (GST_BUFFER_OFFSET (buf) >= extra + 4, "frame %" G_GUINT64_FORMAT
      " after %" G_GUINT64_FORMAT " good ones", GST_BUFFER_OFFSET (buf), extra);
  fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_CORRUPTED));
  /* a dropped frame is a discontinuity */
  if (drop)
    next = extra + 4;
  if (GST_BUFFER_OFFSET (buf) == next) {
    fail_unless_equals_int (GST_BUFFER_FLAG_IS_SET (buf,
            GST_BUFFER_FLAG_DISCONT), drop);
  } else {
    fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_DISCONT));
  }

  g_object_get (src, "corrupted-count", &count, "dropped-frames", &dropped,
      NULL);
  fail_unless_equals_uint64 (count, 3);
  /* the frames the card lost, not the corrupted ones */
  fail_unless_equals_uint64 (dropped, GST_BUFFER_OFFSET (buf) - extra - 4);
  card_lost = dropped;
  gst_buffer_unref (buf);

  /* a QoS message each, the signal messages at the first corrupted frame
   * and at the first complete one after */
  while ((msg = gst_bus_pop (bus))) {
    const GstStructure *st = gst_message_get_structure (msg);

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_QOS) {
      gst_message_parse_qos_stats (msg, &format, &processed, &qos_dropped);
      fail_unless_equals_int (format, GST_FORMAT_BUFFERS);
      if (g_str_equal (gst_structure_get_string (st, "reason"), "dropped")) {
        /* the card's own */
        fail_unless (card_lost > 0);
        gst_message_unref (msg);
        continue;
      }
      n_qos++;
      fail_unless_equals_string (gst_structure_get_string (st, "reason"),
          "corrupted");
      fail_unless (gst_structure_get_uint64 (st, "corrupted-count",
              &qos_count));
      fail_unless_equals_uint64 (qos_count, n_qos);
      /* the QoS dropped total also holds the frames the card lost
       * before (none unless the card ran out of buffers) */
      fail_unless (qos_dropped >= (drop ? n_qos : 0) &&
          qos_dropped <= (drop ? n_qos : 0) + card_lost,
          "QoS dropped %" G_GUINT64_FORMAT " at corrupted frame %u, the "
          "card lost %" G_GUINT64_FORMAT, qos_dropped, n_qos, card_lost);
    } else if (gst_message_has_name (msg, "v4l2tv-signal")) {
      n_signal++;
      fail_unless (gst_structure_get_boolean (st, "corrupted", &corrupted));
      fail_unless (gst_structure_get_uint64 (st, "corrupted-count",
              &qos_count));
      fail_unless_equals_int (corrupted, n_signal == 1);
      fail_unless_equals_uint64 (qos_count, n_signal == 1 ? 1 : 3);
    } else {
      fail_unless (GST_MESSAGE_TYPE (msg) != GST_MESSAGE_ERROR);
    }
    gst_message_unref (msg);
  }
  fail_unless_equals_int (n_qos, 3);
  fail_unless_equals_int (n_signal, 2);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_latency)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstQuery *query;
  GstBuffer *buf;
  GstClockTime min, max;
  gboolean live;

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  query = gst_query_new_latency ();
  fail_unless (gst_element_query (h->element, query));
  gst_query_parse_latency (query, &live, &min, &max);
  fail_unless (live);
  fail_unless_equals_uint64 (min, NTSC_PERIOD);
  fail_unless (max >= 2 * min && max % min == 0, "max %" GST_TIME_FORMAT,
      GST_TIME_ARGS (max));
  gst_query_unref (query);

  /* filler frames (signal-loss repeat or black) go out half a period
   * after their timestamp: one period still (elements/v4l2tvsrc-latency.c
   * checks them at a synchronised sink) */
  gst_util_set_object_arg (G_OBJECT (h->element), "signal-loss", "black");
  query = gst_query_new_latency ();
  fail_unless (gst_element_query (h->element, query));
  gst_query_parse_latency (query, &live, &min, &max);
  fail_unless_equals_uint64 (min, NTSC_PERIOD);
  fail_unless (max >= min, "max %" GST_TIME_FORMAT, GST_TIME_ARGS (max));
  gst_query_unref (query);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

typedef struct
{
  guint count;
  GstClockTime last_pts;
  guint64 last_offset;
  GstCaps *caps;
} Frames;

static GstPadProbeReturn
frame_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Frames *f = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);

  fail_unless (GST_BUFFER_PTS_IS_VALID (buf));
  fail_unless_equals_uint64 (GST_BUFFER_DURATION (buf), NTSC_PERIOD);
  fail_unless (GST_BUFFER_FLAG_IS_SET (buf, GST_VIDEO_BUFFER_FLAG_INTERLACED));
  fail_if (GST_BUFFER_FLAG_IS_SET (buf, GST_VIDEO_BUFFER_FLAG_TFF));
  if (f->count > 0) {
    GstClockTime delta;

    fail_unless (GST_BUFFER_PTS (buf) > f->last_pts);
    fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), f->last_offset + 1);
    /* the driver's timestamps have microseconds; the first frame began
     * before the pipeline played (at a running time below 0, so its PTS
     * is 0) when the card started streaming less than a period after */
    delta = GST_BUFFER_PTS (buf) - f->last_pts;
    if (f->last_pts > 0)
      fail_unless (delta + GST_USECOND >= NTSC_PERIOD &&
          delta <= NTSC_PERIOD + GST_USECOND, "delta %" GST_TIME_FORMAT,
          GST_TIME_ARGS (delta));
  }
  f->last_pts = GST_BUFFER_PTS (buf);
  f->last_offset = GST_BUFFER_OFFSET (buf);
  if (f->caps == NULL)
    f->caps = gst_pad_get_current_caps (pad);
  f->count++;

  return GST_PAD_PROBE_OK;
}

static void
frames_clear (gpointer data)
{
  Frames *f = data;

  gst_clear_caps (&f->caps);
}

/* runs @launch (a pipeline with a fakesink named sink) to EOS; @f gets
 * what the probe saw, copied out of the probe's own data (the pipeline's,
 * v4l2tv_check_track_data()) once the pipeline is in NULL */
static void
run_to_eos (const gchar * launch, Frames * f)
{
  GstElement *pipeline, *sink;
  GstMessage *msg;
  GstBus *bus;
  GstPad *pad;
  Frames *seen;

  pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  seen = v4l2tv_check_track_data (pipeline, sizeof (Frames), frames_clear);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, frame_probe, seen, NULL);
  gst_object_unref (pad);
  gst_object_unref (sink);

  bus = gst_element_get_bus (pipeline);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "timeout");
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  /* the caps are @f's now */
  *f = *seen;
  seen->caps = NULL;
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_START_TEST (test_timestamps)
{
  Frames f = { 0, };

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run_to_eos ("v4l2tvsrc device=" DEVICE " input=Composite1 norm=NTSC "
      "num-buffers=30 ! fakesink name=sink", &f);
  fail_unless_equals_int (f.count, 30);
  gst_caps_unref (f.caps);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the done-criterion */
GST_START_TEST (test_num_buffers_300)
{
  Frames f = { 0, };
  GstCaps *expected;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  run_to_eos ("v4l2tvsrc device=" DEVICE " input=Composite1 norm=NTSC "
      "num-buffers=300 ! fakesink name=sink", &f);
  fail_unless_equals_int (f.count, 300);

  expected = gst_caps_from_string ("video/x-raw, format=YUY2, width=720, "
      "height=480, framerate=30000/1001, pixel-aspect-ratio=10/11, "
      "interlace-mode=interleaved, field-order=bottom-field-first, "
      "colorimetry=bt601");
  fail_unless (gst_caps_is_equal (f.caps, expected), "caps %" GST_PTR_FORMAT,
      f.caps);
  gst_caps_unref (expected);
  gst_caps_unref (f.caps);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a create() blocked on a card that sends nothing returns as soon as the
 * pipeline shuts down */
GST_START_TEST (test_unlock)
{
  GstElement *pipeline;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  pipeline = gst_parse_launch ("v4l2tvsrc device=" DEVICE " input=Composite1 "
      "norm=NTSC ! fakesink async=false", NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          V4L2TV_CHECK_WAIT) == GST_STATE_CHANGE_SUCCESS);
  /* until create() waits for the card */
  g_usleep (100 * 1000);

  /* without the unlock, this would not return (the check's timeout ends
   * the test); how long it takes is not the test's business */
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- errors --- */

static GstMessage *
pop_message (GstBus * bus, GstMessageType type)
{
  GstMessage *msg;

  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
      type | GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no message");
  return msg;
}

/* @launch fails with an ERROR message of @domain and @code */
static void
expect_error_full (const gchar * launch, GQuark domain, gint code,
    const gchar * contains)
{
  GstElement *pipeline;
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL;
  GstBus *bus;

  pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = pop_message (bus, GST_MESSAGE_ERROR);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
  gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("%s: %s (%s)", launch, err->message, debug);
  fail_unless (g_error_matches (err, domain, code), "got %s/%d: %s",
      g_quark_to_string (err->domain), err->code, err->message);
  fail_unless_equals_string (GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), "src");
  /* the tests run untranslated */
  if (contains)
    fail_unless (strstr (err->message, contains) != NULL, "'%s' not in '%s'",
        contains, err->message);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);

  /* ours is the only error at start: no generic "Failed to start" from
   * GstBaseSrc after it (posted, if at all, in the same call as ours; the
   * bus is flushed in NULL). A failure while streaming is followed by
   * GstBaseSrc's "Internal data stream error", as in every source. */
  v4l2tv_check_stream_errors_only (bus, launch);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

static void
expect_error (const gchar * launch, GQuark domain, gint code)
{
  expect_error_full (launch, domain, code, NULL);
}

#define SRC "v4l2tvsrc name=src device=" DEVICE " "
#define SINK " ! fakesink"

GST_START_TEST (test_error_device_missing)
{
  expect_error ("v4l2tvsrc name=src device=/dev/v4l2tv-test-missing" SINK,
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND);
  /* a virtual card that does not exist */
  expect_error ("v4l2tvsrc name=src device=virtual:99" SINK,
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND);
}

GST_END_TEST;

GST_START_TEST (test_error_not_v4l2)
{
  /* a character device that is no video device */
  expect_error ("v4l2tvsrc name=src device=/dev/null" SINK,
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND);
}

GST_END_TEST;

GST_START_TEST (test_error_unknown_input)
{
  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  expect_error (SRC "input=Foo" SINK, GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS);
  /* past the last index */
  expect_error (SRC "input=4" SINK, GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* downstream takes none of the formats the source has: an error that
 * names the device, what it has and what downstream takes, and the fix */
GST_START_TEST (test_error_no_common_format)
{
  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  expect_error_full (SRC "! video/x-raw,format=RGB16" SINK, GST_CORE_ERROR,
      GST_CORE_ERROR_NEGOTIATION, "Device '" DEVICE "' gives 720x576 video "
      "at 25/1 frames per second as YUY2, ");
  expect_error_full (SRC "! video/x-raw,format=RGB16" SINK, GST_CORE_ERROR,
      GST_CORE_ERROR_NEGOTIATION, "(it takes RGB16). Convert it after "
      "v4l2tvsrc (videoconvert, videoscale, videorate).");
  /* a frame size the standard does not have: no format fits either */
  expect_error_full (SRC "norm=NTSC ! video/x-raw,width=640,height=480" SINK,
      GST_CORE_ERROR, GST_CORE_ERROR_NEGOTIATION, "gives 720x480 video at "
      "30000/1001 frames per second as YUY2, ");
  expect_error_full (SRC "norm=NTSC ! video/x-raw,width=640,height=480" SINK,
      GST_CORE_ERROR, GST_CORE_ERROR_NEGOTIATION, "(it takes video/x-raw, "
      "width=(int)640, height=(int)480)");
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a card with a PAL-only tuner and an input without standards */
static const GstTvHwVirtualInput special_inputs[] = {
  {"Tuner", V4L2_INPUT_TYPE_TUNER, V4L2_STD_PAL, V4L2_STD_PAL_BG, 0},
  {"HDMI", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
};

GST_START_TEST (test_error_norm)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, special_inputs,
          G_N_ELEMENTS (special_inputs)));
  /* not one the input accepts */
  expect_error (SRC "input=Tuner norm=NTSC" SINK, GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS);
  expect_error (SRC "input=Tuner norm=SECAM-L" SINK, GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS);
  /* any norm on an input without standards: the stock v4l2src ignores
   * it, we don't */
  expect_error (SRC "input=HDMI norm=PAL" SINK, GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* without a norm, an input without standards (camera, HDMI) streams what
 * the card gives, without colorimetry a standard would imply */
GST_START_TEST (test_input_without_standards)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h;
  GstBuffer *buf;
  GstCaps *caps;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, special_inputs,
          G_N_ELEMENTS (special_inputs)));
  h = new_harness ("HDMI", NULL);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  GST_INFO ("HDMI: %" GST_PTR_FORMAT, caps);
  fail_unless (gst_caps_is_fixed (caps));
  fail_if (gst_structure_has_field (gst_caps_get_structure (caps, 0),
          "colorimetry"));
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a broken or unusual driver: no inputs, no standards on any input, no
 * formats (or none the element handles): one clear error, whatever the
 * properties ask for, and never an empty list indexed */
static const GstTvHwVirtualInput no_std_inputs[] = {
  {"HDMI", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
  {"Webcam", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0},
};

static const guint32 mjpeg_only[] = { V4L2_PIX_FMT_MJPEG };

/* *INDENT-OFF* */
static const struct
{
  gint n_inputs;                /* -1: the default inputs */
  gint n_formats;               /* -1: the default formats, 1: MJPG */
  const gchar *args;
  const gchar *text;            /* in the message */
} empty_cases[] = {
  { 0, -1, "", "has no inputs" },
  { 0, -1, "input=0", "has no inputs" },
  { 0, -1, "input=Composite1", "has no inputs" },
  { 0, -1, "norm=PAL", "has no inputs" },
  { 2, -1, "norm=PAL", "has no analog TV standards" },
  { 2, -1, "input=Webcam norm=auto", "has no analog TV standards" },
  { -1, 0, "", "offers no video format" },
  { -1, 0, "input=Composite1 norm=NTSC", "offers no video format" },
  { -1, 1, "input=Composite1 norm=NTSC", "offers no video format" },
  { 2, 0, "input=HDMI", "offers no video format" },
};
/* *INDENT-ON* */

GST_START_TEST (test_error_empty_card)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  gchar *launch;

  if (empty_cases[__i__].n_inputs >= 0)
    fail_unless (gst_tv_hw_virtual_card_set_inputs (card, no_std_inputs,
            empty_cases[__i__].n_inputs));
  if (empty_cases[__i__].n_formats >= 0)
    fail_unless (gst_tv_hw_virtual_card_set_formats (card, mjpeg_only,
            empty_cases[__i__].n_formats));
  launch = g_strconcat (SRC, empty_cases[__i__].args, SINK, NULL);
  expect_error_full (launch, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
      empty_cases[__i__].text);
  g_free (launch);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* an input without standards on a card without any still streams */
GST_START_TEST (test_no_standards_at_all)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h;
  GstBuffer *buf;

  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, no_std_inputs,
          G_N_ELEMENTS (no_std_inputs)));
  h = new_harness ("Webcam", NULL);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a driver call failing once: the error each failure gives, by its
 * errno (busy, disconnected, out of memory, I/O error, or the request
 * refused), whatever the call */
/* *INDENT-OFF* */
#define NTSC_ARGS "input=Composite1 norm=NTSC"
static const struct
{
  GstTvHwVirtualFault fault;
  gint err;
  const gchar *args;
  gint code;                    /* GST_RESOURCE_ERROR_* */
  const gchar *text;            /* in the message, or NULL */
} fault_cases[] = {
  { GST_TV_HW_VIRTUAL_FAULT_OPEN, EBUSY, "", GST_RESOURCE_ERROR_BUSY,
    "is busy" },
  { GST_TV_HW_VIRTUAL_FAULT_OPEN, EACCES, "", GST_RESOURCE_ERROR_OPEN_READ,
    NULL },
  { GST_TV_HW_VIRTUAL_FAULT_OPEN, EIO, "", GST_RESOURCE_ERROR_OPEN_READ,
    "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_INPUT, EIO, "input=S-Video",
    GST_RESOURCE_ERROR_SETTINGS, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_INPUT, EINVAL, "input=S-Video",
    GST_RESOURCE_ERROR_SETTINGS, "Could not select input 'S-Video'" },
  { GST_TV_HW_VIRTUAL_FAULT_S_INPUT, ENODEV, "input=S-Video",
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
  { GST_TV_HW_VIRTUAL_FAULT_S_STD, EIO, NTSC_ARGS,
    GST_RESOURCE_ERROR_SETTINGS, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_STD, ENOMEM, NTSC_ARGS,
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_S_STD, EBUSY, NTSC_ARGS,
    GST_RESOURCE_ERROR_BUSY, "is busy" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, EIO, NTSC_ARGS,
    GST_RESOURCE_ERROR_SETTINGS, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, ENODEV, NTSC_ARGS,
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, ENOMEM, NTSC_ARGS,
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, EBUSY, NTSC_ARGS,
    GST_RESOURCE_ERROR_BUSY, "is busy" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, EINVAL, NTSC_ARGS,
    GST_RESOURCE_ERROR_SETTINGS, "does not accept the video format" },
  { GST_TV_HW_VIRTUAL_FAULT_REQBUFS, ENOMEM, NTSC_ARGS,
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_REQBUFS, EIO, NTSC_ARGS,
    GST_RESOURCE_ERROR_READ, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_REQBUFS, EBUSY, NTSC_ARGS,
    GST_RESOURCE_ERROR_BUSY, "is busy" },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, EIO, NTSC_ARGS,
    GST_RESOURCE_ERROR_FAILED, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, EINVAL, NTSC_ARGS,
    GST_RESOURCE_ERROR_FAILED, "Could not start capturing" },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, ENODEV, NTSC_ARGS,
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
  /* EIO is a lost frame (tests/check/elements/v4l2tvsrc-signal.c) */
  { GST_TV_HW_VIRTUAL_FAULT_DQBUF, EINVAL, NTSC_ARGS,
    GST_RESOURCE_ERROR_READ, "Could not read from device" },
  { GST_TV_HW_VIRTUAL_FAULT_DQBUF, ENODEV, NTSC_ARGS,
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
};
/* *INDENT-ON* */

GST_START_TEST (test_error_fault)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  gchar *launch;

  /* the video capture node's faults: the VBI node's are only warnings
   * (elements/v4l2tvsrc-vbi.c); a STREAMON fault on the card would
   * otherwise go to whichever node streams first */
  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  gst_tv_hw_virtual_card_inject_fault (card, fault_cases[__i__].fault,
      fault_cases[__i__].err);
  launch = g_strconcat (SRC, fault_cases[__i__].args, SINK, NULL);
  expect_error_full (launch, GST_RESOURCE_ERROR, fault_cases[__i__].code,
      fault_cases[__i__].text);
  g_free (launch);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the input and norm properties read @input and the norm nick @norm */
static void
check_in_force (GstElement * src, const gchar * input, const gchar * norm)
{
  GValue e = G_VALUE_INIT;
  GEnumClass *klass;
  gchar *v = NULL;

  g_object_get (src, "input", &v, NULL);
  fail_unless_equals_string (v, input);
  g_free (v);
  g_object_get_property (G_OBJECT (src), "norm", &e);
  klass = g_type_class_ref (G_VALUE_TYPE (&e));
  fail_unless_equals_string (g_enum_get_value (klass,
          g_value_get_enum (&e))->value_nick, norm);
  g_type_class_unref (klass);
  g_value_unset (&e);
}

/* a driver bug: DQBUF gives an index past the last buffer; the error
 * says so, in the card's format and converting */
static const gchar *const bad_index_formats[] = { "YUY2", "I420" };

GST_START_TEST (test_error_bad_index)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBus *bus = gst_bus_new ();
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL, *caps;
  GstBuffer *buf;

  caps = g_strdup_printf ("video/x-raw, format=%s", bad_index_formats[__i__]);
  gst_harness_set_sink_caps_str (h, caps);
  g_free (caps);
  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  gst_tv_hw_virtual_card_inject_frame_faults (card,
      GST_TV_HW_VIRTUAL_FRAME_BAD_INDEX, 1);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error");
  gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("%s (%s)", err->message, debug);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_READ));
  fail_unless (strstr (debug, "index") != NULL, "%s", debug);
  fail_if (strstr (debug, "in use") != NULL, "%s", debug);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a bad input set while playing warns and capture goes on */
GST_START_TEST (test_error_live_unknown_input)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBus *bus = gst_bus_new ();
  GError *err = NULL;
  GstMessage *msg;
  GstBuffer *buf;
  GstCaps *caps;
  guint i;

  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  g_object_set (h->element, "input", "Foo", NULL);
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_WARNING);
  gst_message_parse_warning (msg, &err, NULL);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS));
  g_clear_error (&err);
  gst_message_unref (msg);

  for (i = 0; i < 3; i++) {
    buf = v4l2tv_check_pull_frame (h, card);
    caps = frame_caps (buf);
    check_frame (buf, caps, 1);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
  /* the properties read what is in force, not the refused request */
  check_in_force (h->element, "Composite1", "NTSC");

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* device and audio-input are applied at start: set while playing, they are
 * refused with a warning that names them, and read what is in force; an
 * empty input is unset, as in a v4l2tv:// URI */
GST_START_TEST (test_refused_while_playing)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBus *bus = gst_bus_new ();
  const gchar *props[] = { "device", "audio-input" };
  const gchar *values[] = { "virtual:5", "1" };
  const gchar *in_force[] = { DEVICE, NULL };
  GstBuffer *buf;
  gchar *v;
  guint i;

  g_object_set (h->element, "input", "", NULL);
  g_object_get (h->element, "input", &v, NULL);
  fail_unless (v == NULL, "input '' reads '%s'", v);
  g_object_set (h->element, "input", "Composite1", "audio-input", "", NULL);
  g_object_get (h->element, "audio-input", &v, NULL);
  fail_unless (v == NULL, "audio-input '' reads '%s'", v);

  gst_element_set_bus (h->element, bus);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  for (i = 0; i < G_N_ELEMENTS (props); i++) {
    GstMessage *msg;
    GError *err = NULL;

    g_object_set (h->element, props[i], values[i], NULL);
    msg = pop_message (bus, GST_MESSAGE_WARNING);
    fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_WARNING);
    gst_message_parse_warning (msg, &err, NULL);
    fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
            GST_RESOURCE_ERROR_SETTINGS));
    fail_unless (strstr (err->message, props[i]) != NULL, "%s", err->message);
    fail_unless (strstr (err->message, values[i]) != NULL, "%s", err->message);
    g_clear_error (&err);
    gst_message_unref (msg);
    g_object_get (h->element, props[i], &v, NULL);
    fail_unless_equals_string (v, in_force[i]);
    g_free (v);
  }
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- convert --- */

/* what tvconvert makes from the virtual card's YUY2, in its table's order */
static const gchar *converted_formats[] = {
  "I420", "YV12", "NV12", "Y42B", "BGRx", "BGRA", "RGBx", "RGBA", "xRGB",
  "ARGB", "xBGR", "ABGR",
};

static void
check_same_field (const GstStructure * s, const GstStructure * native,
    const gchar * field)
{
  const GValue *a = gst_structure_get_value (s, field);
  const GValue *b = gst_structure_get_value (native, field);

  fail_unless (a != NULL && b != NULL, "no %s", field);
  fail_unless_equals_int (gst_value_compare (a, b), GST_VALUE_EQUAL);
}

/* a converted structure: the native frame in another format, with the
 * chroma siting of tvconvert for YUV and full-range RGB colorimetry */
static void
check_converted_structure (const GstStructure * s, const GstStructure * native,
    const gchar * format)
{
  GstCaps *caps = gst_caps_new_full (gst_structure_copy (s), NULL);
  GstVideoInfo info;

  fail_unless_equals_string (gst_structure_get_string (s, "format"), format);
  check_same_field (s, native, "width");
  check_same_field (s, native, "height");
  check_same_field (s, native, "framerate");
  check_same_field (s, native, "pixel-aspect-ratio");
  check_same_field (s, native, "interlace-mode");
  check_same_field (s, native, "field-order");
  fail_unless (gst_caps_is_fixed (caps));
  fail_unless (gst_video_info_from_caps (&info, caps));
  if (GST_VIDEO_INFO_IS_YUV (&info)) {
    fail_unless_equals_string (gst_structure_get_string (s, "chroma-site"),
        "mpeg2");
    fail_unless_equals_int (info.chroma_site, GST_VIDEO_CHROMA_SITE_MPEG2);
    fail_unless_equals_string (gst_structure_get_string (s, "colorimetry"),
        "bt601");
  } else {
    fail_if (gst_structure_has_field (s, "chroma-site"));
    fail_unless_equals_int (info.colorimetry.matrix,
        GST_VIDEO_COLOR_MATRIX_RGB);
    fail_unless_equals_int (info.colorimetry.range,
        GST_VIDEO_COLOR_RANGE_0_255);
    fail_unless_equals_int (info.colorimetry.primaries,
        GST_VIDEO_COLOR_PRIMARIES_SMPTE170M);
  }
  gst_caps_unref (caps);
}

GST_START_TEST (test_convert_caps_order)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("S-Video", "PAL");
  const GstStructure *native;
  GstBuffer *buf;
  GstCaps *caps;
  GstPad *pad;
  guint i;

  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  gst_buffer_unref (buf);

  pad = gst_element_get_static_pad (h->element, "src");
  caps = gst_pad_query_caps (pad, NULL);
  gst_object_unref (pad);
  GST_INFO ("caps %" GST_PTR_FORMAT, caps);

  /* the card's formats, in its order (ENUM_FMT: YUYV, UYVY), as it gives
   * them, then the conversions of the first */
  fail_unless_equals_int (gst_caps_get_size (caps),
      2 + G_N_ELEMENTS (converted_formats));
  native = gst_caps_get_structure (caps, 0);
  fail_unless_equals_string (gst_structure_get_string (native, "format"),
      "YUY2");
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 1), "format"), "UYVY");
  for (i = 0; i < 2; i++)
    fail_if (gst_structure_has_field (gst_caps_get_structure (caps, i),
            "chroma-site"));
  for (i = 0; i < G_N_ELEMENTS (converted_formats); i++)
    check_converted_structure (gst_caps_get_structure (caps, 2 + i), native,
        converted_formats[i]);
  gst_caps_unref (caps);

  /* downstream takes anything: the card's own format */
  caps = current_caps (h);
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "format"), "YUY2");
  gst_caps_unref (caps);
  gst_harness_teardown (h);

  /* downstream would rather have I420 but takes YUY2 too: still the
   * card's own format, no conversion */
  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  h = new_harness ("S-Video", "PAL");
  gst_harness_set_sink_caps_str (h, "video/x-raw, format=I420; "
      "video/x-raw, format=YUY2");
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "format"), "YUY2");
  check_frame (buf, caps, 2);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* *INDENT-OFF* */
static const struct
{
  const gchar *format;
  const gchar *input;
  guint input_index;
  const gchar *norm;
  gint height;
  gboolean tff;
} convert_cases[] = {
  { "I420", "Composite1", 1, "NTSC", 480, FALSE },
  { "I420", "S-Video", 2, "PAL", 576, TRUE },
  { "NV12", "Composite1", 1, "NTSC", 480, FALSE },
  { "NV12", "S-Video", 2, "PAL", 576, TRUE },
  { "BGRx", "Composite1", 1, "NTSC", 480, FALSE },
  { "BGRx", "S-Video", 2, "PAL", 576, TRUE },
};
/* *INDENT-ON* */

/* the format, the standard's frame and the marks, through the conversion */
GST_START_TEST (test_convert_negotiation)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness (convert_cases[__i__].input,
      convert_cases[__i__].norm);
  gchar *sink_caps;
  guint64 last = 0;
  guint i;

  sink_caps = g_strdup_printf ("video/x-raw, format=%s",
      convert_cases[__i__].format);
  gst_harness_set_sink_caps_str (h, sink_caps);
  g_free (sink_caps);
  gst_harness_play (h);

  for (i = 0; i < 3; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (h, card);
    GstCaps *caps = frame_caps (buf);
    const GstStructure *s = gst_caps_get_structure (caps, 0);
    gboolean rgb;
    gint width;

    GST_INFO ("%s %s: %" GST_PTR_FORMAT, convert_cases[__i__].format,
        convert_cases[__i__].norm, caps);
    rgb = g_str_has_prefix (convert_cases[__i__].format, "BGR");
    fail_unless_equals_string (gst_structure_get_string (s, "format"),
        convert_cases[__i__].format);
    fail_unless (gst_structure_get_int (s, "width", &width));
    fail_unless_equals_int (width, 720);
    fail_unless_equals_int (caps_height (caps), convert_cases[__i__].height);
    fail_unless_equals_string (gst_structure_get_string (s,
            "interlace-mode"), "interleaved");
    fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
        convert_cases[__i__].tff ? "top-field-first" : "bottom-field-first");
    if (rgb)
      fail_if (gst_structure_has_field (s, "chroma-site"));
    else
      fail_unless_equals_string (gst_structure_get_string (s, "chroma-site"),
          "mpeg2");

    fail_unless_equals_int (gst_buffer_get_size (buf), caps_frame_size (caps));
    fail_unless (GST_BUFFER_FLAG_IS_SET (buf,
            GST_VIDEO_BUFFER_FLAG_INTERLACED));
    fail_unless_equals_int (GST_BUFFER_FLAG_IS_SET (buf,
            GST_VIDEO_BUFFER_FLAG_TFF), convert_cases[__i__].tff);
    fail_unless_equals_uint64 (GST_BUFFER_DURATION (buf),
        convert_cases[__i__].height == 480 ? NTSC_PERIOD : PAL_PERIOD);
    fail_unless (GST_BUFFER_PTS_IS_VALID (buf));
    if (i > 0)
      fail_unless_equals_uint64 (GST_BUFFER_OFFSET (buf), last + 1);
    last = GST_BUFFER_OFFSET (buf);

    /* input, sequence number and both fields survive the conversion */
    check_frame (buf, caps, convert_cases[__i__].input_index);

    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the first frame of a fresh card, in @format */
static GstBuffer *
first_frame (const gchar * input, const gchar * norm, const gchar * format,
    GstCaps ** caps)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness (input, norm);
  gchar *sink_caps;
  GstBuffer *buf;

  sink_caps = g_strdup_printf ("video/x-raw, format=%s", format);
  gst_harness_set_sink_caps_str (h, sink_caps);
  g_free (sink_caps);
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  *caps = frame_caps (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);

  return buf;
}

/* @native converted by tvconvert into the frame of @caps, the way the
 * element should, or frame by frame when @progressive */
static GstBuffer *
reference_conversion (GstBuffer * native, GstCaps * native_caps,
    GstCaps * caps, gboolean progressive)
{
  GstVideoInfo in_info, out_info;
  GstVideoFrame in, out;
  GstTvConvert *convert;
  GstBuffer *buf;

  fail_unless (gst_video_info_from_caps (&in_info, native_caps));
  fail_unless (gst_video_info_from_caps (&out_info, caps));
  if (progressive) {
    GST_VIDEO_INFO_INTERLACE_MODE (&in_info) =
        GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
    GST_VIDEO_INFO_INTERLACE_MODE (&out_info) =
        GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
  }
  convert = gst_tv_convert_new (&in_info, &out_info);
  fail_unless (convert != NULL);
  fail_unless (gst_tv_convert_is_fast_path (convert));

  buf = gst_buffer_new_allocate (NULL, out_info.size, NULL);
  fail_unless (gst_video_frame_map (&in, &in_info, native, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out, &out_info, buf, GST_MAP_WRITE));
  fail_unless (gst_tv_convert_frame (convert, &in, &out));
  gst_video_frame_unmap (&out);
  gst_video_frame_unmap (&in);
  gst_tv_convert_free (convert);

  return buf;
}

static gboolean
buffers_equal (GstBuffer * a, GstBuffer * b)
{
  GstMapInfo map;
  gboolean ret;

  if (gst_buffer_get_size (a) != gst_buffer_get_size (b))
    return FALSE;
  fail_unless (gst_buffer_map (b, &map, GST_MAP_READ));
  ret = gst_buffer_memcmp (a, 0, map.data, map.size) == 0;
  gst_buffer_unmap (b, &map);

  return ret;
}

/* *INDENT-OFF* */
static const struct
{
  const gchar *format;
  const gchar *input;
  guint input_index;
  const gchar *norm;
} field_cases[] = {
  { "I420", "Composite1", 1, "NTSC" },
  { "NV12", "S-Video", 2, "PAL" },
  { "YV12", "S-Video", 2, "PAL" },
};
/* *INDENT-ON* */

/*
 * Field integrity: the virtual card's pictures are deterministic, so the
 * first frame of a fresh card in YUY2 and the first in 4:2:0 are the same
 * picture. The element's 4:2:0 frame is exactly tvconvert's field by field
 * conversion of it (each field's chroma from that field's lines only),
 * and not the frame-wise one, which mixes the fields' chroma; both fields'
 * marks are in the luma.
 */
GST_START_TEST (test_convert_fields)
{
  GstBuffer *native, *converted, *fields, *frame;
  GstCaps *native_caps, *caps;

  native = first_frame (field_cases[__i__].input, field_cases[__i__].norm,
      "YUY2", &native_caps);
  converted = first_frame (field_cases[__i__].input, field_cases[__i__].norm,
      field_cases[__i__].format, &caps);
  fail_unless_equals_uint64 (GST_BUFFER_OFFSET (converted),
      GST_BUFFER_OFFSET (native));
  check_frame (converted, caps, field_cases[__i__].input_index);

  fields = reference_conversion (native, native_caps, caps, FALSE);
  frame = reference_conversion (native, native_caps, caps, TRUE);
  /* the picture has chroma that differs between the fields */
  fail_if (buffers_equal (fields, frame));
  fail_unless (buffers_equal (converted, fields),
      "not tvconvert's field-wise conversion");

  gst_buffer_unref (frame);
  gst_buffer_unref (fields);
  gst_buffer_unref (converted);
  gst_buffer_unref (native);
  gst_caps_unref (caps);
  gst_caps_unref (native_caps);
}

GST_END_TEST;

static void
check_format (GstHarness * h, const gchar * format)
{
  GstCaps *caps = current_caps (h);

  fail_unless_equals_string (gst_structure_get_string
      (gst_caps_get_structure (caps, 0), "format"), format);
  gst_caps_unref (caps);
}

/* a live norm switch while converting: 480 <-> 576 renegotiates, and the
 * conversion goes on at the new size */
GST_START_TEST (test_convert_switch_live)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite1", "NTSC");
  GstBuffer *buf;
  GstCaps *caps;

  gst_harness_set_sink_caps_str (h, "video/x-raw, format=I420");
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  caps = frame_caps (buf);
  check_frame (buf, caps, 1);
  fail_unless_equals_int (caps_height (caps), 480);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  fail_unless_equals_int (count_caps_events (h), 1);

  g_object_set (h->element, "input", "S-Video", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  pull_until_switched (h, card, 2, 576);
  fail_unless (count_caps_events (h) >= 1, "no new caps event");
  check_format (h, "I420");

  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "NTSC");
  g_object_set (h->element, "input", "Composite1", NULL);
  pull_until_switched (h, card, 1, 480);
  check_format (h, "I420");

  /* the norm alone, same size: the caps stay, the converter is made
   * again */
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL-M");
  pull_until_switched (h, card, 1, 480);
  check_format (h, "I420");

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* downstream's pool (with GstVideoMeta) is the one converted into */
static GstPadProbeReturn
offer_pool (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);
  GstBufferPool *pool = user_data;
  GstVideoInfo vinfo;
  GstCaps *caps;

  if (GST_QUERY_TYPE (query) != GST_QUERY_ALLOCATION)
    return GST_PAD_PROBE_OK;
  gst_query_parse_allocation (query, &caps, NULL);
  fail_unless (gst_video_info_from_caps (&vinfo, caps));
  gst_query_add_allocation_pool (query, pool, vinfo.size, 2, 0);
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);

  return GST_PAD_PROBE_OK;
}

GST_START_TEST (test_convert_downstream_pool)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("S-Video", "PAL");
  GstBufferPool *pool = gst_video_buffer_pool_new ();
  guint i;

  gst_harness_set_sink_caps_str (h, "video/x-raw, format=NV12");
  gst_pad_add_probe (h->sinkpad, GST_PAD_PROBE_TYPE_QUERY_DOWNSTREAM |
      GST_PAD_PROBE_TYPE_PULL, offer_pool, pool, NULL);
  gst_harness_play (h);

  for (i = 0; i < 3; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (h, card);
    GstCaps *caps = frame_caps (buf);

    fail_unless (buf->pool == pool, "not downstream's pool");
    fail_unless (gst_buffer_get_video_meta (buf) != NULL);
    check_frame (buf, caps, 2);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }

  gst_harness_teardown (h);
  gst_object_unref (pool);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/*
 * Nothing allocated per converted frame, counted: a tracer hook counts the
 * GstMiniObjects (buffers, memories, events, messages, ...) created while
 * frames are converted. The wrapping native path creates a buffer and a
 * memory per frame, which shows that the count works; the converted path,
 * once its pool holds the buffers in flight, creates none.
 */
typedef GstTracer CountTracer;
typedef GstTracerClass CountTracerClass;

static GType count_tracer_get_type (void);
G_DEFINE_TYPE (CountTracer, count_tracer, GST_TYPE_TRACER);

static gint counting;
static gint objects_created;

static void
count_tracer_class_init (CountTracerClass * klass)
{
}

static void
count_tracer_init (CountTracer * self)
{
}

static void
count_created (GObject * tracer, GstClockTime ts, GstMiniObject * object)
{
  if (g_atomic_int_get (&counting)) {
    GST_INFO ("created %s %p", g_type_name (object->type), object);
    g_atomic_int_inc (&objects_created);
  }
}

static void
install_counter (void)
{
  static GstTracer *tracer = NULL;

  /* hooks cannot be removed: once per process (CK_FORK=no) */
  if (tracer)
    return;
  tracer = g_object_new (count_tracer_get_type (), NULL);
  gst_object_ref_sink (tracer);
  gst_tracing_register_hook (tracer, "mini-object-created",
      G_CALLBACK (count_created));
}

/* mini objects created while @n frames in @format come out */
static gint
count_objects (const gchar * format, guint n, guint * n_distinct)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("S-Video", "PAL");
  GPtrArray *seen = g_ptr_array_new ();
  gchar *sink_caps;
  guint i;
  gint ret;

  sink_caps = g_strdup_printf ("video/x-raw, format=%s", format);
  gst_harness_set_sink_caps_str (h, sink_caps);
  g_free (sink_caps);
  gst_harness_play (h);
  /* caps, segment, the pool's first buffers */
  for (i = 0; i < 10; i++)
    gst_buffer_unref (v4l2tv_check_pull_frame (h, card));

  g_atomic_int_set (&objects_created, 0);
  g_atomic_int_set (&counting, 1);
  for (i = 0; i < n; i++) {
    GstBuffer *buf = v4l2tv_check_pull_frame (h, card);

    if (!g_ptr_array_find (seen, buf, NULL))
      g_ptr_array_add (seen, buf);
    gst_buffer_unref (buf);
  }
  g_atomic_int_set (&counting, 0);
  ret = g_atomic_int_get (&objects_created);
  *n_distinct = seen->len;
  GST_INFO ("%s: %d objects created for %u frames, %u distinct buffers",
      format, ret, n, seen->len);

  g_ptr_array_unref (seen);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);

  return ret;
}

/* whether @buf's only memory is a card buffer's mapping */
static gboolean
is_card_memory (GstBuffer * buf)
{
  return gst_buffer_n_memory (buf) == 1 &&
      gst_memory_is_type (gst_buffer_peek_memory (buf, 0), "V4l2TvMemory");
}

/* the card's format goes out in the buffers of a pool over the card's
 * buffers, with nothing made per frame */
GST_START_TEST (test_native_no_allocation)
{
  GstTvHwVirtualCard *card;
  GstHarness *h;
  GstBuffer *buf;
  guint distinct;

  install_counter ();
  /* the counter counts */
  g_atomic_int_set (&objects_created, 0);
  g_atomic_int_set (&counting, 1);
  gst_buffer_unref (gst_buffer_new ());
  g_atomic_int_set (&counting, 0);
  fail_unless_equals_int (g_atomic_int_get (&objects_created), 1);

  fail_unless_equals_int (count_objects ("YUY2", 50, &distinct), 0);
  fail_unless (distinct <= 4, "%u different buffers", distinct);

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  h = new_harness ("S-Video", "PAL");
  gst_harness_set_sink_caps_str (h, "video/x-raw, format=YUY2");
  gst_harness_play (h);
  buf = v4l2tv_check_pull_frame (h, card);
  fail_unless (buf->pool != NULL);
  fail_unless_equals_string (G_OBJECT_TYPE_NAME (buf->pool),
      "GstV4l2TvBufferPool");
  fail_unless_equals_int (gst_buffer_n_memory (buf), 1);
  /* the card's own memory, not a copy */
  fail_unless (is_card_memory (buf));
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a shallow copy keeps the card buffer's memory after the pool's buffer
 * came back: the card gets that buffer again once the copy goes, and
 * frames are zero-copy again */
GST_START_TEST (test_native_shared_memory)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("S-Video", "PAL");
  GstBuffer *copy, *buf;
  guint i;

  gst_harness_set_sink_caps_str (h, "video/x-raw, format=YUY2");
  gst_harness_play (h);
  /* more rounds than the card has buffers: each must come back through
   * its copy's memory, or the card runs short and frames are copied */
  for (i = 0; i < 12; i++) {
    buf = v4l2tv_check_pull_frame (h, card);
    fail_unless (is_card_memory (buf), "frame %u was copied", i);
    copy = gst_buffer_copy (buf);
    gst_buffer_unref (buf);
    /* the copy still shares the card's memory */
    fail_unless (is_card_memory (copy));
    gst_buffer_unref (copy);
  }
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_convert_no_allocation)
{
  guint distinct;

  install_counter ();
  fail_unless_equals_int (count_objects ("I420", 50, &distinct), 0);
  fail_unless (distinct <= 4, "%u different buffers", distinct);
  fail_unless_equals_int (count_objects ("BGRx", 50, &distinct), 0);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc");
  TCase *tc_general = tcase_create ("general");
  TCase *tc_switch = tcase_create ("switch");
  TCase *tc_stream = tcase_create ("stream");
  TCase *tc_errors = tcase_create ("errors");
  TCase *tc_convert = tcase_create ("convert");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);

  suite_add_tcase (s, tc_general);

  v4l2tv_check_add_teardown (tc_general);
  tcase_add_test (tc_general, test_types);
  tcase_add_test (tc_general, test_device_name);
  tcase_add_test (tc_general, test_input_by_name);
  tcase_add_test (tc_general, test_input_by_index);
  tcase_add_test (tc_general, test_input_kept_when_unset);
  tcase_add_loop_test (tc_general, test_norm_caps, 0,
      G_N_ELEMENTS (norm_cases));
  tcase_add_test (tc_general, test_format_first_accepted);
  tcase_add_test (tc_general, test_persistence);
  tcase_add_test (tc_general, test_input_without_standards);

  suite_add_tcase (s, tc_switch);

  v4l2tv_check_add_teardown (tc_switch);
  tcase_add_test (tc_switch, test_switch_live);
  tcase_add_test (tc_switch, test_switch_while_waiting);
  tcase_add_test (tc_switch, test_held_buffers);

  suite_add_tcase (s, tc_stream);

  v4l2tv_check_add_teardown (tc_stream);
  tcase_add_test (tc_stream, test_sequence_gaps);
  tcase_add_test (tc_stream, test_sequence_bogus);
  tcase_add_test (tc_stream, test_sequence_wrap);
  tcase_add_loop_test (tc_stream, test_gap_not_dropped, 0,
      G_N_ELEMENTS (gap_cases));
  tcase_add_test (tc_stream, test_gap_signal_back_at_once);
  tcase_add_loop_test (tc_stream, test_corrupted_frames, 0,
      G_N_ELEMENTS (corrupted_cases));
  tcase_add_test (tc_stream, test_latency);
  tcase_add_test (tc_stream, test_timestamps);
  tcase_add_test (tc_stream, test_num_buffers_300);
  tcase_add_test (tc_stream, test_unlock);

  suite_add_tcase (s, tc_errors);

  v4l2tv_check_add_teardown (tc_errors);
  tcase_add_test (tc_errors, test_error_device_missing);
  tcase_add_test (tc_errors, test_error_not_v4l2);
  tcase_add_test (tc_errors, test_error_unknown_input);
  tcase_add_test (tc_errors, test_error_no_common_format);
  tcase_add_test (tc_errors, test_error_norm);
  tcase_add_loop_test (tc_errors, test_error_fault, 0,
      G_N_ELEMENTS (fault_cases));
  tcase_add_test (tc_errors, test_error_live_unknown_input);
  tcase_add_test (tc_errors, test_refused_while_playing);
  tcase_add_loop_test (tc_errors, test_error_empty_card, 0,
      G_N_ELEMENTS (empty_cases));
  tcase_add_test (tc_errors, test_no_standards_at_all);
  tcase_add_loop_test (tc_errors, test_error_bad_index, 0,
      G_N_ELEMENTS (bad_index_formats));

  suite_add_tcase (s, tc_convert);

  v4l2tv_check_add_teardown (tc_convert);
  tcase_add_test (tc_convert, test_convert_caps_order);
  tcase_add_loop_test (tc_convert, test_convert_negotiation, 0,
      G_N_ELEMENTS (convert_cases));
  tcase_add_loop_test (tc_convert, test_convert_fields, 0,
      G_N_ELEMENTS (field_cases));
  tcase_add_test (tc_convert, test_convert_switch_live);
  tcase_add_test (tc_convert, test_convert_downstream_pool);
  tcase_add_test (tc_convert, test_convert_no_allocation);
  tcase_add_test (tc_convert, test_native_no_allocation);
  tcase_add_test (tc_convert, test_native_shared_memory);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc);
