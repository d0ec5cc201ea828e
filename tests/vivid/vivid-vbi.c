/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vivid-vbi: the hardware layer's VBI kinds on vivid's VBI nodes (issue
 * 14), run in the vivid guest with node_types=0xd0d (tests/vivid/
 * meson.build, test vivid-vbi):
 *
 *   vivid-vbi [-d VIDEO-CAPTURE] [-o VIDEO-OUTPUT]
 *
 * - gst_tv_hw_find_vbi_location() from the video capture node finds the
 *   card's VBI capture node for the raw and the sliced kind, and its VBI
 *   output node for both output kinds (the nodes sysfs names
 *   vivid-000-vbi-cap and vivid-000-vbi-out); from the output node too;
 *   with the capture node renamed out of
 *   /dev/vbi* the capture kinds answer NOT_FOUND naming the video node;
 * - a video node opened as a VBI kind, the VBI capture node as a video
 *   or output kind, the VBI output node as a capture kind: WRONG_DIRECTION
 *   naming the node; the VBI output node as raw VBI output (G_FMT); the
 *   capture node open as raw and sliced at once: sliced REQBUFS BUSY
 *   while the raw handle has buffers or streams (vivid takes the sliced
 *   S_FMT meanwhile), taken once it freed them;
 * - the TV input in NTSC, raw: vivid's format (27 MHz, lines 10 and 273,
 *   12 a field), frames whose line 21 decodes (gst_tv_vbi_raw_decode_
 *   frame, the CEA-608 decoder on CC1) to "Hello world!" and "Closed
 *   captions test" on field 1, XDS on field 2, no parity error, the
 *   sequence numbers rising (a gap, frames vivid dropped while the test
 *   was late, starts the caption decoding over);
 * - the same through the sliced kind: G_SLICED_VBI_CAP lists
 *   CAPTION_525 on line 21 of both fields, S_FMT keeps CAPTION_525 of
 *   CAPTION_525 | WSS_625, the records decode to the same text;
 * - PAL: the raw format (lines 6 and 319, 18 a field), WSS 4:3 full
 *   format on every frame, raw and sliced (WSS_625 on line 23);
 * - the webcam input: the VBI formats and G_SLICED_VBI_CAP refused
 *   (INVALID), as vivid does without a standard;
 * - sliced VBI output in NTSC: G_SLICED_VBI_CAP (output) lists
 *   CAPTION_525, S_FMT takes it, frames of caption records are queued,
 *   streamed and given back without an error.
 *
 * Prints one line per check and "N passed, M failed"; exit 0, 1 on a
 * failure, 77 when there is no device or it is not vivid's.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gst/gst.h>

#include "hw/tvhw.h"
#include "vbi/tvvbi.h"
#include "vivid-args.h"

#define INPUT_WEBCAM 0
#define INPUT_TV 1
#define N_BUFFERS 16             /* half a second of slack for a slow VM */
#define FRAME_TIMEOUT (2 * GST_SECOND)
/* vivid's caption cycle is a few seconds: at most this many frames are
 * read before the texts must have shown */
#define MAX_CAPTION_FRAMES 450
#define WSS_FRAMES 10

static guint n_passed, n_failed;

static gboolean
check (gboolean ok, const gchar * what, GError ** err)
{
  if (ok) {
    n_passed++;
    g_print ("ok    %s\n", what);
  } else {
    n_failed++;
    g_print ("FAIL  %s%s%s\n", what, err && *err ? ": " : "",
        err && *err ? (*err)->message : "");
  }
  if (err)
    g_clear_error (err);
  return ok;
}

/* @expr first: the message may print what it wrote */
#define CHECK(expr, err, ...) G_STMT_START {                            \
    gboolean ok_ = (expr);                                              \
    gchar *what_ = g_strdup_printf (__VA_ARGS__);                       \
    check (ok_, what_, (err));                                          \
    g_free (what_);                                                     \
  } G_STMT_END

/* the /dev node sysfs names @name, NULL if none */
static gchar *
node_named (const gchar * name)
{
  GDir *dir = g_dir_open ("/sys/class/video4linux", 0, NULL);
  const gchar *entry;
  gchar *found = NULL;

  if (dir == NULL)
    return NULL;
  while (found == NULL && (entry = g_dir_read_name (dir))) {
    gchar *path = g_build_filename ("/sys/class/video4linux", entry, "name",
        NULL);
    gchar *contents = NULL;

    if (g_file_get_contents (path, &contents, NULL, NULL) &&
        strcmp (g_strstrip (contents), name) == 0)
      found = g_build_filename ("/dev", entry, NULL);
    g_free (contents);
    g_free (path);
  }
  g_dir_close (dir);
  return found;
}

