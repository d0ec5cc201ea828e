/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's vb2-like MMAP queue,
 * shared by the capture and the output node. REQBUFS, QUERYBUF, QBUF,
 * DQBUF, STREAMON, STREAMOFF, mmap/munmap, poll and interrupt, and the
 * three pacing modes (MANUAL, FREERUN, REALTIME) that decide when a
 * queued buffer takes a frame, with the frame drops, corrupted frames and
 * no-signal silence injected into it: vb2's part of the driver. Card
 * instances, open/close and the operations table are in tvhw-virtual.c.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define VIRTUAL_PAGE_SIZE 4096

/* the time of frame period @seq of a streaming node */
gint64
gst_tv_hw_virtual_node_frame_time (GstTvHwVirtualNode * node, guint32 seq)
{
  return node->start_us + (gint64) gst_util_uint64_scale (seq,
      (guint64) node->period_num * G_USEC_PER_SEC, node->period_den);
}

/* the first frame whose time is at or after @t */
static guint32
first_frame_from (GstTvHwVirtualNode * node, gint64 t)
{
  guint64 n;

  if (t <= node->start_us)
    return 0;
  n = gst_util_uint64_scale (t - node->start_us, node->period_den,
      (guint64) node->period_num * G_USEC_PER_SEC);
  while (gst_tv_hw_virtual_node_frame_time (node, n) < t)
    n++;
  while (n > 0 && gst_tv_hw_virtual_node_frame_time (node, n - 1) >= t)
    n--;
  return (guint32) n;
}

/* @n frame periods pass with no buffer to take them (or none is to be
 * delivered): a capture node drops those frames, an output node shows
 * its last picture again */
static void
skip_frames (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node, guint32 n)
{
  guint32 i;

  if (n == 0)
    return;
  if (node == &card->out) {
    GST_LOG ("card %u: output frames %u..%u repeat, no buffer", card->index,
        node->next_seq, node->next_seq + n - 1);
    gst_tv_hw_virtual_out_repeat (card, n);
  } else if (node == &card->vbi_out) {
    /* nothing sent in those frames (the loop keeps the last ones) */
    for (i = 0; i < MIN (n, 2 * GST_TV_HW_VIRTUAL_MAX_BUFFERS); i++)
      gst_tv_hw_virtual_vbi_out_display (card, NULL);
  } else if (node == &card->vbi_cap) {
    GST_LOG ("card %u: VBI frames %u..%u dropped", card->index,
        node->next_seq, node->next_seq + n - 1);
  } else {
    GST_LOG ("card %u: frames %u..%u dropped", card->index, node->next_seq,
        node->next_seq + n - 1);
    /* they count against frames to drop on demand */
    card->drop_frames -= MIN (card->drop_frames, n);
  }
  node->next_seq += n;
}

/* the sequence number the driver reports for capture frame period
 * next_seq (gst_tv_hw_virtual_card_set_sequence) */
static guint32
capture_sequence (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  if (card->seq_jump) {
    card->seq_jump = FALSE;
    card->seq_offset = card->seq_jump_to - node->next_seq;
  }
  if (card->seq_once) {
    card->seq_once = FALSE;
    return card->seq_once_value;
  }
  return node->next_seq + card->seq_offset;
}

/* the stamp a capture frame of time @t_us carries: @t_us, or the lie
 * gst_tv_hw_virtual_card_set_stamps() asked for */
static gint64
capture_stamp (GstTvHwVirtualCard * card, gint64 t_us)
{
  switch (card->stamps) {
    case GST_TV_HW_VIRTUAL_STAMPS_OFFSET:
      return t_us + card->stamp_offset_us;
    case GST_TV_HW_VIRTUAL_STAMPS_REALTIME:
      /* CLOCK_REALTIME's reading at the frame's time */
      return t_us + (g_get_real_time () - g_get_monotonic_time ()) +
          card->stamp_offset_us;
    case GST_TV_HW_VIRTUAL_STAMPS_STUCK:
      if (!card->have_stuck) {
        card->have_stuck = TRUE;
        card->stuck_us = t_us + card->stamp_offset_us;
      }
      return card->stuck_us;
    default:
      return t_us;
  }
}

/* draws the frame, damaged as gst_tv_hw_virtual_card_inject_frame_faults
 * asked: a short frame writes only its first half (the rest of the buffer
 * keeps what it held), an empty one nothing */
