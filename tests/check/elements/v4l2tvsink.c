/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for v4l2tvsink against the virtual TV card's output node.
 *
 * The element is registered in-process from the static elements library,
 * so the test and the element share the virtual cards: the test reads back
 * what the card displayed (gst_tv_hw_virtual_card_peek_output) and
 * injects faults. Harness tests use MANUAL pacing and sync=false (the
 * card displays a frame only when the test emits one), pipeline tests
 * REALTIME or FREERUN.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/check/gsttestclock.h>
#include <gst/video/video.h>
#include <gst/video/gstvideosink.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 2
#define DEVICE "virtual:2"

#define NTSC_PERIOD (gst_util_uint64_scale_int (GST_SECOND, 1001, 30000))
#define PAL_PERIOD (GST_SECOND / 25)

#define PAL_CAPS(fmt) "video/x-raw, format=" fmt ", width=720, height=576, " \
  "framerate=25/1, interlace-mode=interleaved, field-order=top-field-first"
#define NTSC_CAPS(fmt) "video/x-raw, format=" fmt ", width=720, " \
  "height=480, framerate=30000/1001, interlace-mode=interleaved, " \
  "field-order=bottom-field-first"

/* a harness around a started sink (the harness starts an element with a
 * sink pad at once, so the properties are set before) */
static GstHarness *
new_harness (const gchar * output, const gchar * norm)
{
  GstElement *sink = gst_element_factory_make ("v4l2tvsink", NULL);
  GstHarness *h;

  fail_unless (sink != NULL);
  g_object_set (sink, "device", DEVICE, "sync", FALSE, NULL);
  if (output)
    g_object_set (sink, "output", output, NULL);
  if (norm)
    gst_util_set_object_arg (G_OBJECT (sink), "norm", norm);
  h = gst_harness_new_with_element (sink, "sink", NULL);
  v4l2tv_check_track (h->element);
  gst_object_unref (sink);

  return h;
}

/* what the card's output shows now (a copy), NULL if nothing */
static guint8 *
peek_screen (GstTvHwVirtualCard * card, struct v4l2_pix_format *fmt,
    guint32 * sequence)
{
  guint8 *data = NULL;

  if (!gst_tv_hw_virtual_card_peek_output (card, &data, NULL, fmt, sequence))
    return NULL;
  return data;
}

/* --- pictures --- */

/* a picture whose two fields differ: luma 60 on the top field (even
 * lines), 180 on the bottom one, a small ramp across; each field's chroma
 * its own, constant down the field and stepping across. With
 * @field_chroma FALSE the chroma is the same on both fields (for
 * progressive 4:2:0, whose chroma lines span both fields). */
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

/* a frame of @caps (any YUV format) with the picture */
static GstBuffer *
make_picture (GstCaps * caps, GstBuffer * into, gboolean field_chroma)
{
  GstVideoFrame frame;
  GstVideoInfo info;
  GstBuffer *buf;
  guint x, y, c;

  fail_unless (gst_video_info_from_caps (&info, caps));
  buf = into ? into : gst_buffer_new_allocate (NULL, info.size, NULL);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));

  for (c = 0; c < 3; c++) {
    guint8 *data = GST_VIDEO_FRAME_COMP_DATA (&frame, c);
    gint stride = GST_VIDEO_FRAME_COMP_STRIDE (&frame, c);
    gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, c);
    guint w = GST_VIDEO_FRAME_COMP_WIDTH (&frame, c);
    guint h = GST_VIDEO_FRAME_COMP_HEIGHT (&frame, c);

    for (y = 0; y < h; y++) {
      /* a chroma line of field f: line y of 4:2:2, and line 2j + f of
       * interlaced 4:2:0, where chroma lines alternate between fields */
      guint field = field_chroma ? (y & 1) : 0;

      for (x = 0; x < w; x++) {
        guint8 v;

        if (c == 0)
          v = pic_y (x, y);
        else if (c == 1)
          v = pic_u (x, field);
        else
          v = pic_v (x, field);
        data[y * stride + x * pstride] = v;
      }
    }
  }
  gst_video_frame_unmap (&frame);

  return buf;
}

/* the card's screen (packed 4:2:2, YUYV or UYVY) holds the picture,
 * within @tol */
static void
check_screen_yuy2 (const guint8 * data, const struct v4l2_pix_format *fmt,
    gboolean field_chroma, gint tol)
{
  gboolean uyvy = fmt->pixelformat == V4L2_PIX_FMT_UYVY;
  guint y0 = uyvy ? 1 : 0, u = uyvy ? 0 : 1, y1 = uyvy ? 3 : 2;
  guint v = uyvy ? 2 : 3;
  guint x, y;

  fail_unless (uyvy || fmt->pixelformat == V4L2_PIX_FMT_YUYV);
  for (y = 0; y < fmt->height; y++) {
    const guint8 *line = data + y * fmt->bytesperline;
    guint field = field_chroma ? (y & 1) : 0;

    for (x = 0; x < fmt->width; x += 2) {
      const guint8 *m = line + x * 2;

      /* fail() only on a mismatch: fail_unless() per sample is slow
       * under valgrind */
      if (ABS ((gint) m[y0] - pic_y (x, y)) > tol ||
          ABS ((gint) m[y1] - pic_y (x + 1, y)) > tol ||
          ABS ((gint) m[u] - pic_u (x / 2, field)) > tol ||
          ABS ((gint) m[v] - pic_v (x / 2, field)) > tol)
        fail ("line %u x %u: Y %u %u U %u V %u, expected %u %u %u %u", y, x,
            m[y0], m[y1], m[u], m[v], pic_y (x, y), pic_y (x + 1, y),
            pic_u (x / 2, field), pic_v (x / 2, field));
    }
  }
}

/* --- general --- */

