/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's capture node. Inputs,
 * standards, formats and a vb2-like MMAP queue with three pacing modes,
 * answering with the errno a kernel driver (vivid) and the V4L2 core
 * would give.
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
#define VIRTUAL_PAGE_SIZE 4096

void
gst_tv_hw_virtual_cap_debug_init (void)
{
  GST_DEBUG_CATEGORY_INIT (tvhw_virtual_debug, "tvhw-virtual", 0,
      "v4l2tv virtual TV card");
}

#define HANDLE(dev) ((GstTvHwVirtualHandle *) (dev)->priv)
#define CARD(dev) (HANDLE (dev)->card)

/* --- standards --- */

/* the V4L2 core's table of standards (v4l2-ioctl.c), in ENUMSTD order;
 * the composite entries NTSC, PAL and SECAM stay in the mask */
static const struct
{
  v4l2_std_id std;
  const gchar *name;
} std_table[] = {
  {V4L2_STD_NTSC, "NTSC"},
  {V4L2_STD_NTSC_M, "NTSC-M"},
  {V4L2_STD_NTSC_M_JP, "NTSC-M-JP"},
  {V4L2_STD_NTSC_M_KR, "NTSC-M-KR"},
  {V4L2_STD_NTSC_443, "NTSC-443"},
  {V4L2_STD_PAL, "PAL"},
  {V4L2_STD_PAL_BG, "PAL-BG"},
  {V4L2_STD_PAL_B, "PAL-B"},
  {V4L2_STD_PAL_B1, "PAL-B1"},
  {V4L2_STD_PAL_G, "PAL-G"},
  {V4L2_STD_PAL_H, "PAL-H"},
  {V4L2_STD_PAL_I, "PAL-I"},
  {V4L2_STD_PAL_DK, "PAL-DK"},
  {V4L2_STD_PAL_D, "PAL-D"},
  {V4L2_STD_PAL_D1, "PAL-D1"},
  {V4L2_STD_PAL_K, "PAL-K"},
  {V4L2_STD_PAL_M, "PAL-M"},
  {V4L2_STD_PAL_N, "PAL-N"},
  {V4L2_STD_PAL_Nc, "PAL-Nc"},
  {V4L2_STD_PAL_60, "PAL-60"},
  {V4L2_STD_SECAM, "SECAM"},
  {V4L2_STD_SECAM_B, "SECAM-B"},
  {V4L2_STD_SECAM_G, "SECAM-G"},
  {V4L2_STD_SECAM_H, "SECAM-H"},
  {V4L2_STD_SECAM_DK, "SECAM-DK"},
  {V4L2_STD_SECAM_D, "SECAM-D"},
  {V4L2_STD_SECAM_K, "SECAM-K"},
  {V4L2_STD_SECAM_K1, "SECAM-K1"},
  {V4L2_STD_SECAM_L, "SECAM-L"},
  {V4L2_STD_SECAM_LC, "SECAM-Lc"},
};

/* entry @index of the list ENUMSTD gives for the mask @mask, the way the
 * V4L2 core walks its table: an entry is listed when all its bits are in
 * what is left of the mask, and the bits of a listed entry are taken out
 * of it, except for the three composite entries */
static gint
std_enum_entry (v4l2_std_id mask, guint32 index)
{
  guint32 n = 0;
  guint j;

  for (j = 0; j < G_N_ELEMENTS (std_table) && mask != 0; j++) {
    v4l2_std_id s = std_table[j].std;

    if ((mask & s) != s)
      continue;
    if (n == index)
      return j;
    n++;
    if (s != V4L2_STD_NTSC && s != V4L2_STD_PAL && s != V4L2_STD_SECAM)
      mask &= ~s;
  }
  return -1;
}

static guint
std_lines (v4l2_std_id std)
{
  return (std & V4L2_STD_525_60) ? 525 : 625;
}

static guint
std_height (v4l2_std_id std)
{
  return std_lines (std) == 525 ? 480 : 576;
}

static void
std_period (v4l2_std_id std, guint * num, guint * den)
{
  if (std_lines (std) == 525) {
    *num = 1001;
    *den = 30000;
  } else {
    *num = 1;
    *den = 25;
  }
}

static const GstTvHwVirtualInput *
cur_input (GstTvHwVirtualCard * card)
{
  return &card->inputs[card->input];
}