static void
check_find (GstTvHwDevice * video, GstTvHwNodeKind kind, const gchar * want)
{
  GError *err = NULL;
  gchar *loc = gst_tv_hw_find_vbi_location (video, kind, &err);

  CHECK (loc != NULL && g_strcmp0 (loc, want) == 0, &err,
      "find_vbi_location (%s, %s) = %s (want %s)",
      gst_tv_hw_device_get_location (video), gst_tv_hw_node_kind_name (kind),
      loc ? loc : "NULL", want);
  g_free (loc);
}

static void
check_not_found (GstTvHwDevice * video, GstTvHwNodeKind kind)
{
  GError *err = NULL;
  gchar *loc = gst_tv_hw_find_vbi_location (video, kind, &err);
  gboolean ok = loc == NULL &&
      g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_FOUND) &&
      strstr (err->message, gst_tv_hw_device_get_location (video)) != NULL;

  g_print ("      (%s)\n", err ? err->message : "no error");
  CHECK (ok, NULL, "find_vbi_location (%s, %s) without the node: "
      "NOT_FOUND naming the video node (got %s)",
      gst_tv_hw_device_get_location (video), gst_tv_hw_node_kind_name (kind),
      loc ? loc : "NULL");
  g_clear_error (&err);
  g_free (loc);
}

static void
probe_find (GstTvHwDevice * video, GstTvHwDevice * out, const gchar * vbi_cap,
    const gchar * vbi_out)
{
  gchar *hidden;

  check_find (video, GST_TV_HW_NODE_VBI_CAPTURE, vbi_cap);
  check_find (video, GST_TV_HW_NODE_SLICED_VBI_CAPTURE, vbi_cap);
  check_find (video, GST_TV_HW_NODE_VBI_OUTPUT, vbi_out);
  check_find (video, GST_TV_HW_NODE_SLICED_VBI_OUTPUT, vbi_out);
  if (out) {
    check_find (out, GST_TV_HW_NODE_SLICED_VBI_OUTPUT, vbi_out);
    check_find (out, GST_TV_HW_NODE_VBI_CAPTURE, vbi_cap);
  }
  /* the capture node out of /dev/vbi*: nothing of the capture kinds */
  hidden = g_strdup_printf ("/dev/hidden-%s", strrchr (vbi_cap, '/') + 1);
  if (!check (g_rename (vbi_cap, hidden) == 0, "rename the VBI capture node "
          "out of /dev/vbi*", NULL)) {
    g_free (hidden);
    return;
  }
  check_not_found (video, GST_TV_HW_NODE_VBI_CAPTURE);
  check_not_found (video, GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  check_find (video, GST_TV_HW_NODE_SLICED_VBI_OUTPUT, vbi_out);
  check (g_rename (hidden, vbi_cap) == 0, "rename it back", NULL);
  g_free (hidden);
}

/* sliced S_FMT of @services on @sliced; prints what came back; TRUE if
 * it was taken */
static gboolean
sliced_s_fmt (GstTvHwDevice * sliced, guint16 services, const gchar * when)
{
  GError *err = NULL;
  struct v4l2_format sfmt;
  gboolean ok;

  memset (&sfmt, 0, sizeof (sfmt));
  sfmt.fmt.sliced.service_set = services;
  ok = gst_tv_hw_device_set_fmt (sliced, &sfmt, &err);
  g_print ("      sliced S_FMT 0x%04x while %s: %s\n", services, when,
      ok ? "taken" : err->message);
  ok = ok || !g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_BUSY);
  g_clear_error (&err);
  return ok;
}

static void
check_open_refused (const gchar * location, GstTvHwNodeKind kind)
{
  GError *err = NULL;
  GstTvHwDevice *dev = gst_tv_hw_device_open (location, kind, &err);
  gboolean ok = dev == NULL &&
      g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_WRONG_DIRECTION)
      && strstr (err->message, location) != NULL;

  g_print ("      (%s)\n", err ? err->message : "opened");
  CHECK (ok, NULL, "open %s as %s: WRONG_DIRECTION naming it", location,
      gst_tv_hw_node_kind_name (kind));
  g_clear_error (&err);
  if (dev)
    gst_tv_hw_device_close (dev);
}

/* the kinds each node answers to; raw and sliced on one node, one of
 * them with buffers at a time */
