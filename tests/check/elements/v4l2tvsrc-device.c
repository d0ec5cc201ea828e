/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tvsrc on a device: the same tests on the virtual TV card and on a
 * real driver (the kernel's vivid, booted by tests/vivid/vivid-run).
 *
 * The device is $V4L2TV_TEST_DEVICE, "virtual:6" when unset. A virtual
 * card is set up first to look like vivid's capture node (a webcam input
 * without standards, a tuner input, an S-Video input, an HDMI input
 * without standards; FREERUN pacing). Everything else is found out
 * through the hardware layer: the input names and which of them have
 * standards (ENUMINPUT), what the card is set to (G_INPUT, G_STD, G_FMT
 * from a second handle while the element streams), and the input's
 * status and QUERYSTD under the signal modes. The signal modes are set
 * through the virtual card's test hooks, or through vivid's "Standard
 * Signal Mode" control (found by name); a device that has neither skips
 * those checks.
 *
 * Frames come out of an appsink (YUY2, max-buffers=1, no sync) that holds
 * the element back, so that a FREERUN card never runs ahead of the test.
 * Frame counts are small: under qemu without KVM vivid makes about 12
 * frames per second at 720x576. No test streams from an input without standards
 * (vivid's webcam gives 3840x2160 at about 2 frames per second there); the
 * fixture leaves the card on a TV input.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include <gst/tuner/tuner.h>
#include <gst/video/colorbalance.h>
#include <gst/video/videoorientation.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define DEFAULT_DEVICE "virtual:6"

/* frames per pipeline run, and how long one may take */
#define N_FRAMES 2
#define FRAME_TIMEOUT (V4L2TV_CHECK_WAIT)
/* frames a live norm switch may take to show (the element restarts the
 * card's queue; frames already queued downstream come first) */
#define SWITCH_FRAMES 30

typedef struct
{
  guint index;
  gchar *name;
  guint32 type;
  v4l2_std_id std;
} Input;

static const gchar *device;
static gboolean virtual_device;
static GArray *inputs;          /* of Input */
static guint home_input;        /* where the fixture leaves the card */

/* --- the device --- */

/* vivid's capture node with vivid-run's module parameters
 * (tests/vivid/README.md), for a virtual card; signal_std: the webcam and
 * HDMI inputs have a picture, the TV (its antenna) and S-Video inputs
 * carry PAL, as vivid's "Current Standard" signal at power-on */
static const GstTvHwVirtualInput vivid_like_inputs[] = {
  {"Webcam 0", V4L2_INPUT_TYPE_CAMERA, 0, V4L2_STD_ALL, 0},
  {"TV 0", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL, 0x3},
  {"S-Video 0", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x3},
  {"HDMI 0", V4L2_INPUT_TYPE_CAMERA, 0, V4L2_STD_ALL, 0},
};

static GstTvHwVirtualCard *
virtual_card (void)
{
  guint64 n = 0;

  if (g_str_has_prefix (device, "virtual:"))
    fail_unless (g_ascii_string_to_unsigned (device + strlen ("virtual:"),
            10, 0, GST_TV_HW_VIRTUAL_MAX_CARDS - 1, &n, NULL));
  return gst_tv_hw_virtual_card_get ((guint) n);
}

static GstTvHwDevice *
open_device (void)
{
  GError *err = NULL;
  GstTvHwDevice *dev;

  dev = gst_tv_hw_device_open (device, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  fail_unless (dev != NULL, "cannot open %s: %s", device,
      err ? err->message : "");
  return dev;
}

static const Input *
input_at (guint i)
{
  return &g_array_index (inputs, Input, i);
}

static gboolean
has_525_and_625 (const Input * in)
{
  return (in->std & V4L2_STD_525_60) && (in->std & V4L2_STD_625_50);
}

/* the control called @name (case-insensitive), 0 if there is none */
static guint32
find_ctrl (GstTvHwDevice * dev, const gchar * name)
{
  struct v4l2_queryctrl qc;

  memset (&qc, 0, sizeof (qc));
  while (gst_tv_hw_device_next_ctrl (dev, &qc, NULL)) {
    if (qc.type != V4L2_CTRL_TYPE_CTRL_CLASS &&
        g_ascii_strncasecmp ((const gchar *) qc.name, name,
            sizeof (qc.name)) == 0 && strlen (name) < sizeof (qc.name))
      return qc.id;
  }
  return 0;
}

/* the index of menu item @name of control @id */
static gint32
find_menu_item (GstTvHwDevice * dev, guint32 id, const gchar * name)
{
  struct v4l2_queryctrl qc;
  struct v4l2_querymenu qm;
  gint32 i;

  fail_unless (gst_tv_hw_device_query_ctrl (dev, id, &qc, NULL));
  for (i = qc.minimum; i <= qc.maximum; i++) {
    if (gst_tv_hw_device_enum_menu (dev, id, i, &qm, NULL) &&
        g_ascii_strcasecmp ((const gchar *) qm.name, name) == 0)
      return i;
  }
  fail ("control '%s' has no menu item '%s'", qc.name, name);
  return -1;
}

typedef enum
{
  SIGNAL_OK,                    /* the signal of the selected standard */
  SIGNAL_NONE,                  /* nothing connected */
  SIGNAL_NO_LOCK,               /* a signal the decoder cannot lock to */
  SIGNAL_STD,                   /* a signal in a given standard */
} SignalMode;

/* vivid's "Standard Signal Mode" menu items */
static const gchar *const vivid_signal_modes[] = {
  "Current Standard", "No Signal", "No Lock", "Selected Standard",
};

/* puts @mode (in standard @std for SIGNAL_STD) on input @in: through the
 * virtual card's hooks, or vivid's signal mode controls, which act on the
 * current input (so @in is selected). FALSE when the device has no way
 * to (no such controls). */
static gboolean
set_signal_mode (GstTvHwDevice * dev, const Input * in, SignalMode mode,
    v4l2_std_id std)
{
  GError *err = NULL;
  guint32 mode_id, std_id;

  if (virtual_device) {
    GstTvHwVirtualCard *card = virtual_card ();

    fail_unless (gst_tv_hw_virtual_card_set_signal (card, in->index,
            mode == SIGNAL_NONE ? 0 : mode == SIGNAL_STD ? std : V4L2_STD_PAL));
    fail_unless (gst_tv_hw_virtual_card_set_input_status (card, in->index,
            mode == SIGNAL_NO_LOCK ? V4L2_IN_ST_NO_H_LOCK : 0));
    return TRUE;
  }

  mode_id = find_ctrl (dev, "Standard Signal Mode");
  if (mode_id == 0)
    return FALSE;
  fail_unless (gst_tv_hw_device_set_input (dev, in->index, &err),
      "S_INPUT %u: %s", in->index, err ? err->message : "");
  if (mode == SIGNAL_STD) {
    std_id = find_ctrl (dev, "Standard");
    fail_unless (std_id != 0, "no 'Standard' control");
    fail_unless (gst_tv_hw_device_set_ctrl (dev, std_id,
            find_menu_item (dev, std_id, gst_tv_hw_std_name (std)), &err),
        "%s", err ? err->message : "");
  }
  fail_unless (gst_tv_hw_device_set_ctrl (dev, mode_id,
          find_menu_item (dev, mode_id, vivid_signal_modes[mode]), &err),
      "%s", err ? err->message : "");
  return TRUE;
}

/* the fixture: the virtual card set up like vivid; the device's inputs;
 * every TV input's signal back to normal; the card on a TV input (the
 * tuner's if there is one) in PAL */
static void
setup (void)
{
  GstTvHwDevice *dev;
  struct v4l2_input vin;
  gboolean found = FALSE;
  guint i;

  device = g_getenv ("V4L2TV_TEST_DEVICE");
  if (device == NULL || *device == '\0')
    device = DEFAULT_DEVICE;
  virtual_device = gst_tv_hw_location_is_virtual (device);
  GST_INFO ("device %s", device);

  if (virtual_device) {
    GstTvHwVirtualCard *card = virtual_card ();

    fail_unless (card != NULL);
    fail_unless (gst_tv_hw_virtual_card_reset (card),
        "a handle is still open on %s", device);
    gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
    fail_unless (gst_tv_hw_virtual_card_set_inputs (card, vivid_like_inputs,
            G_N_ELEMENTS (vivid_like_inputs)));
  }

  dev = open_device ();
  inputs = g_array_new (FALSE, TRUE, sizeof (Input));
  for (i = 0; gst_tv_hw_device_enum_input (dev, i, &vin, NULL); i++) {
    Input in;

    in.index = i;
    in.name = GST_TV_HW_NAME (vin.name);
    in.type = vin.type;
    in.std = vin.std;
    g_array_append_val (inputs, in);
    GST_INFO ("input %u: '%s' %s, standards 0x%" G_GINT64_MODIFIER "x", i,
        in.name, in.type == V4L2_INPUT_TYPE_TUNER ? "tuner" : "camera",
        (guint64) in.std);
  }
  fail_unless (inputs->len > 0, "%s has no inputs", device);

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);

    if (in->std == 0)
      continue;
    set_signal_mode (dev, in, SIGNAL_OK, 0);
    if (!found || in->type == V4L2_INPUT_TYPE_TUNER) {
      home_input = i;
      found = found || in->type == V4L2_INPUT_TYPE_TUNER;
    }
    found = TRUE;
  }
  if (found) {
    fail_unless (gst_tv_hw_device_set_input (dev, home_input, NULL));
    fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, NULL));
  }
  gst_tv_hw_device_close (dev);
}