/* card->lock held: keeps the card's standard within what the current
 * input accepts (after an input switch or a new input list) */
void
gst_tv_hw_virtual_cap_fix_std (GstTvHwVirtualCard * card)
{
  v4l2_std_id mask = cur_input (card)->std;
  gint j;

  if (mask == 0 || (card->std & mask) == card->std)
    return;
  if ((card->std & mask) != 0) {
    card->std &= mask;
  } else {
    j = std_enum_entry (mask, 0);
    card->std = j >= 0 ? std_table[j].std : mask;
  }
  GST_DEBUG ("card %u: standard now 0x%" G_GINT64_MODIFIER "x",
      card->index, (guint64) card->std);
}

/* card->lock held, no buffers */
void
gst_tv_hw_virtual_cap_set_defaults (GstTvHwVirtualCard * card)
{
  card->input = 0;
  card->std = DEFAULT_STD;
  card->pixelformat = DEFAULT_PIXELFORMAT;
}

/* --- inputs --- */

gint
gst_tv_hw_virtual_cap_enum_input (GstTvHwDevice * dev, struct v4l2_input *input)
{
  GstTvHwVirtualCard *card = CARD (dev);
  const GstTvHwVirtualInput *in;
  guint32 index = input->index;

  g_mutex_lock (&card->lock);
  if (index >= card->n_inputs) {
    g_mutex_unlock (&card->lock);
    return -EINVAL;
  }
  in = &card->inputs[index];

  memset (input, 0, sizeof (*input));
  input->index = index;
  /* input_names[] is zero-filled beyond the string: NUL padding */
  memcpy (input->name, card->input_names[index], sizeof (input->name));
  input->type = in->type;
  input->audioset = in->audioset;
  input->tuner = 0;
  input->std = in->std;
  input->status = in->signal_std == 0 ? V4L2_IN_ST_NO_SIGNAL : 0;
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
  if (card->n_buffers > 0) {
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

/* --- standards --- */

gint
gst_tv_hw_virtual_cap_enumstd (GstTvHwDevice * dev, struct v4l2_standard *std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  v4l2_std_id mask;
  guint32 index = std->index;
  guint num, den;
  gint j;

  g_mutex_lock (&card->lock);
  mask = cur_input (card)->std;
  g_mutex_unlock (&card->lock);

  /* v4l_video_std_enumstd(): an input without standards has no list */
  if (mask == 0)
    return -ENODATA;
  j = std_enum_entry (mask, index);
  if (j < 0)
    return -EINVAL;

  memset (std, 0, sizeof (*std));
  std->index = index;
  std->id = std_table[j].std;
  g_strlcpy ((gchar *) std->name, std_table[j].name, sizeof (std->name));
  std_period (std->id, &num, &den);
  std->frameperiod.numerator = num;
  std->frameperiod.denominator = den;
  std->framelines = std_lines (std->id);

  return 0;
}

gint
gst_tv_hw_virtual_cap_g_std (GstTvHwDevice * dev, v4l2_std_id * std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint ret = 0;

  g_mutex_lock (&card->lock);
  if (cur_input (card)->std == 0)
    ret = -ENODATA;
  else
    *std = card->std;
  g_mutex_unlock (&card->lock);

  return ret;
}

gint
gst_tv_hw_virtual_cap_s_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  v4l2_std_id mask, norm;
  gint ret;

  g_mutex_lock (&card->lock);
  ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_STD);
  if (ret < 0)
    goto done;
  mask = cur_input (card)->std;
  if (mask == 0) {
    ret = -ENODATA;
    goto done;
  }
  /* v4l_s_std(): the driver gets the request masked by what it supports */
  norm = std & mask;
  if (norm == 0) {
    ret = -EINVAL;
    goto done;
  }
  if (norm == card->std)
    goto done;
  /* vivid: vb2_is_busy() */
  if (card->n_buffers > 0) {
    ret = -EBUSY;
    goto done;
  }
  card->std = norm;
  GST_DEBUG ("card %u: standard 0x%" G_GINT64_MODIFIER "x (%u lines)",
      card->index, (guint64) norm, std_lines (norm));

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
  if (in->std == 0)
    ret = -ENODATA;
  else
    *std = in->signal_std & in->std;    /* 0: V4L2_STD_UNKNOWN, no signal */
  g_mutex_unlock (&card->lock);

  return ret;
}