static void
probe_kinds (const gchar * video, const gchar * vbi_cap, const gchar * vbi_out)
{
  GError *err = NULL;
  GstTvHwDevice *raw, *sliced, *out;
  struct v4l2_format fmt;
  guint32 count = 0;
  gboolean ok;

  check_open_refused (video, GST_TV_HW_NODE_VBI_CAPTURE);
  check_open_refused (video, GST_TV_HW_NODE_SLICED_VBI_CAPTURE);
  check_open_refused (vbi_cap, GST_TV_HW_NODE_VIDEO_CAPTURE);
  check_open_refused (vbi_cap, GST_TV_HW_NODE_SLICED_VBI_OUTPUT);
  check_open_refused (vbi_out, GST_TV_HW_NODE_VBI_CAPTURE);

  out = gst_tv_hw_device_open (vbi_out, GST_TV_HW_NODE_VBI_OUTPUT, &err);
  if (check (out != NULL, "open the VBI output node as raw VBI output",
          &err)) {
    memset (&fmt, 0, sizeof (fmt));
    CHECK (gst_tv_hw_device_get_fmt (out, &fmt, &err) &&
        fmt.type == V4L2_BUF_TYPE_VBI_OUTPUT &&
        fmt.fmt.vbi.samples_per_line == 1440, &err,
        "raw output: G_FMT type %u, %u Hz, %u samples", fmt.type,
        fmt.fmt.vbi.sampling_rate, fmt.fmt.vbi.samples_per_line);
    gst_tv_hw_device_close (out);
  }

  raw = gst_tv_hw_device_open (vbi_cap, GST_TV_HW_NODE_VBI_CAPTURE, &err);
  sliced = gst_tv_hw_device_open (vbi_cap, GST_TV_HW_NODE_SLICED_VBI_CAPTURE,
      err ? NULL : &err);
  if (check (raw != NULL && sliced != NULL, "the VBI capture node open as "
          "raw and as sliced at once", &err)) {
    CHECK (sliced_s_fmt (sliced, V4L2_SLICED_CAPTION_525, "idle"), NULL,
        "sliced S_FMT CAPTION_525 while nobody has buffers: taken");
    memset (&fmt, 0, sizeof (fmt));
    CHECK (gst_tv_hw_device_get_fmt (raw, &fmt, &err) &&
        gst_tv_hw_device_set_fmt (raw, &fmt, &err) &&
        gst_tv_hw_device_request_buffers (raw, 2, &count, &err) && count > 0,
        &err, "raw: S_FMT and %u buffers", count);
    /* vivid takes a sliced S_FMT from the other handle even now
     * (observed; vbi-observed/README.md): what keeps the two apart is
     * vb2's queue ownership, REQBUFS */
    CHECK (sliced_s_fmt (sliced, 0, "raw has buffers") &&
        sliced_s_fmt (sliced, V4L2_SLICED_CAPTION_525, "raw has buffers"),
        NULL, "sliced S_FMT while raw has buffers: taken (vivid)");
    ok = gst_tv_hw_device_request_buffers (sliced, 2, NULL, &err);
    CHECK (!ok && g_error_matches (err, GST_TV_HW_ERROR,
            GST_TV_HW_ERROR_BUSY), NULL, "sliced REQBUFS while raw has "
        "buffers: BUSY (%s)", err ? err->message : "ok");
    g_clear_error (&err);
    {
      struct v4l2_buffer buf;

      memset (&buf, 0, sizeof (buf));
      ok = gst_tv_hw_device_queue_buffer (raw, &buf, &err) &&
          gst_tv_hw_device_stream_on (raw, &err);
      check (ok, "raw: streaming", &err);
    }
    ok = gst_tv_hw_device_request_buffers (sliced, 2, NULL, &err);
    CHECK (!ok && g_error_matches (err, GST_TV_HW_ERROR,
            GST_TV_HW_ERROR_BUSY), NULL, "sliced REQBUFS while raw streams: "
        "BUSY (%s)", err ? err->message : "ok");
    g_clear_error (&err);
    gst_tv_hw_device_stream_off (raw, NULL);
    CHECK (gst_tv_hw_device_request_buffers (raw, 0, NULL, &err), &err,
        "raw: buffers freed");
    CHECK (sliced_s_fmt (sliced, V4L2_SLICED_CAPTION_525, "raw let go") &&
        gst_tv_hw_device_request_buffers (sliced, 2, &count, &err) &&
        count > 0 && gst_tv_hw_device_request_buffers (sliced, 0, NULL, &err),
        &err, "sliced S_FMT and REQBUFS once raw let go: taken");
  }
  if (raw)
    gst_tv_hw_device_close (raw);
  if (sliced)
    gst_tv_hw_device_close (sliced);
}