static void
capture_fill (GstTvHwVirtualCard * card, GstTvHwVirtualBuffer * buf)
{
  guint *faults = card->frame_faults;
  guint32 size = gst_tv_hw_virtual_node_sizeimage (&card->cap);
  guint8 *tail;

  if (faults[GST_TV_HW_VIRTUAL_FRAME_BAD_INDEX] > 0) {
    faults[GST_TV_HW_VIRTUAL_FRAME_BAD_INDEX]--;
    buf->bad_index = TRUE;
  }
  if (faults[GST_TV_HW_VIRTUAL_FRAME_EMPTY] > 0) {
    faults[GST_TV_HW_VIRTUAL_FRAME_EMPTY]--;
    buf->bytesused = 0;
    return;
  }
  if (faults[GST_TV_HW_VIRTUAL_FRAME_SHORT] > 0) {
    faults[GST_TV_HW_VIRTUAL_FRAME_SHORT]--;
    size = MIN (size, buf->length) / 2;
    tail = g_memdup2 (buf->mem + size, buf->length - size);
    gst_tv_hw_virtual_cap_fill (card, buf);
    memcpy (buf->mem + size, tail, buf->length - size);
    g_free (tail);
    buf->bytesused = size;
    return;
  }
  gst_tv_hw_virtual_cap_fill (card, buf);
}

/* one frame period: the oldest queued buffer takes frame next_seq (a
 * capture buffer is filled, an output buffer displayed) and becomes ready
 * for DQBUF; without one the frame is skipped. A capture frame is also
 * skipped while frames are to be dropped on demand, and when there is no
 * picture and no-signal frames are not delivered; in FREERUN that last
 * case does nothing at all (no time passes) and answers FALSE. */
static gboolean
node_frame (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  GstTvHwVirtualBuffer *buf;

  if (node == &card->vbi_cap && !gst_tv_hw_virtual_cap_frame_wanted (card)) {
    if (card->pacing == GST_TV_HW_VIRTUAL_PACING_FREERUN)
      return FALSE;
    skip_frames (card, node, 1);
    return TRUE;
  }
  if (node == &card->cap) {
    if (card->drop_frames > 0) {
      skip_frames (card, node, 1);
      return TRUE;
    }
    if (!gst_tv_hw_virtual_cap_frame_wanted (card)) {
      if (card->pacing == GST_TV_HW_VIRTUAL_PACING_FREERUN)
        return FALSE;
      skip_frames (card, node, 1);
      return TRUE;
    }
  }

  buf = g_queue_pop_head (&node->queued);
  if (buf == NULL) {
    skip_frames (card, node, 1);
    return TRUE;
  }
  buf->sequence = node->next_seq;
  buf->timestamp_us = gst_tv_hw_virtual_node_frame_time (node, node->next_seq);
  if (node == &card->out) {
    gst_tv_hw_virtual_out_display (card, buf);
  } else if (node == &card->vbi_out) {
    gst_tv_hw_virtual_vbi_out_display (card, buf);
  } else if (node == &card->vbi_cap) {
    /* the video frame's number: the counter faults' offset in force, not
     * their one-off numbers */
    buf->sequence = node->next_seq + card->seq_offset;
    gst_tv_hw_virtual_vbi_node_fill (card, buf);
    /* the stamps only: the frame is the video frame's */
    buf->sequence += card->vbi_seq_offset;
    buf->timestamp_us += card->vbi_time_offset_us;
  } else {
    buf->sequence = capture_sequence (card, node);
    buf->timestamp_us = capture_stamp (card, buf->timestamp_us);
    capture_fill (card, buf);
    /* vb2_buffer_done (VB2_BUF_STATE_ERROR) */
    if (card->corrupt_frames > 0) {
      card->corrupt_frames--;
      buf->error = TRUE;
    }
  }
  buf->state = GST_TV_HW_VIRTUAL_BUF_DONE;
  g_queue_push_tail (&node->done, buf);
  GST_LOG ("card %u %s: frame %u in buffer %u%s", card->index,
      gst_tv_hw_virtual_node_name (card, node), node->next_seq,
      (guint) (buf - node->buffers), buf->error ? " (error)" : "");
  node->next_seq++;
  return TRUE;
}

/* FREERUN: every queued buffer gets the next frame at once; a VBI node
 * beside a streaming video node takes the video node's frames, so that
 * they stay in step. On the capture side a frame also waits for a queued
 * VBI buffer while the VBI node streams: no time passes in FREERUN, so
 * no frame's VBI data is lost to a video queue deeper than the VBI one
 * (a consumer collects its VBI frames with the video's, as v4l2tvsrc
 * does). The output side displays a frame with or without VBI data. */
