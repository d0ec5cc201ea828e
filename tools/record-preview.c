/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record --preview (tools/record-preview.h).
 *
 *   appsrc ! videoconvert ! textoverlay ! videoconvert ! autovideosink
 *
 * in a pipeline of its own. The recording's video probe hands it each
 * frame that goes into the file; appsrc keeps at most two and drops the
 * oldest (leaky-type=downstream), so a slow or stuck display never holds
 * the recording's streaming thread, and an error of the preview (a
 * display that goes away) only ends the preview, with a note. The frames
 * are shown as they come (their timestamps are the recording's clock,
 * not the preview's): appsrc stamps them on arrival. textoverlay
 * (gstreamer1.0-x, with the X sinks) writes the time and the sound's
 * level over the picture; without it the picture alone is shown.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "record-preview.h"

struct _V4l2TvPreview
{
  GstElement *pipeline, *appsrc, *overlay;
  GstCaps *caps;                /* of the last frame pushed */
  FILE *out;
  guint bus_watch;
  gint stopped;                 /* atomic: the preview failed, off */
  GMutex lock;
  guint64 pushed, shown;        /* the lock */
};

/* @what (N_()): what happened to the preview */
static void
preview_note (V4l2TvPreview * p, const gchar * what, const GError * err)
{
  if (err)
    /* TRANSLATORS: the first %s is what happened ("the preview stopped",
     * ...), the second the reason */
    fprintf (p->out, _("--preview: %s: %s; the recording goes on without a "
            "preview\n"), _(what), err->message);
  else
    fprintf (p->out, _("--preview: %s; the recording goes on without a "
            "preview\n"), _(what));
  fflush (p->out);
}

static gboolean
on_preview_message (GstBus * bus, GstMessage * msg, gpointer user_data)
{
  V4l2TvPreview *p = user_data;
  g_autoptr (GError) err = NULL;

  if (GST_MESSAGE_TYPE (msg) != GST_MESSAGE_ERROR ||
      g_atomic_int_get (&p->stopped))
    return G_SOURCE_CONTINUE;
  gst_message_parse_error (msg, &err, NULL);
  g_atomic_int_set (&p->stopped, 1);
  preview_note (p, N_("the preview stopped"), err);
  gst_element_set_state (p->pipeline, GST_STATE_NULL);
  return G_SOURCE_CONTINUE;
}

static GstPadProbeReturn
shown_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  V4l2TvPreview *p = user_data;

  g_mutex_lock (&p->lock);
  p->shown++;
  g_mutex_unlock (&p->lock);
  return GST_PAD_PROBE_OK;
}

/* the elements, linked; FALSE and @error when one is missing */
static gboolean
preview_build (V4l2TvPreview * p, const gchar * sink_desc, GError ** error)
{
  GstElement *convert, *convert2 = NULL, *sink;
  g_autoptr (GstPad) pad = NULL;

  p->pipeline = gst_pipeline_new ("v4l2tv-record-preview");
  p->appsrc = gst_element_factory_make ("appsrc", "frames");
  convert = gst_element_factory_make ("videoconvert", NULL);
  if (p->appsrc == NULL || convert == NULL) {
    g_clear_object (&p->appsrc);
    g_clear_object (&convert);
    g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_MISSING_PLUGIN,
        _("appsrc or videoconvert is missing (gstreamer1.0-plugins-base)"));
    return FALSE;
  }
  if (sink_desc) {
    sink = gst_parse_bin_from_description (sink_desc, TRUE, error);
    if (sink == NULL) {
      gst_object_unref (p->appsrc);
      gst_object_unref (convert);
      p->appsrc = NULL;
      return FALSE;
    }
  } else {
    sink = gst_element_factory_make ("autovideosink", NULL);
    if (sink == NULL) {
      gst_object_unref (p->appsrc);
      gst_object_unref (convert);
      p->appsrc = NULL;
      g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_MISSING_PLUGIN,
          _("autovideosink is missing (gstreamer1.0-plugins-good)"));
      return FALSE;
    }
    g_object_set (sink, "sync", FALSE, NULL);
  }
  p->overlay = gst_element_factory_make ("textoverlay", NULL);
  if (p->overlay) {
    convert2 = gst_element_factory_make ("videoconvert", NULL);
    g_object_set (p->overlay, "valignment", 2 /* top */ ,
        "halignment", 0 /* left */ , "shaded-background", TRUE,
        "font-desc", "Sans 12", NULL);
  }
  g_object_set (p->appsrc, "is-live", TRUE, "format", GST_FORMAT_TIME,
      "do-timestamp", TRUE, "block", FALSE, "max-buffers", (guint64) 2, NULL);
  gst_util_set_object_arg (G_OBJECT (p->appsrc), "leaky-type", "downstream");

  gst_bin_add_many (GST_BIN (p->pipeline), gst_object_ref (p->appsrc),
      convert, sink, NULL);
  if (p->overlay) {
    gst_bin_add_many (GST_BIN (p->pipeline), gst_object_ref (p->overlay),
        convert2, NULL);
    gst_element_link_many (p->appsrc, convert, p->overlay, convert2, sink,
        NULL);
  } else {
    gst_element_link_many (p->appsrc, convert, sink, NULL);
  }
  pad = gst_element_get_static_pad (sink, "sink");
  if (pad)
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, shown_probe, p, NULL);
  return TRUE;
}