/* --- capture --- */

typedef struct
{
  GstTvHwDevice *dev;
  gpointer data[N_BUFFERS];
  gsize size[N_BUFFERS];
  guint n;
} Stream;

static gboolean
stream_start (Stream * s, GstTvHwDevice * dev, gboolean output,
    gsize out_bytes, GError ** err)
{
  guint32 i, count = 0;

  memset (s, 0, sizeof (*s));
  s->dev = dev;
  if (!gst_tv_hw_device_request_buffers (dev, N_BUFFERS, &count, err))
    return FALSE;
  s->n = MIN (count, N_BUFFERS);
  for (i = 0; i < s->n; i++) {
    struct v4l2_buffer buf;

    if (!gst_tv_hw_device_map_buffer (dev, i, &s->data[i], &s->size[i], err))
      return FALSE;
    if (output)
      continue;
    memset (&buf, 0, sizeof (buf));
    buf.index = i;
    if (!gst_tv_hw_device_queue_buffer (dev, &buf, err))
      return FALSE;
  }
  return output || gst_tv_hw_device_stream_on (dev, err);
}

static void
stream_stop (Stream * s)
{
  gst_tv_hw_device_stream_off (s->dev, NULL);
  gst_tv_hw_device_request_buffers (s->dev, 0, NULL, NULL);
}

/* the next frame (its buffer stays with us until requeued) */
static gboolean
stream_next (Stream * s, struct v4l2_buffer *buf, GError ** err)
{
  return gst_tv_hw_device_wait (s->dev, FRAME_TIMEOUT, err) &&
      gst_tv_hw_device_dequeue_buffer (s->dev, buf, err);
}

static gboolean
stream_requeue (Stream * s, struct v4l2_buffer *buf, GError ** err)
{
  struct v4l2_buffer q;

  memset (&q, 0, sizeof (q));
  q.index = buf->index;
  return gst_tv_hw_device_queue_buffer (s->dev, &q, err);
}

/* what the caption frames showed */
typedef struct
{
  GstTvVbiCcDecoder *cc1;
  GPtrArray *texts;             /* distinct texts on screen, in order */
  guint frames, field1, field2, xds, parity_errors;
  guint32 first_seq, last_seq;
  guint gaps, lost;             /* frames vivid dropped meanwhile */
  gboolean seq_ok;
} Captions;

static void
captions_init (Captions * c)
{
  memset (c, 0, sizeof (*c));
  c->cc1 = gst_tv_vbi_cc_decoder_new (1);
  c->texts = g_ptr_array_new_with_free_func (g_free);
  c->seq_ok = TRUE;
}

static void
captions_clear (Captions * c)
{
  gst_tv_vbi_cc_decoder_free (c->cc1);
  g_ptr_array_free (c->texts, TRUE);
}

static gboolean
captions_have (Captions * c, const gchar * text)
{
  guint i;

  for (i = 0; i < c->texts->len; i++)
    if (strstr (g_ptr_array_index (c->texts, i), text))
      return TRUE;
  return FALSE;
}

static gboolean
captions_done (Captions * c)
{
  return captions_have (c, "Hello world!") &&
      captions_have (c, "Closed captions test") && c->xds > 0;
}

static void
captions_add (Captions * c, guint32 seq, const GstTvVbiData * d,
    const GstTvVbiStats * st)
{
  gchar *text;

  if (c->frames == 0) {
    c->first_seq = seq;
  } else if (seq <= c->last_seq) {
    c->seq_ok = FALSE;
  } else if (seq != c->last_seq + 1) {
    /* vivid dropped frames while this process was late (the VM runs
     * without KVM, on a shared host): their pairs are lost, and with them
     * the caption being built, so decoding starts over; the check wants
     * each caption whole once, from frames without a gap */
    c->gaps++;
    c->lost += seq - c->last_seq - 1;
    gst_tv_vbi_cc_decoder_free (c->cc1);
    c->cc1 = gst_tv_vbi_cc_decoder_new (1);
  }
  c->last_seq = seq;
  c->frames++;
  c->parity_errors += st->caption_parity_errors;
  if (d->has_caption[0]) {
    c->field1++;
    gst_tv_vbi_cc_decoder_feed (c->cc1, d->caption[0][0], d->caption[0][1]);
    text = gst_tv_vbi_cc_decoder_get_text (c->cc1);
    if (text && *text && (c->texts->len == 0 ||
            strcmp (g_ptr_array_index (c->texts, c->texts->len - 1),
                text) != 0))
      g_ptr_array_add (c->texts, text);
    else
      g_free (text);
  }
  if (d->has_caption[1]) {
    c->field2++;
    /* XDS: a control code 0x01..0x0f (parity stripped) opens a packet */
    if ((d->caption[1][0] & 0x7f) >= 0x01 && (d->caption[1][0] & 0x7f) <= 0x0f)
      c->xds++;
  }
}