GST_START_TEST (test_types)
{
  GstElement *sink, *src;
  GParamSpec *pspec, *src_norm;
  gint64 lateness;
  gboolean qos;

  sink = gst_element_factory_make ("v4l2tvsink", NULL);
  v4l2tv_check_track (sink);
  fail_unless (sink != NULL);
  fail_unless_equals_string (G_OBJECT_TYPE_NAME (sink), "GstV4l2TvSink");
  fail_unless (GST_IS_VIDEO_SINK (sink));

  /* the very same norm enum as the source's */
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  fail_unless (src != NULL);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (sink), "norm");
  src_norm = g_object_class_find_property (G_OBJECT_GET_CLASS (src), "norm");
  fail_unless (pspec != NULL && src_norm != NULL);
  fail_unless (pspec->value_type == src_norm->value_type);
  fail_unless (pspec->flags & GST_PARAM_MUTABLE_PLAYING);
  gst_object_unref (src);

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (sink), "device");
  fail_unless (pspec->flags & GST_PARAM_MUTABLE_READY);
  fail_unless_equals_string (G_PARAM_SPEC_STRING (pspec)->default_value,
      "/dev/video0");
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (sink),
      "device-name");
  fail_if (pspec->flags & G_PARAM_WRITABLE);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (sink), "output");
  fail_unless (pspec != NULL && pspec->value_type == G_TYPE_STRING);
  fail_unless (g_object_class_find_property (G_OBJECT_GET_CLASS (sink),
          "input") == NULL);

  /* a video sink's QoS defaults */
  g_object_get (sink, "qos", &qos, "max-lateness", &lateness, NULL);
  fail_unless (qos);
  fail_unless (lateness >= 0 && lateness <= 20 * GST_MSECOND);
  fail_unless (gst_base_sink_get_sync (GST_BASE_SINK (sink)));

  gst_object_unref (sink);
}

GST_END_TEST;

GST_START_TEST (test_device_name)
{
  GstElement *sink;
  gchar *name;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  sink = gst_element_factory_make ("v4l2tvsink", NULL);
  v4l2tv_check_track (sink);
  g_object_set (sink, "device", DEVICE, NULL);
  g_object_get (sink, "device-name", &name, NULL);
  fail_unless (name == NULL);

  fail_unless (gst_element_set_state (sink, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  g_object_get (sink, "device-name", &name, NULL);
  fail_unless (name != NULL && *name != '\0');
  g_free (name);

  gst_element_set_state (sink, GST_STATE_NULL);
  g_object_get (sink, "device-name", &name, NULL);
  fail_unless (name == NULL);

  gst_object_unref (sink);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the card's current output and standard, read through a second handle */
static void
card_output (guint32 * output, v4l2_std_id * std)
{
  GstTvHwDevice *dev;
  GError *err = NULL;

  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_output (dev, output, &err));
  fail_unless (gst_tv_hw_device_get_std (dev, std, &err));
  gst_tv_hw_device_close (dev);
}

/* *INDENT-OFF* */
static const struct
{
  const gchar *output;
  guint index;
} output_cases[] = {
  { "Composite Out", 0 },
  { "s-video OUT", 1 },             /* case-insensitive */
  { "RF Modulator", 2 },
  { "1", 1 },                       /* by index */
  { "2", 2 },
};
/* *INDENT-ON* */

GST_START_TEST (test_output_selection)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness (output_cases[__i__].output, "PAL");
  GstCaps *caps = gst_caps_from_string (PAL_CAPS ("YUY2"));
  guint32 output = 99;
  v4l2_std_id std = 0;
  guint8 *screen;
  struct v4l2_pix_format fmt;

  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  fail_unless_equals_int (gst_harness_push (h, make_picture (caps, NULL,
              TRUE)), GST_FLOW_OK);
  gst_caps_unref (caps);
  card_output (&output, &std);
  fail_unless_equals_int (output, output_cases[__i__].index);
  fail_unless_equals_uint64 (std, V4L2_STD_PAL);

  gst_tv_hw_virtual_card_emit_frames (card, 1);
  screen = peek_screen (card, &fmt, NULL);
  fail_unless (screen != NULL, "nothing displayed");
  check_screen_yuy2 (screen, &fmt, TRUE, 0);
  g_free (screen);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* unset: the card's output stays */
GST_START_TEST (test_output_kept_when_unset)
{
  GstHarness *h;
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 output = 99;
  v4l2_std_id std = 0;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_output (dev, 2, &err));
  fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC_M, &err));
  gst_tv_hw_device_close (dev);

  h = new_harness (NULL, NULL);
  card_output (&output, &std);
  fail_unless_equals_int (output, 2);
  fail_unless_equals_uint64 (std, V4L2_STD_NTSC_M);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* *INDENT-OFF* */
static const struct
{
  const gchar *norm;
  v4l2_std_id std;
  gint height, fps_n, fps_d, par_n, par_d;
  const gchar *field_order;
} norm_cases[] = {
  { "NTSC", V4L2_STD_NTSC, 480, 30000, 1001, 10, 11, "bottom-field-first" },
  { "PAL-M", V4L2_STD_PAL_M, 480, 30000, 1001, 10, 11, "bottom-field-first" },
  { "PAL", V4L2_STD_PAL, 576, 25, 1, 59, 54, "top-field-first" },
  { "SECAM-L", V4L2_STD_SECAM_L, 576, 25, 1, 59, 54, "top-field-first" },
};
/* *INDENT-ON* */

static gboolean
caps_have (GstCaps * caps, const gchar * format, const gchar * mode)
{
  guint i;

  for (i = 0; i < gst_caps_get_size (caps); i++) {
    GstStructure *s = gst_caps_get_structure (caps, i);
    const GValue *f = gst_structure_get_value (s, "format");
    GValue want = G_VALUE_INIT;
    gboolean match;

    if (g_strcmp0 (gst_structure_get_string (s, "interlace-mode"), mode))
      continue;
    g_value_init (&want, G_TYPE_STRING);
    g_value_set_string (&want, format);
    match = gst_value_intersect (NULL, &want, f);
    g_value_unset (&want);
    if (match)
      return TRUE;
  }
  return FALSE;
}