static void
fill_all_queued (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  GstTvHwVirtualNode *vbi = gst_tv_hw_virtual_node_partner (card, node);

  while (!g_queue_is_empty (&node->queued)) {
    if (node == &card->cap && vbi->streaming && g_queue_is_empty (&vbi->queued))
      break;
    if (!node_frame (card, node))
      break;
    if (vbi->streaming)
      node_frame (card, vbi);
  }
}

/* REALTIME: the frames whose time has come by @now. A frame goes to the
 * oldest queued buffer if that buffer was queued before the frame's time,
 * otherwise nothing was there to take it: a late consumer sees sequence
 * gaps, a late producer sees its output repeat, as with a real card. */
static void
advance_realtime (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    gint64 now)
{
  guint32 limit = first_frame_from (node, now + 1);

  while (node->next_seq < limit) {
    GstTvHwVirtualBuffer *buf = g_queue_peek_head (&node->queued);
    guint32 first;

    if (buf == NULL) {
      skip_frames (card, node, limit - node->next_seq);
      break;
    }
    first = first_frame_from (node, buf->queued_us);
    if (first > node->next_seq) {
      skip_frames (card, node, MIN (first, limit) - node->next_seq);
      continue;
    }
    node_frame (card, node);
  }
}

/* REALTIME: when the next frame for the oldest queued buffer is due, or
 * -1 when no buffer is queued */
static gint64
next_frame_time (GstTvHwVirtualNode * node)
{
  GstTvHwVirtualBuffer *buf = g_queue_peek_head (&node->queued);
  guint32 n;

  if (buf == NULL)
    return -1;
  n = MAX (node->next_seq, first_frame_from (node, buf->queued_us));
  return gst_tv_hw_virtual_node_frame_time (node, n);
}

/* whether @node is a VBI node whose frames its video node paces now: it
 * streams, or it has buffers queued for its STREAMON (a consumer that
 * starts VBI just before the video would otherwise see the VBI node
 * take the first frames alone, and its video start frames later) */
static gboolean
paced_by_video (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  GstTvHwVirtualNode *video;

  if (!gst_tv_hw_virtual_node_is_vbi (card, node))
    return FALSE;
  video = gst_tv_hw_virtual_node_partner (card, node);
  return video->streaming || !g_queue_is_empty (&video->queued);
}

static void
update_one (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  if (!node->streaming)
    return;
  if (card->pacing == GST_TV_HW_VIRTUAL_PACING_REALTIME)
    advance_realtime (card, node, g_get_monotonic_time ());
  else if (card->pacing == GST_TV_HW_VIRTUAL_PACING_FREERUN &&
      !paced_by_video (card, node)) {
    guint32 before = node->next_seq;

    fill_all_queued (card, node);
    /* the card's time went on: a sound capture waiting for it reads on
     * (tvhw-virtual-sound.c) */
    if (node == &card->cap && node->next_seq != before)
      g_cond_broadcast (&card->cond);
  }
}

/* card->lock held: the output side first (the capture side may loop it),
 * each video node before its VBI node */
void
gst_tv_hw_virtual_node_update (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  update_one (card, &card->out);
  update_one (card, &card->vbi_out);
  if (node == &card->cap || node == &card->vbi_cap) {
    update_one (card, &card->cap);
    update_one (card, &card->vbi_cap);
  }
}

/* nothing can happen on @node in a frame period but a skip */
static gboolean
node_idle (GstTvHwVirtualNode * node)
{
  return !node->streaming || g_queue_is_empty (&node->queued);
}

/* MANUAL: @n frame periods on every node, the output side first in each,
 * so that a capture frame loops the output frame of the same period */
void
gst_tv_hw_virtual_queue_emit (GstTvHwVirtualCard * card, guint n)
{
  GstTvHwVirtualNode *nodes[] = { &card->out, &card->vbi_out, &card->cap,
    &card->vbi_cap
  };
  gboolean idle;
  guint i, j;

  card->emit_serial++;
  idle = TRUE;
  for (j = 0; j < G_N_ELEMENTS (nodes); j++)
    idle &= !nodes[j]->streaming;
  if (idle) {
    GST_DEBUG ("card %u: not streaming, %u frame(s) not emitted",
        card->index, n);
    return;
  }
  for (i = 0; i < n; i++) {
    idle = TRUE;
    for (j = 0; j < G_N_ELEMENTS (nodes); j++)
      idle &= node_idle (nodes[j]);
    for (j = 0; j < G_N_ELEMENTS (nodes); j++) {
      if (!nodes[j]->streaming)
        continue;
      /* no buffer anywhere: the rest are skips, at once */
      if (idle)
        skip_frames (card, nodes[j], n - i);
      else
        node_frame (card, nodes[j]);
    }
    if (idle)
      break;
  }
  g_cond_broadcast (&card->cond);
}

