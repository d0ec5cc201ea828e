/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv-record --preview (tools/record-preview.h).
 *
 * The picture is shown by a process of its own, the recorder run again as
 * `v4l2tv-record --preview-helper`: whatever happens to the display (a
 * sink that blocks, an X server that dies, whose Xlib then ends the
 * process it is in) happens to that process, never to the recording. The
 * recorder side keeps the latest frame in a mailbox; a writer thread sends
 * it down a socket to the helper and the next frame replaces one that was
 * not sent yet, so the recording's streaming thread never waits. A reader
 * thread passes the helper's notes on and takes its count of frames
 * shown ("shown N" lines, as the count grows and at the end). Messages on the socket: a header (type, length) and its bytes:
 * 'C' the frames' caps as a string, 'F' a frame, 'T' the line of text
 * over the picture.
 *
 * The helper (v4l2tv_preview_helper_main) reads them into
 *
 *   appsrc ! deinterlace ! videoconvert ! textoverlay ! videoconvert
 *     ! videoscale ! xvimagesink (ximagesink, waylandsink, glimagesink)
 *
 * appsrc keeps at most two frames and drops the oldest
 * (leaky-type=downstream), so the helper goes on reading while its
 * display is slow; an error of the preview ends the helper, with a note.
 * The frames are shown as they come: appsrc stamps them on arrival.
 * textoverlay (gstreamer1.0-x, with the X sinks) writes the time and the
 * sound's level over the picture; without it the picture alone is shown.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "record-preview.h"

typedef struct
{
  GstElement *pipeline, *appsrc, *overlay;
  GstCaps *caps;                /* of the last frame pushed */
  FILE *out;
  guint bus_watch;
  gint stopped;                 /* atomic: the preview failed, off */
  gint drained;                 /* atomic: EOS reached the sink */
  GMutex lock;
  guint64 pushed, shown;        /* the lock */
} Display;

/* @what (N_()): what happened to the preview */
static void
preview_note (Display * p, const gchar * what, const GError * err)
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
  Display *p = user_data;
  g_autoptr (GError) err = NULL;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS)
    g_atomic_int_set (&p->drained, 1);
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
  Display *p = user_data;

  g_mutex_lock (&p->lock);
  p->shown++;
  g_mutex_unlock (&p->lock);
  return GST_PAD_PROBE_OK;
}

/* the sinks that show on a desktop's display, best first; not
 * autovideosink, which goes on to DirectFB, KMS or the framebuffer when
 * the display cannot be opened (dfbvideosink's thread then crashes the
 * process at exit) */
static const gchar *const wayland_sinks[] = { "waylandsink", "glimagesink",
  NULL
};

static const gchar *const x11_sinks[] = { "xvimagesink", "ximagesink",
  "glimagesink", NULL
};

/* the first sink that opens the display (READY), or NULL and @error
 * naming the display and the sinks tried */
static GstElement *
display_sink (GError ** error)
{
  const gchar *const *lists[2] = { NULL, NULL };
  g_autoptr (GString) tried = g_string_new (NULL);
  const gchar *wayland = g_getenv ("WAYLAND_DISPLAY");
  const gchar *x11 = g_getenv ("DISPLAY");
  g_autofree gchar *display = g_strjoin ("', '", wayland ? wayland : x11,
      wayland ? x11 : NULL, NULL);
  guint l, i;

  if (wayland)
    lists[0] = wayland_sinks;
  if (x11)
    lists[wayland ? 1 : 0] = x11_sinks;
  for (l = 0; l < G_N_ELEMENTS (lists) && lists[l]; l++)
    for (i = 0; lists[l][i]; i++) {
      GstElement *sink = gst_element_factory_make (lists[l][i], NULL);

      if (sink == NULL)
        continue;
      if (gst_element_set_state (sink, GST_STATE_READY) ==
          GST_STATE_CHANGE_SUCCESS) {
        /* shown as they come: their timestamps are the recording's */
        g_object_set (sink, "sync", FALSE, NULL);
        return sink;
      }
      gst_element_set_state (sink, GST_STATE_NULL);
      gst_object_unref (sink);
      g_string_append_printf (tried, "%s%s", tried->len ? ", " : "",
          lists[l][i]);
    }
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_WRITE,
      _("no video sink could open the display '%s' (tried: %s)"),
      display ? display : "", tried->len ? tried->str :
      _("none installed; gstreamer1.0-x has the X sinks"));
  return NULL;
}