static void
captions_report (Captions * c, const gchar * path)
{
  guint i;
  gchar *joined;

  for (i = 0; i < c->texts->len; i++) {
    joined = g_strescape (g_ptr_array_index (c->texts, i), NULL);
    g_print ("      %s CC1 text: \"%s\"\n", path, joined);
    g_free (joined);
  }
  CHECK (captions_have (c, "Hello world!"), NULL,
      "%s NTSC: \"Hello world!\" on CC1 (field 1) within %u frames", path,
      c->frames);
  CHECK (captions_have (c, "Closed captions test"), NULL,
      "%s NTSC: \"Closed captions test\" on CC1 (field 1) within %u frames",
      path, c->frames);
  CHECK (c->field1 == c->frames, NULL, "%s NTSC: a field 1 pair in every "
      "frame (%u of %u)", path, c->field1, c->frames);
  CHECK (c->field2 > 0 && c->xds > 0, NULL, "%s NTSC: XDS on field 2 (%u "
      "pairs, %u XDS control codes)", path, c->field2, c->xds);
  /* vivid's XDS time-of-day checksum byte is calc_parity (0x100 - sum):
   * when that has bit 7 set, the byte's parity is right only by chance,
   * so field 2 may lose a pair now and then (vbi-observed/README.md);
   * field 1 must not (every frame's pair counted above) */
  g_print ("      %s NTSC: %u parity errors, all on field 2 (XDS)\n", path,
      c->parity_errors);
  CHECK (c->field2 + c->parity_errors == c->frames, NULL,
      "%s NTSC: every field 2 pair decoded or a parity error (%u + %u of %u)",
      path, c->field2, c->parity_errors, c->frames);
  CHECK (c->seq_ok, NULL, "%s NTSC: sequence numbers rise (%u..%u; %u "
      "frames dropped in %u gaps while the test was late)", path,
      c->first_seq, c->last_seq, c->lost, c->gaps);
}

static gboolean
set_input_std (GstTvHwDevice * video, guint32 input, v4l2_std_id std)
{
  GError *err = NULL;
  gboolean ok = gst_tv_hw_device_set_input (video, input, &err) &&
      (std == 0 || gst_tv_hw_device_set_std (video, std, &err));

  return check (ok, std == V4L2_STD_NTSC ? "TV input, NTSC" :
      std ? "TV input, PAL" : "webcam input", &err);
}

/* streams frames from @vbi and decodes them, raw in @raw_fmt or sliced
 * (@raw_fmt NULL): at 525 lines until vivid's two captions and XDS have
 * shown (at most MAX_CAPTION_FRAMES), at 625 lines WSS_FRAMES frames that
 * must all say 4:3 */
static void
capture_frames (GstTvHwDevice * vbi, const struct v4l2_vbi_format *raw_fmt,
    guint lines, const gchar * path)
{
  GError *err = NULL;
  gboolean ntsc = lines == 525;
  guint i, wss_ok = 0, max = ntsc ? MAX_CAPTION_FRAMES : WSS_FRAMES;
  Stream s;
  Captions c;

  captions_init (&c);
  if (check (stream_start (&s, vbi, FALSE, 0, &err), "stream on", &err)) {
    for (i = 0; i < max; i++) {
      struct v4l2_buffer buf;
      GstTvVbiData d;
      GstTvVbiStats st = { 0, };

      if (!check (stream_next (&s, &buf, &err), "a frame", &err))
        break;
      memset (&d, 0, sizeof (d));
      if (raw_fmt == NULL) {
        gst_tv_vbi_sliced_decode_frame (s.data[buf.index], buf.bytesused /
            sizeof (struct v4l2_sliced_vbi_data), &d, &st);
      } else if (!gst_tv_vbi_raw_decode_frame (raw_fmt, lines,
              s.data[buf.index], buf.bytesused, &d, &st, &err)) {
        check (FALSE, "decode a raw frame", &err);
        break;
      }
      if (ntsc)
        captions_add (&c, buf.sequence, &d, &st);
      else if (d.has_wss &&
          gst_tv_vbi_wss_aspect (d.wss) == GST_TV_VBI_WSS_4_3_FULL)
        wss_ok++;
      if (!stream_requeue (&s, &buf, &err) || (ntsc && captions_done (&c)))
        break;
    }
    g_clear_error (&err);
    stream_stop (&s);
  }
  if (ntsc)
    captions_report (&c, path);
  else
    CHECK (wss_ok == WSS_FRAMES, NULL, "%s PAL: WSS 4:3 full format in "
        "%u of %u frames", path, wss_ok, WSS_FRAMES);
  captions_clear (&c);
}