/* every buffer back to the application (STREAMOFF, REQBUFS, close) */
static void
cancel_queue (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  guint i;

  g_queue_clear (&node->queued);
  g_queue_clear (&node->done);
  for (i = 0; i < node->n_buffers; i++) {
    node->buffers[i].state = GST_TV_HW_VIRTUAL_BUF_DEQUEUED;
    node->buffers[i].error = FALSE;
    node->buffers[i].bad_index = FALSE;
  }
  node->streaming = FALSE;
  g_cond_broadcast (&card->cond);
}

/* the card's reference goes; a mapping keeps an orphaned buffer alive */
static void
free_buffers (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  guint i;

  cancel_queue (card, node);
  for (i = 0; i < node->n_buffers; i++) {
    GstTvHwVirtualBuffer *buf = &node->buffers[i];

    if (buf->map_count > 0)
      GST_DEBUG ("card %u %s: buffer %u still mapped, orphaned", card->index,
          gst_tv_hw_virtual_node_name (card, node), i);
    g_rc_box_release (buf->mem);
    memset (buf, 0, sizeof (*buf));
  }
  node->n_buffers = 0;
}

static gboolean
queue_busy (GstTvHwVirtualNode * node, GstTvHwVirtualHandle * handle)
{
  return node->owner != NULL && node->owner != handle;
}

/* a timestamp in microseconds as a normalised timeval */
static void
us_to_timeval (gint64 us, struct timeval *tv)
{
  gint64 sec = us / G_USEC_PER_SEC;
  gint64 usec = us % G_USEC_PER_SEC;

  if (usec < 0) {
    sec--;
    usec += G_USEC_PER_SEC;
  }
  tv->tv_sec = sec;
  tv->tv_usec = usec;
}

static void
fill_v4l2_buffer (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    GstTvHwVirtualBuffer * buf, struct v4l2_buffer *vbuf)
{
  memset (vbuf, 0, sizeof (*vbuf));
  vbuf->index = buf - node->buffers;
  vbuf->type = node->type;
  vbuf->memory = V4L2_MEMORY_MMAP;
  vbuf->m.offset = buf->offset;
  vbuf->length = buf->length;
  vbuf->bytesused = buf->bytesused;
  /* VBI buffers are not pictures: vb2 reports V4L2_FIELD_NONE */
  vbuf->field = node->type == V4L2_BUF_TYPE_VIDEO_CAPTURE ||
      node->type == V4L2_BUF_TYPE_VIDEO_OUTPUT ? V4L2_FIELD_INTERLACED :
      V4L2_FIELD_NONE;
  vbuf->sequence = buf->sequence;
  us_to_timeval (buf->timestamp_us, &vbuf->timestamp);
  /* the driver's own time on both nodes (vivid's queues are
   * V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, so vb2 does not copy an output
   * buffer's timestamp from QBUF): when a capture frame became ready, when
   * an output buffer was displayed */
  vbuf->flags = V4L2_BUF_FLAG_TSTAMP_SRC_EOF;
  if (node == &card->cap)
    vbuf->flags |= card->stamp_flags;
  else
    vbuf->flags |= V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
  if (buf->map_count > 0)
    vbuf->flags |= V4L2_BUF_FLAG_MAPPED;
  if (buf->error)
    vbuf->flags |= V4L2_BUF_FLAG_ERROR;
  if (buf->state == GST_TV_HW_VIRTUAL_BUF_QUEUED)
    vbuf->flags |= V4L2_BUF_FLAG_QUEUED;
  else if (buf->state == GST_TV_HW_VIRTUAL_BUF_DONE)
    vbuf->flags |= V4L2_BUF_FLAG_DONE;
}

/* QUERYBUF does not ask who owns the queue (vb2_ioctl_querybuf) */
gint
gst_tv_hw_virtual_queue_querybuf (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  gint ret = 0;

  if (buf->type != node->type)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (buf->index >= node->n_buffers) {
    ret = -EINVAL;
  } else {
    gst_tv_hw_virtual_node_update (card, node);
    fill_v4l2_buffer (card, node, &node->buffers[buf->index], buf);
  }
  g_mutex_unlock (&card->lock);
  return ret;
}

