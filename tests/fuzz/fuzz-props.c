/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer harness: the property string parsers of v4l2tvsrc and
 * v4l2tvsink (device, input, output, norm, audio-input, video-direction,
 * and the numbers frequency, brightness, ...), set the way gst-launch and
 * gst_parse_launch set them (gst_util_set_object_arg) and the way
 * applications do (g_object_set), in NULL, then again once the element is
 * in READY, PAUSED or PLAYING on the virtual card.
 *
 * Input: a flags byte, then settings until the input ends (at most 16):
 * a byte choosing the property (bit 7: g_object_set with the string
 * itself, for string properties, rather than the parser), the value up to
 * the next NUL.
 *   flags bit 0: the sink (else the source)
 *   flags bits 1-2: the state to go to after the first half of the
 *     settings: NULL, READY, PAUSED, PLAYING
 *   flags bits 3-5: how many settings come before the state change
 * The device is never anything but a virtual card when the state
 * changes: a device string that is not "virtual..." leaves the element
 * in NULL (a fuzzer must not open random files in /dev).
 *
 * Checks: no crash, leak, undefined behaviour, critical or hang; every
 * property reads back; the element returns to NULL and closes the card.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 * data, size_t size);

#define MAX_SETTINGS 16

/* the element's own settable properties (an element without one ignores
 * it) */
static const gchar *const properties[] = {
  "device", "input", "output", "norm", "audio-input", "video-direction",
  "frequency", "brightness", "contrast", "saturation", "hue",
  "signal-loss",
};

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

static void
apply (GstElement * e, FuzzReader * r)
{
  guint8 choice = fuzz_u8 (r);
  const gchar *name = properties[(choice & 0x7f) % G_N_ELEMENTS (properties)];
  g_autofree gchar *value = fuzz_string (r);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
      name);

  if (pspec == NULL)
    return;
  if ((choice & 0x80) && pspec->value_type == G_TYPE_STRING) {
    /* NULL too: "unset" */
    g_object_set (e, name, *value ? value : NULL, NULL);
  } else {
    gst_util_set_object_arg (G_OBJECT (e), name, value);
  }
}

static void
read_back (GstElement * e)
{
  guint n, i;
  GParamSpec **pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS
      (e), &n);

  for (i = 0; i < n; i++) {
    GValue v = G_VALUE_INIT;

    if (!(pspecs[i]->flags & G_PARAM_READABLE))
      continue;
    g_value_init (&v, pspecs[i]->value_type);
    g_object_get_property (G_OBJECT (e), pspecs[i]->name, &v);
    g_value_unset (&v);
  }
  g_free (pspecs);
}

int
LLVMFuzzerTestOneInput (const guint8 * data, size_t size)
{
  static const GstState states[] = { GST_STATE_NULL, GST_STATE_READY,
    GST_STATE_PAUSED, GST_STATE_PLAYING
  };
  FuzzReader r;
  guint8 flags;
  gboolean sink;
  GstState target;
  guint before, i;
  GstElement *e;
  GstBus *bus;
  g_autofree gchar *device = NULL;

  fuzz_reader_init (&r, data, size);
  flags = fuzz_u8 (&r);
  sink = flags & 1;
  target = states[(flags >> 1) & 3];
  before = (flags >> 3) & 7;

  e = gst_element_factory_make (sink ? "v4l2tvsink" : "v4l2tvsrc", NULL);
  g_assert (e != NULL);
  gst_object_ref_sink (e);
  bus = gst_bus_new ();
  gst_element_set_bus (e, bus);
  /* the card, unless the input names another; a sink goes to PAUSED
   * without waiting for a frame to preroll */
  g_object_set (e, "device", "virtual:0", NULL);
  if (sink)
    g_object_set (e, "async", FALSE, NULL);

  for (i = 0; i < before && !fuzz_reader_done (&r); i++)
    apply (e, &r);

  g_object_get (e, "device", &device, NULL);
  if (target != GST_STATE_NULL && gst_tv_hw_location_is_virtual (device)) {
    /* live: PAUSED and PLAYING need not wait; a failure is fine (it has
     * to be an error on the bus, which is not checked here) */
    gst_element_set_state (e, target);
    gst_element_get_state (e, NULL, NULL, 5 * GST_SECOND);
    if (target >= GST_STATE_PAUSED)
      gst_tv_hw_virtual_card_emit_frames (gst_tv_hw_virtual_card_get (0), 2);
  }

  for (; i < MAX_SETTINGS && !fuzz_reader_done (&r); i++)
    apply (e, &r);
  read_back (e);

  fuzz_element_to_null (e, "props");
  gst_element_set_bus (e, NULL);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  gst_object_unref (e);
  fuzz_reset_cards (GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fuzz_plant_leak ();

  return 0;
}
