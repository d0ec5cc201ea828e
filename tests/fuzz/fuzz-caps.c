/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer harness: caps negotiation into v4l2tvsrc and v4l2tvsink on
 * the virtual card, with caps parsed from the input
 * (gst_caps_from_string).
 *
 * v4l2tvsrc: in READY, a CAPS query with the caps as filter and an
 * ACCEPT_CAPS query; then, linked to a pad that answers CAPS and
 * ACCEPT_CAPS queries as a capsfilter with those caps would, PAUSED
 * (the streaming thread negotiates: GstBaseSrc calls our negotiate,
 * set_caps, decide_allocation) and, when it negotiated and the flags ask
 * for it, PLAYING until the first frame (converted to the caps when they
 * are not the card's format), whose size is checked against the caps.
 *
 * v4l2tvsink: in READY, the same queries on its sink pad; then in PLAYING
 * (sync=false, async=false) stream-start, a CAPS event (the caps fixated),
 * a segment and a frame of the caps' size, then the second caps and
 * another frame (renegotiation).
 *
 * Input: a flags byte, a norm byte, the caps up to the first NUL, a second
 * caps up to the next NUL (the sink's renegotiation; the source's CAPS
 * query filter), the rest fills the frames.
 *   flags bit 0: the sink (else the source)
 *   flags bits 1-2: the input/output index (the element's "input"/"output")
 *   flags bit 3: go to PLAYING and stream (else stop after negotiation)
 *
 * Checks: no crash, leak, undefined behaviour, critical or hang (every
 * wait is bounded; a wait that runs out aborts); a source buffer is at
 * least as big as its caps say (without GstVideoMeta), and readable.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/video/video.h>

#include "fuzz-common.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/lsan_interface.h>
#define HAVE_LSAN 1
#endif
#endif
#ifndef HAVE_LSAN
#define HAVE_LSAN 0
#endif

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 * data, size_t size);

#define CARD 0
/* a wait for the element longer than this is a hang (less than
 * run-fuzzer's -timeout, so that this message says what hangs) */
#define DEADLINE (60 * G_TIME_SPAN_SECOND)

static const gchar *const norms[] = {
  "current", "PAL", "NTSC", "SECAM", "PAL-M", "NTSC-M-JP", "PAL-60",
  "PAL-N", "SECAM-L", "NTSC-443",
};

/* what the pad linked to the source knows */
typedef struct
{
  GMutex lock;
  GCond cond;
  GstCaps *filter;              /* what it accepts, as a capsfilter */
  GstCaps *caps;                /* the CAPS event it got */
  guint buffers;
} Peer;

static Peer peer;

static gboolean
peer_query (GstPad * pad, GstObject * parent, GstQuery * query)
{
  switch (GST_QUERY_TYPE (query)) {
    case GST_QUERY_CAPS:{
      GstCaps *filter, *res;

      gst_query_parse_caps (query, &filter);
      res = filter ? gst_caps_intersect_full (filter, peer.filter,
          GST_CAPS_INTERSECT_FIRST) : gst_caps_ref (peer.filter);
      gst_query_set_caps_result (query, res);
      gst_caps_unref (res);
      return TRUE;
    }
    case GST_QUERY_ACCEPT_CAPS:{
      GstCaps *caps;

      gst_query_parse_accept_caps (query, &caps);
      gst_query_set_accept_caps_result (query,
          gst_caps_can_intersect (caps, peer.filter));
      return TRUE;
    }
    default:
      return gst_pad_query_default (pad, parent, query);
  }
}

static gboolean
peer_event (GstPad * pad, GstObject * parent, GstEvent * event)
{
  if (GST_EVENT_TYPE (event) == GST_EVENT_CAPS) {
    GstCaps *caps;

    gst_event_parse_caps (event, &caps);
    g_mutex_lock (&peer.lock);
    gst_caps_replace (&peer.caps, caps);
    g_cond_broadcast (&peer.cond);
    g_mutex_unlock (&peer.lock);
  }
  gst_event_unref (event);
  return TRUE;
}

static GstFlowReturn
peer_chain (GstPad * pad, GstObject * parent, GstBuffer * buf)
{
  GstVideoInfo info;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstMapInfo map;

  /* the frame is readable to its end, and as big as the caps say */
  if (gst_buffer_map (buf, &map, GST_MAP_READ)) {
    guint sum = 0;
    gsize i;

    for (i = 0; i < map.size; i += 61)
      sum += map.data[i];
    if (map.size)
      sum += map.data[map.size - 1];
    gst_buffer_unmap (buf, &map);
    (void) sum;
  }
  if (caps && gst_video_info_from_caps (&info, caps) &&
      gst_buffer_get_video_meta (buf) == NULL &&
      gst_buffer_get_size (buf) < GST_VIDEO_INFO_SIZE (&info)) {
    fprintf (stderr, "fuzz-caps: a %" G_GSIZE_FORMAT "-byte buffer for "
        "%" G_GSIZE_FORMAT "-byte frames of %" GST_PTR_FORMAT "\n",
        gst_buffer_get_size (buf), GST_VIDEO_INFO_SIZE (&info), caps);
    abort ();
  }
  gst_clear_caps (&caps);
  gst_buffer_unref (buf);

  g_mutex_lock (&peer.lock);
  peer.buffers++;
  g_cond_broadcast (&peer.cond);
  g_mutex_unlock (&peer.lock);

  return GST_FLOW_OK;
}

static gboolean
bus_has_error (GstBus * bus)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

  if (msg == NULL)
    return FALSE;
  gst_message_unref (msg);
  return TRUE;
}