/* the body of a queue ioctl, called with card->lock held once
 * queue_call() has checked the buffer type, the memory and the owner */
typedef gint (*QueueOp) (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node, GstTvHwVirtualHandle * handle, gpointer arg);

/* what REQBUFS, QBUF, DQBUF, STREAMON and STREAMOFF check first: a buffer
 * type that is not the node's, or memory other than MMAP, is EINVAL; a
 * queue whose buffers another handle owns is EBUSY (vb2_queue_is_busy).
 * Then an injected @fault fails the call (GST_TV_HW_VIRTUAL_N_FAULTS: none
 * here; REQBUFS injects its own after its checks). */
static gint
queue_call (GstTvHwDevice * dev, guint32 type, guint32 memory,
    GstTvHwVirtualFault fault, QueueOp op, gpointer arg)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualNode *node = gst_tv_hw_virtual_handle_node (handle);
  gint ret;

  if (type != node->type || memory != V4L2_MEMORY_MMAP)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  /* unplugged since the gate let the call in: the kernel's unregistering
   * waits for the ioctl in flight, which finds the node gone */
  if (gst_tv_hw_virtual_handle_dead (handle))
    ret = -ENODEV;
  else
    ret = queue_busy (node, handle) ? -EBUSY : 0;
  if (ret == 0 && fault < GST_TV_HW_VIRTUAL_N_FAULTS)
    ret = gst_tv_hw_virtual_take_fault (card, node, fault);
  if (ret >= 0)
    ret = op (card, node, handle, arg);
  g_mutex_unlock (&card->lock);
  return ret;
}

static gint
reqbufs_locked (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    GstTvHwVirtualHandle * handle, gpointer arg)
{
  struct v4l2_requestbuffers *req = arg;
  guint32 count, length, stride, i;
  gint ret;

  if (node->streaming)
    return -EBUSY;
  if (req->count > 0) {
    ret = gst_tv_hw_virtual_take_fault (card, node,
        GST_TV_HW_VIRTUAL_FAULT_REQBUFS);
    if (ret < 0)
      return ret;
  }

  free_buffers (card, node);
  if (req->count == 0) {
    node->owner = NULL;
    GST_DEBUG ("card %u %s: buffers freed", card->index,
        gst_tv_hw_virtual_node_name (card, node));
    return 0;
  }

  count = CLAMP (req->count, GST_TV_HW_VIRTUAL_MIN_BUFFERS,
      GST_TV_HW_VIRTUAL_MAX_BUFFERS);
  length = gst_tv_hw_virtual_node_is_vbi (card, node) ?
      gst_tv_hw_virtual_vbi_node_size (card, node) :
      gst_tv_hw_virtual_node_sizeimage (node);
  stride = (length + VIRTUAL_PAGE_SIZE - 1) & ~(VIRTUAL_PAGE_SIZE - 1);
  for (i = 0; i < count; i++) {
    GstTvHwVirtualBuffer *buf = &node->buffers[i];

    buf->mem = g_rc_box_alloc0 (length);
    buf->length = length;
    buf->offset = i * stride;
    buf->state = GST_TV_HW_VIRTUAL_BUF_DEQUEUED;
  }
  node->n_buffers = count;
  node->owner = handle;
  req->count = count;
  GST_DEBUG ("card %u %s: %u buffers of %u bytes", card->index,
      gst_tv_hw_virtual_node_name (card, node), count, length);
  return 0;
}

gint
gst_tv_hw_virtual_queue_reqbufs (GstTvHwDevice * dev,
    struct v4l2_requestbuffers *req)
{
  /* vb2_ioctl_reqbufs() reports the capabilities before any check */
  req->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP |
      V4L2_BUF_CAP_SUPPORTS_ORPHANED_BUFS;
  req->flags = 0;
  memset (req->reserved, 0, sizeof (req->reserved));

  return queue_call (dev, req->type, req->memory,
      GST_TV_HW_VIRTUAL_N_FAULTS, reqbufs_locked, req);
}

