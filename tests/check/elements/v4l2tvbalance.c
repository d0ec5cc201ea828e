/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the GstColorBalance, GstVideoOrientation and
 * GstVideoDirection interfaces of v4l2tvsrc (and v4l2tvsink) and the
 * brightness, contrast, saturation, hue and video-direction properties,
 * against the virtual TV card: the channels and their ranges are the
 * card's (VIDIOC_QUERYCTRL), values reach the card's controls and the
 * captured picture, value-changed, out-of-range values clamped with a
 * warning, the flips done by the card's controls, and the refusals (no
 * flip control, directions that are no flips).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <gst/video/colorbalance.h>
#include <gst/video/videoorientation.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 3
#define DEVICE "virtual:3"
/* the marks band the controls and flips leave alone (tvhw-virtual.h) */
#define MARK_WIDTH 80

static const struct
{
  guint32 cid;
  const gchar *label;
  const gchar *prop;
} balance_ctrls[] = {
  {V4L2_CID_BRIGHTNESS, "BRIGHTNESS", "brightness"},
  {V4L2_CID_CONTRAST, "CONTRAST", "contrast"},
  {V4L2_CID_SATURATION, "SATURATION", "saturation"},
  {V4L2_CID_HUE, "HUE", "hue"},
};

/* the card's value of control @cid, through a handle of our own */
static gint32
card_ctrl (guint32 cid)
{
  GstTvHwDevice *dev =
      gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE,
      NULL);
  gint32 v = G_MININT32;

  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_ctrl (dev, cid, &v, NULL));
  gst_tv_hw_device_close (dev);
  return v;
}

static GstColorBalanceChannel *
find_channel (GstElement * element, const gchar * label)
{
  const GList *l;

  for (l = gst_color_balance_list_channels (GST_COLOR_BALANCE (element)); l;
      l = l->next) {
    GstColorBalanceChannel *chan = l->data;

    if (g_str_equal (chan->label, label))
      return chan;
  }
  return NULL;
}

/* a sync handler that calls back into the element on each warning, as an
 * application may: the element must not hold its locks while posting */
static GstBusSyncReply
read_back_on_warning (GstBus * bus, GstMessage * msg, gpointer user_data)
{
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING) {
    GstElement *element = GST_ELEMENT (GST_MESSAGE_SRC (msg));
    gint v, method;
    gboolean flip;

    g_object_get (element, "brightness", &v, "video-direction", &method, NULL);
    gst_video_orientation_get_hflip (GST_VIDEO_ORIENTATION (element), &flip);
  }
  return GST_BUS_PASS;
}

/* an element in a bus of its own, so that its warnings can be read */
static GstBus *
give_bus (GstElement * element)
{
  GstBus *bus = gst_bus_new ();

  gst_bus_set_sync_handler (bus, read_back_on_warning, NULL, NULL);
  gst_element_set_bus (element, bus);
  return bus;
}

/* the next warning on @bus: its message and debug string */
static void
pop_warning (GstBus * bus, gchar ** message, gchar ** debug)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING);
  GError *err = NULL;

  fail_unless (msg != NULL, "no warning was posted");
  gst_message_parse_warning (msg, &err, debug);
  *message = g_strdup (err->message);
  g_error_free (err);
  gst_message_unref (msg);
}

static void
check_no_warning (GstBus * bus)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_WARNING);

  if (msg) {
    GError *err = NULL;

    gst_message_parse_warning (msg, &err, NULL);
    fail ("unexpected warning: %s", err->message);
  }
}

typedef struct
{
  guint count;
  gchar *label;
  gint value;
} Changed;

static void
on_value_changed (GstColorBalance * balance, GstColorBalanceChannel * chan,
    gint value, Changed * c)
{
  c->count++;
  g_free (c->label);
  c->label = g_strdup (chan->label);
  c->value = value;
}