GST_START_TEST (test_norm_caps)
{
  GstHarness *h;
  GstCaps *caps, *other;
  GstStructure *s;
  guint32 output;
  v4l2_std_id std = 0;
  gint n, d;
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  h = new_harness ("Composite Out", norm_cases[__i__].norm);
  card_output (&output, &std);
  fail_unless_equals_uint64 (std, norm_cases[__i__].std);

  caps = gst_pad_query_caps (GST_BASE_SINK_PAD (h->element), NULL);
  GST_INFO ("%s: %" GST_PTR_FORMAT, norm_cases[__i__].norm, caps);

  /* the card's formats first, as the standard makes them */
  s = gst_caps_get_structure (caps, 0);
  fail_unless_equals_string (gst_structure_get_string (s, "format"), "YUY2");
  fail_unless_equals_string (gst_structure_get_string (s, "interlace-mode"),
      "interleaved");
  fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
      norm_cases[__i__].field_order);
  fail_unless_equals_string (gst_structure_get_string (s, "colorimetry"),
      "bt601");
  fail_unless (gst_structure_get_fraction (s, "pixel-aspect-ratio", &n, &d));
  fail_unless_equals_int (n, norm_cases[__i__].par_n);
  fail_unless_equals_int (d, norm_cases[__i__].par_d);

  /* every structure has the standard's geometry and rate */
  for (i = 0; i < gst_caps_get_size (caps); i++) {
    s = gst_caps_get_structure (caps, i);
    fail_unless (gst_structure_get_int (s, "width", &n));
    fail_unless_equals_int (n, 720);
    fail_unless (gst_structure_get_int (s, "height", &n));
    fail_unless_equals_int (n, norm_cases[__i__].height);
    fail_unless (gst_structure_get_fraction (s, "framerate", &n, &d));
    fail_unless_equals_int (n, norm_cases[__i__].fps_n);
    fail_unless_equals_int (d, norm_cases[__i__].fps_d);
  }

  /* native, converted, and both progressive */
  fail_unless (caps_have (caps, "YUY2", "interleaved"));
  fail_unless (caps_have (caps, "UYVY", "interleaved"));
  fail_unless (caps_have (caps, "I420", "interleaved"));
  fail_unless (caps_have (caps, "YV12", "interleaved"));
  fail_unless (caps_have (caps, "NV12", "interleaved"));
  fail_unless (caps_have (caps, "I420", "progressive"));
  fail_unless (caps_have (caps, "YUY2", "progressive"));
  fail_if (caps_have (caps, "RGB", "interleaved"));

  /* a frame of another size: before the first caps taken, so that
   * set_caps posts the error that says why (test_wrong_caps_error); once
   * the sink has caps refused, so that upstream renegotiates */
  other = gst_caps_from_string ("video/x-raw, format=YUY2, width=640, "
      "height=480");
  fail_unless (gst_pad_query_accept_caps (GST_BASE_SINK_PAD (h->element),
          other));
  gst_harness_set_src_caps (h, gst_caps_fixate (gst_caps_copy_nth (caps, 0)));
  fail_if (gst_pad_query_accept_caps (GST_BASE_SINK_PAD (h->element), other));
  gst_caps_unref (other);
  gst_caps_unref (caps);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* frames in the card's format come out exactly, whether upstream drew
 * into the card's buffers (pool) or not (one copy) */
GST_START_TEST (test_native_readback)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite Out", "NTSC");
  GstCaps *caps = gst_caps_from_string (NTSC_CAPS ("YUY2"));
  struct v4l2_pix_format fmt;
  guint32 seq, last_seq = 0;
  guint8 *screen;
  guint i;

  gst_harness_set_src_caps (h, gst_caps_ref (caps));

  for (i = 0; i < 8; i++) {
    gboolean pooled = i % 2 == 0;
    GstBuffer *buf;

    if (pooled) {
      /* the harness draws into what the sink's allocation query offered */
      buf = gst_harness_create_buffer (h, 720 * 480 * 2);
      fail_unless (buf->pool != NULL, "no pool offered");
      fail_unless_equals_string (G_OBJECT_TYPE_NAME (buf->pool),
          "GstV4l2TvBufferPool");
      /* the card's own memory */
      fail_unless (gst_memory_is_type (gst_buffer_peek_memory (buf, 0),
              "V4l2TvMemory"));
      make_picture (caps, buf, TRUE);
    } else {
      buf = make_picture (caps, NULL, TRUE);
    }
    /* a different first pixel per frame */
    gst_buffer_memset (buf, 0, (guint8) (16 + i), 1);
    fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);

    gst_tv_hw_virtual_card_emit_frames (card, 1);
    screen = peek_screen (card, &fmt, &seq);
    fail_unless (screen != NULL);
    fail_unless_equals_int (fmt.height, 480);
    fail_unless_equals_int (screen[0], 16 + i);
    screen[0] = pic_y (0, 0);
    check_screen_yuy2 (screen, &fmt, TRUE, 0);
    if (i > 0)
      fail_unless_equals_int (seq, last_seq + 1);
    last_seq = seq;
    g_free (screen);
  }

  gst_caps_unref (caps);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* *INDENT-OFF* */
static const struct
{
  const gchar *format;
  gboolean interlaced;
} convert_cases[] = {
  { "I420", TRUE }, { "YV12", TRUE }, { "NV12", TRUE },
  { "UYVY", TRUE },                 /* the card's other format: no conversion */
  { "I420", FALSE }, { "NV12", FALSE },
};
/* *INDENT-ON* */

/* other formats are converted into the card's, field by field */
GST_START_TEST (test_convert_readback)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("S-Video Out", "PAL");
  gboolean interlaced = convert_cases[__i__].interlaced;
  struct v4l2_pix_format fmt;
  gchar *str;
  GstCaps *caps;
  guint8 *screen;

  if (interlaced)
    str = g_strdup_printf (PAL_CAPS ("%s"), convert_cases[__i__].format);
  else
    str = g_strdup_printf ("video/x-raw, format=%s, width=720, height=576, "
        "framerate=25/1, interlace-mode=progressive",
        convert_cases[__i__].format);
  caps = gst_caps_from_string (str);
  g_free (str);

  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  fail_unless_equals_int (gst_harness_push (h, make_picture (caps, NULL,
              interlaced)), GST_FLOW_OK);
  gst_tv_hw_virtual_card_emit_frames (card, 1);

  screen = peek_screen (card, &fmt, NULL);
  fail_unless (screen != NULL);
  check_screen_yuy2 (screen, &fmt, interlaced, 2);
  g_free (screen);

  gst_caps_unref (caps);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the preroll frame goes out once, not again when it is rendered */