static void
probe_raw (const gchar * vbi_cap, guint lines)
{
  GError *err = NULL;
  GstTvHwDevice *vbi;
  struct v4l2_format fmt;
  struct v4l2_vbi_format *f = &fmt.fmt.vbi;
  gboolean ntsc = lines == 525;
  const gchar *std = ntsc ? "NTSC" : "PAL";

  vbi = gst_tv_hw_device_open (vbi_cap, GST_TV_HW_NODE_VBI_CAPTURE, &err);
  if (!check (vbi != NULL, "open the VBI capture node as raw VBI", &err))
    return;
  memset (&fmt, 0, sizeof (fmt));
  CHECK (gst_tv_hw_device_get_fmt (vbi, &fmt, &err), &err, "raw %s: G_FMT",
      std);
  CHECK (fmt.type == V4L2_BUF_TYPE_VBI_CAPTURE, NULL, "raw %s: type "
      "VBI_CAPTURE (%u)", std, fmt.type);
  CHECK (f->sampling_rate == 27000000 && f->offset == 24 &&
      f->samples_per_line == 1440 && f->sample_format == V4L2_PIX_FMT_GREY,
      NULL, "raw %s: 27 MHz, offset 24, 1440 GREY samples (%u, %u, %u)", std,
      f->sampling_rate, f->offset, f->samples_per_line);
  CHECK (ntsc ? (f->start[0] == 10 && f->count[0] == 12 && f->start[1] == 273
          && f->count[1] == 12) : (f->start[0] == 6 && f->count[0] == 18 &&
          f->start[1] == 319 && f->count[1] == 18), NULL,
      "raw %s: lines %u+%u, %u+%u", std, f->start[0], f->count[0],
      f->start[1], f->count[1]);
  CHECK (gst_tv_vbi_raw_format_check (f, &err), &err,
      "raw %s: a format the VBI library reads", std);
  CHECK (gst_tv_hw_device_set_fmt (vbi, &fmt, &err), &err,
      "raw %s: S_FMT raw (selects the raw queue)", std);

  capture_frames (vbi, f, lines, "raw");
  gst_tv_hw_device_close (vbi);
}

static void
probe_sliced (const gchar * vbi_cap, guint lines)
{
  GError *err = NULL;
  GstTvHwDevice *vbi;
  struct v4l2_sliced_vbi_cap cap;
  struct v4l2_format fmt;
  struct v4l2_sliced_vbi_format *f = &fmt.fmt.sliced;
  gboolean ntsc = lines == 525;
  const gchar *std = ntsc ? "NTSC" : "PAL";
  guint16 service = ntsc ? V4L2_SLICED_CAPTION_525 : V4L2_SLICED_WSS_625;
  guint line = ntsc ? 21 : 23;

  vbi = gst_tv_hw_device_open (vbi_cap, GST_TV_HW_NODE_SLICED_VBI_CAPTURE,
      &err);
  if (!check (vbi != NULL, "open the VBI capture node as sliced VBI", &err))
    return;
  memset (&cap, 0, sizeof (cap));
  CHECK (gst_tv_hw_device_get_sliced_vbi_cap (vbi, &cap, &err), &err,
      "sliced %s: G_SLICED_VBI_CAP", std);
  CHECK (cap.type == V4L2_BUF_TYPE_SLICED_VBI_CAPTURE, NULL,
      "sliced %s: cap type SLICED_VBI_CAPTURE (%u)", std, cap.type);
  CHECK (ntsc ? cap.service_set == V4L2_SLICED_CAPTION_525 :
      cap.service_set == (V4L2_SLICED_WSS_625 | V4L2_SLICED_TELETEXT_B), NULL,
      "sliced %s: service_set 0x%04x", std, cap.service_set);
  CHECK (ntsc ? (cap.service_lines[0][21] == V4L2_SLICED_CAPTION_525 &&
          cap.service_lines[1][21] == V4L2_SLICED_CAPTION_525) :
      (cap.service_lines[0][23] == V4L2_SLICED_WSS_625 &&
          cap.service_lines[1][23] == 0), NULL,
      "sliced %s: service on line %u (0x%04x, 0x%04x)", std, line,
      cap.service_lines[0][line], cap.service_lines[1][line]);

  memset (&fmt, 0, sizeof (fmt));
  f->service_set = V4L2_SLICED_CAPTION_525 | V4L2_SLICED_WSS_625;
  CHECK (gst_tv_hw_device_set_fmt (vbi, &fmt, &err), &err,
      "sliced %s: S_FMT CAPTION_525 | WSS_625", std);
  CHECK (fmt.type == V4L2_BUF_TYPE_SLICED_VBI_CAPTURE && f->service_set ==
      service, NULL, "sliced %s: type %u, kept service_set 0x%04x", std,
      fmt.type, f->service_set);
  CHECK (f->io_size >= sizeof (struct v4l2_sliced_vbi_data), NULL,
      "sliced %s: io_size %u (%u records)", std, f->io_size,
      (guint) (f->io_size / sizeof (struct v4l2_sliced_vbi_data)));

  capture_frames (vbi, NULL, lines, "sliced");
  gst_tv_hw_device_close (vbi);
}