static void
teardown (void)
{
  guint i;

  v4l2tv_check_teardown ();
  for (i = 0; i < inputs->len; i++)
    g_free (input_at (i)->name);
  g_clear_pointer (&inputs, g_array_unref);
  if (virtual_device)
    fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count
        (virtual_card ()), 0);
}

/* --- capturing --- */

typedef struct
{
  GstElement *pipeline;
  GstElement *src;
  GstElement *sink;
  GstBus *bus;
} Capture;

static void
capture_init (Capture * c, const gchar * input, const gchar * norm)
{
  /* YUY2: what vivid and the virtual card list first, whatever else the
   * element could convert to */
  c->pipeline = gst_parse_launch ("v4l2tvsrc name=src ! appsink name=sink "
      "caps=video/x-raw,format=YUY2 sync=false max-buffers=1 drop=false "
      "enable-last-sample=false", NULL);
  v4l2tv_check_track (c->pipeline);
  fail_unless (c->pipeline != NULL);
  c->src = gst_bin_get_by_name (GST_BIN (c->pipeline), "src");
  c->sink = gst_bin_get_by_name (GST_BIN (c->pipeline), "sink");
  c->bus = gst_element_get_bus (c->pipeline);
  g_object_set (c->src, "device", device, NULL);
  if (input)
    g_object_set (c->src, "input", input, NULL);
  if (norm)
    gst_util_set_object_arg (G_OBJECT (c->src), "norm", norm);
}

static void
capture_clear (Capture * c)
{
  gst_element_set_state (c->pipeline, GST_STATE_NULL);
  gst_object_unref (c->src);
  gst_object_unref (c->sink);
  gst_object_unref (c->bus);
  gst_object_unref (c->pipeline);
}

/* fails the test with the ERROR on the bus, if there is one */
static void
check_no_error (Capture * c)
{
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL;

  msg = gst_bus_pop_filtered (c->bus, GST_MESSAGE_ERROR);
  if (msg == NULL)
    return;
  gst_message_parse_error (msg, &err, &debug);
  fail ("error from %s: %s (%s)", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
      err->message, debug);
}