static gint
qbuf_locked (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    GstTvHwVirtualHandle * handle, gpointer arg)
{
  struct v4l2_buffer *vbuf = arg;
  GstTvHwVirtualBuffer *buf;
  gint ret;

  if (vbuf->index >= node->n_buffers)
    return -EINVAL;
  buf = &node->buffers[vbuf->index];
  if (buf->state != GST_TV_HW_VIRTUAL_BUF_DEQUEUED)
    return -EINVAL;
  if (node == &card->out || node == &card->vbi_out) {
    ret = node == &card->out ?
        gst_tv_hw_virtual_out_prepare (card, buf, vbuf) :
        gst_tv_hw_virtual_vbi_out_prepare (card, buf, vbuf);
    if (ret < 0)
      return ret;
  }
  /* a buffer made before a larger standard was set (a profile's driver
   * may allow that: em28xx vidioc_s_std() minds streaming, not buffers)
   * cannot take a frame: em28xx buffer_prepare() refuses it */
  if (node == &card->cap && buf->length <
      gst_tv_hw_virtual_node_sizeimage (node))
    return -EINVAL;
  buf->state = GST_TV_HW_VIRTUAL_BUF_QUEUED;
  buf->error = FALSE;
  buf->bad_index = FALSE;
  buf->queued_us = g_get_monotonic_time ();
  g_queue_push_tail (&node->queued, buf);
  /* what QBUF reports is the state before the card gets to it */
  fill_v4l2_buffer (card, node, buf, vbuf);
  gst_tv_hw_virtual_node_update (card, node);
  g_cond_broadcast (&card->cond);
  return 0;
}

static gint
dqbuf_locked (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    GstTvHwVirtualHandle * handle, gpointer arg)
{
  struct v4l2_buffer *vbuf = arg;
  GstTvHwVirtualBuffer *buf;

  if (!node->streaming)
    return -EINVAL;
  gst_tv_hw_virtual_node_update (card, node);
  buf = g_queue_pop_head (&node->done);
  if (buf == NULL)
    return -EAGAIN;
  buf->state = GST_TV_HW_VIRTUAL_BUF_DEQUEUED;
  fill_v4l2_buffer (card, node, buf, vbuf);
  if (buf->bad_index) {
    buf->bad_index = FALSE;
    vbuf->index += GST_TV_HW_VIRTUAL_MAX_BUFFERS;
  }
  GST_LOG ("card %u %s: DQBUF %u, sequence %u", card->index,
      gst_tv_hw_virtual_node_name (card, node), vbuf->index, vbuf->sequence);
  return 0;
}

static gint
streamon_locked (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    GstTvHwVirtualHandle * handle, gpointer arg)
{
  GstTvHwVirtualNode *partner = gst_tv_hw_virtual_node_partner (card, node);
  GstTvHwVirtualNode *video = gst_tv_hw_virtual_node_is_vbi (card, node) ?
      partner : node;

  if (node->streaming)
    return 0;
  /* vb2_core_streamon(): "no buffers have been allocated" */
  if (node->n_buffers == 0)
    return -EINVAL;
  gst_tv_hw_virtual_std_period (video->std, &node->period_num,
      &node->period_den);
  if (partner->streaming) {
    /* the video and the VBI node of a direction count the same frames:
     * the second one joins the clock of the first */
    update_one (card, partner);
    node->start_us = partner->start_us;
    node->next_seq = partner->next_seq;
  } else {
    node->start_us = g_get_monotonic_time ();
    node->next_seq = 0;
    if (node == &card->cap || node == &card->vbi_cap) {
      /* capture begins frame 0 at STREAMON and has it a period later (a
       * frame finished at STREAMON would have begun before it, and a
       * source stamps frames with when they began); an output's stamp
       * is when a frame is shown, frame 0 at STREAMON */
      node->start_us += (gint64) gst_util_uint64_scale (1,
          (guint64) node->period_num * G_USEC_PER_SEC, node->period_den);
      card->seq_offset = 0;
    }
  }
  node->streaming = TRUE;
  if (node == &card->out)
    gst_tv_hw_virtual_out_stream_started (card);
  /* the VBI loop carries only what was sent while both stream */
  if (node == &card->vbi_out || node == &card->vbi_cap)
    gst_tv_hw_virtual_vbi_out_stream_started (card);
  gst_tv_hw_virtual_node_update (card, node);
  g_cond_broadcast (&card->cond);
  GST_DEBUG ("card %u %s: streaming, frame period %u/%u", card->index,
      gst_tv_hw_virtual_node_name (card, node), node->period_num,
      node->period_den);
  return 0;
}