/* @factory, or NULL when it is not installed (optional elements) */
static GstElement *
make_optional (const gchar * factory)
{
  return gst_element_factory_make (factory, NULL);
}

/* the elements, linked; FALSE and @error when one is missing */
static gboolean
preview_build (Display * p, const gchar * sink_desc, GError ** error)
{
  GstElement *chain[8], *sink;
  g_autoptr (GstPad) pad = NULL;
  guint n = 0, i;

  p->pipeline = gst_pipeline_new ("v4l2tv-record-preview");
  p->appsrc = gst_element_factory_make ("appsrc", "frames");
  chain[n++] = p->appsrc ? gst_object_ref (p->appsrc) : NULL;
  /* the fields of a frame shown one after the other, not combed */
  chain[n] = make_optional ("deinterlace");
  n += chain[n] != NULL;
  chain[n++] = gst_element_factory_make ("videoconvert", NULL);
  p->overlay = make_optional ("textoverlay");
  if (p->overlay) {
    g_object_set (p->overlay, "valignment", 2 /* top */ ,
        "halignment", 0 /* left */ , "shaded-background", TRUE,
        "font-desc", "Sans 12", NULL);
    chain[n++] = gst_object_ref (p->overlay);
    chain[n++] = gst_element_factory_make ("videoconvert", NULL);
  }
  /* the display's pixel aspect, not the card's */
  chain[n++] = gst_element_factory_make ("videoscale", NULL);
  for (i = 0; i < n; i++)
    if (chain[i] == NULL) {
      g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_MISSING_PLUGIN,
          _("appsrc, videoconvert or videoscale is missing "
              "(gstreamer1.0-plugins-base)"));
      goto fail;
    }
  sink = sink_desc ? gst_parse_bin_from_description (sink_desc, TRUE, error)
      : display_sink (error);
  if (sink == NULL)
    goto fail;
  chain[n++] = sink;

  g_object_set (p->appsrc, "is-live", TRUE, "format", GST_FORMAT_TIME,
      "do-timestamp", TRUE, "block", FALSE, "max-buffers", (guint64) 2, NULL);
  gst_util_set_object_arg (G_OBJECT (p->appsrc), "leaky-type", "downstream");
  for (i = 0; i < n; i++)
    gst_bin_add (GST_BIN (p->pipeline), chain[i]);
  for (i = 0; i + 1 < n; i++)
    gst_element_link (chain[i], chain[i + 1]);
  pad = gst_element_get_static_pad (sink, "sink");
  if (pad)
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, shown_probe, p, NULL);
  return TRUE;

fail:
  for (i = 0; i < n; i++)
    if (chain[i])
      gst_object_unref (chain[i]);
  return FALSE;
}

static void display_free (Display * p);

static Display *
display_new (const gchar * sink, FILE * out)
{
  Display *p;
  g_autoptr (GError) err = NULL;
  g_autoptr (GstBus) bus = NULL;

  out = out ? out : stdout;
  if (sink == NULL && !g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY")) {
    fputs (_("--preview: no display (neither DISPLAY nor WAYLAND_DISPLAY is "
            "set); the recording goes on without a preview\n"), out);
    fflush (out);
    return NULL;
  }
  p = g_new0 (Display, 1);
  p->out = out;
  g_mutex_init (&p->lock);
  if (!preview_build (p, sink, &err)) {
    preview_note (p, N_("cannot show the picture"), err);
    display_free (p);
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
    display_free (p);
    return NULL;
  }
  return p;
}

static void
display_free (Display * p)
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