static void
capture_start (Capture * c, const gchar * input, const gchar * norm)
{
  capture_init (c, input, norm);
  if (gst_element_set_state (c->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE)
    check_no_error (c);
  check_no_error (c);
}

static GstSample *
pull_sample (Capture * c)
{
  GstSample *sample = NULL;

  g_signal_emit_by_name (c->sink, "try-pull-sample", FRAME_TIMEOUT, &sample);
  check_no_error (c);
  fail_unless (sample != NULL, "no frame from %s within %" GST_TIME_FORMAT,
      device, GST_TIME_ARGS (FRAME_TIMEOUT));
  return sample;
}

static gint
caps_height (GstCaps * caps)
{
  gint height = 0;

  fail_unless (gst_structure_get_int (gst_caps_get_structure (caps, 0),
          "height", &height));
  return height;
}

static gint
sample_height (GstSample * sample)
{
  return caps_height (gst_sample_get_caps (sample));
}

/* the buffer is a whole frame of the caps it came with; on the virtual
 * card, a clean picture of input @input (G_MAXUINT: of any input, or
 * snow) */
static void
check_sample (GstSample * sample, guint input)
{
  GstBuffer *buf = gst_sample_get_buffer (sample);
  GstCaps *caps = gst_sample_get_caps (sample);
  GstVideoInfo info;

  fail_unless (buf != NULL && caps != NULL);
  fail_unless (gst_caps_is_fixed (caps));
  fail_unless (gst_video_info_from_caps (&info, caps));
  if (gst_buffer_get_video_meta (buf) == NULL)
    fail_unless_equals_int (gst_buffer_get_size (buf),
        GST_VIDEO_INFO_SIZE (&info));
  fail_unless (GST_BUFFER_PTS_IS_VALID (buf));

  if (virtual_device && input != G_MAXUINT) {
    GstTvHwVirtualFrameInfo fi;
    GstVideoFrame frame;
    const guint8 *luma;

    fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
    luma = GST_VIDEO_FRAME_PLANE_DATA (&frame, 0);
    if (GST_VIDEO_INFO_FORMAT (&info) == GST_VIDEO_FORMAT_UYVY)
      luma += 1;
    fail_unless (gst_tv_hw_virtual_decode (luma, 2,
            GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
            GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), &fi),
        "no marks in the frame");
    gst_video_frame_unmap (&frame);
    fail_unless_equals_int (fi.input, input);
    fail_unless (fi.top_field_ok && fi.bottom_field_ok);
    fail_if (fi.no_signal);
  }
}

/* pulls @n frames, checks them (see check_sample()) and returns the caps
 * of the last */
static GstCaps *
pull_frames (Capture * c, guint n, guint input)
{
  GstCaps *caps = NULL;
  guint i;

  for (i = 0; i < n; i++) {
    GstSample *sample = pull_sample (c);

    check_sample (sample, input);
    gst_caps_replace (&caps, gst_sample_get_caps (sample));
    gst_sample_unref (sample);
  }
  return caps;
}

/* the card's current input, read through a second handle */
static guint32
current_input (void)
{
  GstTvHwDevice *dev = open_device ();
  guint32 index = G_MAXUINT32;

  fail_unless (gst_tv_hw_device_get_input (dev, &index, NULL));
  gst_tv_hw_device_close (dev);
  return index;
}

/* puts the card on input @index and, if it has standards, on @std: what
 * a test starts from, so that the element has to change it (selecting an
 * input streams nothing) */
static void
preset_card (guint index, v4l2_std_id std)
{
  GstTvHwDevice *dev = open_device ();
  GError *err = NULL;

  fail_unless (gst_tv_hw_device_set_input (dev, index, &err), "S_INPUT %u: %s",
      index, err ? err->message : "");
  if (input_at (index)->std & std)
    fail_unless (gst_tv_hw_device_set_std (dev, std, &err), "S_STD: %s",
        err ? err->message : "");
  gst_tv_hw_device_close (dev);
}

/* @name in lower case, or in upper case when that is no change */
static gchar *
other_case (const gchar * name)
{
  gchar *s = g_ascii_strdown (name, -1);

  if (strcmp (s, name) == 0) {
    g_free (s);
    s = g_ascii_strup (name, -1);
  }
  return s;
}

/* --- inputs --- */

GST_START_TEST (test_inputs)
{
  guint i, j, n_std = 0, n_no_std = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);

    fail_unless (in->name[0] != '\0', "input %u has no name", i);
    for (j = 0; j < i; j++)
      fail_if (g_ascii_strcasecmp (in->name, input_at (j)->name) == 0,
          "inputs %u and %u are both called '%s'", j, i, in->name);
    if (in->type == V4L2_INPUT_TYPE_TUNER)
      fail_unless (in->std != 0, "tuner input '%s' has no standards", in->name);
    if (in->std)
      n_std++;
    else
      n_no_std++;
  }
  /* a TV card has inputs with standards; vivid's (and the virtual card set
   * up like it) has inputs without them too */
  fail_unless (n_std > 0, "no input with TV standards");
  if (virtual_device)
    fail_unless (n_no_std > 0);
  GST_INFO ("%u inputs with standards, %u without", n_std, n_no_std);
}

GST_END_TEST;

/* selects every input with standards by @how ("name", "index") and
 * captures from it */
static void
check_input_selection (const gchar * how)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);
    gchar *sel;
    Capture c;
    GstCaps *caps;

    if (in->std == 0)
      continue;
    /* by name, case-insensitive */
    if (g_str_equal (how, "name"))
      sel = other_case (in->name);
    else
      sel = g_strdup_printf ("%u", in->index);
    GST_INFO ("input '%s' as '%s'", in->name, sel);

    /* the card starts on another input (any, even one without standards:
     * nothing streams before the element selects) */
    preset_card ((in->index + 1) % inputs->len, V4L2_STD_NTSC);
    capture_start (&c, sel, "PAL");
    caps = pull_frames (&c, N_FRAMES, in->index);
    /* the card is on it while the element streams */
    fail_unless_equals_int (current_input (), in->index);
    gst_caps_unref (caps);
    check_no_error (&c);
    capture_clear (&c);
    g_free (sel);
    n++;
  }
  fail_unless (n > 0);
}

GST_START_TEST (test_input_by_name)
{
  check_input_selection ("name");
}

GST_END_TEST;

GST_START_TEST (test_input_by_index)
{
  check_input_selection ("index");
}

GST_END_TEST;

/* unset, the input and the norm stay what the card is set to (by
 * v4l2-ctl, or a previous pipeline) */