static gint
streamoff_locked (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    GstTvHwVirtualHandle * handle, gpointer arg)
{
  /* an output brings its last frames to the screen before it stops */
  if (node == &card->out || node == &card->vbi_out)
    update_one (card, node);
  cancel_queue (card, node);
  GST_DEBUG ("card %u %s: stream off", card->index,
      gst_tv_hw_virtual_node_name (card, node));
  return 0;
}

/* the entry points: each one is queue_call() and its body */
gint
gst_tv_hw_virtual_queue_qbuf (GstTvHwDevice * dev, struct v4l2_buffer *vbuf)
{
  return queue_call (dev, vbuf->type, vbuf->memory,
      GST_TV_HW_VIRTUAL_N_FAULTS, qbuf_locked, vbuf);
}

gint
gst_tv_hw_virtual_queue_dqbuf (GstTvHwDevice * dev, struct v4l2_buffer *vbuf)
{
  return queue_call (dev, vbuf->type, vbuf->memory,
      GST_TV_HW_VIRTUAL_FAULT_DQBUF, dqbuf_locked, vbuf);
}

gint
gst_tv_hw_virtual_queue_streamon (GstTvHwDevice * dev, guint32 type)
{
  return queue_call (dev, type, V4L2_MEMORY_MMAP,
      GST_TV_HW_VIRTUAL_FAULT_STREAMON, streamon_locked, NULL);
}

gint
gst_tv_hw_virtual_queue_streamoff (GstTvHwDevice * dev, guint32 type)
{
  return queue_call (dev, type, V4L2_MEMORY_MMAP,
      GST_TV_HW_VIRTUAL_N_FAULTS, streamoff_locked, NULL);
}

gint
gst_tv_hw_virtual_queue_mmap (GstTvHwDevice * dev, guint32 offset, gsize length,
    gpointer * data)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualNode *node = gst_tv_hw_virtual_handle_node (handle);
  GstTvHwVirtualBuffer *buf = NULL;
  guint i, count;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  if (gst_tv_hw_virtual_handle_dead (handle)) {
    ret = -ENODEV;
    goto done;
  }
  for (i = 0; i < node->n_buffers; i++) {
    if (node->buffers[i].offset == offset) {
      buf = &node->buffers[i];
      break;
    }
  }
  if (buf == NULL || length == 0 || length > buf->length) {
    ret = -EINVAL;
    goto done;
  }
  g_rc_box_acquire (buf->mem);
  buf->map_count++;
  count = GPOINTER_TO_UINT (g_hash_table_lookup (handle->mappings, buf->mem));
  g_hash_table_insert (handle->mappings, buf->mem,
      GUINT_TO_POINTER (count + 1));
  *data = buf->mem;

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

/* card->lock held: one mapping of @data by @handle goes */
static void
unmap_one (GstTvHwVirtualNode * node, GstTvHwVirtualHandle * handle,
    gpointer data)
{
  guint i, count;

  count = GPOINTER_TO_UINT (g_hash_table_lookup (handle->mappings, data));
  if (count > 1)
    g_hash_table_insert (handle->mappings, data, GUINT_TO_POINTER (count - 1));
  else
    g_hash_table_remove (handle->mappings, data);

  for (i = 0; i < node->n_buffers; i++) {
    if (node->buffers[i].mem == data) {
      node->buffers[i].map_count--;
      break;
    }
  }
  g_rc_box_release (data);
}

gint
gst_tv_hw_virtual_queue_munmap (GstTvHwDevice * dev, gpointer data,
    gsize length)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  if (!g_hash_table_contains (handle->mappings, data))
    ret = -EINVAL;
  else
    unmap_one (gst_tv_hw_virtual_handle_node (handle), handle, data);
  g_mutex_unlock (&card->lock);

  return ret;
}

/* card->lock held: unplugged (vb2_video_unregister_device: the queue is
 * released at once, not at the owner's close) */
void
gst_tv_hw_virtual_queue_disconnect (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  free_buffers (card, node);
  node->owner = NULL;
}

/* card->lock held: what the handle leaves behind at close */
void
gst_tv_hw_virtual_queue_release_handle (GstTvHwVirtualCard * card,
    GstTvHwVirtualHandle * handle)
{
  GstTvHwVirtualNode *node = gst_tv_hw_virtual_handle_node (handle);
  GHashTableIter iter;
  gpointer data, value;

  if (node->owner == handle) {
    free_buffers (card, node);
    node->owner = NULL;
    GST_DEBUG ("card %u %s: owner closed, buffers freed", card->index,
        gst_tv_hw_virtual_node_name (card, node));
  }

  /* mappings the core did not undo (it normally does) */
  g_hash_table_iter_init (&iter, handle->mappings);
  while (g_hash_table_iter_next (&iter, &data, &value)) {
    guint count = GPOINTER_TO_UINT (value);

    while (count-- > 0)
      g_rc_box_release (data);
    g_hash_table_iter_remove (&iter);
  }
}