static void
display_push (Display * p, GstCaps * caps, GstBuffer * buf)
{
  GstFlowReturn ret;

  if (p == NULL || g_atomic_int_get (&p->stopped))
    return;
  /* only the helper's reading thread pushes: caps needs no lock */
  if (p->caps == NULL || !gst_caps_is_equal (p->caps, caps)) {
    gst_caps_replace (&p->caps, caps);
    g_object_set (p->appsrc, "caps", caps, NULL);
  }
  /* @buf is the helper's own, read off the socket, without timestamps:
   * appsrc stamps it on arrival */
  g_signal_emit_by_name (p->appsrc, "push-buffer", buf, &ret);
  g_mutex_lock (&p->lock);
  p->pushed++;
  g_mutex_unlock (&p->lock);
}

static void
display_set_text (Display * p, const gchar * text)
{
  if (p && p->overlay)
    g_object_set (p->overlay, "text", text, NULL);
}

static void
display_get_counts (Display * p, guint64 * pushed, guint64 * shown)
{
  g_mutex_lock (&p->lock);
  *pushed = p->pushed;
  *shown = p->shown;
  g_mutex_unlock (&p->lock);
}

/* --- the socket between the recorder and its helper --- */

typedef struct
{
  guint32 type;                 /* 'C', 'F', 'T' */
  guint32 length;               /* bytes that follow */
} Header;

/* all of @len bytes, or FALSE (the other end is gone, or an error) */
static gboolean
send_all (gint fd, const void *data, gsize len)
{
  const guint8 *p = data;

  while (len > 0) {
    ssize_t n = send (fd, p, len, MSG_NOSIGNAL);

    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return FALSE;
    p += n;
    len -= n;
  }
  return TRUE;
}

static gboolean
send_message (gint fd, guint32 type, const void *data, gsize len)
{
  Header h = { type, (guint32) len };

  return send_all (fd, &h, sizeof (h)) && send_all (fd, data, len);
}

static gboolean
read_all (gint fd, void *data, gsize len)
{
  guint8 *p = data;

  while (len > 0) {
    ssize_t n = read (fd, p, len);

    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return FALSE;
    p += n;
    len -= n;
  }
  return TRUE;
}

/* --- the helper: v4l2tv-record --preview-helper --- */

/* a frame is at most this big (1920x1080 in 4:4:4 and then some): more
 * is not a frame of ours */
#define MAX_MESSAGE (16 * 1024 * 1024)

typedef struct
{
  Display *display;
  GMainLoop *loop;
  GstCaps *caps;
  gint eof;                     /* atomic: the recorder closed the socket */
  gint64 eof_time;              /* when the main thread saw it */
  guint64 told;                 /* the count of frames shown last told */
} Helper;

/* the helper's reading thread: the messages on stdin into the display
 * until the recorder closes the socket */
static gpointer
helper_read (gpointer data)
{
  Helper *h = data;
  Header hd;

  while (read_all (0, &hd, sizeof (hd)) && hd.length <= MAX_MESSAGE) {
    GstBuffer *buf = gst_buffer_new_allocate (NULL, hd.length, NULL);
    GstMapInfo map;
    gboolean ok;

    gst_buffer_map (buf, &map, GST_MAP_WRITE);
    ok = read_all (0, map.data, hd.length);
    gst_buffer_unmap (buf, &map);
    if (!ok) {
      gst_buffer_unref (buf);
      break;
    }
    if (hd.type == 'C' || hd.type == 'T') {
      gchar *str = g_malloc (hd.length + 1);

      gst_buffer_extract (buf, 0, str, hd.length);
      str[hd.length] = '\0';
      if (hd.type == 'T') {
        display_set_text (h->display, str);
      } else {
        gst_clear_caps (&h->caps);
        h->caps = gst_caps_from_string (str);
      }
      g_free (str);
    } else if (hd.type == 'F' && h->caps) {
      display_push (h->display, h->caps, buf);
    }
    gst_buffer_unref (buf);
  }
  /* the end: what the display has yet is shown (EOS), for at most
   * HELPER_DRAIN (a display that is stuck takes no EOS) */
  {
    GstFlowReturn ret;

    g_signal_emit_by_name (h->display->appsrc, "end-of-stream", &ret);
  }
  g_atomic_int_set (&h->eof, 1);
  return NULL;
}