/* --- formats --- */

static const struct
{
  guint32 fourcc;
  const gchar *description;
} formats[] = {
  {V4L2_PIX_FMT_YUYV, "YUYV 4:2:2"},
  {V4L2_PIX_FMT_UYVY, "UYVY 4:2:2"},
};

static gboolean
format_supported (guint32 fourcc)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    if (formats[i].fourcc == fourcc)
      return TRUE;
  }
  return FALSE;
}

static guint32
card_sizeimage (GstTvHwVirtualCard * card)
{
  return GST_TV_HW_VIRTUAL_WIDTH * 2 * std_height (card->std);
}

/* the only format the card can give for @pixelformat at its standard */
static void
fill_pix_format (GstTvHwVirtualCard * card, struct v4l2_format *fmt,
    guint32 pixelformat)
{
  struct v4l2_pix_format *pix = &fmt->fmt.pix;

  memset (&fmt->fmt, 0, sizeof (fmt->fmt));
  pix->width = GST_TV_HW_VIRTUAL_WIDTH;
  pix->height = std_height (card->std);
  pix->pixelformat = format_supported (pixelformat) ? pixelformat :
      DEFAULT_PIXELFORMAT;
  pix->field = V4L2_FIELD_INTERLACED;
  pix->bytesperline = pix->width * 2;
  pix->sizeimage = pix->bytesperline * pix->height;
  pix->colorspace = V4L2_COLORSPACE_SMPTE170M;
  /* the V4L2 core marks the extended fields as valid */
  pix->priv = V4L2_PIX_FMT_PRIV_MAGIC;
  pix->flags = 0;
  pix->ycbcr_enc = V4L2_YCBCR_ENC_DEFAULT;
  pix->quantization = V4L2_QUANTIZATION_DEFAULT;
  pix->xfer_func = V4L2_XFER_FUNC_DEFAULT;
}

