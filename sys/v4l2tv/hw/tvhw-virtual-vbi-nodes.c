/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's VBI nodes, as vivid's
 * /dev/vbi0 (capture, raw and sliced) and /dev/vbi1 (output, sliced):
 * their formats, G_SLICED_VBI_CAP, what a captured VBI buffer carries
 * and the VBI loopback (what the VBI output sends goes to a capture input
 * that loops the output). Their queues are the vb2-like queue of
 * tvhw-virtual-queue.c, paced with the video node of their direction; the
 * VBI lines' data is tvhw-virtual-vbi.c's. The rules are documented in
 * tvhw-virtual.h.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

/* vivid's sliced buffers: 36 records */
#define SLICED_RECORDS 36
#define SLICED_IO_SIZE (SLICED_RECORDS * sizeof (struct v4l2_sliced_vbi_data))

/* the frames the VBI output may be ahead of a looped capture */
#define LOOP_MAX 64

#define CAPTION_LINE 21
#define WSS_LINE 23

/* card->lock held, no buffers */
void
gst_tv_hw_virtual_vbi_nodes_set_defaults (GstTvHwVirtualCard * card)
{
  card->vbi_nodes = GST_TV_HW_VIRTUAL_VBI_ALL_NODES;
  card->vbi_services = GST_TV_HW_VIRTUAL_VBI_SERVICES;
  card->vbi_seq_offset = 0;
  card->vbi_time_offset_us = 0;
  /* vivid: raw when the node has raw, else sliced */
  card->vbi_cap.type = V4L2_BUF_TYPE_VBI_CAPTURE;
  card->vbi_cap.service_set = GST_TV_HW_VIRTUAL_VBI_SERVICES;
  card->vbi_out.type = V4L2_BUF_TYPE_SLICED_VBI_OUTPUT;
  card->vbi_out.service_set = GST_TV_HW_VIRTUAL_VBI_SERVICES;
  g_queue_clear_full (&card->vbi_loop, g_free);
}

void
gst_tv_hw_virtual_vbi_nodes_free (GstTvHwVirtualCard * card)
{
  g_queue_clear_full (&card->vbi_loop, g_free);
}

guint32
gst_tv_hw_virtual_vbi_node_caps (GstTvHwVirtualCard * card, gboolean output)
{
  guint32 caps = 0;

  if (output) {
    if (card->vbi_nodes & GST_TV_HW_VIRTUAL_VBI_SLICED_OUTPUT)
      caps |= V4L2_CAP_SLICED_VBI_OUTPUT;
  } else {
    if (card->vbi_nodes & GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE)
      caps |= V4L2_CAP_VBI_CAPTURE;
    if (card->vbi_nodes & GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE)
      caps |= V4L2_CAP_SLICED_VBI_CAPTURE;
  }
  return caps;
}

/* the standard of @node's direction */
static v4l2_std_id
node_std (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  return node == &card->vbi_out ? card->out.std : card->cap.std;
}

/* the services the slicer (encoder) of @node has at its standard now */
static guint16
services_now (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  guint lines = gst_tv_hw_virtual_std_lines (node_std (card, node));
  guint16 at_std = lines == 525 ? V4L2_SLICED_CAPTION_525 : V4L2_SLICED_WSS_625;

  return at_std & card->vbi_services;
}

/* service_lines of @set, as vivid_fill_service_lines() */
static void
fill_service_lines (guint16 lines[2][24], guint16 set)
{
  memset (lines, 0, sizeof (guint16) * 2 * 24);
  if (set & V4L2_SLICED_CAPTION_525)
    lines[0][CAPTION_LINE] = lines[1][CAPTION_LINE] = V4L2_SLICED_CAPTION_525;
  if (set & V4L2_SLICED_WSS_625)
    lines[0][WSS_LINE] = V4L2_SLICED_WSS_625;
}

/* whether @node takes buffers of @type (its capabilities) */
static gboolean
type_supported (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    guint32 type)
{
  guint vbi = card->vbi_nodes;

  if (node == &card->vbi_out)
    return type == V4L2_BUF_TYPE_SLICED_VBI_OUTPUT &&
        (vbi & GST_TV_HW_VIRTUAL_VBI_SLICED_OUTPUT);
  if (type == V4L2_BUF_TYPE_VBI_CAPTURE)
    return (vbi & GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE) != 0;
  if (type == V4L2_BUF_TYPE_SLICED_VBI_CAPTURE)
    return (vbi & GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE) != 0;
  return FALSE;
}

static gboolean
type_is_sliced (guint32 type)
{
  return type == V4L2_BUF_TYPE_SLICED_VBI_CAPTURE ||
      type == V4L2_BUF_TYPE_SLICED_VBI_OUTPUT;
}

/* card->lock held: the format of @type on @node, the sliced services
 * @set narrowed to what the node has now */