/* waits until @done (under peer.lock) or an error on @bus; aborts at the
 * deadline; with @card, emits a frame period every millisecond */
static gboolean
wait_for (gboolean (*done) (void), GstBus * bus, GstTvHwVirtualCard * card)
{
  gint64 end = g_get_monotonic_time () + DEADLINE;

  for (;;) {
    gboolean ok;

    g_mutex_lock (&peer.lock);
    ok = done ();
    if (!ok)
      g_cond_wait_until (&peer.cond, &peer.lock, g_get_monotonic_time () +
          G_TIME_SPAN_MILLISECOND);
    ok = done ();
    g_mutex_unlock (&peer.lock);
    if (ok)
      return TRUE;
    if (bus_has_error (bus))
      return FALSE;
    if (g_get_monotonic_time () > end) {
      fprintf (stderr, "fuzz-caps: the element hangs\n");
      abort ();
    }
    if (card)
      gst_tv_hw_virtual_card_emit_frames (card, 1);
  }
}

static gboolean
have_caps (void)
{
  return peer.caps != NULL;
}

static gboolean
have_buffer (void)
{
  return peer.buffers > 0;
}

static void
queries (GstPad * pad, GstCaps * caps, GstCaps * filter)
{
  GstCaps *res = gst_pad_query_caps (pad, filter);

  gst_caps_unref (res);
  if (caps && gst_caps_is_fixed (caps))
    gst_pad_query_accept_caps (pad, caps);
}

static void
fuzz_src (guint8 flags, const gchar * norm, GstCaps * caps, GstCaps * caps2)
{
  GstElement *e = gst_element_factory_make ("v4l2tvsrc", NULL);
  g_autofree gchar *input = g_strdup_printf ("%u", (flags >> 1) & 3);
  GstBus *bus = gst_bus_new ();
  GstPad *srcpad, *sinkpad;

  gst_object_ref_sink (e);
  gst_element_set_bus (e, bus);
  g_object_set (e, "device", "virtual:0", "input", input, NULL);
  gst_util_set_object_arg (G_OBJECT (e), "norm", norm);
  srcpad = gst_element_get_static_pad (e, "src");

  if (gst_element_set_state (e, GST_STATE_READY) == GST_STATE_CHANGE_SUCCESS) {
    queries (srcpad, caps, caps2);

    g_mutex_lock (&peer.lock);
    peer.filter = caps ? gst_caps_ref (caps) : gst_caps_new_empty ();
    g_mutex_unlock (&peer.lock);
    sinkpad = gst_pad_new ("sink", GST_PAD_SINK);
    gst_pad_set_query_function (sinkpad, peer_query);
    gst_pad_set_event_function (sinkpad, peer_event);
    gst_pad_set_chain_function (sinkpad, peer_chain);
    gst_pad_set_active (sinkpad, TRUE);
    /* linked as a capsfilter is, whatever its caps */
    if (gst_pad_link_full (srcpad, sinkpad, GST_PAD_LINK_CHECK_NOTHING) !=
        GST_PAD_LINK_OK)
      abort ();

    if (gst_element_set_state (e, GST_STATE_PAUSED) !=
        GST_STATE_CHANGE_FAILURE && wait_for (have_caps, bus, NULL)
        && (flags & 8)) {
      gst_element_set_state (e, GST_STATE_PLAYING);
      wait_for (have_buffer, bus, gst_tv_hw_virtual_card_get (CARD));
    }

    fuzz_element_to_null (e, "v4l2tvsrc");
    gst_pad_unlink (srcpad, sinkpad);
    gst_pad_set_active (sinkpad, FALSE);
    gst_object_unref (sinkpad);
    g_mutex_lock (&peer.lock);
    gst_clear_caps (&peer.filter);
    gst_clear_caps (&peer.caps);
    peer.buffers = 0;
    g_mutex_unlock (&peer.lock);
  }

  fuzz_element_to_null (e, "v4l2tvsrc");
  gst_object_unref (srcpad);
  gst_element_set_bus (e, NULL);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  gst_object_unref (e);
}

