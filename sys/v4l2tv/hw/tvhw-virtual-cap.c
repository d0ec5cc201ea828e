/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's capture node. Its inputs,
 * what they detect (QUERYSTD, status) and the frames it captures: the
 * generator's picture of the current input, or the output node's picture
 * when the output loops to that input (tvhw-virtual-out.c). Standards,
 * formats and the queue it shares with the output node are in
 * tvhw-virtual.c.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"

GST_DEBUG_CATEGORY_STATIC (tvhw_virtual_debug);
#define GST_CAT_DEFAULT tvhw_virtual_debug

#define DEFAULT_STD GST_TV_HW_VIRTUAL_DEFAULT_STD
#define DEFAULT_PIXELFORMAT V4L2_PIX_FMT_YUYV

void
gst_tv_hw_virtual_cap_debug_init (void)
{
  GST_DEBUG_CATEGORY_INIT (tvhw_virtual_debug, "tvhw-virtual", 0,
      "v4l2tv virtual TV card");
}

#define HANDLE(dev) ((GstTvHwVirtualHandle *) (dev)->priv)
#define CARD(dev) (HANDLE (dev)->card)

static const GstTvHwVirtualInput *
cur_input (GstTvHwVirtualCard * card)
{
  return &card->inputs[card->input];
}

/* card->lock held: keeps the capture standard within what the current
 * input accepts (after an input switch or a new input list) */
void
gst_tv_hw_virtual_cap_fix_std (GstTvHwVirtualCard * card)
{
  v4l2_std_id std;

  std = gst_tv_hw_virtual_std_narrow (card->cap.std, cur_input (card)->std);
  if (std == card->cap.std)
    return;
  card->cap.std = std;
  GST_DEBUG ("card %u: standard now 0x%" G_GINT64_MODIFIER "x",
      card->index, (guint64) std);
}

/* card->lock held, no buffers */
void
gst_tv_hw_virtual_cap_set_defaults (GstTvHwVirtualCard * card)
{
  card->input = 0;
  card->cap.std = DEFAULT_STD;
  card->cap.pixelformat = DEFAULT_PIXELFORMAT;
}

/* --- inputs --- */

gint
gst_tv_hw_virtual_cap_enum_input (GstTvHwDevice * dev, struct v4l2_input *input)
{
  GstTvHwVirtualCard *card = CARD (dev);
  const GstTvHwVirtualInput *in;
  guint32 index = input->index;
  gboolean looped;

  g_mutex_lock (&card->lock);
  if (index >= card->n_inputs) {
    g_mutex_unlock (&card->lock);
    return -EINVAL;
  }
  in = &card->inputs[index];
  gst_tv_hw_virtual_node_update (card, &card->out);
  looped = gst_tv_hw_virtual_out_loop_active (card, index);

  memset (input, 0, sizeof (*input));
  input->index = index;
  /* input_names[] is zero-filled beyond the string: NUL padding */
  memcpy (input->name, card->input_names[index], sizeof (input->name));
  input->type = in->type;
  input->audioset = in->audioset;
  input->tuner = 0;
  input->std = in->std;
  input->status = in->signal_std == 0 && !looped ? V4L2_IN_ST_NO_SIGNAL : 0;
  input->capabilities = in->std != 0 ? V4L2_IN_CAP_STD : 0;
  g_mutex_unlock (&card->lock);

  return 0;
}

gint
gst_tv_hw_virtual_cap_g_input (GstTvHwDevice * dev, guint32 * index)
{
  GstTvHwVirtualCard *card = CARD (dev);

  g_mutex_lock (&card->lock);
  *index = card->input;
  g_mutex_unlock (&card->lock);

  return 0;
}

gint
gst_tv_hw_virtual_cap_s_input (GstTvHwDevice * dev, guint32 index)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint ret;

  g_mutex_lock (&card->lock);
  ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_INPUT);
  if (ret < 0)
    goto done;
  if (index >= card->n_inputs) {
    ret = -EINVAL;
    goto done;
  }
  if (index == card->input)
    goto done;
  /* vivid: vb2_is_busy() */
  if (card->cap.n_buffers > 0) {
    ret = -EBUSY;
    goto done;
  }
  card->input = index;
  gst_tv_hw_virtual_cap_fix_std (card);
  GST_DEBUG ("card %u: input %u (%s)", card->index, index,
      card->input_names[index]);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_querystd (GstTvHwDevice * dev, v4l2_std_id * std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  const GstTvHwVirtualInput *in;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  in = cur_input (card);
  gst_tv_hw_virtual_node_update (card, &card->out);
  if (in->std == 0)
    ret = -ENODATA;
  else if (gst_tv_hw_virtual_out_loop_active (card, card->input))
    *std = card->out.std & in->std;     /* what the output sends */
  else
    *std = in->signal_std & in->std;    /* 0: V4L2_STD_UNKNOWN, no signal */
  g_mutex_unlock (&card->lock);

  return ret;
}

/* --- frames --- */

/* card->lock held: frame buf->sequence of the current input into @buf,
 * whose length is the size of a frame at the capture standard */
void
gst_tv_hw_virtual_cap_fill (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf)
{
  guint height = gst_tv_hw_virtual_std_height (card->cap.std);

  if (gst_tv_hw_virtual_out_loop_active (card, card->input)) {
    gst_tv_hw_virtual_out_loop_copy (card, buf->mem, buf->length,
        card->cap.pixelformat);
  } else {
    gst_tv_hw_virtual_gen_fill (card->gen, buf->mem, card->cap.pixelformat,
        GST_TV_HW_VIRTUAL_WIDTH, height, GST_TV_HW_VIRTUAL_WIDTH * 2,
        card->input, cur_input (card)->signal_std == 0, buf->sequence);
  }
  buf->bytesused = buf->length;
}