static void
fill_format (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    struct v4l2_format *fmt, guint16 set)
{
  guint32 type = fmt->type;

  memset (&fmt->fmt, 0, sizeof (fmt->fmt));
  if (type_is_sliced (type)) {
    fmt->fmt.sliced.service_set = set & services_now (card, node);
    fill_service_lines (fmt->fmt.sliced.service_lines,
        fmt->fmt.sliced.service_set);
    fmt->fmt.sliced.io_size = SLICED_IO_SIZE;
  } else {
    gst_tv_hw_virtual_vbi_raw_format (card, &fmt->fmt.vbi);
  }
}

/* the services a sliced format asks for: service_set, or the lines' */
static guint16
requested_services (const struct v4l2_sliced_vbi_format *sliced)
{
  guint16 set = sliced->service_set;
  guint f, l;

  for (f = 0; f < 2; f++)
    for (l = 0; l < 24; l++)
      set |= sliced->service_lines[f][l];
  return set;
}

guint32
gst_tv_hw_virtual_vbi_node_size (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  struct v4l2_vbi_format raw;

  if (type_is_sliced (node->type))
    return SLICED_IO_SIZE;
  gst_tv_hw_virtual_vbi_raw_format (card, &raw);
  return gst_tv_vbi_raw_frame_size (&raw);
}

/* G_FMT (the node's services) and TRY_FMT (the services asked for) */
static gint
answer_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt, gboolean try)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  gint ret = 0;

  g_mutex_lock (&card->lock);
  if (!type_supported (card, node, fmt->type))
    ret = -EINVAL;
  else
    fill_format (card, node, fmt, try ?
        requested_services (&fmt->fmt.sliced) : node->service_set);
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_vbi_g_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return answer_fmt (dev, fmt, FALSE);
}

gint
gst_tv_hw_virtual_vbi_try_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return answer_fmt (dev, fmt, TRUE);
}

/* S_FMT chooses the queue's type, raw or sliced: refused while the queue
 * has buffers (vb2_is_busy), whoever owns them */
gint
gst_tv_hw_virtual_vbi_s_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  guint16 set;
  gint ret;

  ret = gst_tv_hw_virtual_lock_take_fault (card, node,
      GST_TV_HW_VIRTUAL_FAULT_S_FMT);
  if (ret < 0)
    goto done;
  if (!type_supported (card, node, fmt->type)) {
    ret = -EINVAL;
    goto done;
  }
  set = type_is_sliced (fmt->type) ? requested_services (&fmt->fmt.sliced) :
      node->service_set;
  fill_format (card, node, fmt, set);
  if (node->n_buffers > 0) {
    ret = -EBUSY;
    goto done;
  }
  node->type = fmt->type;
  if (type_is_sliced (fmt->type))
    node->service_set = fmt->fmt.sliced.service_set;
  GST_DEBUG ("card %u %s: %s, services 0x%04x", card->index,
      gst_tv_hw_virtual_node_name (card, node),
      type_is_sliced (node->type) ? "sliced" : "raw", node->service_set);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_vbi_g_sliced_vbi_cap (GstTvHwDevice * dev,
    struct v4l2_sliced_vbi_cap *cap)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  guint32 type = cap->type;
  guint32 want;
  gint ret = 0;

  if (!gst_tv_hw_virtual_node_is_vbi (card, node))
    return -ENOTTY;
  want = node == &card->vbi_out ? V4L2_BUF_TYPE_SLICED_VBI_OUTPUT :
      V4L2_BUF_TYPE_SLICED_VBI_CAPTURE;

  g_mutex_lock (&card->lock);
  if (!type_supported (card, node, want)) {
    /* the node does not slice: the ioctl is not there */
    ret = -ENOTTY;
  } else if (type != want) {
    ret = -EINVAL;
  } else {
    memset (cap, 0, sizeof (*cap));
    cap->type = type;
    cap->service_set = services_now (card, node);
    fill_service_lines (cap->service_lines, cap->service_set);
  }
  g_mutex_unlock (&card->lock);
  return ret;
}

/* card->lock held: whether the current input loops the output now */
static gboolean
input_looped (GstTvHwVirtualCard * card)
{
  GstTvHwVirtualReception rx;

  if (card->n_inputs == 0)
    return FALSE;
  gst_tv_hw_virtual_cap_receive (card, card->input, &rx);
  return rx.looped;
}

void
gst_tv_hw_virtual_vbi_node_fill (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf)
{
  GstTvHwVirtualNode *node = &card->vbi_cap;
  gboolean looped = input_looped (card);

  if (type_is_sliced (node->type)) {
    gst_tv_hw_virtual_vbi_fill_sliced (card, buf->sequence,
        node->service_set & services_now (card, node),
        (struct v4l2_sliced_vbi_data *) buf->mem,
        buf->length / sizeof (struct v4l2_sliced_vbi_data));
    buf->bytesused = buf->length;
  } else if (gst_tv_hw_virtual_vbi_fill_raw (card, buf->sequence, buf->mem,
          buf->length)) {
    buf->bytesused = gst_tv_hw_virtual_vbi_node_size (card, node);
  } else {
    /* the buffers are as large as the format's frames: cannot happen */
    GST_ERROR ("card %u: VBI buffer of %u bytes too small", card->index,
        buf->length);
    buf->bytesused = 0;
  }
  /* the output's frame is taken */
  if (looped)
    g_free (g_queue_pop_head (&card->vbi_loop));
}