GST_START_TEST (test_input_kept_when_unset)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);
    GstCaps *caps;
    Capture c;

    if (!has_525_and_625 (in))
      continue;
    preset_card (in->index, V4L2_STD_NTSC);
    capture_start (&c, NULL, NULL);
    caps = pull_frames (&c, N_FRAMES, in->index);
    fail_unless_equals_int (caps_height (caps), 480);
    fail_unless_equals_int (current_input (), in->index);
    gst_caps_unref (caps);
    check_no_error (&c);
    capture_clear (&c);
    n++;
  }
  fail_unless (n > 0, "no input with both 525- and 625-line standards");
}

GST_END_TEST;

/* --- standards --- */

/* *INDENT-OFF* */
static const struct
{
  const gchar *norm;
  v4l2_std_id std;
  gboolean every_input;         /* else only the first TV input */
  gint height, fps_n, fps_d, par_n, par_d;
  const gchar *field_order;
} norm_cases[] = {
  { "NTSC", V4L2_STD_NTSC, TRUE, 480, 30000, 1001, 10, 11,
    "bottom-field-first" },
  { "PAL", V4L2_STD_PAL, TRUE, 576, 25, 1, 59, 54, "top-field-first" },
  { "PAL-M", V4L2_STD_PAL_M, FALSE, 480, 30000, 1001, 10, 11,
    "bottom-field-first" },
  { "SECAM", V4L2_STD_SECAM, FALSE, 576, 25, 1, 59, 54, "top-field-first" },
  /* single standards of the PAL and SECAM groups */
  { "PAL-B", V4L2_STD_PAL_B, FALSE, 576, 25, 1, 59, 54, "top-field-first" },
  { "SECAM-K1", V4L2_STD_SECAM_K1, FALSE, 576, 25, 1, 59, 54,
    "top-field-first" },
};
/* *INDENT-ON* */

/* the caps of a norm on every input with standards (vivid's TV input has
 * a scaler and takes any size: the element must still ask for the
 * standard's) */
GST_START_TEST (test_norm_caps)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);
    GstTvHwDevice *dev;
    struct v4l2_format fmt;
    v4l2_std_id std = 0;
    GstStructure *s;
    GstSample *sample;
    GstBuffer *buf;
    Capture c;
    gint num, den;

    if (!has_525_and_625 (in))
      continue;
    if (n > 0 && !norm_cases[__i__].every_input)
      break;
    n++;
    GST_INFO ("input '%s', norm %s", in->name, norm_cases[__i__].norm);

    /* the card starts on the other line count */
    preset_card (in->index, (norm_cases[__i__].std & V4L2_STD_525_60) ?
        V4L2_STD_PAL : V4L2_STD_NTSC);
    capture_start (&c, in->name, norm_cases[__i__].norm);
    sample = pull_sample (&c);
    check_sample (sample, in->index);
    GST_INFO ("caps %" GST_PTR_FORMAT, gst_sample_get_caps (sample));

    s = gst_caps_get_structure (gst_sample_get_caps (sample), 0);
    fail_unless (gst_structure_get_int (s, "width", &num));
    fail_unless_equals_int (num, 720);
    fail_unless_equals_int (sample_height (sample), norm_cases[__i__].height);
    fail_unless (gst_structure_get_fraction (s, "framerate", &num, &den));
    fail_unless_equals_int (num, norm_cases[__i__].fps_n);
    fail_unless_equals_int (den, norm_cases[__i__].fps_d);
    fail_unless (gst_structure_get_fraction (s, "pixel-aspect-ratio", &num,
            &den));
    fail_unless_equals_int (num, norm_cases[__i__].par_n);
    fail_unless_equals_int (den, norm_cases[__i__].par_d);
    fail_unless_equals_string (gst_structure_get_string (s, "interlace-mode"),
        "interleaved");
    fail_unless_equals_string (gst_structure_get_string (s, "field-order"),
        norm_cases[__i__].field_order);
    fail_unless_equals_string (gst_structure_get_string (s, "colorimetry"),
        "bt601");

    buf = gst_sample_get_buffer (sample);
    fail_unless (GST_BUFFER_FLAG_IS_SET (buf,
            GST_VIDEO_BUFFER_FLAG_INTERLACED));
    fail_unless_equals_int (GST_BUFFER_FLAG_IS_SET (buf,
            GST_VIDEO_BUFFER_FLAG_TFF),
        g_str_equal (norm_cases[__i__].field_order, "top-field-first"));
    fail_unless_equals_uint64 (GST_BUFFER_DURATION (buf),
        gst_util_uint64_scale_int (GST_SECOND, norm_cases[__i__].fps_d,
            norm_cases[__i__].fps_n));
    gst_sample_unref (sample);
    gst_caps_unref (pull_frames (&c, N_FRAMES - 1, in->index));

    /* what the card was set to: the input, the standard, the native size */
    dev = open_device ();
    fail_unless (gst_tv_hw_device_get_std (dev, &std, NULL));
    fail_unless (std != 0 && (std & ~norm_cases[__i__].std) == 0,
        "G_STD 0x%" G_GINT64_MODIFIER "x for %s", (guint64) std,
        norm_cases[__i__].norm);
    memset (&fmt, 0, sizeof (fmt));
    fail_unless (gst_tv_hw_device_get_fmt (dev, &fmt, NULL));
    fail_unless_equals_int (fmt.fmt.pix.width, 720);
    fail_unless_equals_int (fmt.fmt.pix.height, norm_cases[__i__].height);
    gst_tv_hw_device_close (dev);
    fail_unless_equals_int (current_input (), in->index);

    check_no_error (&c);
    capture_clear (&c);
  }
  fail_unless (n > 0, "no input with both 525- and 625-line standards");
}

GST_END_TEST;

/* a norm while streaming: 625 -> 525 lines renegotiates, and back */
static void
switch_norm (Capture * c, const Input * in, const gchar * norm,
    v4l2_std_id std, gint height)
{
  GstTvHwDevice *dev;
  v4l2_std_id cur = 0;
  guint i;

  gst_util_set_object_arg (G_OBJECT (c->src), "norm", norm);
  for (i = 0; i < SWITCH_FRAMES; i++) {
    GstSample *sample = pull_sample (c);
    gint h = sample_height (sample);

    check_sample (sample, in->index);
    gst_sample_unref (sample);
    if (h == height)
      break;
  }
  fail_unless (i < SWITCH_FRAMES, "still no %s frame after %u frames", norm,
      SWITCH_FRAMES);
  GST_INFO ("%s after %u frames", norm, i + 1);

  /* from now on only the new size */
  for (i = 0; i < N_FRAMES; i++) {
    GstSample *sample = pull_sample (c);

    check_sample (sample, in->index);
    fail_unless_equals_int (sample_height (sample), height);
    gst_sample_unref (sample);
  }
  dev = open_device ();
  fail_unless (gst_tv_hw_device_get_std (dev, &cur, NULL));
  fail_unless (cur != 0 && (cur & ~std) == 0, "G_STD 0x%" G_GINT64_MODIFIER
      "x after the switch to %s", (guint64) cur, norm);
  gst_tv_hw_device_close (dev);
}