V4l2TvPreview *
v4l2tv_preview_new (const gchar * sink, FILE * out)
{
  V4l2TvPreview *p;
  g_autoptr (GError) err = NULL;
  g_autoptr (GstBus) bus = NULL;

  out = out ? out : stdout;
  if (sink == NULL && !g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY")) {
    fputs (_("--preview: no display (neither DISPLAY nor WAYLAND_DISPLAY is "
            "set); the recording goes on without a preview\n"), out);
    fflush (out);
    return NULL;
  }
  p = g_new0 (V4l2TvPreview, 1);
  p->out = out;
  g_mutex_init (&p->lock);
  if (!preview_build (p, sink, &err)) {
    preview_note (p, N_("cannot show the picture"), err);
    v4l2tv_preview_free (p);
    return NULL;
  }
  bus = gst_pipeline_get_bus (GST_PIPELINE (p->pipeline));
  p->bus_watch = gst_bus_add_watch (bus, on_preview_message, p);
  if (gst_element_set_state (p->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    g_autoptr (GstMessage) msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

    if (msg)
      gst_message_parse_error (msg, &err, NULL);
    preview_note (p, N_("the display sink did not start"), err);
    v4l2tv_preview_free (p);
    return NULL;
  }
  return p;
}

void
v4l2tv_preview_free (V4l2TvPreview * p)
{
  if (p == NULL)
    return;
  if (p->bus_watch)
    g_source_remove (p->bus_watch);
  if (p->pipeline) {
    gst_element_set_state (p->pipeline, GST_STATE_NULL);
    gst_object_unref (p->pipeline);
  }
  gst_clear_object (&p->appsrc);
  gst_clear_object (&p->overlay);
  gst_clear_caps (&p->caps);
  g_mutex_clear (&p->lock);
  g_free (p);
}

void
v4l2tv_preview_push (V4l2TvPreview * p, GstCaps * caps, GstBuffer * buf)
{
  GstFlowReturn ret;
  GstBuffer *copy;

  if (p == NULL || g_atomic_int_get (&p->stopped))
    return;
  /* only the video streaming thread pushes: caps needs no lock */
  if (p->caps == NULL || !gst_caps_is_equal (p->caps, caps)) {
    gst_caps_replace (&p->caps, caps);
    g_object_set (p->appsrc, "caps", caps, NULL);
  }
  /* the same memory; stamped by appsrc on arrival */
  copy = gst_buffer_copy (buf);
  GST_BUFFER_PTS (copy) = GST_BUFFER_DTS (copy) = GST_CLOCK_TIME_NONE;
  g_signal_emit_by_name (p->appsrc, "push-buffer", copy, &ret);
  gst_buffer_unref (copy);
  g_mutex_lock (&p->lock);
  p->pushed++;
  g_mutex_unlock (&p->lock);
}

void
v4l2tv_preview_set_text (V4l2TvPreview * p, const gchar * text)
{
  if (p && p->overlay)
    g_object_set (p->overlay, "text", text, NULL);
}

void
v4l2tv_preview_get_counts (V4l2TvPreview * p, guint64 * pushed, guint64 * shown)
{
  g_mutex_lock (&p->lock);
  *pushed = p->pushed;
  *shown = p->shown;
  g_mutex_unlock (&p->lock);
}