gint
gst_tv_hw_virtual_vbi_out_prepare (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf, const struct v4l2_buffer *vbuf)
{
  if (vbuf->bytesused > buf->length)
    return -EINVAL;
  /* vb2: bytesused 0 on an output buffer is the whole buffer */
  buf->bytesused = vbuf->bytesused ? vbuf->bytesused : buf->length;
  return 0;
}

void
gst_tv_hw_virtual_vbi_out_stream_started (GstTvHwVirtualCard * card)
{
  g_queue_clear_full (&card->vbi_loop, g_free);
}

/* card->lock held: one VBI output frame period; @buf's records of the
 * services the output encodes now go on to a looped input, parity and all
 * (an encoder sends the bytes it is given). A period without a buffer
 * sends nothing. */
void
gst_tv_hw_virtual_vbi_out_display (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf)
{
  GstTvHwVirtualNode *node = &card->vbi_out;
  GstTvVbiData *data = g_new0 (GstTvVbiData, 1);
  guint16 services = node->service_set & services_now (card, node);
  guint i, n = buf ? buf->bytesused / sizeof (struct v4l2_sliced_vbi_data) : 0;

  for (i = 0; i < n; i++) {
    const struct v4l2_sliced_vbi_data *rec =
        (const struct v4l2_sliced_vbi_data *) buf->mem + i;
    guint field;
    guint8 b1, b2;
    guint16 word;

    if ((rec->id & services & V4L2_SLICED_CAPTION_525) &&
        gst_tv_vbi_sliced_unpack_caption (rec, &field, &b1, &b2)) {
      data->has_caption[field] = TRUE;
      data->caption[field][0] = b1;
      data->caption[field][1] = b2;
    } else if ((rec->id & services & V4L2_SLICED_WSS_625) &&
        gst_tv_vbi_sliced_unpack_wss (rec, &word)) {
      data->has_wss = TRUE;
      data->wss = word;
    }
  }
  g_queue_push_tail (&card->vbi_loop, data);
  while (g_queue_get_length (&card->vbi_loop) > LOOP_MAX)
    g_free (g_queue_pop_head (&card->vbi_loop));
}

gboolean
gst_tv_hw_virtual_vbi_loop_peek (GstTvHwVirtualCard * card, GstTvVbiData * data)
{
  GstTvVbiData *head = g_queue_peek_head (&card->vbi_loop);

  if (head == NULL) {
    memset (data, 0, sizeof (*data));
    return FALSE;
  }
  *data = *head;
  return TRUE;
}

/* --- test API --- */

/* card->lock held */
static gboolean
vbi_busy (GstTvHwVirtualCard * card)
{
  return card->vbi_cap.n_buffers > 0 || card->vbi_out.n_buffers > 0;
}

/**
 * gst_tv_hw_virtual_card_set_vbi_nodes:
 * @card: a card
 * @nodes: GstTvHwVirtualVbiNodes flags
 *
 * Returns: whether the card has these VBI nodes now
 */
gboolean
gst_tv_hw_virtual_card_set_vbi_nodes (GstTvHwVirtualCard * card, guint nodes)
{
  gboolean ok;

  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  ok = (nodes & ~GST_TV_HW_VIRTUAL_VBI_ALL_NODES) == 0 && !vbi_busy (card);
  if (ok) {
    card->vbi_nodes = nodes;
    /* vivid: a node without raw capture is sliced */
    if (!(nodes & GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE))
      card->vbi_cap.type = V4L2_BUF_TYPE_SLICED_VBI_CAPTURE;
    else if (!(nodes & GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE))
      card->vbi_cap.type = V4L2_BUF_TYPE_VBI_CAPTURE;
    GST_DEBUG ("card %u: VBI nodes 0x%x", card->index, nodes);
  }
  g_mutex_unlock (&card->lock);
  return ok;
}

/**
 * gst_tv_hw_virtual_card_set_vbi_stamps:
 * @card: a card
 * @sequence_offset: added to the sequence number of each VBI capture frame
 * @time_offset_us: added to its timestamp
 */
void
gst_tv_hw_virtual_card_set_vbi_stamps (GstTvHwVirtualCard * card,
    guint32 sequence_offset, gint64 time_offset_us)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  card->vbi_seq_offset = sequence_offset;
  card->vbi_time_offset_us = time_offset_us;
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_set_vbi_services:
 * @card: a card
 * @services: V4L2_SLICED_CAPTION_525, V4L2_SLICED_WSS_625, both or 0
 *
 * Returns: whether the sliced VBI nodes have these services now
 */
gboolean
gst_tv_hw_virtual_card_set_vbi_services (GstTvHwVirtualCard * card,
    guint16 services)
{
  gboolean ok;

  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  ok = (services & ~GST_TV_HW_VIRTUAL_VBI_SERVICES) == 0 && !vbi_busy (card);
  if (ok) {
    card->vbi_services = services;
    GST_DEBUG ("card %u: sliced VBI services 0x%04x", card->index, services);
  }
  g_mutex_unlock (&card->lock);
  return ok;
}