GST_START_TEST (test_norm_switch_live)
{
  const Input *in = input_at (home_input);
  GstSample *sample;
  Capture c;

  fail_unless (has_525_and_625 (in));
  capture_start (&c, in->name, "PAL");
  sample = pull_sample (&c);
  fail_unless_equals_int (sample_height (sample), 576);
  gst_sample_unref (sample);

  switch_norm (&c, in, "NTSC", V4L2_STD_NTSC, 480);
  switch_norm (&c, in, "PAL", V4L2_STD_PAL, 576);

  check_no_error (&c);
  capture_clear (&c);
}

GST_END_TEST;

/* --- errors --- */

/* starting a capture with @input and @norm fails with a RESOURCE error of
 * @code from the source, and leaves the card's input alone */
static void
expect_error (const gchar * input, const gchar * norm, gint code)
{
  guint32 before = current_input ();
  GError *err = NULL;
  gchar *debug = NULL;
  GstMessage *msg;
  Capture c;

  capture_init (&c, input, norm);
  gst_element_set_state (c.pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (c.bus, FRAME_TIMEOUT,
      GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
  fail_unless (msg != NULL, "no error for input '%s' norm %s", input, norm);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (c.src));
  gst_message_parse_error (msg, &err, &debug);
  GST_INFO ("input '%s' norm %s: %s (%s)", input, norm, err->message, debug);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR, code),
      "got %s/%d: %s", g_quark_to_string (err->domain), err->code,
      err->message);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);
  capture_clear (&c);

  fail_unless_equals_int (current_input (), before);
}

/* a norm on an input without standards (vivid's webcam and HDMI inputs) */
GST_START_TEST (test_error_norm_without_standards)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    if (input_at (i)->std != 0)
      continue;
    expect_error (input_at (i)->name, "PAL", GST_RESOURCE_ERROR_SETTINGS);
    expect_error (input_at (i)->name, "NTSC", GST_RESOURCE_ERROR_SETTINGS);
    n++;
  }
  if (n == 0)
    GST_INFO ("%s has no input without standards", device);
}

GST_END_TEST;

GST_START_TEST (test_error_unknown_input)
{
  gchar *past = g_strdup_printf ("%u", inputs->len);

  expect_error ("no such input", "PAL", GST_RESOURCE_ERROR_SETTINGS);
  expect_error (past, "PAL", GST_RESOURCE_ERROR_SETTINGS);
  g_free (past);
}

GST_END_TEST;

/* --- signal --- */

/* *INDENT-OFF* */
static const struct
{
  const gchar *name;
  SignalMode mode;
  const gchar *norm;            /* the element's */
  gint height;
} signal_cases[] = {
  { "no signal", SIGNAL_NONE, "PAL", 576 },
  { "no lock", SIGNAL_NO_LOCK, "PAL", 576 },
  { "NTSC-M signal", SIGNAL_STD, "NTSC", 480 },
  { "NTSC-M signal, PAL selected", SIGNAL_STD, "PAL", 576 },
};
/* *INDENT-ON* */

/* what the card says about a TV input under a signal mode, and that the
 * element still starts and delivers frames of the selected standard
 * (vivid sends noise, the virtual card snow, when there is no picture) */
GST_START_TEST (test_signal_modes)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);
    struct v4l2_input vin;
    GstTvHwDevice *dev;
    GError *err = NULL;
    v4l2_std_id detected = G_MAXUINT64;
    GstCaps *caps;
    Capture c;
    guint32 lock = V4L2_IN_ST_NO_POWER | V4L2_IN_ST_NO_SIGNAL |
        V4L2_IN_ST_NO_H_LOCK | V4L2_IN_ST_NO_V_LOCK | V4L2_IN_ST_NO_SYNC;

    if (!has_525_and_625 (in))
      continue;

    dev = open_device ();
    if (!set_signal_mode (dev, in, signal_cases[__i__].mode, V4L2_STD_NTSC_M)) {
      GST_INFO ("%s has no signal modes: skipped", device);
      gst_tv_hw_device_close (dev);
      return;
    }
    n++;
    /* QUERYSTD asks the current input */
    fail_unless (gst_tv_hw_device_set_input (dev, in->index, NULL));
    fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, NULL));
    fail_unless (gst_tv_hw_device_enum_input (dev, in->index, &vin, NULL));
    fail_unless (gst_tv_hw_device_query_std (dev, &detected, &err),
        "QUERYSTD: %s", err ? err->message : "");
    GST_INFO ("input '%s', %s: status 0x%x, QUERYSTD 0x%" G_GINT64_MODIFIER
        "x", in->name, signal_cases[__i__].name, vin.status,
        (guint64) detected);
    switch (signal_cases[__i__].mode) {
      case SIGNAL_NONE:
        fail_unless (vin.status & V4L2_IN_ST_NO_SIGNAL, "status 0x%x",
            vin.status);
        fail_unless_equals_uint64 (detected, V4L2_STD_UNKNOWN);
        break;
      case SIGNAL_NO_LOCK:
        fail_unless (vin.status & V4L2_IN_ST_NO_H_LOCK, "status 0x%x",
            vin.status);
        fail_unless_equals_uint64 (detected, V4L2_STD_UNKNOWN);
        break;
      case SIGNAL_STD:
        fail_if (vin.status & lock, "status 0x%x", vin.status);
        fail_unless_equals_uint64 (detected, V4L2_STD_NTSC_M);
        break;
      default:
        g_assert_not_reached ();
    }
    gst_tv_hw_device_close (dev);

    /* the element starts and delivers frames whatever the signal */
    capture_start (&c, in->name, signal_cases[__i__].norm);
    caps = pull_frames (&c, N_FRAMES, G_MAXUINT);
    fail_unless_equals_int (caps_height (caps), signal_cases[__i__].height);
    gst_caps_unref (caps);
    check_no_error (&c);
    capture_clear (&c);

    dev = open_device ();
    set_signal_mode (dev, in, SIGNAL_OK, 0);
    gst_tv_hw_device_close (dev);
  }
  fail_unless (n > 0, "no input with both 525- and 625-line standards");
}