GST_START_TEST (test_preroll_shown_once)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite Out", "PAL");
  GstCaps *caps = gst_caps_from_string (PAL_CAPS ("YUY2"));
  guint32 displayed = 0, repeated = 0;
  guint i;

  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  for (i = 0; i < 3; i++) {
    fail_unless_equals_int (gst_harness_push (h, make_picture (caps, NULL,
                TRUE)), GST_FLOW_OK);
    gst_tv_hw_virtual_card_emit_frames (card, 1);
  }
  gst_tv_hw_virtual_card_emit_frames (card, 2);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, &repeated);
  fail_unless_equals_int (displayed, 3);
  fail_unless_equals_int (repeated, 2);

  gst_caps_unref (caps);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the frame on the screen stays after the pipeline stops */
GST_START_TEST (test_screen_kept_after_stop)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite Out", "PAL");
  GstCaps *caps = gst_caps_from_string (PAL_CAPS ("I420"));
  struct v4l2_pix_format fmt;
  guint8 *screen;

  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  fail_unless_equals_int (gst_harness_push (h, make_picture (caps, NULL,
              TRUE)), GST_FLOW_OK);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);

  screen = peek_screen (card, &fmt, NULL);
  fail_unless (screen != NULL);
  check_screen_yuy2 (screen, &fmt, TRUE, 2);
  g_free (screen);
  gst_caps_unref (caps);
}

GST_END_TEST;

/* a norm set while playing: new caps are asked for, frames of the old
 * size are dropped until they come; the application asked for the
 * switch, so there is no warning (issue 28) */
GST_START_TEST (test_switch_live)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite Out", "PAL");
  GstCaps *pal = gst_caps_from_string (PAL_CAPS ("YUY2"));
  GstCaps *ntsc = gst_caps_from_string (NTSC_CAPS ("I420"));
  GstBus *bus = gst_bus_new ();
  struct v4l2_pix_format fmt;
  gboolean reconfigure = FALSE;
  guint32 displayed = 0;
  GstMessage *msg;
  GError *err = NULL;
  GstEvent *ev;
  guint8 *screen;

  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps (h, gst_caps_ref (pal));
  fail_unless_equals_int (gst_harness_push (h, make_picture (pal, NULL,
              TRUE)), GST_FLOW_OK);
  gst_tv_hw_virtual_card_emit_frames (card, 1);

  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "NTSC");
  fail_unless_equals_int (gst_harness_push (h, make_picture (pal, NULL,
              TRUE)), GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_push (h, make_picture (pal, NULL,
              TRUE)), GST_FLOW_OK);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  if (msg) {
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING)
      gst_message_parse_warning (msg, &err, NULL);
    else
      gst_message_parse_error (msg, &err, NULL);
    fail ("%s for the switch the application asked for: %s",
        GST_MESSAGE_TYPE_NAME (msg), err->message);
  }
  while ((ev = gst_harness_try_pull_upstream_event (h))) {
    if (GST_EVENT_TYPE (ev) == GST_EVENT_RECONFIGURE)
      reconfigure = TRUE;
    gst_event_unref (ev);
  }
  fail_unless (reconfigure, "upstream was not asked to renegotiate");

  /* upstream adapts, in another format too */
  gst_harness_set_src_caps (h, gst_caps_ref (ntsc));
  fail_unless_equals_int (gst_harness_push (h, make_picture (ntsc, NULL,
              TRUE)), GST_FLOW_OK);
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
  fail_unless_equals_int (displayed, 1);
  screen = peek_screen (card, &fmt, NULL);
  fail_unless (screen != NULL);
  fail_unless_equals_int (fmt.height, 480);
  check_screen_yuy2 (screen, &fmt, TRUE, 2);
  g_free (screen);

  gst_caps_unref (pal);
  gst_caps_unref (ntsc);
  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the sink's MISMATCH_GRACE_FRAMES */
#define MISMATCH_GRACE_FRAMES 60

/* a norm set while playing, and upstream goes on with the old size: the
 * frames are dropped, the first MISMATCH_GRACE_FRAMES without a word,
 * then one warning says that upstream does not adapt */
GST_START_TEST (test_switch_live_upstream_stuck)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite Out", "PAL");
  GstCaps *pal = gst_caps_from_string (PAL_CAPS ("YUY2"));
  GstBus *bus = gst_bus_new ();
  guint32 displayed = 0;
  GstMessage *msg;
  GError *err = NULL;
  guint i;

  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps (h, gst_caps_ref (pal));
  fail_unless_equals_int (gst_harness_push (h, make_picture (pal, NULL,
              TRUE)), GST_FLOW_OK);
  gst_tv_hw_virtual_card_emit_frames (card, 1);

  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "NTSC");
  for (i = 0; i < MISMATCH_GRACE_FRAMES; i++)
    fail_unless_equals_int (gst_harness_push (h, make_picture (pal, NULL,
                TRUE)), GST_FLOW_OK);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  fail_unless (msg == NULL, "%s within the first %u frames of the old size",
      msg ? GST_MESSAGE_TYPE_NAME (msg) : "", MISMATCH_GRACE_FRAMES);

  for (i = 0; i < 5; i++)
    fail_unless_equals_int (gst_harness_push (h, make_picture (pal, NULL,
                TRUE)), GST_FLOW_OK);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning after %u frames of the old size",
      MISMATCH_GRACE_FRAMES + 5);
  gst_message_parse_warning (msg, &err, NULL);
  fail_unless (g_error_matches (err, GST_STREAM_ERROR,
          GST_STREAM_ERROR_FORMAT));
  fail_unless (strstr (err->message, "now needs 720x480") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  gst_message_unref (msg);
  /* once */
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  fail_unless (msg == NULL, "a second message: %s",
      msg ? GST_MESSAGE_TYPE_NAME (msg) : "");

  /* none of them reached the card */
  gst_tv_hw_virtual_card_emit_frames (card, 1);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
  fail_unless_equals_int (displayed, 1);

  gst_caps_unref (pal);
  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- stream: timing against the pipeline clock --- */

/* sets @pipeline playing (failing at once counts: the error is on the
 * bus) and waits for EOS or an error */
static GstMessage *
run_pipeline (GstElement * pipeline, GstClockTime timeout)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, timeout,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  gst_object_unref (bus);
  fail_unless (msg != NULL, "timeout");

  return msg;
}

/* runs @pipeline (on a GstTestClock) to EOS, releasing each clock wait
 * of the sink as it comes (the time jumps to it: no frame is ever late);
 * @waits (n entries, or NULL) receives the clock time of each wait, in
 * order; returns the number of waits and counts the QoS messages in
 * @qos. Fails on an error; the deadline is a guard against a hang only. */