/* a fixed caps from @caps, or NULL */
static GstCaps *
fixed (GstCaps * caps)
{
  GstCaps *res;

  if (caps == NULL || gst_caps_is_empty (caps) || gst_caps_is_any (caps))
    return NULL;
  res = gst_caps_fixate (gst_caps_copy (caps));
  /* ANY features cannot be fixated */
  if (!gst_caps_is_fixed (res))
    gst_clear_caps (&res);
  return res;
}

static GstFlowReturn
push_frame (GstPad * pad, GstCaps * caps, FuzzReader * r)
{
  GstVideoInfo info;
  gsize size = 64, pos, rest = r->size - MIN (r->pos, r->size);
  GstBuffer *buf;
  GstMapInfo map;

  if (gst_video_info_from_caps (&info, caps))
    size = GST_VIDEO_INFO_SIZE (&info);
  /* no more than a PAL frame in 32 bits per pixel, not empty (caps of
   * 0x0 frames) */
  size = CLAMP (size, 1, 720 * 576 * 4);
  buf = gst_buffer_new_allocate (NULL, size, NULL);
  gst_buffer_map (buf, &map, GST_MAP_WRITE);
  /* the rest of the input, over and over */
  if (rest == 0)
    memset (map.data, 0x80, map.size);
  for (pos = 0; rest > 0 && pos < map.size; pos += rest)
    memcpy (map.data + pos, r->data + r->pos, MIN (rest, map.size - pos));
  gst_buffer_unmap (buf, &map);
  GST_BUFFER_PTS (buf) = 0;
  GST_BUFFER_DURATION (buf) = GST_SECOND / 25;

  return gst_pad_push (pad, buf);
}

static void
fuzz_sink (guint8 flags, const gchar * norm, GstCaps * caps, GstCaps * caps2,
    FuzzReader * r)
{
  GstElement *e = gst_element_factory_make ("v4l2tvsink", NULL);
  g_autofree gchar *output = g_strdup_printf ("%u", ((flags >> 1) & 3) % 3);
  GstBus *bus = gst_bus_new ();
  GstPad *srcpad, *sinkpad;

  gst_object_ref_sink (e);
  gst_element_set_bus (e, bus);
  g_object_set (e, "device", "virtual:0", "output", output, "sync", FALSE,
      "async", FALSE, NULL);
  gst_util_set_object_arg (G_OBJECT (e), "norm", norm);
  sinkpad = gst_element_get_static_pad (e, "sink");

  if (gst_element_set_state (e, GST_STATE_READY) == GST_STATE_CHANGE_SUCCESS) {
    queries (sinkpad, caps, caps2);
    queries (sinkpad, caps2, caps);

    srcpad = gst_pad_new ("src", GST_PAD_SRC);
    gst_pad_set_active (srcpad, TRUE);
    if (gst_pad_link_full (srcpad, sinkpad, GST_PAD_LINK_CHECK_NOTHING) !=
        GST_PAD_LINK_OK)
      abort ();

    if ((flags & 8) && gst_element_set_state (e, GST_STATE_PLAYING) !=
        GST_STATE_CHANGE_FAILURE) {
      GstCaps *c1 = fixed (caps), *c2 = fixed (caps2);
      GstSegment segment;

      gst_segment_init (&segment, GST_FORMAT_TIME);
      gst_pad_push_event (srcpad, gst_event_new_stream_start ("fuzz"));
      if (c1 && gst_pad_push_event (srcpad, gst_event_new_caps (c1))) {
        gst_pad_push_event (srcpad, gst_event_new_segment (&segment));
        if (push_frame (srcpad, c1, r) == GST_FLOW_OK && c2 &&
            gst_pad_push_event (srcpad, gst_event_new_caps (c2)))
          push_frame (srcpad, c2, r);
      }
      gst_clear_caps (&c1);
      gst_clear_caps (&c2);
    }

    fuzz_element_to_null (e, "v4l2tvsink");
    gst_pad_unlink (srcpad, sinkpad);
    gst_pad_set_active (srcpad, FALSE);
    gst_object_unref (srcpad);
  }

  fuzz_element_to_null (e, "v4l2tvsink");
  gst_object_unref (sinkpad);
  gst_element_set_bus (e, NULL);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  gst_object_unref (e);
}