#define HELPER_DRAIN (3 * G_TIME_SPAN_SECOND)

/* the recorder is told the count of frames shown as it grows (every
 * 100 ms at most); the end: the preview stopped (a display error), or the
 * socket's end was shown (or the time for it has passed) */
static gboolean
helper_check (gpointer data)
{
  Helper *h = data;
  guint64 pushed, shown;

  display_get_counts (h->display, &pushed, &shown);
  if (shown != h->told) {
    printf ("shown %" G_GUINT64_FORMAT "\n", shown);
    fflush (stdout);
    h->told = shown;
  }
  if (g_atomic_int_get (&h->eof) && h->eof_time == 0)
    h->eof_time = g_get_monotonic_time ();
  if (g_atomic_int_get (&h->display->stopped) ||
      g_atomic_int_get (&h->display->drained) ||
      (h->eof_time && g_get_monotonic_time () - h->eof_time > HELPER_DRAIN))
    g_main_loop_quit (h->loop);
  return G_SOURCE_CONTINUE;
}

gint
v4l2tv_preview_helper_main (const gchar * sink)
{
  Helper h = { NULL, NULL, NULL, 0, 0, 0 };
  GThread *reader;
  guint64 pushed = 0, shown = 0;
  guint check;

  h.display = display_new (sink, stdout);
  if (h.display == NULL)
    return 1;
  h.loop = g_main_loop_new (NULL, FALSE);
  check = g_timeout_add (100, helper_check, &h);
  reader = g_thread_new ("preview-reader", helper_read, &h);
  g_main_loop_run (h.loop);
  display_get_counts (h.display, &pushed, &shown);
  /* the recorder's count of frames shown */
  printf ("shown %" G_GUINT64_FORMAT "\n", shown);
  fflush (stdout);
  if (g_atomic_int_get (&h.display->stopped)) {
    /* the reader may wait on the socket for ever: the process ends
     * with it */
    _exit (1);
  }
  g_thread_join (reader);
  g_source_remove (check);
  display_free (h.display);
  gst_clear_caps (&h.caps);
  g_main_loop_unref (h.loop);
  return 0;
}

/* --- the recorder's side --- */

struct _V4l2TvPreview
{
  FILE *out;
  GPid pid;
  gint sock;                    /* to the helper's stdin */
  gint notes;                   /* the helper's stdout */
  GThread *writer, *reader;
  GMutex lock;
  GCond cond;
  /* the lock: the mailbox, the latest of each */
  GstBuffer *frame;
  GstCaps *frame_caps;
  gchar *text;
  gboolean closing;
  gboolean written;             /* the writer thread is done */
  gboolean gone;                /* the helper ended or its socket broke */
  guint64 pushed, sent, shown;
};

static void
send_caps (V4l2TvPreview * p, GstCaps * caps, GstCaps ** sent_caps,
    gboolean * ok)
{
  gchar *str;

  if (!*ok || (*sent_caps && gst_caps_is_equal (*sent_caps, caps)))
    return;
  str = gst_caps_to_string (caps);
  *ok = send_message (p->sock, 'C', str, strlen (str));
  g_free (str);
  gst_caps_replace (sent_caps, caps);
}