static guint
crank_to_eos (GstElement * pipeline, GstTestClock * clock,
    GstClockTime * waits, guint n, guint * qos)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  GstMessage *msg = NULL;
  guint count = 0;

  while (msg == NULL) {
    GstClockID id = NULL;

    fail_unless (g_get_monotonic_time () < end, "no EOS");
    msg = gst_bus_timed_pop_filtered (bus, 5 * GST_MSECOND,
        GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_QOS);
    if (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_QOS) {
      *qos += 1;
      gst_clear_message (&msg);
      continue;
    }
    if (msg)
      break;
    if (!gst_test_clock_peek_next_pending_id (clock, &id))
      continue;
    if (waits && count < n)
      waits[count] = gst_clock_id_get_time (id);
    count++;
    gst_clock_id_unref (id);
    gst_test_clock_crank (clock);
  }
  gst_object_unref (bus);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);

  return count;
}

/* frames leave one per period, by their running time on the pipeline
 * clock and one period (the render delay, reported as latency) before
 * it: the sink waits on the clock for frame k at base time + latency +
 * k periods - render delay, every frame is displayed (EOS waits for the
 * last) and none is dropped. On a GstTestClock: the waits are checked,
 * not how long they took (that would fail on a loaded machine) */
GST_START_TEST (test_timing)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  const guint n = 50;
  GstElement *pipeline, *sink;
  GstClock *clock = gst_test_clock_new ();
  guint32 displayed = 0;
  GstClockTime render_delay, base_time, latency, waits[51];
  GstQuery *query;
  GstClockTime min, max;
  gboolean live;
  GstStructure *stats;
  guint64 rendered = 0, dropped = 0;
  gchar *launch;
  guint k, count, qos = 0;

  launch = g_strdup_printf ("videotestsrc num-buffers=%u ! "
      "v4l2tvsink name=sink device=" DEVICE " output=0 norm=PAL", n);
  pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (pipeline);
  g_free (launch);
  fail_unless (pipeline != NULL);
  gst_pipeline_use_clock (GST_PIPELINE (pipeline), clock);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          GST_CLOCK_TIME_NONE) == GST_STATE_CHANGE_SUCCESS);
  base_time = gst_element_get_base_time (pipeline);
  count = crank_to_eos (pipeline, GST_TEST_CLOCK (clock), waits, n + 1, &qos);

  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
  GST_INFO ("%u frames, %u clock waits, %u displayed", n, count, displayed);
  fail_unless_equals_int (displayed, n);

  /* one frame period of render delay, reported as latency */
  render_delay = gst_base_sink_get_render_delay (GST_BASE_SINK (sink));
  fail_unless_equals_uint64 (render_delay, PAL_PERIOD);
  query = gst_query_new_latency ();
  fail_unless (gst_element_query (sink, query));
  gst_query_parse_latency (query, &live, &min, &max);
  GST_INFO ("latency %d %" GST_TIME_FORMAT " %" GST_TIME_FORMAT, live,
      GST_TIME_ARGS (min), GST_TIME_ARGS (max));
  fail_unless (min >= PAL_PERIOD);
  gst_query_unref (query);

  /* one wait per frame (frame 0 prerolled and waits in PLAYING like the
   * others), at its running time + the latency - the render delay, and one
   * for EOS at the end of the last frame */
  latency = gst_base_sink_get_latency (GST_BASE_SINK (sink));
  GST_INFO ("base time %" GST_TIME_FORMAT ", latency %" GST_TIME_FORMAT,
      GST_TIME_ARGS (base_time), GST_TIME_ARGS (latency));
  fail_unless_equals_int (count, n + 1);
  for (k = 0; k <= n; k++)
    fail_unless_equals_uint64 (waits[k], base_time + latency + k * PAL_PERIOD
        - render_delay);

  g_object_get (sink, "stats", &stats, NULL);
  gst_structure_get_uint64 (stats, "rendered", &rendered);
  gst_structure_get_uint64 (stats, "dropped", &dropped);
  GST_INFO ("stats %" GST_PTR_FORMAT, stats);
  gst_structure_free (stats);
  fail_unless_equals_uint64 (rendered, n);
  fail_unless_equals_uint64 (dropped, 0);
  fail_unless_equals_int (qos, 0);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  gst_object_unref (clock);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static void
push_to_appsrc (GstElement * appsrc, GstBuffer * buf)
{
  GstFlowReturn ret = GST_FLOW_ERROR;

  g_signal_emit_by_name (appsrc, "push-buffer", buf, &ret);
  gst_buffer_unref (buf);
  fail_unless_equals_int (ret, GST_FLOW_OK);
}

/* a frame that comes later than max-lateness is dropped, not shown, and
 * QoS says so; frames on time are shown. On a GstTestClock: the test
 * decides what is late, not the machine's load */