gint
gst_tv_hw_virtual_cap_enum_fmt (GstTvHwDevice * dev, struct v4l2_fmtdesc *desc)
{
  guint32 index = desc->index;

  if (desc->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;
  if (index >= G_N_ELEMENTS (formats))
    return -EINVAL;

  memset (desc, 0, sizeof (*desc));
  desc->index = index;
  desc->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  desc->pixelformat = formats[index].fourcc;
  g_strlcpy ((gchar *) desc->description, formats[index].description,
      sizeof (desc->description));

  return 0;
}

gint
gst_tv_hw_virtual_cap_g_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GstTvHwVirtualCard *card = CARD (dev);

  if (fmt->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  fill_pix_format (card, fmt, card->pixelformat);
  g_mutex_unlock (&card->lock);

  return 0;
}

gint
gst_tv_hw_virtual_cap_try_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GstTvHwVirtualCard *card = CARD (dev);

  if (fmt->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  fill_pix_format (card, fmt, fmt->fmt.pix.pixelformat);
  g_mutex_unlock (&card->lock);

  return 0;
}

gint
gst_tv_hw_virtual_cap_s_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint ret;

  if (fmt->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_S_FMT);
  if (ret < 0)
    goto done;
  fill_pix_format (card, fmt, fmt->fmt.pix.pixelformat);
  /* vivid: vb2_is_busy(), even for the same format */
  if (card->n_buffers > 0) {
    ret = -EBUSY;
    goto done;
  }
  card->pixelformat = fmt->fmt.pix.pixelformat;
  GST_DEBUG ("card %u: format %" GST_FOURCC_FORMAT " %ux%u", card->index,
      GST_FOURCC_ARGS (card->pixelformat), fmt->fmt.pix.width,
      fmt->fmt.pix.height);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_cropcap (GstTvHwDevice * dev,
    struct v4l2_cropcap *cropcap)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint height;

  if (cropcap->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  height = std_height (card->std);
  g_mutex_unlock (&card->lock);

  memset (cropcap, 0, sizeof (*cropcap));
  cropcap->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  cropcap->bounds.width = GST_TV_HW_VIRTUAL_WIDTH;
  cropcap->bounds.height = height;
  cropcap->defrect = cropcap->bounds;
  /* y/x, as vivid answers for SDTV */
  if (height == 480) {
    cropcap->pixelaspect.numerator = 11;
    cropcap->pixelaspect.denominator = 10;
  } else {
    cropcap->pixelaspect.numerator = 54;
    cropcap->pixelaspect.denominator = 59;
  }

  return 0;
}

gint
gst_tv_hw_virtual_cap_g_parm (GstTvHwDevice * dev, struct v4l2_streamparm *parm)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint num, den;

  if (parm->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  std_period (card->std, &num, &den);
  g_mutex_unlock (&card->lock);

  memset (&parm->parm, 0, sizeof (parm->parm));
  parm->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
  parm->parm.capture.timeperframe.numerator = num;
  parm->parm.capture.timeperframe.denominator = den;
  /* no read() I/O (no V4L2_CAP_READWRITE): v4l2-compliance wants 0 */
  parm->parm.capture.readbuffers = 0;

  return 0;
}

/* --- the queue --- */

static gint64
frame_time (GstTvHwVirtualCard * card, guint32 seq)
{
  return card->start_us + (gint64) gst_util_uint64_scale (seq,
      (guint64) card->period_num * G_USEC_PER_SEC, card->period_den);
}

/* the first frame whose timestamp is at or after @t */
static guint32
first_frame_from (GstTvHwVirtualCard * card, gint64 t)
{
  guint64 n;

  if (t <= card->start_us)
    return 0;
  n = gst_util_uint64_scale (t - card->start_us, card->period_den,
      (guint64) card->period_num * G_USEC_PER_SEC);
  while (frame_time (card, n) < t)
    n++;
  while (n > 0 && frame_time (card, n - 1) >= t)
    n--;
  return (guint32) n;
}

static gboolean
input_has_signal (const GstTvHwVirtualInput * in)
{
  return in->signal_std != 0;
}

/* draws frame card->next_seq into @buf and hands it to DQBUF */
static void
fill_frame (GstTvHwVirtualCard * card, GstTvHwVirtualBuffer * buf)
{
  guint height = std_height (card->std);

  gst_tv_hw_virtual_gen_fill (card->gen, buf->mem, card->pixelformat,
      GST_TV_HW_VIRTUAL_WIDTH, height, GST_TV_HW_VIRTUAL_WIDTH * 2,
      card->input, !input_has_signal (cur_input (card)), card->next_seq);
  buf->sequence = card->next_seq;
  buf->timestamp_us = frame_time (card, card->next_seq);
  buf->bytesused = buf->length;
  buf->state = GST_TV_HW_VIRTUAL_BUF_DONE;
  g_queue_push_tail (&card->done, buf);
  GST_LOG ("card %u: frame %u in buffer %u", card->index, card->next_seq,
      (guint) (buf - card->buffers));
  card->next_seq++;
}

/* one frame: into the oldest queued buffer, or dropped */
static void
produce_frame (GstTvHwVirtualCard * card)
{
  GstTvHwVirtualBuffer *buf = g_queue_pop_head (&card->queued);

  if (buf) {
    fill_frame (card, buf);
  } else {
    GST_LOG ("card %u: frame %u dropped, no buffer", card->index,
        card->next_seq);
    card->next_seq++;
  }
}

/* FREERUN: every queued buffer gets the next frame at once */
static void
fill_all_queued (GstTvHwVirtualCard * card)
{
  while (!g_queue_is_empty (&card->queued))
    produce_frame (card);
}

/* REALTIME: produce the frames whose time has come by @now. A frame goes
 * into the oldest queued buffer if that buffer was queued before the
 * frame's timestamp, otherwise it is dropped (nothing was there to take
 * it), so a late consumer sees sequence gaps, as with a real card. */
static void
advance_realtime (GstTvHwVirtualCard * card, gint64 now)
{
  guint32 limit = first_frame_from (card, now + 1);

  while (card->next_seq < limit) {
    GstTvHwVirtualBuffer *buf = g_queue_peek_head (&card->queued);
    guint32 first;

    if (buf == NULL) {
      GST_LOG ("card %u: frames %u..%u dropped, no buffer", card->index,
          card->next_seq, limit - 1);
      card->next_seq = limit;
      break;
    }
    first = first_frame_from (card, buf->queued_us);
    if (first > card->next_seq) {
      card->next_seq = MIN (first, limit);
      continue;
    }
    produce_frame (card);
  }
}

/* REALTIME: when the next frame for the oldest queued buffer is due, or
 * -1 when no buffer is queued */
static gint64
next_frame_time (GstTvHwVirtualCard * card)
{
  GstTvHwVirtualBuffer *buf = g_queue_peek_head (&card->queued);
  guint32 n;

  if (buf == NULL)
    return -1;
  n = MAX (card->next_seq, first_frame_from (card, buf->queued_us));
  return frame_time (card, n);
}

static void
update_queue (GstTvHwVirtualCard * card)
{
  if (!card->streaming)
    return;
  if (card->pacing == GST_TV_HW_VIRTUAL_PACING_REALTIME)
    advance_realtime (card, g_get_monotonic_time ());
  else if (card->pacing == GST_TV_HW_VIRTUAL_PACING_FREERUN)
    fill_all_queued (card);
}

/* card->lock held */
void
gst_tv_hw_virtual_cap_pacing_changed (GstTvHwVirtualCard * card)
{
  update_queue (card);
  g_cond_broadcast (&card->cond);
}

/* card->lock held */
void
gst_tv_hw_virtual_cap_emit (GstTvHwVirtualCard * card, guint n)
{
  if (!card->streaming) {
    GST_DEBUG ("card %u: not streaming, %u frame(s) not emitted",
        card->index, n);
    return;
  }
  while (n > 0 && !g_queue_is_empty (&card->queued)) {
    produce_frame (card);
    n--;
  }
  if (n > 0) {
    GST_LOG ("card %u: %u frame(s) dropped, no buffer", card->index, n);
    card->next_seq += n;
  }
  g_cond_broadcast (&card->cond);
}

/* every buffer back to the application (STREAMOFF, REQBUFS, close) */
static void
cancel_queue (GstTvHwVirtualCard * card)
{
  guint i;

  g_queue_clear (&card->queued);
  g_queue_clear (&card->done);
  for (i = 0; i < card->n_buffers; i++)
    card->buffers[i].state = GST_TV_HW_VIRTUAL_BUF_DEQUEUED;
  card->streaming = FALSE;
  g_cond_broadcast (&card->cond);
}

/* the card's reference goes; a mapping keeps an orphaned buffer alive */
static void
free_buffers (GstTvHwVirtualCard * card)
{
  guint i;

  cancel_queue (card);
  for (i = 0; i < card->n_buffers; i++) {
    GstTvHwVirtualBuffer *buf = &card->buffers[i];

    if (buf->map_count > 0)
      GST_DEBUG ("card %u: buffer %u still mapped, orphaned", card->index, i);
    g_rc_box_release (buf->mem);
    memset (buf, 0, sizeof (*buf));
  }
  card->n_buffers = 0;
}

static gboolean
queue_busy (GstTvHwVirtualCard * card, GstTvHwVirtualHandle * handle)
{
  return card->owner != NULL && card->owner != handle;
}

static void
fill_v4l2_buffer (GstTvHwVirtualCard * card, GstTvHwVirtualBuffer * buf,
    struct v4l2_buffer *vbuf)
{
  memset (vbuf, 0, sizeof (*vbuf));
  vbuf->index = buf - card->buffers;
  vbuf->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
  vbuf->memory = V4L2_MEMORY_MMAP;
  vbuf->m.offset = buf->offset;
  vbuf->length = buf->length;
  vbuf->bytesused = buf->bytesused;
  vbuf->field = V4L2_FIELD_INTERLACED;
  vbuf->sequence = buf->sequence;
  vbuf->timestamp.tv_sec = buf->timestamp_us / G_USEC_PER_SEC;
  vbuf->timestamp.tv_usec = buf->timestamp_us % G_USEC_PER_SEC;
  vbuf->flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC |
      V4L2_BUF_FLAG_TSTAMP_SRC_EOF;
  if (buf->map_count > 0)
    vbuf->flags |= V4L2_BUF_FLAG_MAPPED;
  if (buf->state == GST_TV_HW_VIRTUAL_BUF_QUEUED)
    vbuf->flags |= V4L2_BUF_FLAG_QUEUED;
  else if (buf->state == GST_TV_HW_VIRTUAL_BUF_DONE)
    vbuf->flags |= V4L2_BUF_FLAG_DONE;
}

gint
gst_tv_hw_virtual_cap_reqbufs (GstTvHwDevice * dev,
    struct v4l2_requestbuffers *req)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  guint32 count, length, stride, i;
  gint ret = 0;

  /* vb2_ioctl_reqbufs() reports the capabilities before any check */
  req->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP |
      V4L2_BUF_CAP_SUPPORTS_ORPHANED_BUFS;
  req->flags = 0;
  memset (req->reserved, 0, sizeof (req->reserved));

  if (req->type != V4L2_BUF_TYPE_VIDEO_CAPTURE ||
      req->memory != V4L2_MEMORY_MMAP)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (queue_busy (card, handle)) {
    ret = -EBUSY;
    goto done;
  }
  if (card->streaming) {
    ret = -EBUSY;
    goto done;
  }
  if (req->count > 0) {
    ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_REQBUFS);
    if (ret < 0)
      goto done;
  }

  free_buffers (card);
  if (req->count == 0) {
    card->owner = NULL;
    GST_DEBUG ("card %u: buffers freed", card->index);
    goto done;
  }

  count = CLAMP (req->count, GST_TV_HW_VIRTUAL_MIN_BUFFERS,
      GST_TV_HW_VIRTUAL_MAX_BUFFERS);
  length = card_sizeimage (card);
  stride = (length + VIRTUAL_PAGE_SIZE - 1) & ~(VIRTUAL_PAGE_SIZE - 1);
  for (i = 0; i < count; i++) {
    GstTvHwVirtualBuffer *buf = &card->buffers[i];

    buf->mem = g_rc_box_alloc0 (length);
    buf->length = length;
    buf->offset = i * stride;
    buf->state = GST_TV_HW_VIRTUAL_BUF_DEQUEUED;
  }
  card->n_buffers = count;
  card->owner = handle;
  req->count = count;
  GST_DEBUG ("card %u: %u buffers of %u bytes", card->index, count, length);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_querybuf (GstTvHwDevice * dev, struct v4l2_buffer *buf)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gint ret = 0;

  if (buf->type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (buf->index >= card->n_buffers) {
    ret = -EINVAL;
    goto done;
  }
  update_queue (card);
  fill_v4l2_buffer (card, &card->buffers[buf->index], buf);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_qbuf (GstTvHwDevice * dev, struct v4l2_buffer *vbuf)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualBuffer *buf;
  gint ret = 0;

  if (vbuf->type != V4L2_BUF_TYPE_VIDEO_CAPTURE ||
      vbuf->memory != V4L2_MEMORY_MMAP)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (queue_busy (card, handle)) {
    ret = -EBUSY;
    goto done;
  }
  if (vbuf->index >= card->n_buffers) {
    ret = -EINVAL;
    goto done;
  }
  buf = &card->buffers[vbuf->index];
  if (buf->state != GST_TV_HW_VIRTUAL_BUF_DEQUEUED) {
    ret = -EINVAL;
    goto done;
  }
  buf->state = GST_TV_HW_VIRTUAL_BUF_QUEUED;
  buf->queued_us = g_get_monotonic_time ();
  g_queue_push_tail (&card->queued, buf);
  /* what QBUF reports is the state before the card gets to it */
  fill_v4l2_buffer (card, buf, vbuf);
  update_queue (card);
  g_cond_broadcast (&card->cond);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_dqbuf (GstTvHwDevice * dev, struct v4l2_buffer *vbuf)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualBuffer *buf;
  gint ret = 0;

  if (vbuf->type != V4L2_BUF_TYPE_VIDEO_CAPTURE ||
      vbuf->memory != V4L2_MEMORY_MMAP)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (queue_busy (card, handle)) {
    ret = -EBUSY;
    goto done;
  }
  ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_DQBUF);
  if (ret < 0)
    goto done;
  if (!card->streaming) {
    ret = -EINVAL;
    goto done;
  }
  update_queue (card);
  buf = g_queue_pop_head (&card->done);
  if (buf == NULL) {
    ret = -EAGAIN;
    goto done;
  }
  buf->state = GST_TV_HW_VIRTUAL_BUF_DEQUEUED;
  fill_v4l2_buffer (card, buf, vbuf);
  GST_LOG ("card %u: DQBUF %u, sequence %u", card->index, vbuf->index,
      vbuf->sequence);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_streamon (GstTvHwDevice * dev, guint32 type)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  gint ret = 0;

  if (type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (queue_busy (card, handle)) {
    ret = -EBUSY;
    goto done;
  }
  ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_STREAMON);
  if (ret < 0)
    goto done;
  if (card->streaming)
    goto done;
  /* vb2_core_streamon(): "no buffers have been allocated" */
  if (card->n_buffers == 0) {
    ret = -EINVAL;
    goto done;
  }
  card->streaming = TRUE;
  card->start_us = g_get_monotonic_time ();
  card->next_seq = 0;
  std_period (card->std, &card->period_num, &card->period_den);
  update_queue (card);
  g_cond_broadcast (&card->cond);
  GST_DEBUG ("card %u: streaming, frame period %u/%u", card->index,
      card->period_num, card->period_den);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