gint
gst_tv_hw_virtual_queue_poll (GstTvHwDevice * dev, gint64 timeout_ns)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualNode *node = gst_tv_hw_virtual_handle_node (handle);
  gint64 end_us = -1, now, deadline, next;
  gint ret;

  if (timeout_ns >= 0)
    end_us = g_get_monotonic_time () + (timeout_ns + 999) / 1000;

  g_mutex_lock (&card->lock);
  for (;;) {
    if (handle->flushing) {
      ret = -ECANCELED;
      break;
    }
    /* unplugged: the kernel's POLLERR | POLLHUP */
    if (gst_tv_hw_virtual_handle_dead (handle)) {
      ret = -ENODEV;
      break;
    }
    /* an injected DQBUF error is "ready": the DQBUF that follows fails */
    if (card->faults[GST_TV_HW_VIRTUAL_FAULT_DQBUF] != 0 &&
        gst_tv_hw_virtual_faults_hit (card, node)) {
      ret = 0;
      break;
    }
    /* vb2_core_poll(): nothing to wait for on a queue that is not
     * streaming, before REQBUFS, after STREAMOFF or before STREAMON:
     * EPOLLERR, which the poll contract (tvhw-backend.h) and the V4L2
     * backend report as -EIO */
    if (!node->streaming) {
      ret = -EIO;
      break;
    }
    now = g_get_monotonic_time ();
    gst_tv_hw_virtual_node_update (card, node);
    /* a buffer to dequeue: readable (capture) or writable (output) */
    if (!g_queue_is_empty (&node->done)) {
      ret = 0;
      break;
    }
    if (end_us >= 0 && now >= end_us) {
      ret = -ETIMEDOUT;
      break;
    }

    deadline = end_us;
    if (card->pacing == GST_TV_HW_VIRTUAL_PACING_REALTIME) {
      next = next_frame_time (node);
      if (next >= 0 && (deadline < 0 || next < deadline))
        deadline = next;
    }
    /* blocked with nothing to dequeue: whatever was emitted before has
     * been taken (gst_tv_hw_virtual_card_frames_taken()) */
    if (node == &card->cap) {
      card->cap_blocked++;
      card->cap_blocked_serial = card->emit_serial;
    }
    if (deadline < 0)
      g_cond_wait (&card->cond, &card->lock);
    else
      g_cond_wait_until (&card->cond, &card->lock, deadline);
    if (node == &card->cap)
      card->cap_blocked--;
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

void
gst_tv_hw_virtual_queue_interrupt (GstTvHwDevice * dev, gboolean flushing)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;

  g_mutex_lock (&card->lock);
  handle->flushing = flushing;
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);
}

/*
 * The time now on the clock the node's buffers are stamped on: CLOCK_MONOTONIC
 * in REALTIME pacing (a frame is ready when its time comes); in MANUAL and
 * FREERUN pacing the card's own time, which only the frames move: the
 * time of the node's latest frame period (one period before its STREAMON
 * time before the first). Stamps on no clock (the flags claim none): -EINVAL.
 */
gint
gst_tv_hw_virtual_queue_stamp_clock_time (GstTvHwDevice * dev,
    guint32 buf_flags, gint64 * now_ns)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualNode *node = gst_tv_hw_virtual_handle_node (handle);
  gint64 now_us;
  gint ret = 0;

  if ((buf_flags & V4L2_BUF_FLAG_TIMESTAMP_MASK) !=
      V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (gst_tv_hw_virtual_handle_dead (handle)) {
    ret = -ENODEV;
  } else if (card->pacing == GST_TV_HW_VIRTUAL_PACING_REALTIME ||
      !node->streaming) {
    now_us = g_get_monotonic_time ();
  } else {
    /* before frame 0: the period before it */
    now_us = node->next_seq > 0 ? gst_tv_hw_virtual_node_frame_time (node,
        node->next_seq - 1) :
        node->start_us - (gint64) gst_util_uint64_scale (1,
        (guint64) node->period_num * G_USEC_PER_SEC, node->period_den);
  }
  g_mutex_unlock (&card->lock);

  if (ret == 0)
    *now_ns = now_us * 1000;
  return ret;
}