GST_START_TEST (test_late_frames_dropped)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  GstElement *pipeline, *appsrc, *sink;
  GstClock *clock = gst_test_clock_new ();
  GstCaps *caps = gst_caps_from_string (PAL_CAPS ("YUY2"));
  guint32 displayed = 0;
  GstStructure *stats;
  guint64 dropped = 0;
  GstFlowReturn ret;
  GstBus *bus;
  guint i, qos = 0;

  pipeline = gst_parse_launch ("appsrc name=src format=time ! "
      "v4l2tvsink name=sink device=" DEVICE " norm=PAL", NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  gst_pipeline_use_clock (GST_PIPELINE (pipeline), clock);
  appsrc = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_object_set (appsrc, "caps", caps, NULL);
  bus = gst_element_get_bus (pipeline);

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  /* frame 0 prerolls, and the clock starts */
  {
    GstBuffer *buf = make_picture (caps, NULL, TRUE);

    GST_BUFFER_PTS (buf) = 0;
    GST_BUFFER_DURATION (buf) = PAL_PERIOD;
    push_to_appsrc (appsrc, buf);
  }
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          GST_CLOCK_TIME_NONE) == GST_STATE_CHANGE_SUCCESS);
  /* frame 0 is shown at once: its time has come */
  gst_test_clock_crank (GST_TEST_CLOCK (clock));

  /* half a second passes: the next 5 frames are late */
  gst_test_clock_set_time (GST_TEST_CLOCK (clock),
      gst_element_get_base_time (pipeline) + GST_SECOND / 2);
  for (i = 1; i <= 5; i++) {
    GstBuffer *buf = make_picture (caps, NULL, TRUE);

    GST_BUFFER_PTS (buf) = i * PAL_PERIOD;
    GST_BUFFER_DURATION (buf) = PAL_PERIOD;
    push_to_appsrc (appsrc, buf);
  }
  /* 5 on time */
  for (i = 0; i < 5; i++) {
    GstBuffer *buf = make_picture (caps, NULL, TRUE);

    GST_BUFFER_PTS (buf) = GST_SECOND + i * PAL_PERIOD;
    GST_BUFFER_DURATION (buf) = PAL_PERIOD;
    push_to_appsrc (appsrc, buf);
  }
  g_signal_emit_by_name (appsrc, "end-of-stream", &ret);

  /* the late frames give QoS messages, the others clock waits, then EOS */
  crank_to_eos (pipeline, GST_TEST_CLOCK (clock), NULL, 0, &qos);
  fail_unless_equals_int (qos, 5);

  g_object_get (sink, "stats", &stats, NULL);
  gst_structure_get_uint64 (stats, "dropped", &dropped);
  gst_structure_free (stats);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
  GST_INFO ("dropped %" G_GUINT64_FORMAT ", displayed %u", dropped, displayed);
  fail_unless_equals_uint64 (dropped, 5);
  fail_unless_equals_int (displayed, 6);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (appsrc);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  gst_object_unref (clock);
  gst_caps_unref (caps);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* waits until the card has displayed @n frames; the deadline only
 * guards against a hang */
static void
wait_displayed (GstTvHwVirtualCard * card, guint32 n)
{
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;
  guint32 displayed = 0;

  for (;;) {
    gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
    if (displayed >= n)
      break;
    fail_unless (g_get_monotonic_time () < end, "%u of %u frames displayed",
        displayed, n);
    g_usleep (10 * 1000);
  }
}

/* a flushing seek: frames from before it are dropped from the card's
 * queue, output goes on */
GST_START_TEST (test_flush_seek)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  GstElement *pipeline;
  guint32 displayed = 0;
  GstMessage *msg;
  GstBus *bus;

  pipeline = gst_parse_launch ("videotestsrc ! v4l2tvsink device=" DEVICE
      " norm=NTSC", NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  bus = gst_element_get_bus (pipeline);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          V4L2TV_CHECK_WAIT) == GST_STATE_CHANGE_SUCCESS);
  wait_displayed (card, 3);

  fail_unless (gst_element_seek_simple (pipeline, GST_FORMAT_TIME,
          GST_SEEK_FLAG_FLUSH, 0));
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          V4L2TV_CHECK_WAIT) == GST_STATE_CHANGE_SUCCESS);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
  /* output goes on: more frames come on the screen (however slowly the
   * machine runs them) */
  wait_displayed (card, displayed + 3);

  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_if (msg != NULL, "error after the seek");

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a sink blocked on a card that displays nothing (and upstream blocked on
 * its pool) returns as soon as the pipeline shuts down */