GST_END_TEST;

/* the tuner input through GstTvTuner: its range (vivid's TV tuner and the
 * virtual card's, 44 .. 958 MHz), tuning, and full signal at 175.25 MHz
 * (a station on both: channel E5 on the virtual card, and vivid reports
 * 100% there) */
GST_START_TEST (test_tuner)
{
  const Input *tv = NULL;
  GstTvTunerChannel *channel;
  GstTvTunerNorm *norm;
  GstTvTuner *tuner;
  GstSample *sample;
  gulong frequency = 0;
  guint i;
  Capture c;

  for (i = 0; i < inputs->len && tv == NULL; i++)
    if (input_at (i)->type == V4L2_INPUT_TYPE_TUNER)
      tv = input_at (i);
  fail_unless (tv != NULL, "%s has no tuner input", device);

  capture_start (&c, tv->name, "PAL");
  sample = pull_sample (&c);
  gst_sample_unref (sample);
  tuner = GST_TV_TUNER (c.src);

  fail_unless_equals_int (g_list_length ((GList *)
          gst_tv_tuner_list_channels (tuner)), inputs->len);
  channel = gst_tv_tuner_get_channel (tuner);
  fail_unless (channel != NULL);
  fail_unless_equals_string (gst_tv_tuner_channel_get_label (channel),
      tv->name);
  fail_unless_equals_int (gst_tv_tuner_channel_get_flags (channel) &
      (GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY),
      GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_min_frequency
      (channel), 44000000);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_max_frequency
      (channel), 958000000);
  norm = gst_tv_tuner_get_norm (tuner);
  fail_unless (norm != NULL);
  fail_unless ((gst_tv_tuner_norm_get_std_id (norm) & V4L2_STD_PAL) != 0);
  fail_unless (g_list_find ((GList *) gst_tv_tuner_list_norms (tuner),
          norm) != NULL);

  fail_unless (gst_tv_tuner_set_frequency (tuner, channel, 175250000));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, channel),
      175250000);
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, channel),
      GST_TV_TUNER_SIGNAL_MAX);
  g_object_get (c.src, "frequency", &frequency, NULL);
  fail_unless_equals_uint64 (frequency, 175250000);
  /* out of range: refused, the tuner stays */
  fail_if (gst_tv_tuner_set_frequency (tuner, channel, 2000000000));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, channel),
      175250000);

  sample = pull_sample (&c);
  gst_sample_unref (sample);
  check_no_error (&c);
  capture_clear (&c);
}

GST_END_TEST;

/* the colour balance channels are the device's controls with their
 * ranges; values set through the interface reach the device; the flips
 * go to V4L2_CID_HFLIP / V4L2_CID_VFLIP while streaming. Every control is
 * put back to its default (vivid keeps its controls across tests). */
GST_START_TEST (test_balance_and_flips)
{
  static const struct
  {
    guint32 cid;
    const gchar *label;
  } ctrls[] = {
    {V4L2_CID_BRIGHTNESS, "BRIGHTNESS"},
    {V4L2_CID_CONTRAST, "CONTRAST"},
    {V4L2_CID_SATURATION, "SATURATION"},
    {V4L2_CID_HUE, "HUE"},
  };
  const Input *in = input_at (home_input);
  GstColorBalance *balance;
  GstTvHwDevice *dev;
  GstSample *sample;
  GstCaps *caps;
  GstMessage *msg;
  gboolean has_flips;
  guint i, n_present = 0;
  gint32 v;
  Capture c;

  capture_start (&c, in->name, in->std ? "PAL" : NULL);
  sample = pull_sample (&c);
  gst_sample_unref (sample);
  balance = GST_COLOR_BALANCE (c.src);
  fail_unless_equals_int (gst_color_balance_get_balance_type (balance),
      GST_COLOR_BALANCE_HARDWARE);

  dev = open_device ();
  for (i = 0; i < G_N_ELEMENTS (ctrls); i++) {
    struct v4l2_queryctrl qc;
    GstColorBalanceChannel *chan = NULL;
    const GList *l;
    gint want;

    for (l = gst_color_balance_list_channels (balance); l; l = l->next)
      if (g_str_equal (((GstColorBalanceChannel *) l->data)->label,
              ctrls[i].label))
        chan = l->data;
    if (!gst_tv_hw_device_query_ctrl (dev, ctrls[i].cid, &qc, NULL) ||
        (qc.flags & V4L2_CTRL_FLAG_DISABLED)) {
      fail_unless (chan == NULL, "%s listed, but %s does not have it",
          ctrls[i].label, device);
      continue;
    }
    n_present++;
    fail_unless (chan != NULL, "%s has %s, but it is not listed", device,
        qc.name);
    fail_unless_equals_int (chan->min_value, qc.minimum);
    fail_unless_equals_int (chan->max_value, qc.maximum);

    /* a quarter up the range, on the step */
    want = qc.minimum + (qc.maximum - qc.minimum) / 4 / qc.step * qc.step;
    gst_color_balance_set_value (balance, chan, want);
    fail_unless (gst_tv_hw_device_get_ctrl (dev, ctrls[i].cid, &v, NULL));
    fail_unless_equals_int (v, want);
    fail_unless_equals_int (gst_color_balance_get_value (balance, chan), want);
    fail_unless (gst_tv_hw_device_set_ctrl (dev, ctrls[i].cid,
            qc.default_value, NULL));
  }
  fail_unless_equals_int (g_list_length ((GList *)
          gst_color_balance_list_channels (balance)), n_present);
  /* the virtual card and vivid have all four */
  fail_unless_equals_int (n_present, 4);

  has_flips = find_ctrl (dev, "Horizontal Flip") == V4L2_CID_HFLIP &&
      find_ctrl (dev, "Vertical Flip") == V4L2_CID_VFLIP;
  fail_unless (has_flips, "%s has no flip controls", device);
  gst_util_set_object_arg (G_OBJECT (c.src), "video-direction", "180");
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_HFLIP, &v, NULL));
  fail_unless_equals_int (v, 1);
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_VFLIP, &v, NULL));
  fail_unless_equals_int (v, 1);
  /* the frames keep coming (the virtual card leaves its marks alone) */
  caps = pull_frames (&c, N_FRAMES, virtual_device ? in->index : G_MAXUINT);
  gst_caps_unref (caps);
  fail_unless (gst_video_orientation_set_vflip (GST_VIDEO_ORIENTATION (c.src),
          FALSE));
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_VFLIP, &v, NULL));
  fail_unless_equals_int (v, 0);
  gst_util_set_object_arg (G_OBJECT (c.src), "video-direction", "identity");
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_HFLIP, &v, NULL));
  fail_unless_equals_int (v, 0);
  /* a rotation: refused, nothing changes */
  gst_util_set_object_arg (G_OBJECT (c.src), "video-direction", "90r");
  msg = gst_bus_pop_filtered (c.bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning for video-direction 90r");
  gst_message_unref (msg);
  fail_unless (gst_tv_hw_device_get_ctrl (dev, V4L2_CID_HFLIP, &v, NULL));
  fail_unless_equals_int (v, 0);
  gst_tv_hw_device_close (dev);

  check_no_error (&c);
  capture_clear (&c);
}