/* GStreamer 1.22's caps parser answers some malformed strings with a
 * critical and leaks on others (a list left open: "{a,b"): neither is
 * ours, so neither is reported here */
static GstCaps *
caps_from_string (const gchar * str)
{
  GstCaps *caps;

  fuzz_tolerate_criticals (TRUE);
#if HAVE_LSAN
  __lsan_disable ();
#endif
  caps = gst_caps_from_string (str);
#if HAVE_LSAN
  __lsan_enable ();
#endif
  fuzz_tolerate_criticals (FALSE);

  return caps;
}

/* each structure of an element's template negotiated and streamed once
 * (the source in PLAYING to its first frame, converted where it is not
 * the card's format; the sink with a frame): the pools, metas, converters
 * and ORC programs the first inputs would otherwise set up */
static void
warm_up_streaming (const gchar * factory, const gchar * pad_name)
{
  GstElement *e = gst_element_factory_make (factory, NULL);
  GstPad *pad = gst_element_get_static_pad (e, pad_name);
  GstCaps *templ = gst_pad_get_pad_template_caps (pad);
  gboolean sink = g_str_equal (pad_name, "sink");
  guint i;

  for (i = 0; i < gst_caps_get_size (templ); i++) {
    GstCaps *caps = gst_caps_copy_nth (templ, i);
    FuzzReader r;

    fuzz_reader_init (&r, NULL, 0);
    if (sink)
      fuzz_sink (0x8 | 0x1, "PAL", caps, NULL, &r);
    else
      fuzz_src (0x8, "PAL", caps, NULL);
    gst_caps_unref (caps);
    fuzz_reset_cards (GST_TV_HW_VIRTUAL_PACING_MANUAL);
  }
  gst_caps_unref (templ);
  gst_object_unref (pad);
  gst_object_unref (gst_object_ref_sink (e));
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init ();
  g_mutex_init (&peer.lock);
  g_cond_init (&peer.cond);
  warm_up_streaming ("v4l2tvsrc", "src");
  warm_up_streaming ("v4l2tvsink", "sink");
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 * data, size_t size)
{
  FuzzReader r;
  guint8 flags, n;
  g_autofree gchar *s1 = NULL;
  g_autofree gchar *s2 = NULL;
  GstCaps *caps, *caps2;

  fuzz_reader_init (&r, data, size);
  flags = fuzz_u8 (&r);
  n = fuzz_u8 (&r);
  s1 = fuzz_string (&r);
  s2 = fuzz_string (&r);
  caps = caps_from_string (s1);
  caps2 = *s2 ? caps_from_string (s2) : NULL;

  if (flags & 1)
    fuzz_sink (flags, norms[n % G_N_ELEMENTS (norms)], caps, caps2, &r);
  else
    fuzz_src (flags, norms[n % G_N_ELEMENTS (norms)], caps, caps2);

  gst_clear_caps (&caps);
  gst_clear_caps (&caps2);
  fuzz_reset_cards (GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fuzz_plant_leak ();

  return 0;
}
