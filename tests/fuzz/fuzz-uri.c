/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer harness: the v4l2tv:// URI handler of v4l2tvsrc and
 * v4l2tvsink (sys/v4l2tv/gstv4l2tvuri.c).
 *
 * Input: one flags byte, then the URI (up to the first NUL).
 *   bit 0: the sink (else the source)
 *   bit 1: prepend "v4l2tv://" (so that most inputs get past GStreamer's
 *          own scheme check into our parser)
 *   bit 2: set the URI while the element is in READY on virtual:N (the
 *          device cannot change then; input/output and norm can)
 *   bits 4-5: N
 *
 * Checks, besides "no crash, leak or undefined behaviour": a refused URI
 * comes with a GST_URI_ERROR and a message; an accepted one reads back
 * (get_uri) as a URI that a fresh element accepts and reads back the same
 * (the canonical form is a fixed point), with the same properties.
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

static void
fail (const gchar * what, const gchar * uri, const gchar * detail)
{
  fprintf (stderr, "fuzz-uri: %s\n  URI: %s\n  %s\n", what, uri,
      detail ? detail : "");
  abort ();
}

static gchar *
props (GstElement * e, gboolean sink)
{
  g_autofree gchar *device = NULL;
  g_autofree gchar *port = NULL;
  gint norm = 0;

  g_object_get (e, "device", &device, sink ? "output" : "input", &port,
      "norm", &norm, NULL);
  return g_strdup_printf ("device '%s' port '%s' norm %d",
      GST_STR_NULL (device), GST_STR_NULL (port), norm);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 * data, size_t size)
{
  FuzzReader r;
  guint8 flags;
  gboolean sink, running;
  g_autofree gchar *raw = NULL;
  g_autofree gchar *uri = NULL;
  GstElement *e;
  GError *error = NULL;
  gboolean ok;

  fuzz_reader_init (&r, data, size);
  flags = fuzz_u8 (&r);
  sink = flags & 1;
  running = (flags & 4) != 0;
  raw = fuzz_string (&r);
  uri = (flags & 2) ? g_strconcat ("v4l2tv://", raw, NULL) : g_strdup (raw);

  e = gst_element_factory_make (sink ? "v4l2tvsink" : "v4l2tvsrc", NULL);
  g_assert (e != NULL);
  gst_object_ref_sink (e);

  if (running) {
    g_autofree gchar *dev = g_strdup_printf ("virtual:%u", (flags >> 4) & 3);

    g_object_set (e, "device", dev, NULL);
    running = gst_element_set_state (e, GST_STATE_READY) ==
        GST_STATE_CHANGE_SUCCESS;
    if (!running)
      fail ("the virtual card does not open", dev, NULL);
  }

  ok = gst_uri_handler_set_uri (GST_URI_HANDLER (e), uri, &error);
  if (!ok) {
    if (error == NULL || error->domain != GST_URI_ERROR
        || error->message == NULL || *error->message == '\0')
      fail ("refused without a GST_URI_ERROR", uri,
          error ? error->message : NULL);
    g_clear_error (&error);
  } else {
    g_autofree gchar *canon = gst_uri_handler_get_uri (GST_URI_HANDLER (e));
    g_autofree gchar *p1 = props (e, sink);

    if (error != NULL)
      fail ("accepted with an error set", uri, error->message);
    if (canon == NULL)
      fail ("accepted but get_uri is NULL", uri, p1);

    /* the canonical form is itself accepted, and reads back the same */
    if (!running) {
      GstElement *e2 = gst_element_factory_make (sink ? "v4l2tvsink" :
          "v4l2tvsrc", NULL);
      g_autofree gchar *canon2 = NULL;
      g_autofree gchar *p2 = NULL;

      gst_object_ref_sink (e2);
      if (!gst_uri_handler_set_uri (GST_URI_HANDLER (e2), canon, &error)) {
        g_autofree gchar *msg = g_strdup_printf ("get_uri gave '%s', which "
            "set_uri refuses: %s", canon, error->message);
        fail ("round trip", uri, msg);
      }
      canon2 = gst_uri_handler_get_uri (GST_URI_HANDLER (e2));
      p2 = props (e2, sink);
      if (g_strcmp0 (canon, canon2) != 0 || strcmp (p1, p2) != 0) {
        g_autofree gchar *msg = g_strdup_printf ("'%s' (%s) then '%s' (%s)",
            canon, p1, canon2, p2);
        fail ("round trip differs", uri, msg);
      }
      gst_object_unref (e2);
    }
  }

  fuzz_element_to_null (e, uri);
  gst_object_unref (e);
  if (running)
    fuzz_reset_cards (GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fuzz_plant_leak ();

  return 0;
}