GST_END_TEST;

/* norm=auto against the signal modes: the standard of the signal
 * (NTSC-M on an input left in PAL), and without a signal the card's
 * current standard, with a warning */
GST_START_TEST (test_auto_norm)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);
    gchar *detected = NULL;
    GstTvHwDevice *dev;
    GstMessage *msg;
    GstCaps *caps;
    Capture c;

    if (!has_525_and_625 (in))
      continue;

    /* a NTSC-M signal, the card in PAL */
    dev = open_device ();
    if (!set_signal_mode (dev, in, SIGNAL_STD, V4L2_STD_NTSC_M)) {
      GST_INFO ("%s has no signal modes: skipped", device);
      gst_tv_hw_device_close (dev);
      return;
    }
    n++;
    fail_unless (gst_tv_hw_device_set_input (dev, in->index, NULL));
    fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, NULL));
    gst_tv_hw_device_close (dev);

    capture_start (&c, in->name, "auto");
    caps = pull_frames (&c, N_FRAMES, G_MAXUINT);
    fail_unless_equals_int (caps_height (caps), 480);
    gst_caps_unref (caps);
    g_object_get (c.src, "detected-norm", &detected, NULL);
    fail_unless_equals_string (detected, "NTSC-M");
    g_free (detected);
    check_no_error (&c);
    capture_clear (&c);

    /* no signal: the card's PAL kept, a warning */
    dev = open_device ();
    set_signal_mode (dev, in, SIGNAL_NONE, 0);
    fail_unless (gst_tv_hw_device_set_input (dev, in->index, NULL));
    fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_PAL, NULL));
    gst_tv_hw_device_close (dev);

    capture_init (&c, in->name, "auto");
    fail_unless (gst_element_set_state (c.pipeline, GST_STATE_PLAYING) !=
        GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_timed_pop_filtered (c.bus, FRAME_TIMEOUT,
        GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
    fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) ==
        GST_MESSAGE_WARNING, "no warning");
    gst_message_unref (msg);
    caps = pull_frames (&c, N_FRAMES, G_MAXUINT);
    fail_unless_equals_int (caps_height (caps), 576);
    gst_caps_unref (caps);
    g_object_get (c.src, "detected-norm", &detected, NULL);
    fail_unless (detected == NULL, "%s", detected);
    capture_clear (&c);

    dev = open_device ();
    set_signal_mode (dev, in, SIGNAL_OK, 0);
    gst_tv_hw_device_close (dev);
  }
  fail_unless (n > 0, "no input with both 525- and 625-line standards");
}

GST_END_TEST;

/* audio-input: each audio input an input's audioset allows is selected
 * (G_AUDIO reads it back), one outside it is refused */
