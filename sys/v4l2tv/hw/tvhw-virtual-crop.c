/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's crop rectangle, the
 * selection API of its capture node (VIDIOC_G/S_SELECTION), modelled on
 * vivid's TV and S-Video inputs with capture cropping on and the scaler
 * and composing off (vivid-vid-cap.c, enable_capture_scaler=0):
 *
 * - targets CROP, CROP_DEFAULT and CROP_BOUNDS; the default and the bounds
 *   are the standard's full frame (CROPCAP's); any other target EINVAL,
 *   a buffer type other than the node's EINVAL, the output node ENOTTY;
 * - S_SELECTION adjusts the rectangle as vivid_vid_adjust_sel() does:
 *   width and height rounded to even (up, unless V4L2_SEL_FLAG_LE; ERANGE
 *   when both GE and LE are given and that changes them), at least 16x16
 *   and at most the frame, left and top rounded down to even and moved
 *   inside the frame;
 * - without a scaler the format follows: G/S/TRY_FMT answer the crop
 *   rectangle's size, and a crop of another size while buffers are
 *   allocated is EBUSY (vb2_is_busy());
 * - a new standard or input resets the rectangle to the full frame.
 *
 * The frame is drawn whole and the rectangle copied out of it
 * (tvhw-virtual-cap.c).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define HANDLE(dev) ((GstTvHwVirtualHandle *) (dev)->priv)
#define CARD(dev) (HANDLE (dev)->card)

#define MIN_SIZE 16

static void
full_frame (GstTvHwVirtualCard * card, struct v4l2_rect *r)
{
  r->left = 0;
  r->top = 0;
  r->width = GST_TV_HW_VIRTUAL_WIDTH;
  r->height = gst_tv_hw_virtual_std_height (card->cap.std);
}

/* card->lock held: the capture node's crop rectangle in force */
void
gst_tv_hw_virtual_cap_crop_rect (GstTvHwVirtualCard * card, struct v4l2_rect *r)
{
  if (gst_tv_hw_virtual_node_cropped (&card->cap))
    *r = card->cap.crop;
  else
    full_frame (card, r);
}

/* card->lock held: @pix (the capture node's format) at the crop size */
void
gst_tv_hw_virtual_cap_crop_format (GstTvHwVirtualCard * card,
    struct v4l2_pix_format *pix)
{
  struct v4l2_rect r;

  gst_tv_hw_virtual_cap_crop_rect (card, &r);
  pix->width = r.width;
  pix->height = r.height;
  pix->bytesperline = r.width * 2;
  pix->sizeimage = pix->bytesperline * r.height;
}

/* card->lock held: @dest (a buffer of the cropped size) gets the crop
 * rectangle of @full, a whole frame of 16-bit pixels */
void
gst_tv_hw_virtual_cap_crop_copy (GstTvHwVirtualCard * card, guint8 * dest,
    const guint8 * full)
{
  guint full_stride = GST_TV_HW_VIRTUAL_WIDTH * 2;
  struct v4l2_rect r;
  guint y;

  gst_tv_hw_virtual_cap_crop_rect (card, &r);
  for (y = 0; y < r.height; y++)
    memcpy (dest + y * r.width * 2, full + (r.top + y) * full_stride +
        r.left * 2, r.width * 2);
}

/* card->lock held: whether @node has a crop rectangle in force (a full
 * frame rectangle counts) */
gboolean
gst_tv_hw_virtual_node_cropped (GstTvHwVirtualNode * node)
{
  return node->crop.width > 0 && node->crop_std == node->std;
}

gint
gst_tv_hw_virtual_cap_g_selection (GstTvHwDevice * dev,
    struct v4l2_selection *sel)
{
  GstTvHwVirtualCard *card = CARD (dev);

  if (dev->kind != GST_TV_HW_NODE_VIDEO_CAPTURE)
    return -ENOTTY;
  if (sel->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  switch (sel->target) {
    case V4L2_SEL_TGT_CROP:
      gst_tv_hw_virtual_cap_crop_rect (card, &sel->r);
      break;
    case V4L2_SEL_TGT_CROP_DEFAULT:
    case V4L2_SEL_TGT_CROP_BOUNDS:
      full_frame (card, &sel->r);
      break;
    default:
      g_mutex_unlock (&card->lock);
      return -EINVAL;
  }
  g_mutex_unlock (&card->lock);

  return 0;
}

/* vivid_vid_adjust_sel() and the bounds of vivid_vid_cap_s_selection() */
static gint
adjust (struct v4l2_rect *r, guint32 flags, guint frame_w, guint frame_h)
{
  gint64 w = CLAMP ((gint64) r->width, 0, 0xffff);
  gint64 h = CLAMP ((gint64) r->height, 0, 0xffff);
  gint64 left = MAX (r->left, 0), top = MAX (r->top, 0);

  if (!(flags & V4L2_SEL_FLAG_LE)) {
    w++;
    h++;
  }
  w &= ~1;
  h &= ~1;
  if ((flags & V4L2_SEL_FLAG_LE) && (flags & V4L2_SEL_FLAG_GE) &&
      (w != r->width || h != r->height))
    return -ERANGE;
  w = CLAMP (w, MIN_SIZE, (gint64) frame_w);
  h = CLAMP (h, MIN_SIZE, (gint64) frame_h);
  left &= ~1;
  top &= ~1;
  if (left + w > frame_w)
    left = frame_w - w;
  if (top + h > frame_h)
    top = frame_h - h;

  r->left = left;
  r->top = top;
  r->width = w;
  r->height = h;
  return 0;
}

gint
gst_tv_hw_virtual_cap_s_selection (GstTvHwDevice * dev,
    struct v4l2_selection *sel)
{
  GstTvHwVirtualCard *card = CARD (dev);
  struct v4l2_rect cur;
  gint ret;

  if (dev->kind != GST_TV_HW_NODE_VIDEO_CAPTURE)
    return -ENOTTY;
  if (sel->type != V4L2_BUF_TYPE_VIDEO_CAPTURE ||
      sel->target != V4L2_SEL_TGT_CROP)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  ret = adjust (&sel->r, sel->flags, GST_TV_HW_VIRTUAL_WIDTH,
      gst_tv_hw_virtual_std_height (card->cap.std));
  if (ret < 0)
    goto done;
  gst_tv_hw_virtual_cap_crop_rect (card, &cur);
  /* no scaler: the format's size changes with the rectangle's */
  if ((cur.width != sel->r.width || cur.height != sel->r.height) &&
      card->cap.n_buffers > 0) {
    ret = -EBUSY;
    goto done;
  }
  card->cap.crop = sel->r;
  card->cap.crop_std = card->cap.std;
  GST_DEBUG ("card %u: crop %ux%u at %d,%d", card->index, sel->r.width,
      sel->r.height, sel->r.left, sel->r.top);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}