gint
gst_tv_hw_virtual_cap_streamoff (GstTvHwDevice * dev, guint32 type)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  gint ret = 0;

  if (type != V4L2_BUF_TYPE_VIDEO_CAPTURE)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  if (queue_busy (card, handle)) {
    ret = -EBUSY;
  } else {
    cancel_queue (card);
    GST_DEBUG ("card %u: stream off", card->index);
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

gint
gst_tv_hw_virtual_cap_mmap (GstTvHwDevice * dev, guint32 offset,
    gsize length, gpointer * data)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  GstTvHwVirtualBuffer *buf = NULL;
  guint i, count;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  for (i = 0; i < card->n_buffers; i++) {
    if (card->buffers[i].offset == offset) {
      buf = &card->buffers[i];
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
unmap_one (GstTvHwVirtualCard * card, GstTvHwVirtualHandle * handle,
    gpointer data)
{
  guint i, count;

  count = GPOINTER_TO_UINT (g_hash_table_lookup (handle->mappings, data));
  if (count > 1)
    g_hash_table_insert (handle->mappings, data, GUINT_TO_POINTER (count - 1));
  else
    g_hash_table_remove (handle->mappings, data);

  for (i = 0; i < card->n_buffers; i++) {
    if (card->buffers[i].mem == data) {
      card->buffers[i].map_count--;
      break;
    }
  }
  g_rc_box_release (data);
}

gint
gst_tv_hw_virtual_cap_munmap (GstTvHwDevice * dev, gpointer data, gsize length)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  if (!g_hash_table_contains (handle->mappings, data))
    ret = -EINVAL;
  else
    unmap_one (card, handle, data);
  g_mutex_unlock (&card->lock);

  return ret;
}

/* card->lock held: what the handle leaves behind at close */
void
gst_tv_hw_virtual_cap_release (GstTvHwVirtualCard * card,
    GstTvHwVirtualHandle * handle)
{
  GHashTableIter iter;
  gpointer data, value;

  if (card->owner == handle) {
    free_buffers (card);
    card->owner = NULL;
    GST_DEBUG ("card %u: owner closed, buffers freed", card->index);
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
gst_tv_hw_virtual_cap_poll (GstTvHwDevice * dev, gint64 timeout_ns)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;
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
    /* an injected DQBUF error is "ready": the DQBUF that follows fails */
    if (card->faults[GST_TV_HW_VIRTUAL_FAULT_DQBUF] != 0) {
      ret = 0;
      break;
    }
    /* vb2_core_poll(): nothing to wait for on a queue that is not
     * streaming (EPOLLERR) */
    if (!card->streaming) {
      ret = -EINVAL;
      break;
    }
    now = g_get_monotonic_time ();
    update_queue (card);
    if (!g_queue_is_empty (&card->done)) {
      ret = 0;
      break;
    }
    if (end_us >= 0 && now >= end_us) {
      ret = -ETIMEDOUT;
      break;
    }

    deadline = end_us;
    if (card->pacing == GST_TV_HW_VIRTUAL_PACING_REALTIME) {
      next = next_frame_time (card);
      if (next >= 0 && (deadline < 0 || next < deadline))
        deadline = next;
    }
    if (deadline < 0)
      g_cond_wait (&card->cond, &card->lock);
    else
      g_cond_wait_until (&card->cond, &card->lock, deadline);
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

void
gst_tv_hw_virtual_cap_interrupt (GstTvHwDevice * dev, gboolean flushing)
{
  GstTvHwVirtualHandle *handle = HANDLE (dev);
  GstTvHwVirtualCard *card = handle->card;

  g_mutex_lock (&card->lock);
  handle->flushing = flushing;
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);
}