GST_START_TEST (test_audio_input)
{
  guint i, n = 0;

  for (i = 0; i < inputs->len; i++) {
    const Input *in = input_at (i);
    struct v4l2_input vin;
    struct v4l2_audio audio;
    GstTvHwDevice *dev;
    guint32 a;

    if (in->std == 0)
      continue;
    dev = open_device ();
    fail_unless (gst_tv_hw_device_enum_input (dev, in->index, &vin, NULL));
    gst_tv_hw_device_close (dev);

    for (a = 0; a < 32; a++) {
      gchar *index = g_strdup_printf ("%u", a);
      Capture c;

      dev = open_device ();
      if (!gst_tv_hw_device_enum_audio (dev, a, &audio, NULL)) {
        gst_tv_hw_device_close (dev);
        g_free (index);
        break;
      }
      gst_tv_hw_device_close (dev);

      capture_init (&c, in->name, NULL);
      g_object_set (c.src, "audio-input", index, NULL);
      g_free (index);
      if (vin.audioset & (1u << a)) {
        GstCaps *caps;

        fail_unless (gst_element_set_state (c.pipeline, GST_STATE_PLAYING)
            != GST_STATE_CHANGE_FAILURE);
        caps = pull_frames (&c, 1, G_MAXUINT);
        gst_caps_unref (caps);
        check_no_error (&c);
        dev = open_device ();
        fail_unless (gst_tv_hw_device_get_audio (dev, &audio, NULL));
        fail_unless_equals_int (audio.index, a);
        gst_tv_hw_device_close (dev);
        n++;
      } else {
        GstMessage *msg;
        GError *err = NULL;

        fail_unless_equals_int (gst_element_set_state (c.pipeline,
                GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE);
        msg = gst_bus_pop_filtered (c.bus, GST_MESSAGE_ERROR);
        fail_unless (msg != NULL);
        gst_message_parse_error (msg, &err, NULL);
        GST_INFO ("%s", err->message);
        fail_unless (strstr (err->message, in->name) != NULL);
        g_clear_error (&err);
        gst_message_unref (msg);
      }
      capture_clear (&c);
    }
  }
  if (n == 0)
    GST_INFO ("%s: no input with audio inputs", device);
  /* vivid and the virtual card have them */
  fail_unless (n > 0);
}

GST_END_TEST;

/* the control whose name v4l2-ctl spells @var (lower case, every other
 * character '_'), 0 if there is none */
static guint32
find_ctrl_var (GstTvHwDevice * dev, const gchar * var)
{
  struct v4l2_queryctrl qc;

  memset (&qc, 0, sizeof (qc));
  while (gst_tv_hw_device_next_ctrl (dev, &qc, NULL)) {
    gchar *name = GST_TV_HW_NAME (qc.name);
    gchar *p;
    gboolean same;

    for (p = name; *p; p++)
      *p = g_ascii_isalnum (*p) ? g_ascii_tolower (*p) : '_';
    same = g_str_equal (name, var);
    g_free (name);
    if (same && qc.type != V4L2_CTRL_TYPE_CTRL_CLASS)
      return qc.id;
  }
  return 0;
}

/* makes the next captured frame come back with V4L2_BUF_FLAG_ERROR:
 * through the virtual card's hook, or vivid's "Inject
 * V4L2_BUF_FLAG_ERROR" button; FALSE when the device has neither */
static gboolean
inject_buf_flag_error (void)
{
  GstTvHwDevice *dev;
  GError *err = NULL;
  guint32 id;

  if (virtual_device) {
    gst_tv_hw_virtual_card_corrupt_frames (virtual_card (), 1);
    return TRUE;
  }
  dev = open_device ();
  id = find_ctrl_var (dev, "inject_v4l2_buf_flag_error");
  if (id != 0)
    fail_unless (gst_tv_hw_device_set_ctrl (dev, id, 1, &err), "%s",
        err ? err->message : "");
  gst_tv_hw_device_close (dev);
  return id != 0;
}

/* a frame the driver flags V4L2_BUF_FLAG_ERROR (vivid's error injection):
 * counted, and pushed flagged CORRUPTED or dropped */
static const gchar *const corrupted_modes[] = { "mark", "drop" };

#define CORRUPTED_FRAMES 30

GST_START_TEST (test_corrupted_frame)
{
  gboolean mark = g_str_equal (corrupted_modes[__i__], "mark");
  guint64 count = 0;
  guint i, extra, n_marked = 0;
  GstCaps *caps;
  Capture c;

  capture_init (&c, input_at (home_input)->name, "PAL");
  gst_util_set_object_arg (G_OBJECT (c.src), "corrupted-frames",
      corrupted_modes[__i__]);
  fail_unless (gst_element_set_state (c.pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  caps = pull_frames (&c, N_FRAMES, G_MAXUINT);
  gst_caps_unref (caps);
  if (!inject_buf_flag_error ()) {
    GST_INFO ("%s cannot inject V4L2_BUF_FLAG_ERROR: skipped", device);
    capture_clear (&c);
    return;
  }

  /* the card's queue holds a few frames made before; once the source
   * has seen the corrupted one, the frames it pushed meanwhile (one in
   * the appsink, one on the way) still come */
  for (i = 0, extra = 0; i < CORRUPTED_FRAMES && extra < 3; i++) {
    GstSample *sample = pull_sample (&c);

    check_sample (sample, G_MAXUINT);
    if (GST_BUFFER_FLAG_IS_SET (gst_sample_get_buffer (sample),
            GST_BUFFER_FLAG_CORRUPTED))
      n_marked++;
    gst_sample_unref (sample);
    if (count == 0)
      g_object_get (c.src, "corrupted-count", &count, NULL);
    else
      extra++;
  }
  fail_unless_equals_uint64 (count, 1);
  g_object_get (c.src, "corrupted-count", &count, NULL);
  fail_unless_equals_uint64 (count, 1);
  fail_unless_equals_int (n_marked, mark ? 1 : 0);
  check_no_error (&c);
  capture_clear (&c);
}

GST_END_TEST;

static Suite *
v4l2tvsrc_device_suite (void)
{
  Suite *s = suite_create ("v4l2tvsrc-device");
  TCase *tc_inputs = tcase_create ("inputs");
  TCase *tc_norms = tcase_create ("norms");
  TCase *tc_signal = tcase_create ("signal");
  TCase *tc_errors = tcase_create ("errors");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);

  suite_add_tcase (s, tc_inputs);
  tcase_add_checked_fixture (tc_inputs, setup, teardown);
  tcase_add_test (tc_inputs, test_inputs);
  tcase_add_test (tc_inputs, test_input_by_name);
  tcase_add_test (tc_inputs, test_input_by_index);
  tcase_add_test (tc_inputs, test_input_kept_when_unset);
  tcase_add_test (tc_inputs, test_tuner);
  tcase_add_test (tc_inputs, test_balance_and_flips);

  suite_add_tcase (s, tc_norms);
  tcase_add_checked_fixture (tc_norms, setup, teardown);
  tcase_add_loop_test (tc_norms, test_norm_caps, 0, G_N_ELEMENTS (norm_cases));
  tcase_add_test (tc_norms, test_norm_switch_live);

  suite_add_tcase (s, tc_signal);
  tcase_add_checked_fixture (tc_signal, setup, teardown);
  tcase_add_loop_test (tc_signal, test_signal_modes, 0,
      G_N_ELEMENTS (signal_cases));
  tcase_add_test (tc_signal, test_auto_norm);
  tcase_add_loop_test (tc_signal, test_corrupted_frame, 0,
      G_N_ELEMENTS (corrupted_modes));
  tcase_add_test (tc_inputs, test_audio_input);

  suite_add_tcase (s, tc_errors);
  tcase_add_checked_fixture (tc_errors, setup, teardown);
  tcase_add_test (tc_errors, test_error_norm_without_standards);
  tcase_add_test (tc_errors, test_error_unknown_input);

  return s;
}

GST_CHECK_MAIN (v4l2tvsrc_device);