GST_START_TEST (test_channels)
{
  GstElement *src;
  GstTvHwDevice *dev;
  const GList *l;
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  g_object_set (src, "device", DEVICE, NULL);

  /* closed: no channels */
  fail_unless (gst_color_balance_list_channels (GST_COLOR_BALANCE (src)) ==
      NULL);
  fail_unless_equals_int (gst_color_balance_get_balance_type
      (GST_COLOR_BALANCE (src)), GST_COLOR_BALANCE_HARDWARE);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  l = gst_color_balance_list_channels (GST_COLOR_BALANCE (src));
  fail_unless_equals_int (g_list_length ((GList *) l), 4);

  /* each with the range QUERYCTRL gives */
  dev = gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE, NULL);
  fail_unless (dev != NULL);
  for (i = 0; i < G_N_ELEMENTS (balance_ctrls); i++, l = l->next) {
    GstColorBalanceChannel *chan = l->data;
    struct v4l2_queryctrl qc;

    fail_unless (gst_tv_hw_device_query_ctrl (dev, balance_ctrls[i].cid, &qc,
            NULL));
    fail_unless_equals_string (chan->label, balance_ctrls[i].label);
    fail_unless_equals_int (chan->min_value, qc.minimum);
    fail_unless_equals_int (chan->max_value, qc.maximum);
    fail_unless_equals_int (gst_color_balance_get_value (GST_COLOR_BALANCE
            (src), chan), qc.default_value);
  }
  gst_tv_hw_device_close (dev);
  /* the virtual card's ranges, as vivid's */
  fail_unless_equals_int (find_channel (src, "HUE")->min_value, -128);
  fail_unless_equals_int (find_channel (src, "HUE")->max_value, 128);
  fail_unless_equals_int (find_channel (src, "CONTRAST")->max_value, 255);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (gst_color_balance_list_channels (GST_COLOR_BALANCE (src)) ==
      NULL);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_set_values)
{
  GstColorBalanceChannel *chan;
  GstElement *src;
  GstBus *bus;
  Changed c = { 0, };
  gint v;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  bus = give_bus (src);
  g_object_set (src, "device", DEVICE, NULL);
  g_signal_connect (src, "value-changed", G_CALLBACK (on_value_changed), &c);

  /* a property set in NULL is applied when the device opens */
  g_object_set (src, "brightness", 100, "hue", -64, NULL);
  fail_unless_equals_int (c.count, 0);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 100);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), -64);
  fail_unless_equals_int (card_ctrl (V4L2_CID_CONTRAST), 128);
  fail_unless_equals_int (c.count, 2);
  fail_unless_equals_string (c.label, "HUE");
  fail_unless_equals_int (c.value, -64);

  /* the interface: the card, the property and the signal agree */
  chan = find_channel (src, "SATURATION");
  fail_unless (chan != NULL);
  gst_color_balance_set_value (GST_COLOR_BALANCE (src), chan, 200);
  fail_unless_equals_int (c.count, 3);
  fail_unless_equals_string (c.label, "SATURATION");
  fail_unless_equals_int (c.value, 200);
  fail_unless_equals_int (card_ctrl (V4L2_CID_SATURATION), 200);
  fail_unless_equals_int (gst_color_balance_get_value (GST_COLOR_BALANCE
          (src), chan), 200);
  g_object_get (src, "saturation", &v, NULL);
  fail_unless_equals_int (v, 200);

  /* the property while open: at once, with value-changed */
  g_object_set (src, "contrast", 50, NULL);
  fail_unless_equals_int (c.count, 4);
  fail_unless_equals_string (c.label, "CONTRAST");
  fail_unless_equals_int (c.value, 50);
  fail_unless_equals_int (card_ctrl (V4L2_CID_CONTRAST), 50);
  fail_unless_equals_int (gst_color_balance_get_value (GST_COLOR_BALANCE
          (src), find_channel (src, "CONTRAST")), 50);
  check_no_warning (bus);

  /* a value the card changes behind our back reads back as the card's */
  {
    GstTvHwDevice *dev =
        gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE,
        NULL);

    fail_unless (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_BRIGHTNESS, 77,
            NULL));
    gst_tv_hw_device_close (dev);
  }
  g_object_get (src, "brightness", &v, NULL);
  fail_unless_equals_int (v, 77);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  /* closed: the property gives what was set */
  g_object_get (src, "brightness", &v, NULL);
  fail_unless_equals_int (v, 100);
  gst_element_set_bus (src, NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  g_free (c.label);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* sets control @cid of the card through a handle of our own */
static void
set_card_ctrl (guint32 cid, gint32 value)
{
  GstTvHwDevice *dev =
      gst_tv_hw_device_open (DEVICE, GST_TV_HW_NODE_VIDEO_CAPTURE,
      NULL);

  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_ctrl (dev, cid, value, NULL));
  gst_tv_hw_device_close (dev);
}

/* the properties' "unset": the default, shown in the spec, given back
 * while closed, and settable again, after which the card's value stays */