/* vivid has no VBI on an input without standards */
static void
probe_webcam (const gchar * vbi_cap)
{
  GError *err = NULL;
  GstTvHwDevice *raw, *sliced;
  struct v4l2_format fmt;
  struct v4l2_sliced_vbi_cap cap;
  gboolean ok;

  raw = gst_tv_hw_device_open (vbi_cap, GST_TV_HW_NODE_VBI_CAPTURE, &err);
  if (check (raw != NULL, "webcam: open raw", &err)) {
    memset (&fmt, 0, sizeof (fmt));
    ok = gst_tv_hw_device_get_fmt (raw, &fmt, &err);
    CHECK (!ok && g_error_matches (err, GST_TV_HW_ERROR,
            GST_TV_HW_ERROR_INVALID), NULL, "webcam: raw G_FMT INVALID (%s)",
        err ? err->message : "ok");
    g_clear_error (&err);
    gst_tv_hw_device_close (raw);
  }
  sliced = gst_tv_hw_device_open (vbi_cap, GST_TV_HW_NODE_SLICED_VBI_CAPTURE,
      &err);
  if (check (sliced != NULL, "webcam: open sliced", &err)) {
    memset (&cap, 0, sizeof (cap));
    ok = gst_tv_hw_device_get_sliced_vbi_cap (sliced, &cap, &err);
    CHECK (!ok && g_error_matches (err, GST_TV_HW_ERROR,
            GST_TV_HW_ERROR_INVALID), NULL,
        "webcam: G_SLICED_VBI_CAP INVALID (%s)", err ? err->message : "ok");
    g_clear_error (&err);
    gst_tv_hw_device_close (sliced);
  }
}