/* the writer thread: what is in the mailbox down the socket */
static gpointer
preview_write (gpointer data)
{
  V4l2TvPreview *p = data;
  GstCaps *sent_caps = NULL;
  gboolean ok = TRUE;

  g_mutex_lock (&p->lock);
  while (ok && !p->closing && !p->gone) {
    GstBuffer *frame = g_steal_pointer (&p->frame);
    GstCaps *caps = g_steal_pointer (&p->frame_caps);
    gchar *text = g_steal_pointer (&p->text);

    if (frame == NULL && text == NULL) {
      g_cond_wait (&p->cond, &p->lock);
      continue;
    }
    g_mutex_unlock (&p->lock);
    if (text) {
      ok = send_message (p->sock, 'T', text, strlen (text));
      g_free (text);
    }
    if (frame) {
      GstMapInfo map;

      send_caps (p, caps, &sent_caps, &ok);
      if (ok && gst_buffer_map (frame, &map, GST_MAP_READ)) {
        ok = send_message (p->sock, 'F', map.data, map.size);
        gst_buffer_unmap (frame, &map);
      }
      gst_buffer_unref (frame);
      gst_caps_unref (caps);
    }
    g_mutex_lock (&p->lock);
    if (ok && frame)
      p->sent++;
  }
  if (!ok)
    p->gone = TRUE;
  p->written = TRUE;
  g_cond_broadcast (&p->cond);
  g_mutex_unlock (&p->lock);
  gst_clear_caps (&sent_caps);
  return NULL;
}

/* the reader thread: the helper's notes on to the recorder's output, its
 * count of frames shown kept; the helper's end */
static gpointer
preview_read (gpointer data)
{
  V4l2TvPreview *p = data;
  FILE *in = fdopen (p->notes, "r");
  gchar line[1024];
  guint64 shown;
  gboolean noted = FALSE, closing;

  if (in == NULL) {
    close (p->notes);
    return NULL;
  }
  while (fgets (line, sizeof (line), in)) {
    if (sscanf (line, "shown %" G_GUINT64_FORMAT, &shown) == 1) {
      g_mutex_lock (&p->lock);
      p->shown = shown;
      g_mutex_unlock (&p->lock);
    } else {
      fputs (line, p->out);
      fflush (p->out);
      noted = TRUE;
    }
  }
  fclose (in);
  g_mutex_lock (&p->lock);
  p->gone = TRUE;
  closing = p->closing;
  g_cond_signal (&p->cond);
  g_mutex_unlock (&p->lock);
  /* ended without a word while recording: its display went away (Xlib
   * ends the process whose X server died), or it crashed */
  if (!closing && !noted) {
    fputs (_("--preview: the preview ended (its display went away?); the "
            "recording goes on without a preview\n"), p->out);
    fflush (p->out);
  }
  return NULL;
}

/* the program to run as the helper: this one (v4l2tv-record), or for the
 * tests, which run the recorder in-process, V4L2TV_RECORD_PROGRAM */
static gchar *
helper_program (void)
{
  const gchar *program = g_getenv ("V4L2TV_RECORD_PROGRAM");

  return program ? g_strdup (program) : g_file_read_link ("/proc/self/exe",
      NULL);
}

V4l2TvPreview *
v4l2tv_preview_new (const gchar * sink, FILE * out)
{
  g_autofree gchar *program = helper_program ();
  const gchar *argv[5] = { program, "--preview-helper", NULL, NULL, NULL };
  g_autoptr (GError) err = NULL;
  V4l2TvPreview *p;
  gint sv[2] = { -1, -1 }, notes[2] = { -1, -1 };
  GPid pid;

  out = out ? out : stdout;
  if (sink == NULL && !g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY")) {
    fputs (_("--preview: no display (neither DISPLAY nor WAYLAND_DISPLAY is "
            "set); the recording goes on without a preview\n"), out);
    fflush (out);
    return NULL;
  }
  if (sink) {
    argv[2] = "--preview-sink";
    argv[3] = sink;
  }
  if (program == NULL)
    g_set_error_literal (&err, G_FILE_ERROR, G_FILE_ERROR_NOENT,
        g_strerror (ENOENT));
  else if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    g_set_error_literal (&err, G_FILE_ERROR, g_file_error_from_errno (errno),
        g_strerror (errno));
  if (err == NULL && g_unix_open_pipe (notes, FD_CLOEXEC, &err))
    g_spawn_async_with_fds (NULL, (gchar **) argv, NULL,
        G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, sv[1], notes[1], -1, &err);
  if (sv[1] >= 0)
    close (sv[1]);
  if (notes[1] >= 0)
    close (notes[1]);
  if (err) {
    fprintf (out, _("--preview: cannot start the preview (%s): %s; the "
            "recording goes on without a preview\n"),
        program ? program : "v4l2tv-record", err->message);
    fflush (out);
    if (sv[0] >= 0)
      close (sv[0]);
    if (notes[0] >= 0)
      close (notes[0]);
    return NULL;
  }
  p = g_new0 (V4l2TvPreview, 1);
  p->out = out;
  p->pid = pid;
  p->sock = sv[0];
  p->notes = notes[0];
  g_mutex_init (&p->lock);
  g_cond_init (&p->cond);
  p->writer = g_thread_new ("preview-writer", preview_write, p);
  p->reader = g_thread_new ("preview-notes", preview_read, p);
  return p;
}