GST_START_TEST (test_unset)
{
  const gchar *factories[] = { "v4l2tvsrc", "v4l2tvsink" };
  GstElement *src;
  GstBus *bus;
  Changed c = { 0, };
  guint i, f;
  gint v;

  for (f = 0; f < G_N_ELEMENTS (factories); f++) {
    GstElement *e = gst_element_factory_make (factories[f], NULL);

    v4l2tv_check_track (e);
    for (i = 0; i < G_N_ELEMENTS (balance_ctrls); i++) {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS
          (e), balance_ctrls[i].prop);
      GParamSpecInt *ispec = G_PARAM_SPEC_INT (pspec);

      fail_unless_equals_int (ispec->default_value, G_MININT);
      fail_unless_equals_int (ispec->minimum, G_MININT);
      fail_unless_equals_int (ispec->maximum, G_MAXINT);
      fail_unless (strstr (g_param_spec_get_blurb (pspec),
              "Unset (-2147483648, the default) keeps the card's value") !=
          NULL, "%s", g_param_spec_get_blurb (pspec));
      /* before any open: unset */
      g_object_get (e, balance_ctrls[i].prop, &v, NULL);
      fail_unless_equals_int (v, G_MININT);
    }
    gst_object_unref (e);
  }

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  bus = give_bus (src);
  g_object_set (src, "device", DEVICE, NULL);
  g_signal_connect (src, "value-changed", G_CALLBACK (on_value_changed), &c);

  /* set, then unset before the open: nothing is applied */
  set_card_ctrl (V4L2_CID_BRIGHTNESS, 90);
  g_object_set (src, "brightness", 100, "hue", 10, NULL);
  g_object_get (src, "brightness", &v, NULL);
  fail_unless_equals_int (v, 100);
  g_object_set (src, "brightness", G_MININT, NULL);
  g_object_get (src, "brightness", &v, NULL);
  fail_unless_equals_int (v, G_MININT);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 90);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), 10);
  fail_unless_equals_int (c.count, 1);
  fail_unless_equals_string (c.label, "HUE");
  /* open: reads give the card's value, set or not */
  g_object_get (src, "brightness", &v, NULL);
  fail_unless_equals_int (v, 90);

  /* unset while open: the card keeps its value, no signal, no warning */
  g_object_set (src, "brightness", 120, NULL);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 120);
  fail_unless_equals_int (c.count, 2);
  g_object_set (src, "brightness", G_MININT, "hue", G_MININT, NULL);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 120);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), 10);
  fail_unless_equals_int (c.count, 2);
  check_no_warning (bus);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  g_object_get (src, "brightness", &v, NULL);
  fail_unless_equals_int (v, G_MININT);

  /* and the next open does not apply the old values */
  set_card_ctrl (V4L2_CID_BRIGHTNESS, 60);
  set_card_ctrl (V4L2_CID_HUE, -20);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 60);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), -20);
  fail_unless_equals_int (c.count, 2);

  /* the interface has no unset: G_MININT is below the range, clamped */
  gst_color_balance_set_value (GST_COLOR_BALANCE (src), find_channel (src,
          "HUE"), G_MININT);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), -128);
  fail_unless_equals_int (c.count, 3);
  {
    gchar *message, *debug;

    pop_warning (bus, &message, &debug);
    fail_unless (strstr (message, "-128 to 128") != NULL, "%s", message);
    g_free (message);
    g_free (debug);
  }
  check_no_warning (bus);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  g_object_get (src, "hue", &v, NULL);
  fail_unless_equals_int (v, -2147483647);

  gst_element_set_bus (src, NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  g_free (c.label);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_out_of_range)
{
  GstElement *src;
  GstBus *bus;
  gchar *message, *debug;
  Changed c = { 0, };

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  bus = give_bus (src);
  g_object_set (src, "device", DEVICE, "hue", 500, NULL);
  g_signal_connect (src, "value-changed", G_CALLBACK (on_value_changed), &c);

  /* at open: clamped to the top of the range, with a warning */
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HUE), 128);
  fail_unless_equals_int (c.count, 1);
  fail_unless_equals_int (c.value, 128);
  pop_warning (bus, &message, &debug);
  fail_unless (strstr (message, "Hue") != NULL, "%s", message);
  fail_unless (strstr (message, DEVICE) != NULL, "%s", message);
  fail_unless (strstr (message, "-128 to 128") != NULL, "%s", message);
  fail_unless (strstr (message, "500") != NULL, "%s", message);
  g_free (message);
  g_free (debug);

  /* while open, through the property and the interface: the bottom */
  g_object_set (src, "brightness", -5, NULL);
  fail_unless_equals_int (card_ctrl (V4L2_CID_BRIGHTNESS), 0);
  pop_warning (bus, &message, &debug);
  fail_unless (strstr (message, "Brightness") != NULL, "%s", message);
  fail_unless (strstr (message, "0 to 255") != NULL, "%s", message);
  g_free (message);
  g_free (debug);
  gst_color_balance_set_value (GST_COLOR_BALANCE (src), find_channel (src,
          "CONTRAST"), 256);
  fail_unless_equals_int (card_ctrl (V4L2_CID_CONTRAST), 255);
  fail_unless_equals_int (c.value, 255);
  pop_warning (bus, &message, &debug);
  fail_unless (strstr (message, "Contrast") != NULL, "%s", message);
  g_free (message);
  g_free (debug);
  check_no_warning (bus);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (src, NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  g_free (c.label);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the sink's output node has no controls on the virtual card */
GST_START_TEST (test_sink_no_controls)
{
  GstElement *sink;
  GstBus *bus;
  gchar *message, *debug;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  sink = gst_element_factory_make ("v4l2tvsink", NULL);
  v4l2tv_check_track (sink);
  bus = give_bus (sink);
  g_object_set (sink, "device", DEVICE, "saturation", 10, NULL);
  fail_unless_equals_int (gst_element_set_state (sink, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (gst_color_balance_list_channels (GST_COLOR_BALANCE (sink)) ==
      NULL);
  pop_warning (bus, &message, &debug);
  fail_unless (strstr (message, "no saturation control") != NULL, "%s",
      message);
  fail_unless (strstr (message, DEVICE) != NULL, "%s", message);
  g_free (message);
  g_free (debug);
  fail_unless_equals_int (gst_element_set_state (sink, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (sink, NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* --- the picture --- */

static GstHarness *
new_src (void)
{
  GstHarness *h = gst_harness_new ("v4l2tvsrc");

  v4l2tv_check_track (h->element);
  g_object_set (h->element, "device", DEVICE, NULL);
  return h;
}

/* a captured frame as luma and chroma planes of the picture (the marks
 * band left out), whatever the negotiated format */
typedef struct
{
  guint width, height;          /* of the luma, marks band left out */
  guint8 *y;
  /* mean |C - 128| over both chroma components */
  gdouble chroma_spread;
  gdouble mean_luma;
} Pic;

static void
pic_clear (Pic * p)
{
  g_free (p->y);
  memset (p, 0, sizeof (*p));
}

static void
grab (GstHarness * h, GstTvHwVirtualCard * card, Pic * p)
{
  GstBuffer *buf = v4l2tv_check_pull_frame (h, card);
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);
  const guint first = MARK_WIDTH;
  GstVideoFrame frame;
  GstVideoInfo info;
  guint x, y, cw, ch;
  gdouble sum = 0, csum = 0;
  guint64 cn = 0;

  fail_unless (caps != NULL);
  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  p->width = GST_VIDEO_INFO_WIDTH (&info) - first;
  p->height = GST_VIDEO_INFO_HEIGHT (&info);
  p->y = g_malloc ((gsize) p->width * p->height);
  for (y = 0; y < p->height; y++) {
    const guint8 *line = GST_VIDEO_FRAME_COMP_DATA (&frame, 0) +
        (gsize) y * GST_VIDEO_FRAME_COMP_STRIDE (&frame, 0);
    guint ps = GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, 0);

    for (x = 0; x < p->width; x++) {
      p->y[y * p->width + x] = line[(first + x) * ps];
      sum += line[(first + x) * ps];
    }
  }
  cw = GST_VIDEO_FRAME_COMP_WIDTH (&frame, 1);
  ch = GST_VIDEO_FRAME_COMP_HEIGHT (&frame, 1);
  for (y = 0; y < ch; y++) {
    guint c;

    for (c = 1; c <= 2; c++) {
      const guint8 *line = GST_VIDEO_FRAME_COMP_DATA (&frame, c) +
          (gsize) y * GST_VIDEO_FRAME_COMP_STRIDE (&frame, c);
      guint ps = GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, c);
      guint cfirst = first * cw / GST_VIDEO_INFO_WIDTH (&info);

      for (x = cfirst; x < cw; x++) {
        csum += ABS ((gint) line[x * ps] - 128);
        cn++;
      }
    }
  }
  p->mean_luma = sum / ((gdouble) p->width * p->height);
  p->chroma_spread = csum / cn;
  gst_video_frame_unmap (&frame);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
}

/* grabs frames until @cond holds for one (the control applies from the
 * next frame the card fills; a few may already be waiting) */
#define GRAB_UNTIL(h, card, p, cond) G_STMT_START {                     \
  guint _n;                                                             \
  for (_n = 0; _n < 12; _n++) {                                         \
    pic_clear (p);                                                      \
    grab (h, card, p);                                                  \
    if (cond)                                                           \
      break;                                                            \
  }                                                                     \
  fail_unless (cond, "not reached in 12 frames: " #cond);               \
} G_STMT_END

/* a control whose range depends on the input (the card's brightness, as
 * vivid's): when the input changes, in READY and in a live switch, the
 * channel list has a channel with the new range; the channel an
 * application holds never changes under it (its fields are read without a
 * lock) and still sets the control; back on an input, its channel is the
 * one it had there */
GST_START_TEST (test_range_follows_input)
{
  GstTvHwVirtualCard *card;
  GstColorBalanceChannel *chan, *svideo, *tv;
  GstHarness *h;
  GstBuffer *buf;
  guint n;

  card = v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  h = new_src ();
  g_object_set (h->element, "input", "Composite1", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "NTSC");
  fail_unless_equals_int (gst_element_set_state (h->element,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
  chan = find_channel (h->element, "BRIGHTNESS");
  fail_unless (chan != NULL);
  fail_unless_equals_int (chan->min_value, 128);
  fail_unless_equals_int (chan->max_value, 383);

  /* in READY the card switches at once */
  g_object_set (h->element, "input", "S-Video", NULL);
  gst_util_set_object_arg (G_OBJECT (h->element), "norm", "PAL");
  svideo = find_channel (h->element, "BRIGHTNESS");
  fail_unless (svideo != NULL && svideo != chan);
  fail_unless_equals_int (svideo->min_value, 256);
  fail_unless_equals_int (svideo->max_value, 511);
  fail_unless_equals_int (chan->min_value, 128);
  fail_unless_equals_int (chan->max_value, 383);
  /* the others kept their ranges: the same channels */
  fail_unless_equals_int (g_list_length ((GList *)
          gst_color_balance_list_channels (GST_COLOR_BALANCE (h->element))), 4);
  /* the old channel still sets the control, clamped to the new range */
  gst_color_balance_set_value (GST_COLOR_BALANCE (h->element), chan, 300);
  fail_unless_equals_int (gst_color_balance_get_value (GST_COLOR_BALANCE
          (h->element), svideo), 300);
  fail_unless_equals_int (gst_color_balance_get_value (GST_COLOR_BALANCE
          (h->element), chan), 300);

  /* live: from the frame the switch lands at */
  gst_harness_play (h);
  gst_buffer_unref (v4l2tv_check_pull_frame (h, card));
  g_object_set (h->element, "input", "Television", NULL);
  for (n = 0; n < 12 && find_channel (h->element, "BRIGHTNESS") == svideo; n++) {
    buf = v4l2tv_check_pull_frame (h, card);
    gst_buffer_unref (buf);
  }
  tv = find_channel (h->element, "BRIGHTNESS");
  fail_unless (tv != svideo && tv != chan);
  fail_unless_equals_int (tv->min_value, 0);
  fail_unless_equals_int (tv->max_value, 255);
  fail_unless_equals_int (svideo->min_value, 256);
  fail_unless_equals_int (svideo->max_value, 511);
  fail_unless_equals_int (gst_color_balance_get_value (GST_COLOR_BALANCE
          (h->element), tv), 128);

  /* back on Composite1: its channel again, not one more */
  g_object_set (h->element, "input", "Composite1", NULL);
  for (n = 0; n < 12 && find_channel (h->element, "BRIGHTNESS") == tv; n++) {
    buf = v4l2tv_check_pull_frame (h, card);
    gst_buffer_unref (buf);
  }
  fail_unless (find_channel (h->element, "BRIGHTNESS") == chan);

  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static void
check_balance_effects (const gchar * caps)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src ();
  Pic ref = { 0, }, p = { 0, };

  gst_harness_set_sink_caps_str (h, caps);
  gst_harness_play (h);
  grab (h, card, &ref);
  fail_unless (ref.chroma_spread > 10, "the colour bars have colour");

  /* brightness +40: every luma value 40 up (few clip at 255) */
  g_object_set (h->element, "brightness", 168, NULL);
  GRAB_UNTIL (h, card, &p, p.mean_luma > ref.mean_luma + 30);
  fail_unless (p.mean_luma < ref.mean_luma + 41, "%f -> %f", ref.mean_luma,
      p.mean_luma);
  /* the chroma is untouched */
  fail_unless (ABS (p.chroma_spread - ref.chroma_spread) < 1.0);

  /* back, then saturation 0: grey */
  g_object_set (h->element, "brightness", 128, "saturation", 0, NULL);
  GRAB_UNTIL (h, card, &p, p.chroma_spread < 1.0);
  fail_unless (ABS (p.mean_luma - ref.mean_luma) < 1.0);
  /* saturation 256 / 128: twice the spread (less where it clips) */
  gst_color_balance_set_value (GST_COLOR_BALANCE (h->element),
      find_channel (h->element, "SATURATION"), 255);
  GRAB_UNTIL (h, card, &p, p.chroma_spread > ref.chroma_spread * 1.5);

  pic_clear (&p);
  pic_clear (&ref);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_picture_native)
{
  check_balance_effects ("video/x-raw,format=YUY2");
}

GST_END_TEST;

GST_START_TEST (test_picture_converted)
{
  check_balance_effects ("video/x-raw,format=I420");
}

GST_END_TEST;

/* --- flips --- */

/* mean |a - b| of two pictures, @b read mirrored as asked */
static gdouble
diff (const Pic * a, const Pic * b, gboolean hflip, gboolean vflip)
{
  guint x, y;
  gdouble sum = 0;

  fail_unless_equals_int (a->width, b->width);
  fail_unless_equals_int (a->height, b->height);
  for (y = 0; y < a->height; y++) {
    guint by = vflip ? a->height - 1 - y : y;

    for (x = 0; x < a->width; x++) {
      guint bx = hflip ? a->width - 1 - x : x;

      sum += ABS ((gint) a->y[y * a->width + x] - b->y[by * a->width + bx]);
    }
  }
  return sum / ((gdouble) a->width * a->height);
}

static void
set_direction (GstElement * element, const gchar * nick)
{
  gst_util_set_object_arg (G_OBJECT (element), "video-direction", nick);
}

static gint
get_direction (GstElement * element)
{
  gint method;

  g_object_get (element, "video-direction", &method, NULL);
  return method;
}

static void
check_hw_flips (const gchar * caps)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h = new_src ();
  GstVideoOrientation *vo = GST_VIDEO_ORIENTATION (h->element);
  Pic ref = { 0, }, p = { 0, };
  gboolean flip;

  gst_harness_set_sink_caps_str (h, caps);
  gst_harness_play (h);
  grab (h, card, &ref);

  /* the moving box makes two frames differ a little; a mirrored bar
   * pattern differs a lot */
  set_direction (h->element, "horiz");
  fail_unless_equals_int (card_ctrl (V4L2_CID_HFLIP), 1);
  fail_unless_equals_int (card_ctrl (V4L2_CID_VFLIP), 0);
  fail_unless_equals_int (get_direction (h->element),
      GST_VIDEO_ORIENTATION_HORIZ);
  GRAB_UNTIL (h, card, &p, diff (&p, &ref, TRUE, FALSE) < 3);
  fail_unless (diff (&p, &ref, FALSE, FALSE) > 20);

  set_direction (h->element, "180");
  fail_unless_equals_int (card_ctrl (V4L2_CID_VFLIP), 1);
  fail_unless_equals_int (get_direction (h->element),
      GST_VIDEO_ORIENTATION_180);
  GRAB_UNTIL (h, card, &p, diff (&p, &ref, TRUE, TRUE) < 3);
  fail_unless (diff (&p, &ref, TRUE, FALSE) > 20);

  /* the interface */
  fail_unless (gst_video_orientation_set_hflip (vo, FALSE));
  fail_unless (gst_video_orientation_get_hflip (vo, &flip));
  fail_if (flip);
  fail_unless (gst_video_orientation_get_vflip (vo, &flip));
  fail_unless (flip);
  fail_unless_equals_int (get_direction (h->element),
      GST_VIDEO_ORIENTATION_VERT);
  GRAB_UNTIL (h, card, &p, diff (&p, &ref, FALSE, TRUE) < 3);
  fail_unless (diff (&p, &ref, FALSE, FALSE) > 10);

  set_direction (h->element, "identity");
  GRAB_UNTIL (h, card, &p, diff (&p, &ref, FALSE, FALSE) < 3);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HFLIP), 0);
  fail_unless_equals_int (card_ctrl (V4L2_CID_VFLIP), 0);

  pic_clear (&p);
  pic_clear (&ref);
  gst_harness_teardown (h);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_hw_flips_native)
{
  check_hw_flips ("video/x-raw,format=YUY2");
}

GST_END_TEST;

GST_START_TEST (test_hw_flips_converted)
{
  check_hw_flips ("video/x-raw,format=I420");
}

GST_END_TEST;

GST_START_TEST (test_flip_before_open)
{
  GstElement *src;
  gboolean flip;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  g_object_set (src, "device", DEVICE, NULL);
  set_direction (src, "vert");
  fail_unless (gst_video_orientation_get_vflip (GST_VIDEO_ORIENTATION (src),
          &flip));
  fail_unless (flip);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (card_ctrl (V4L2_CID_VFLIP), 1);
  fail_unless_equals_int (card_ctrl (V4L2_CID_HFLIP), 0);
  fail_unless_equals_int (get_direction (src), GST_VIDEO_ORIENTATION_VERT);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

GST_START_TEST (test_unsupported_directions)
{
  static const gchar *refused[] = {
    "90r", "90l", "ur-ll", "ul-lr", "auto"
  };
  GstElement *src;
  GstBus *bus;
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  bus = give_bus (src);
  g_object_set (src, "device", DEVICE, NULL);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  set_direction (src, "horiz");

  for (i = 0; i < G_N_ELEMENTS (refused); i++) {
    gchar *message, *debug;

    set_direction (src, refused[i]);
    pop_warning (bus, &message, &debug);
    fail_unless (strstr (message, refused[i]) != NULL, "%s", message);
    fail_unless (strstr (message, "identity, horiz, vert, 180") != NULL,
        "%s", message);
    g_free (message);
    g_free (debug);
    /* unchanged */
    fail_unless_equals_int (get_direction (src), GST_VIDEO_ORIENTATION_HORIZ);
    fail_unless_equals_int (card_ctrl (V4L2_CID_HFLIP), 1);
  }
  check_no_warning (bus);

  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (src, NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* gst-launch sets video-direction before the element has a bus: the
 * refusal still reaches the pipeline's bus, when the device opens */
GST_START_TEST (test_unsupported_direction_in_launch)
{
  static const gchar *refused[] = { "90r", "custom", "auto" };
  guint i;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  for (i = 0; i < G_N_ELEMENTS (refused); i++) {
    gchar *launch = g_strdup_printf ("v4l2tvsrc device=" DEVICE
        " video-direction=%s name=src ! fakesink", refused[i]);
    GstElement *pipeline = gst_parse_launch (launch, NULL);
    GstElement *src;
    GstBus *bus;
    gchar *message, *debug;

    fail_unless (pipeline != NULL);
    bus = gst_element_get_bus (pipeline);
    fail_unless_equals_int (gst_element_set_state (pipeline,
            GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
    pop_warning (bus, &message, &debug);
    fail_unless (strstr (message, refused[i]) != NULL, "%s", message);
    fail_unless (strstr (message, "identity, horiz, vert, 180") != NULL,
        "%s", message);
    g_free (message);
    g_free (debug);
    check_no_warning (bus);
    src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
    fail_unless_equals_int (get_direction (src),
        GST_VIDEO_ORIENTATION_IDENTITY);
    gst_object_unref (src);

    /* once: not again at the next open */
    fail_unless_equals_int (gst_element_set_state (pipeline,
            GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
    gst_bus_set_flushing (bus, FALSE);
    fail_unless_equals_int (gst_element_set_state (pipeline,
            GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
    check_no_warning (bus);
    fail_unless_equals_int (gst_element_set_state (pipeline,
            GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
    gst_object_unref (bus);
    gst_object_unref (pipeline);
    g_free (launch);
  }
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* a refusal kept for an open that never comes does not keep the element
 * alive (a kept message would hold a reference to it: fuzz-props found
 * the element leaked) */
GST_START_TEST (test_unsupported_direction_never_opened)
{
  GstElement *src = gst_element_factory_make ("v4l2tvsrc", NULL);

  gst_util_set_object_arg (G_OBJECT (src), "video-direction", "90r");
  fail_unless_equals_int (get_direction (src), GST_VIDEO_ORIENTATION_IDENTITY);
  gst_check_object_destroyed_on_unref (src);
}

GST_END_TEST;

/* mean |a - b| of two interlaced pictures, @b read mirrored as the
 * software flip does: a vertical flip within each field (the k-th line of
 * a field from the top shows its k-th line from the bottom) */
static gdouble
diff_fields (const Pic * a, const Pic * b, gboolean hflip, gboolean vflip)
{
  guint x, y;
  gdouble sum = 0;

  fail_unless_equals_int (a->width, b->width);
  fail_unless_equals_int (a->height, b->height);
  for (y = 0; y < a->height; y++) {
    guint f = y & 1;
    guint last = a->height - 1 - ((a->height - 1 - f) & 1);
    guint by = vflip ? last - (y - f) : y;

    for (x = 0; x < a->width; x++) {
      guint bx = hflip ? a->width - 1 - x : x;

      sum += ABS ((gint) a->y[y * a->width + x] - b->y[by * a->width + bx]);
    }
  }
  return sum / ((gdouble) a->width * a->height);
}

/* mean |a - b| where @a is a software-mirrored picture and @b the plain
 * one: the whole width is mirrored, so column 80 + i of @a shows column
 * width - 1 - (80 + i) of the frame, which is in @b (the marks band left
 * out) for the first width - 160 columns */
static gdouble
diff_hmirror (const Pic * a, const Pic * b)
{
  guint x, y, n = a->width - MARK_WIDTH;
  gdouble sum = 0;

  fail_unless_equals_int (a->width, b->width);
  for (y = 0; y < a->height; y++)
    for (x = 0; x < n; x++)
      sum += ABS ((gint) a->y[y * a->width + x] -
          b->y[y * a->width + n - 1 - x]);
  return sum / ((gdouble) n * a->height);
}

/* a card without flip controls: v4l2tvsrc flips in software, on the
 * card's own format (a flipped copy) and while converting; no warning */
static void
check_sw_flips (const gchar * caps)
{
  GstTvHwVirtualCard *card =
      v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  GstHarness *h;
  GstBus *bus;
  GstVideoOrientation *vo;
  Pic ref = { 0, }, p = { 0, };
  gboolean flip;

  gst_tv_hw_virtual_card_set_flip_controls (card, FALSE);
  h = new_src ();
  vo = GST_VIDEO_ORIENTATION (h->element);
  bus = give_bus (h->element);
  gst_harness_set_sink_caps_str (h, caps);
  gst_harness_play (h);
  grab (h, card, &ref);

  /* the moving box makes two frames differ a little; a mirrored bar
   * pattern differs a lot */
  fail_unless (gst_video_orientation_set_hflip (vo, TRUE));
  fail_unless (gst_video_orientation_get_hflip (vo, &flip));
  fail_unless (flip);
  fail_unless_equals_int (get_direction (h->element),
      GST_VIDEO_ORIENTATION_HORIZ);
  GRAB_UNTIL (h, card, &p, diff_hmirror (&p, &ref) < 3);
  fail_unless (diff (&p, &ref, FALSE, FALSE) > 20);

  set_direction (h->element, "vert");
  fail_unless_equals_int (get_direction (h->element),
      GST_VIDEO_ORIENTATION_VERT);
  GRAB_UNTIL (h, card, &p, diff_fields (&p, &ref, FALSE, TRUE) < 3);
  fail_unless (diff (&p, &ref, FALSE, FALSE) > 10);

  set_direction (h->element, "identity");
  GRAB_UNTIL (h, card, &p, diff (&p, &ref, FALSE, FALSE) < 3);
  check_no_warning (bus);

  pic_clear (&p);
  pic_clear (&ref);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  gst_tv_hw_virtual_card_set_flip_controls (card, TRUE);
  v4l2tv_check_card_closed (CARD);
}

GST_START_TEST (test_sw_flips_yuy2)
{
  check_sw_flips ("video/x-raw,format=YUY2");
}

GST_END_TEST;

GST_START_TEST (test_sw_flips_uyvy)
{
  check_sw_flips ("video/x-raw,format=UYVY");
}

GST_END_TEST;

GST_START_TEST (test_sw_flips_converted)
{
  check_sw_flips ("video/x-raw,format=I420");
}

GST_END_TEST;

static Suite *
v4l2tvbalance_suite (void)
{
  Suite *s = suite_create ("v4l2tvbalance");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc);

  v4l2tv_check_add_teardown (tc);
  tcase_add_test (tc, test_channels);
  tcase_add_test (tc, test_set_values);
  tcase_add_test (tc, test_out_of_range);
  tcase_add_test (tc, test_unset);
  tcase_add_test (tc, test_sink_no_controls);
  tcase_add_test (tc, test_range_follows_input);
  tcase_add_test (tc, test_picture_native);
  tcase_add_test (tc, test_picture_converted);
  tcase_add_test (tc, test_hw_flips_native);
  tcase_add_test (tc, test_hw_flips_converted);
  tcase_add_test (tc, test_flip_before_open);
  tcase_add_test (tc, test_unsupported_directions);
  tcase_add_test (tc, test_unsupported_direction_in_launch);
  tcase_add_test (tc, test_unsupported_direction_never_opened);
  tcase_add_test (tc, test_sw_flips_yuy2);
  tcase_add_test (tc, test_sw_flips_uyvy);
  tcase_add_test (tc, test_sw_flips_converted);

  return s;
}

GST_CHECK_MAIN (v4l2tvbalance);