/* caption records out through the sliced VBI output node, NTSC */
static void
probe_sliced_output (GstTvHwDevice * out, const gchar * vbi_out)
{
  GError *err = NULL;
  GstTvHwDevice *vbi;
  struct v4l2_sliced_vbi_cap cap;
  struct v4l2_format fmt;
  GByteArray *pairs;
  Stream s;
  guint i, n_recs, given_back = 0;

  CHECK (gst_tv_hw_device_set_output (out, 0, &err) &&
      gst_tv_hw_device_set_std (out, V4L2_STD_NTSC, &err), &err,
      "output 0, NTSC");
  vbi = gst_tv_hw_device_open (vbi_out, GST_TV_HW_NODE_SLICED_VBI_OUTPUT,
      &err);
  if (!check (vbi != NULL, "open the VBI output node as sliced VBI output",
          &err))
    return;
  memset (&cap, 0, sizeof (cap));
  CHECK (gst_tv_hw_device_get_sliced_vbi_cap (vbi, &cap, &err), &err,
      "sliced output: G_SLICED_VBI_CAP");
  CHECK (cap.type == V4L2_BUF_TYPE_SLICED_VBI_OUTPUT &&
      (cap.service_set & V4L2_SLICED_CAPTION_525), NULL,
      "sliced output NTSC: type %u, service_set 0x%04x has CAPTION_525",
      cap.type, cap.service_set);
  memset (&fmt, 0, sizeof (fmt));
  fmt.fmt.sliced.service_set = V4L2_SLICED_CAPTION_525;
  CHECK (gst_tv_hw_device_set_fmt (vbi, &fmt, &err) &&
      fmt.fmt.sliced.service_set == V4L2_SLICED_CAPTION_525, &err,
      "sliced output: S_FMT CAPTION_525 (service_set 0x%04x, io_size %u)",
      fmt.fmt.sliced.service_set, fmt.fmt.sliced.io_size);
  n_recs = fmt.fmt.sliced.io_size / sizeof (struct v4l2_sliced_vbi_data);

  pairs = gst_tv_vbi_cc_encode_text ("vivid-vbi output", GST_TV_VBI_CC_POP_ON,
      1, &err);
  if (!check (pairs != NULL && n_recs > 0, "sliced output: caption pairs",
          &err) || !check (stream_start (&s, vbi, TRUE, 0, &err),
          "sliced output: buffers", &err)) {
    if (pairs)
      g_byte_array_unref (pairs);
    gst_tv_hw_device_close (vbi);
    return;
  }
  /* every buffer once with a pair, then the frames given back requeued
   * with the next pairs */
  for (i = 0; i < pairs->len / 2 + s.n; i++) {
    struct v4l2_buffer buf;
    GstTvVbiData d;
    guint p = (i % (pairs->len / 2)) * 2;

    if (i < s.n) {
      memset (&buf, 0, sizeof (buf));
      buf.index = i;
    } else if (!stream_next (&s, &buf, &err)) {
      break;
    } else {
      given_back++;
    }
    memset (&d, 0, sizeof (d));
    d.has_caption[0] = TRUE;
    d.caption[0][0] = pairs->data[p];
    d.caption[0][1] = pairs->data[p + 1];
    gst_tv_vbi_sliced_encode_frame (&d, s.data[buf.index], n_recs);
    buf.bytesused = fmt.fmt.sliced.io_size;
    buf.field = V4L2_FIELD_NONE;
    if (!gst_tv_hw_device_queue_buffer (vbi, &buf, &err))
      break;
    if (i == s.n - 1 && !gst_tv_hw_device_stream_on (vbi, &err))
      break;
  }
  CHECK (err == NULL && given_back == pairs->len / 2, &err,
      "sliced output: %u frames of caption records queued, %u given back",
      i, given_back);
  stream_stop (&s);
  g_byte_array_unref (pairs);
  gst_tv_hw_device_close (vbi);
}

int
main (int argc, char **argv)
{
  gchar *location, *out_location, *vbi_cap, *vbi_out;
  GError *err = NULL;
  GstTvHwDevice *video, *out = NULL;
  gint ret;

  gst_init (&argc, &argv);
  ret = vivid_parse_args (&argc, &argv, "vivid-vbi",
      "- the VBI kinds on vivid's VBI nodes", NULL, &location, &out_location);
  if (ret != 0)
    return ret;
  video = gst_tv_hw_device_open (location, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  if (video == NULL) {
    g_printerr ("vivid-vbi: cannot open '%s': %s\n", location, err->message);
    return 1;
  }
  if (strcmp (gst_tv_hw_device_get_driver (video), "vivid") != 0) {
    g_print ("vivid-vbi: %s is not vivid's: skipped\n", location);
    return 77;
  }
  vbi_cap = node_named ("vivid-000-vbi-cap");
  vbi_out = node_named ("vivid-000-vbi-out");
  if (vbi_cap == NULL || vbi_out == NULL) {
    g_printerr ("vivid-vbi: vivid has no VBI capture and output nodes "
        "(node_types=0xd0d?)\n");
    return 1;
  }
  if (out_location) {
    out = gst_tv_hw_device_open (out_location, GST_TV_HW_NODE_VIDEO_OUTPUT,
        &err);
    check (out != NULL, "open the video output node", &err);
  }
  g_print ("vivid-vbi: %s, VBI capture %s, VBI output %s\n", location,
      vbi_cap, vbi_out);

  probe_find (video, out, vbi_cap, vbi_out);
  if (set_input_std (video, INPUT_TV, V4L2_STD_NTSC)) {
    probe_kinds (location, vbi_cap, vbi_out);
    probe_raw (vbi_cap, 525);
    probe_sliced (vbi_cap, 525);
  }
  if (set_input_std (video, INPUT_TV, V4L2_STD_PAL)) {
    probe_raw (vbi_cap, 625);
    probe_sliced (vbi_cap, 625);
  }
  if (set_input_std (video, INPUT_WEBCAM, 0))
    probe_webcam (vbi_cap);
  if (out)
    probe_sliced_output (out, vbi_out);

  g_print ("vivid-vbi: %u passed, %u failed\n", n_passed, n_failed);
  if (out)
    gst_tv_hw_device_close (out);
  gst_tv_hw_device_close (video);
  g_free (vbi_cap);
  g_free (vbi_out);
  g_free (location);
  g_free (out_location);
  return n_failed ? 1 : 0;
}