GST_START_TEST (test_unlock)
{
  GstElement *pipeline;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  pipeline = gst_parse_launch ("videotestsrc ! v4l2tvsink device=" DEVICE
      " norm=PAL sync=false", NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless (gst_element_get_state (pipeline, NULL, NULL,
          V4L2TV_CHECK_WAIT) == GST_STATE_CHANGE_SUCCESS);
  /* until the sink waits for the card: the first frame is queued and
   * the card displays nothing */
  g_usleep (200 * 1000);

  /* without the unlock, this would not return (the check's timeout ends
   * the test); how long it takes is not the test's business */
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- errors --- */

/* @launch fails with an ERROR message of @domain and @code from the
 * element named sink; the message, when @contains is set, names them */
static void
expect_error (const gchar * launch, GQuark domain, gint code,
    const gchar * const *contains)
{
  GstElement *pipeline;
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL;
  GstBus *bus;

  pipeline = gst_parse_launch (launch, NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  msg = run_pipeline (pipeline, V4L2TV_CHECK_WAIT);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
  gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("%s: %s (%s)", launch, err->message, debug);
  fail_unless (g_error_matches (err, domain, code), "got %s/%d: %s",
      g_quark_to_string (err->domain), err->code, err->message);
  fail_unless_equals_string (GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), "sink");
  /* names of outputs and norms are data, the same in every language */
  for (; contains && *contains; contains++)
    fail_unless (strstr (err->message, *contains) != NULL,
        "'%s' not in '%s'", *contains, err->message);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);

  /* ours is the only error at start: no generic "Failed to start" from
   * GstBaseSink after it (the bus is flushed in NULL); a failure while
   * streaming is followed by the source's "Internal data stream error" */
  bus = gst_element_get_bus (pipeline);
  v4l2tv_check_stream_errors_only (bus, launch);
  gst_object_unref (bus);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
}

#define SRC "videotestsrc num-buffers=10 ! "
#define SINK "v4l2tvsink name=sink device=" DEVICE " "

GST_START_TEST (test_error_device_missing)
{
  expect_error (SRC "v4l2tvsink name=sink device=/dev/v4l2tv-test-missing",
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND, NULL);
  expect_error (SRC "v4l2tvsink name=sink device=virtual:99",
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND, NULL);
}

GST_END_TEST;

GST_START_TEST (test_error_not_v4l2)
{
  gchar *path = NULL, *launch;
  gint fd;

  /* a character device that is no video device */
  expect_error (SRC "v4l2tvsink name=sink device=/dev/null",
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND, NULL);

  /* a regular file */
  fd = g_file_open_tmp ("v4l2tvsink-XXXXXX", &path, NULL);
  fail_unless (fd >= 0);
  close (fd);
  launch = g_strdup_printf (SRC "v4l2tvsink name=sink device=%s", path);
  expect_error (launch, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND, NULL);
  g_free (launch);
  g_unlink (path);
  g_free (path);
}

GST_END_TEST;

/* every virtual card has an output node, so "not an output device" needs
 * a real capture-only node: V4L2TV_TEST_CAPTURE_DEVICE=/dev/videoN */
GST_START_TEST (test_error_not_output)
{
  const gchar *device = g_getenv ("V4L2TV_TEST_CAPTURE_DEVICE");
  gchar *launch;

  if (device == NULL) {
    GST_INFO ("V4L2TV_TEST_CAPTURE_DEVICE unset: skipped");
    return;
  }
  launch = g_strdup_printf (SRC "v4l2tvsink name=sink device=%s", device);
  expect_error (launch, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND, NULL);
  g_free (launch);
}

GST_END_TEST;

GST_START_TEST (test_error_unknown_output)
{
  const gchar *const names[] = { "Foo", "Composite Out", "S-Video Out",
    "RF Modulator", NULL
  };

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  expect_error (SRC SINK "output=Foo", GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS, names);
  /* past the last index */
  expect_error (SRC SINK "output=3", GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS, names + 1);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the driver refuses the norm (the virtual outputs take every standard,
 * so the refusal is injected: S_STD fails with EINVAL as a driver whose
 * output cannot send it does); the message lists the output's norms */
GST_START_TEST (test_error_norm_unsupported)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  const gchar *const names[] = { "SECAM-L", "S-Video Out", "NTSC", "PAL",
    NULL
  };

  gst_tv_hw_virtual_card_inject_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_STD,
      EINVAL);
  expect_error (SRC SINK "output=\"S-Video Out\" norm=SECAM-L",
      GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS, names);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* upstream that can only give what the card cannot take: the sink's own
 * error, which says what the standard needs, not only upstream's
 * "not-negotiated" */
GST_START_TEST (test_wrong_caps_error)
{
  const gchar *const size[] = { "640x480", "720x576", "Composite Out",
    DEVICE, NULL
  };
  const gchar *const rate[] = { "30/1", "25/1", "Composite Out", DEVICE,
    NULL
  };
  GstElement *pipeline;
  GstMessage *msg;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  expect_error (SRC "video/x-raw,width=640,height=480 ! " SINK "norm=PAL",
      GST_CORE_ERROR, GST_CORE_ERROR_NEGOTIATION, size);
  expect_error (SRC "video/x-raw,width=720,height=576,framerate=30/1 ! "
      SINK "norm=PAL", GST_CORE_ERROR, GST_CORE_ERROR_NEGOTIATION, rate);

  /* upstream that can adapt still gets the card's caps */
  pipeline = gst_parse_launch (SRC "video/x-raw,width=640,height=480,"
      "framerate=30/1 ! videoscale ! videorate ! " SINK "norm=PAL", NULL);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  msg = run_pipeline (pipeline, V4L2TV_CHECK_WAIT);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* another program owns the output queue: the format cannot change */
GST_START_TEST (test_error_busy_queue)
{
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 n = 0;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_OUTPUT, &err);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_request_buffers (dev, 2, &n, &err));
  expect_error (SRC SINK "norm=PAL", GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_BUSY, NULL);
  /* and the output cannot be switched under it */
  expect_error (SRC SINK "output=1", GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_BUSY, NULL);
  gst_tv_hw_device_request_buffers (dev, 0, &n, NULL);
  gst_tv_hw_device_close (dev);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a broken or unusual driver: no outputs, no standards on any output,
 * no formats (or none the element handles): one clear error, whatever
 * the properties ask for, and never an empty list indexed */
static const guint32 mjpeg_only[] = { V4L2_PIX_FMT_MJPEG };

/* *INDENT-OFF* */
static const struct
{
  gint n_outputs;               /* -1: all */
  gboolean no_stds;             /* no output has standards */
  gint n_formats;               /* -1: the default formats, 1: MJPG */
  const gchar *args;
  const gchar *text;            /* in the message */
} empty_cases[] = {
  { 0, FALSE, -1, "", "has no outputs" },
  { 0, FALSE, -1, "output=0", "has no outputs" },
  { 0, FALSE, -1, "output=\"Composite Out\" norm=PAL", "has no outputs" },
  { -1, TRUE, -1, "norm=PAL", "has no analog TV standards" },
  { 1, TRUE, -1, "output=0 norm=NTSC", "has no analog TV standards" },
  { -1, FALSE, 0, "", "offers no video format" },
  { -1, FALSE, 0, "norm=NTSC", "offers no video format" },
  { -1, FALSE, 1, "norm=PAL", "offers no video format" },
  { -1, TRUE, 0, "", "offers no video format" },
};
/* *INDENT-ON* */

GST_START_TEST (test_error_empty_card)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  const gchar *contains[] = { empty_cases[__i__].text, NULL };
  gchar *launch;
  guint i;

  if (empty_cases[__i__].n_outputs >= 0)
    fail_unless (gst_tv_hw_virtual_card_set_n_outputs (card,
            empty_cases[__i__].n_outputs));
  for (i = 0; empty_cases[__i__].no_stds && i < GST_TV_HW_VIRTUAL_N_OUTPUTS;
      i++)
    gst_tv_hw_virtual_card_set_output_std (card, i, 0);
  if (empty_cases[__i__].n_formats >= 0)
    fail_unless (gst_tv_hw_virtual_card_set_formats (card, mjpeg_only,
            empty_cases[__i__].n_formats));
  launch = g_strconcat (SRC, SINK, empty_cases[__i__].args, NULL);
  expect_error (launch, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
      contains);
  g_free (launch);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a driver call failing once: the error each failure gives, by its
 * errno (busy, disconnected, out of memory, I/O error, or the request
 * refused), whatever the call */
/* *INDENT-OFF* */
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
  { GST_TV_HW_VIRTUAL_FAULT_OPEN, EACCES, "", GST_RESOURCE_ERROR_OPEN_WRITE,
    NULL },
  { GST_TV_HW_VIRTUAL_FAULT_OPEN, EIO, "", GST_RESOURCE_ERROR_OPEN_WRITE,
    "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT, EIO, "output=\"S-Video Out\"",
    GST_RESOURCE_ERROR_SETTINGS, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT, EINVAL, "output=\"S-Video Out\"",
    GST_RESOURCE_ERROR_SETTINGS, "Could not select output 'S-Video Out'" },
  { GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT, EBUSY, "output=\"S-Video Out\"",
    GST_RESOURCE_ERROR_BUSY, "is busy" },
  { GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT, ENODEV, "output=\"S-Video Out\"",
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
  { GST_TV_HW_VIRTUAL_FAULT_S_STD, EIO, "norm=NTSC",
    GST_RESOURCE_ERROR_SETTINGS, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_STD, ENOMEM, "norm=NTSC",
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, EIO, "norm=NTSC",
    GST_RESOURCE_ERROR_SETTINGS, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, ENODEV, "norm=NTSC",
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, ENOMEM, "norm=NTSC",
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, EBUSY, "norm=NTSC",
    GST_RESOURCE_ERROR_BUSY, "is busy" },
  { GST_TV_HW_VIRTUAL_FAULT_S_FMT, EINVAL, "norm=NTSC",
    GST_RESOURCE_ERROR_SETTINGS, "does not accept the video format" },
  { GST_TV_HW_VIRTUAL_FAULT_REQBUFS, ENOMEM, "norm=NTSC",
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_REQBUFS, EIO, "norm=NTSC",
    GST_RESOURCE_ERROR_WRITE, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, EIO, "norm=NTSC",
    GST_RESOURCE_ERROR_FAILED, "input/output error" },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, EINVAL, "norm=NTSC",
    GST_RESOURCE_ERROR_FAILED, "Could not start output" },
  { GST_TV_HW_VIRTUAL_FAULT_STREAMON, ENODEV, "norm=NTSC",
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
  /* one EIO is a lost frame (elements/v4l2tvfaults.c); ENOMEM is not */
  { GST_TV_HW_VIRTUAL_FAULT_DQBUF, ENOMEM, "norm=NTSC",
    GST_RESOURCE_ERROR_NO_SPACE_LEFT, "ran out of memory" },
  { GST_TV_HW_VIRTUAL_FAULT_DQBUF, ENODEV, "norm=NTSC",
    GST_RESOURCE_ERROR_NOT_FOUND, "was disconnected" },
};
/* *INDENT-ON* */

GST_START_TEST (test_error_fault)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  const gchar *contains[] = { fault_cases[__i__].text, NULL };
  gchar *launch;

  /* the video output's faults: the sliced VBI output node's are only
   * warnings (pipelines/loopback-vbi.c) */
  gst_tv_hw_virtual_card_set_fault_nodes (card,
      GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES);
  gst_tv_hw_virtual_card_inject_fault (card, fault_cases[__i__].fault,
      fault_cases[__i__].err);
  launch = g_strconcat (SRC, SINK, fault_cases[__i__].args, NULL);
  expect_error (launch, GST_RESOURCE_ERROR, fault_cases[__i__].code, contains);
  g_free (launch);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a bad output set while playing warns and output goes on */
GST_START_TEST (test_error_live_unknown_output)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_harness ("Composite Out", "PAL");
  GstCaps *caps = gst_caps_from_string (PAL_CAPS ("YUY2"));
  GstBus *bus = gst_bus_new ();
  guint32 displayed = 0, output = 99;
  v4l2_std_id std;
  GError *err = NULL;
  GstMessage *msg;

  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  fail_unless_equals_int (gst_harness_push (h, make_picture (caps, NULL,
              TRUE)), GST_FLOW_OK);
  gst_tv_hw_virtual_card_emit_frames (card, 1);

  g_object_set (h->element, "output", "Foo", NULL);
  fail_unless_equals_int (gst_harness_push (h, make_picture (caps, NULL,
              TRUE)), GST_FLOW_OK);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL);
  gst_message_parse_warning (msg, &err, NULL);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS));
  g_clear_error (&err);
  gst_message_unref (msg);

  gst_tv_hw_virtual_card_emit_frames (card, 1);
  gst_tv_hw_virtual_card_get_output_counts (card, &displayed, NULL);
  fail_unless_equals_int (displayed, 2);
  card_output (&output, &std);
  fail_unless_equals_int (output, 0);

  gst_caps_unref (caps);
  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