/* how long the end of the preview waits for the frame being sent */
#define CLOSE_WAIT (5 * G_TIME_SPAN_SECOND)

/* the helper's end: up to 5 s after its socket closed (it finishes its
 * display), then killed */
static void
reap_helper (GPid pid)
{
  guint i;

  for (i = 0; i < 50; i++) {
    if (waitpid (pid, NULL, WNOHANG) == pid)
      return;
    g_usleep (100 * G_TIME_SPAN_MILLISECOND);
  }
  kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
}

void
v4l2tv_preview_close (V4l2TvPreview * p)
{
  gint64 deadline = g_get_monotonic_time () + CLOSE_WAIT;
  gboolean written;

  if (p == NULL || p->writer == NULL)
    return;

  /* the frame being sent goes out whole (a helper still starting reads
   * it), for at most CLOSE_WAIT; then the socket's end */
  g_mutex_lock (&p->lock);
  p->closing = TRUE;
  g_cond_broadcast (&p->cond);
  while (!p->written && g_cond_wait_until (&p->cond, &p->lock, deadline));
  written = p->written;
  g_mutex_unlock (&p->lock);
  /* (not written: a send blocked on a helper that reads nothing, woken
   * with an error) */
  shutdown (p->sock, written ? SHUT_WR : SHUT_RDWR);
  g_thread_join (p->writer);
  p->writer = NULL;
  reap_helper (p->pid);
  g_spawn_close_pid (p->pid);
  /* the helper's stdout is closed now: its last lines, then the end */
  g_thread_join (p->reader);
  close (p->sock);
}

void
v4l2tv_preview_free (V4l2TvPreview * p)
{
  if (p == NULL)
    return;
  v4l2tv_preview_close (p);
  gst_clear_buffer (&p->frame);
  gst_clear_caps (&p->frame_caps);
  g_free (p->text);
  g_cond_clear (&p->cond);
  g_mutex_clear (&p->lock);
  g_free (p);
}

void
v4l2tv_preview_push (V4l2TvPreview * p, GstCaps * caps, GstBuffer * buf)
{
  GstBuffer *copy;

  if (p == NULL || g_atomic_int_get (&p->gone))
    return;
  /* a copy of its own: a frame of the recording's pools is never held
   * while the helper is slow */
  copy = gst_buffer_copy_deep (buf);
  g_mutex_lock (&p->lock);
  if (!p->gone && !p->closing) {
    gst_buffer_replace (&p->frame, copy);
    gst_caps_replace (&p->frame_caps, caps);
    p->pushed++;
    g_cond_signal (&p->cond);
  }
  g_mutex_unlock (&p->lock);
  gst_buffer_unref (copy);
}

void
v4l2tv_preview_set_text (V4l2TvPreview * p, const gchar * text)
{
  if (p == NULL)
    return;
  g_mutex_lock (&p->lock);
  g_free (p->text);
  p->text = g_strdup (text);
  g_cond_signal (&p->cond);
  g_mutex_unlock (&p->lock);
}

void
v4l2tv_preview_get_counts (V4l2TvPreview * p, guint64 * pushed, guint64 * shown)
{
  g_mutex_lock (&p->lock);
  *pushed = p->pushed;
  *shown = p->shown;
  g_mutex_unlock (&p->lock);
}