v4l2tvsink_suite (void)
{
  Suite *s = suite_create ("v4l2tvsink");
  TCase *tc_general = tcase_create ("general");
  TCase *tc_stream = tcase_create ("stream");
  TCase *tc_errors = tcase_create ("errors");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc_general);

  v4l2tv_check_add_teardown (tc_general);
  tcase_add_test (tc_general, test_types);
  tcase_add_test (tc_general, test_device_name);
  tcase_add_loop_test (tc_general, test_output_selection, 0,
      G_N_ELEMENTS (output_cases));
  tcase_add_test (tc_general, test_output_kept_when_unset);
  tcase_add_loop_test (tc_general, test_norm_caps, 0,
      G_N_ELEMENTS (norm_cases));
  tcase_add_test (tc_general, test_native_readback);
  tcase_add_loop_test (tc_general, test_convert_readback, 0,
      G_N_ELEMENTS (convert_cases));
  tcase_add_test (tc_general, test_preroll_shown_once);
  tcase_add_test (tc_general, test_screen_kept_after_stop);
  tcase_add_test (tc_general, test_switch_live);
  tcase_add_test (tc_general, test_switch_live_upstream_stuck);

  suite_add_tcase (s, tc_stream);

  v4l2tv_check_add_teardown (tc_stream);
  tcase_add_test (tc_stream, test_timing);
  tcase_add_test (tc_stream, test_late_frames_dropped);
  tcase_add_test (tc_stream, test_flush_seek);
  tcase_add_test (tc_stream, test_unlock);

  suite_add_tcase (s, tc_errors);

  v4l2tv_check_add_teardown (tc_errors);
  tcase_add_test (tc_errors, test_error_device_missing);
  tcase_add_test (tc_errors, test_error_not_v4l2);
  tcase_add_test (tc_errors, test_error_not_output);
  tcase_add_test (tc_errors, test_error_unknown_output);
  tcase_add_test (tc_errors, test_error_norm_unsupported);
  tcase_add_test (tc_errors, test_wrong_caps_error);
  tcase_add_test (tc_errors, test_error_busy_queue);
  tcase_add_loop_test (tc_errors, test_error_empty_card, 0,
      G_N_ELEMENTS (empty_cases));
  tcase_add_loop_test (tc_errors, test_error_fault, 0,
      G_N_ELEMENTS (fault_cases));
  tcase_add_test (tc_errors, test_error_live_unknown_output);

  return s;
}

GST_CHECK_MAIN (v4l2tvsink);
