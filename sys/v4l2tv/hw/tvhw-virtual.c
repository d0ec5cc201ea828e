/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's core. Card instances,
 * open/close, VIDIOC_QUERYCAP, the operations table and the test-only
 * configuration API (tvhw-virtual.h), plus what the capture and the
 * output node share: the standards table and formats. Their vb2-like
 * MMAP queue with its three pacing modes (and the frame drops, corrupted
 * frames and no-signal silence injected into it) is in
 * tvhw-virtual-queue.c, the capture node's
 * inputs, audio inputs and frames in tvhw-virtual-cap.c, the output
 * node's outputs, audio outputs, screen and loopback in
 * tvhw-virtual-out.c, the controls in tvhw-virtual-ctrls.c, the tuner and
 * modulator in tvhw-virtual-tuner.c, the picture generator in
 * tvhw-virtual-gen.c; this split follows vivid's vivid-core.c /
 * vivid-vid-common.c / vivid-vid-cap.c / vivid-vid-out.c / vivid-ctrls.c
 * / vivid-tpg (and vb2 for the queue).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "hw/tvhw-virtual-priv.h"
#include "v4l2tv-debug.h"

GST_DEBUG_CATEGORY (tvhw_virtual_debug);

#define VIRTUAL_DRIVER "tvhw-virtual"
#define VIRTUAL_VERSION ((0 << 16) | (2 << 8) | 0)
#define DEFAULT_PIXELFORMAT V4L2_PIX_FMT_YUYV

/* the ioctls a driver profile's driver does not have: ENOTTY */
#define PROFILE_LACKS(dev, what) (CARD (dev)->profile != NULL && \
    !CARD (dev)->profile->what)

static GMutex cards_lock;
static GstTvHwVirtualCard *cards[GST_TV_HW_VIRTUAL_N_SLOTS];
/* the device files the cards also answer at (test hook), by card number;
 * with cards_lock */
static gchar *card_nodes[GST_TV_HW_VIRTUAL_N_SLOTS];

/* the power-on inputs, documented in tvhw-virtual.h */
static const GstTvHwVirtualInput default_inputs[] = {
  {"Television", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0x1},
  {"Composite1", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_NTSC_M, 0x2},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0x2},
  {"Composite2", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, 0, 0x2},
};

static void
debug_init (void)
{
  V4L2TV_DEBUG_INIT_ONCE (tvhw_virtual_debug, "tvhw-virtual",
      "v4l2tv virtual TV card");
}

/* the node a handle was opened on */
GstTvHwVirtualNode *
gst_tv_hw_virtual_handle_node (GstTvHwVirtualHandle * handle)
{
  GstTvHwVirtualCard *card = handle->card;
  gboolean output = gst_tv_hw_node_kind_is_output (handle->kind);

  if (gst_tv_hw_node_kind_is_vbi (handle->kind))
    return output ? &card->vbi_out : &card->vbi_cap;
  return output ? &card->out : &card->cap;
}

const gchar *
gst_tv_hw_virtual_node_name (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  if (node == &card->vbi_cap)
    return "VBI capture";
  if (node == &card->vbi_out)
    return "VBI output";
  return node == &card->out ? "output" : "capture";
}

gboolean
gst_tv_hw_virtual_node_is_vbi (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  return node == &card->vbi_cap || node == &card->vbi_out;
}

GstTvHwVirtualNode *
gst_tv_hw_virtual_node_partner (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  if (node == &card->cap)
    return &card->vbi_cap;
  if (node == &card->vbi_cap)
    return &card->cap;
  if (node == &card->out)
    return &card->vbi_out;
  return &card->out;
}

/* the video node whose standard @node uses: itself, or the video node of
 * a VBI node's direction (vivid: the VBI nodes share the card's input or
 * output and its standard) */
static GstTvHwVirtualNode *
std_node (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  return gst_tv_hw_virtual_node_is_vbi (card, node) ?
      gst_tv_hw_virtual_node_partner (card, node) : node;
}

/* --- standards (the V4L2 core's part) --- */

/* the V4L2 core's table of standards is gst_tv_hw_standards, in ENUMSTD
 * order; the composite entries NTSC, PAL and SECAM stay in the mask */

/* entry @index of the list ENUMSTD gives for the mask @mask, the way the
 * V4L2 core walks its table: an entry is listed when all its bits are in
 * what is left of the mask, and the bits of a listed entry are taken out
 * of it, except for the three composite entries */
static const GstTvHwStandard *
std_enum_entry (v4l2_std_id mask, guint32 index)
{
  guint32 n = 0;
  guint j;

  for (j = 0; j < gst_tv_hw_n_standards && mask != 0; j++) {
    const GstTvHwStandard *row = &gst_tv_hw_standards[j];

    if ((mask & row->id) != row->id)
      continue;
    if (n == index)
      return row;
    n++;
    if (row->id != V4L2_STD_NTSC && row->id != V4L2_STD_PAL &&
        row->id != V4L2_STD_SECAM)
      mask &= ~row->id;
  }
  return NULL;
}

/* the card's picture follows the 525-line system as soon as one bit of
 * the standard is a 525-line one (a mixed mask is what S_STD narrows) */
const GstTvHwLineSystem *
gst_tv_hw_virtual_std_system (v4l2_std_id std)
{
  return gst_tv_hw_std_system ((std & V4L2_STD_525_60) ? V4L2_STD_525_60 :
      V4L2_STD_625_50);
}

guint
gst_tv_hw_virtual_std_lines (v4l2_std_id std)
{
  return gst_tv_hw_virtual_std_system (std)->lines;
}

guint
gst_tv_hw_virtual_std_height (v4l2_std_id std)
{
  return gst_tv_hw_virtual_std_system (std)->height;
}

void
gst_tv_hw_virtual_std_period (v4l2_std_id std, guint * num, guint * den)
{
  const GstTvHwLineSystem *system = gst_tv_hw_virtual_std_system (std);

  *num = system->period_num;
  *den = system->period_den;
}

v4l2_std_id
gst_tv_hw_virtual_std_narrow (v4l2_std_id std, v4l2_std_id mask)
{
  const GstTvHwStandard *first;

  if (mask == 0 || (std & mask) == std)
    return std;
  if ((std & mask) != 0)
    return std & mask;
  first = std_enum_entry (mask, 0);
  return first ? first->id : mask;
}

/* card->lock held: vivid's vb2_is_busy() of the video node @node and
 * of the VBI node of its direction, which S_STD, S_INPUT and S_OUTPUT
 * check */
static gboolean
queues_busy (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  return node->n_buffers > 0 ||
      gst_tv_hw_virtual_node_partner (card, node)->n_buffers > 0;
}

/* the standards the node's current input or output accepts */
static v4l2_std_id
node_std_mask (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node)
{
  if (std_node (card, node) == &card->out)
    return gst_tv_hw_virtual_out_std_mask (card);
  return card->inputs[card->input].std;
}

static gint
virtual_enumstd (GstTvHwDevice * dev, struct v4l2_standard *std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  v4l2_std_id mask;
  guint32 index = std->index;
  const GstTvHwStandard *row;

  g_mutex_lock (&card->lock);
  mask = node_std_mask (card, NODE (dev));
  g_mutex_unlock (&card->lock);

  /* v4l_video_std_enumstd(): an input without standards has no list */
  if (mask == 0)
    return -ENODATA;
  row = std_enum_entry (mask, index);
  if (row == NULL)
    return -EINVAL;

  memset (std, 0, sizeof (*std));
  std->index = index;
  std->id = row->id;
  g_strlcpy ((gchar *) std->name, row->name, sizeof (std->name));
  std->frameperiod.numerator = row->system->period_num;
  std->frameperiod.denominator = row->system->period_den;
  std->framelines = row->system->lines;

  return 0;
}

static gint
virtual_g_std (GstTvHwDevice * dev, v4l2_std_id * std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  gint ret = 0;

  g_mutex_lock (&card->lock);
  if (node_std_mask (card, node) == 0)
    ret = -ENODATA;
  else
    *std = std_node (card, node)->std;
  g_mutex_unlock (&card->lock);

  return ret;
}

/* card->lock held: whether S_STD from @node's standard to @norm is
 * refused as busy, by the generic card's rule (vivid: buffers on either
 * video or VBI node) or by the profile's driver's */
static gboolean
std_busy (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    v4l2_std_id norm)
{
  if (card->profile == NULL)
    return queues_busy (card, node);
  switch (card->profile->std_busy) {
    case GST_TV_HW_VIRTUAL_STD_BUSY_SIZE:
      /* usbtv_configure_for_norm(): busy only matters when the size
       * changes */
      return queues_busy (card, node) &&
          gst_tv_hw_virtual_std_lines (norm) !=
          gst_tv_hw_virtual_std_lines (node->std);
    case GST_TV_HW_VIRTUAL_STD_BUSY_STREAMING:
      /* em28xx vidioc_s_std(): while a node streams, whatever the size */
      return node->streaming ||
          gst_tv_hw_virtual_node_partner (card, node)->streaming;
    case GST_TV_HW_VIRTUAL_STD_BUSY_NEVER:
      /* bttv_s_std(): no busy check at all */
      return FALSE;
    case GST_TV_HW_VIRTUAL_STD_BUSY_ALWAYS:
    default:
      return queues_busy (card, node);
  }
}

static gint
virtual_s_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  v4l2_std_id mask, norm;
  gint ret;

  ret = gst_tv_hw_virtual_lock_take_fault (card, node,
      GST_TV_HW_VIRTUAL_FAULT_S_STD);
  if (ret < 0)
    goto done;
  mask = node_std_mask (card, node);
  /* the standard is the video node's, and the VBI node's buffers too
   * depend on it */
  node = std_node (card, node);
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
  if (norm == node->std)
    goto done;
  if (std_busy (card, node, norm)) {
    ret = -EBUSY;
    goto done;
  }
  node->std = norm;
  node->crop.width = 0;
  GST_DEBUG ("card %u %s: standard 0x%" G_GINT64_MODIFIER "x (%u lines)",
      card->index, gst_tv_hw_virtual_node_name (card, node), (guint64) norm,
      gst_tv_hw_virtual_std_lines (norm));

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

/* --- formats --- */

/* the formats the card makes, all packed 4:2:2, in the power-on ENUM_FMT
 * order */
static const guint32 formats[] = { V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_UYVY };

G_STATIC_ASSERT (G_N_ELEMENTS (formats) <= GST_TV_HW_VIRTUAL_MAX_FORMATS);

static gboolean
format_supported (guint32 fourcc)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    if (formats[i] == fourcc)
      return TRUE;
  }
  return FALSE;
}

guint32
gst_tv_hw_virtual_node_sizeimage (GstTvHwVirtualNode * node)
{
  if (gst_tv_hw_virtual_node_cropped (node))
    return node->crop.width * 2 * node->crop.height;
  return GST_TV_HW_VIRTUAL_WIDTH * 2 * gst_tv_hw_virtual_std_height (node->std);
}

/* the only format the card has for @pixelformat at @std, on either node */
void
gst_tv_hw_virtual_fill_pix_format (struct v4l2_pix_format *pix,
    v4l2_std_id std, guint32 pixelformat)
{
  memset (pix, 0, sizeof (*pix));
  pix->width = GST_TV_HW_VIRTUAL_WIDTH;
  pix->height = gst_tv_hw_virtual_std_height (std);
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

static void
fill_format (struct v4l2_format *fmt, v4l2_std_id std, guint32 pixelformat)
{
  memset (&fmt->fmt, 0, sizeof (fmt->fmt));
  gst_tv_hw_virtual_fill_pix_format (&fmt->fmt.pix, std, pixelformat);
}

static gint
virtual_enum_fmt (GstTvHwDevice * dev, struct v4l2_fmtdesc *desc)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint32 type = NODE (dev)->type;
  guint32 index = desc->index;
  guint32 fourcc;

  /* v4l_enum_fmt(): no pixel formats on a VBI node */
  if (desc->type != type || gst_tv_hw_virtual_node_is_vbi (card, NODE (dev)))
    return -EINVAL;

  g_mutex_lock (&card->lock);
  fourcc = index < card->n_formats ? card->formats[index] : 0;
  g_mutex_unlock (&card->lock);
  if (fourcc == 0)
    return -EINVAL;

  memset (desc, 0, sizeof (*desc));
  desc->index = index;
  desc->type = type;
  desc->pixelformat = fourcc;
  /* as vivid: "YUYV 4:2:2"; a format the card cannot make (set_formats)
   * is named by its fourcc alone */
  g_snprintf ((gchar *) desc->description, sizeof (desc->description),
      "%" GST_FOURCC_FORMAT "%s", GST_FOURCC_ARGS (fourcc),
      format_supported (fourcc) ? " 4:2:2" : "");

  return 0;
}

static gboolean
profile_has_format (const GstTvHwVirtualProfile * profile, guint32 fourcc)
{
  guint i;

  for (i = 0; i < profile->n_formats; i++) {
    if (profile->formats[i] == fourcc)
      return TRUE;
  }
  return FALSE;
}

/* the first of @profile's formats the card makes (bttv lists GREY and
 * RGB formats before YUYV); the card's own default if it makes none */
static guint32
profile_first_format (const GstTvHwVirtualProfile * profile)
{
  guint i;

  for (i = 0; i < profile->n_formats; i++) {
    if (format_supported (profile->formats[i]))
      return profile->formats[i];
  }
  return formats[0];
}

/* whether the profile's driver refuses @fourcc in TRY_FMT and S_FMT
 * (bttv: format_by_fourcc() finds nothing, EINVAL) */
static gboolean
profile_refuses_format (const GstTvHwVirtualProfile * profile, guint32 fourcc)
{
  return profile != NULL && profile->fmt_unlisted_einval &&
      !profile_has_format (profile, fourcc);
}

/* card->lock held: @fmt of @node for @pixelformat, cropped on the
 * capture node */
static void
fill_node_format (GstTvHwVirtualCard * card, GstTvHwVirtualNode * node,
    struct v4l2_format *fmt, guint32 pixelformat)
{
  /* a profile's driver answers one of its own formats only (usbtv: YUYV
   * whatever is asked) */
  if (card->profile != NULL && !profile_has_format (card->profile, pixelformat))
    pixelformat = profile_first_format (card->profile);
  fill_format (fmt, node->std, pixelformat);
  if (node == &card->cap)
    gst_tv_hw_virtual_cap_crop_format (card, &fmt->fmt.pix);
}

/* G_FMT (@try FALSE: the node's format) or TRY_FMT (the one asked for) */
static gint
answer_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt, gboolean try)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);

  if (gst_tv_hw_virtual_node_is_vbi (card, node))
    return try ? gst_tv_hw_virtual_vbi_try_fmt (dev, fmt) :
        gst_tv_hw_virtual_vbi_g_fmt (dev, fmt);
  if (fmt->type != node->type)
    return -EINVAL;
  if (try && profile_refuses_format (card->profile, fmt->fmt.pix.pixelformat))
    return -EINVAL;

  g_mutex_lock (&card->lock);
  fill_node_format (card, node, fmt,
      try ? fmt->fmt.pix.pixelformat : node->pixelformat);
  g_mutex_unlock (&card->lock);

  return 0;
}

static gint
virtual_g_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return answer_fmt (dev, fmt, FALSE);
}

static gint
virtual_try_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  return answer_fmt (dev, fmt, TRUE);
}

static gint
virtual_s_fmt (GstTvHwDevice * dev, struct v4l2_format *fmt)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  guint32 asked = fmt->fmt.pix.pixelformat;
  gint ret;

  if (gst_tv_hw_virtual_node_is_vbi (card, node))
    return gst_tv_hw_virtual_vbi_s_fmt (dev, fmt);
  if (fmt->type != node->type)
    return -EINVAL;

  ret = gst_tv_hw_virtual_lock_take_fault (card, node,
      GST_TV_HW_VIRTUAL_FAULT_S_FMT);
  if (ret < 0)
    goto done;
  fill_node_format (card, node, fmt, fmt->fmt.pix.pixelformat);
  /* vivid: vb2_is_busy(), even for the same format; a profile's driver
   * may change nothing and not mind */
  if (node->n_buffers > 0 && (card->profile == NULL ||
          card->profile->s_fmt_busy)) {
    ret = -EBUSY;
    goto done;
  }
  /* bttv_s_fmt_vid_cap(): busy first, then the format TRY_FMT refuses */
  if (profile_refuses_format (card->profile, asked)) {
    ret = -EINVAL;
    goto done;
  }
  node->pixelformat = fmt->fmt.pix.pixelformat;
  GST_DEBUG ("card %u %s: format %" GST_FOURCC_FORMAT " %ux%u", card->index,
      gst_tv_hw_virtual_node_name (card, node),
      GST_FOURCC_ARGS (node->pixelformat), fmt->fmt.pix.width,
      fmt->fmt.pix.height);

done:
  g_mutex_unlock (&card->lock);
  return ret;
}

static gint
virtual_cropcap (GstTvHwDevice * dev, struct v4l2_cropcap *cropcap)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  const GstTvHwLineSystem *system;

  /* vivid's VBI nodes have no crop or frame rate ioctls */
  if (gst_tv_hw_virtual_node_is_vbi (card, node) || PROFILE_LACKS (dev,
          cropcap))
    return -ENOTTY;
  if (cropcap->type != node->type)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  system = gst_tv_hw_virtual_std_system (node->std);
  g_mutex_unlock (&card->lock);

  memset (cropcap, 0, sizeof (*cropcap));
  cropcap->type = node->type;
  cropcap->bounds.width = GST_TV_HW_VIRTUAL_WIDTH;
  cropcap->bounds.height = system->height;
  cropcap->defrect = cropcap->bounds;
  /* y/x, as vivid answers for SDTV on both nodes: 11/10 at 525 lines */
  cropcap->pixelaspect.numerator = system->par_d;
  cropcap->pixelaspect.denominator = system->par_n;

  return 0;
}

static gint
virtual_g_parm (GstTvHwDevice * dev, struct v4l2_streamparm *parm)
{
  GstTvHwVirtualCard *card = CARD (dev);
  GstTvHwVirtualNode *node = NODE (dev);
  guint num, den;

  if (gst_tv_hw_virtual_node_is_vbi (card, node) || PROFILE_LACKS (dev, g_parm))
    return -ENOTTY;
  if (parm->type != node->type)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_std_period (node->std, &num, &den);
  g_mutex_unlock (&card->lock);

  memset (&parm->parm, 0, sizeof (parm->parm));
  /* no read()/write() I/O (no V4L2_CAP_READWRITE): v4l2-compliance wants
   * readbuffers / writebuffers 0 */
  if (node->type == V4L2_BUF_TYPE_VIDEO_OUTPUT) {
    parm->parm.output.capability = V4L2_CAP_TIMEPERFRAME;
    parm->parm.output.timeperframe.numerator = num;
    parm->parm.output.timeperframe.denominator = den;
    parm->parm.output.writebuffers = 0;
  } else {
    parm->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
    parm->parm.capture.timeperframe.numerator = num;
    parm->parm.capture.timeperframe.denominator = den;
    /* a profile's driver with read() may say how many buffers read()
     * uses (em28xx: EM28XX_MIN_BUF) */
    parm->parm.capture.readbuffers = card->profile != NULL ?
        card->profile->readbuffers : 0;
  }

  return 0;
}

/* --- cards --- */

static GstTvHwVirtualPacing
power_on_pacing (void)
{
  const gchar *env = g_getenv ("V4L2TV_VIRTUAL_PACING");

  if (env == NULL || *env == '\0')
    return GST_TV_HW_VIRTUAL_PACING_REALTIME;
  if (g_ascii_strcasecmp (env, "freerun") == 0)
    return GST_TV_HW_VIRTUAL_PACING_FREERUN;
  if (g_ascii_strcasecmp (env, "manual") == 0)
    return GST_TV_HW_VIRTUAL_PACING_MANUAL;
  if (g_ascii_strcasecmp (env, "realtime") != 0)
    GST_WARNING ("V4L2TV_VIRTUAL_PACING='%s' unknown, using realtime", env);
  return GST_TV_HW_VIRTUAL_PACING_REALTIME;
}

/* card->lock held (or the card not published yet) */
static void
set_inputs_locked (GstTvHwVirtualCard * card,
    const GstTvHwVirtualInput * inputs, guint n_inputs)
{
  guint i;

  memset (card->inputs, 0, sizeof (card->inputs));
  memset (card->input_names, 0, sizeof (card->input_names));
  for (i = 0; i < n_inputs; i++) {
    card->inputs[i] = inputs[i];
    g_strlcpy (card->input_names[i], inputs[i].name,
        sizeof (card->input_names[i]));
    card->inputs[i].name = card->input_names[i];
  }
  card->n_inputs = n_inputs;
  card->input = 0;
  memset (card->forced_status, 0, sizeof (card->forced_status));
  gst_tv_hw_virtual_cap_fix_std (card);
  gst_tv_hw_virtual_ctrls_input_changed (card);
}

/* card->lock held, no handle open: the power-on of a card made from a
 * driver profile (tvhw-virtual-profiles.c), on top of the generic one */
static void
apply_profile (GstTvHwVirtualCard * card, const GstTvHwVirtualProfile * profile)
{
  guint i, n;

  set_inputs_locked (card, profile->inputs, profile->n_inputs);
  card->cap.std = profile->power_on_std;
  card->n_formats = MIN (profile->n_formats, GST_TV_HW_VIRTUAL_MAX_FORMATS);
  memcpy (card->formats, profile->formats,
      card->n_formats * sizeof (card->formats[0]));
  card->cap.pixelformat = profile_first_format (profile);
  card->n_outputs = 0;
  card->vbi_nodes = profile->vbi_nodes;
  n = gst_tv_hw_virtual_profile_n_ctrls (profile);
  g_warn_if_fail (n <= GST_TV_HW_VIRTUAL_MAX_PROFILE_CTRLS);
  for (i = 0; i < n && i < GST_TV_HW_VIRTUAL_MAX_PROFILE_CTRLS; i++)
    card->profile_ctrls[i] =
        gst_tv_hw_virtual_profile_ctrl (profile, i)->default_value;
}

/* card->lock held, no handle open (so no buffers) */
static void
power_on (GstTvHwVirtualCard * card)
{
  memset (card->faults, 0, sizeof (card->faults));
  memset (card->fault_repeats, 0, sizeof (card->fault_repeats));
  gst_tv_hw_virtual_faults_reset (card);
  card->pacing = power_on_pacing ();
  card->no_signal_frames = TRUE;
  card->drop_frames = 0;
  card->corrupt_frames = 0;
  memset (card->frame_faults, 0, sizeof (card->frame_faults));
  card->seq_jump = card->seq_once = FALSE;
  card->seq_offset = 0;
  card->stamps = GST_TV_HW_VIRTUAL_STAMPS_TRUE;
  card->stamp_offset_us = 0;
  card->stamp_flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
  card->have_stuck = FALSE;
  card->n_formats = G_N_ELEMENTS (formats);
  memcpy (card->formats, formats, sizeof (formats));
  gst_tv_hw_virtual_cap_set_defaults (card);
  gst_tv_hw_virtual_out_set_defaults (card);
  gst_tv_hw_virtual_ctrls_set_defaults (card);
  gst_tv_hw_virtual_tuner_set_defaults (card);
  gst_tv_hw_virtual_vbi_set_defaults (card);
  gst_tv_hw_virtual_vbi_nodes_set_defaults (card);
  gst_tv_hw_virtual_sound_set_defaults (card);
  card->fault_nodes = GST_TV_HW_VIRTUAL_FAULTS_ALL_NODES;
  set_inputs_locked (card, default_inputs, G_N_ELEMENTS (default_inputs));
  if (card->profile != NULL)
    apply_profile (card, card->profile);
}

static void
node_init (GstTvHwVirtualNode * node, guint32 type)
{
  node->type = type;
  g_queue_init (&node->queued);
  g_queue_init (&node->done);
}

static GstTvHwVirtualCard *card_get_slot (guint n);

/* the slot of the card made from profile @name */
static gboolean
profile_slot (const gchar * name, guint * n)
{
  const GstTvHwVirtualProfile *profiles, *profile;
  guint n_profiles;

  profile = gst_tv_hw_virtual_profile_find (name);
  if (profile == NULL)
    return FALSE;
  profiles = gst_tv_hw_virtual_profiles (&n_profiles);
  *n = GST_TV_HW_VIRTUAL_MAX_CARDS + (guint) (profile - profiles);
  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_get:
 * @n: the card number
 *
 * Returns: (transfer none) (nullable): card @n, created at its power-on
 * defaults the first time; %NULL when @n is not below
 * %GST_TV_HW_VIRTUAL_MAX_CARDS
 */
GstTvHwVirtualCard *
gst_tv_hw_virtual_card_get (guint n)
{
  if (n >= GST_TV_HW_VIRTUAL_MAX_CARDS)
    return NULL;
  return card_get_slot (n);
}

/**
 * gst_tv_hw_virtual_card_get_profile:
 * @name: a driver profile's name, "usbtv"
 *
 * Returns: (transfer none) (nullable): the card at "virtual:@name",
 * created at its profile's power-on the first time; %NULL when there is no
 * such profile
 */
GstTvHwVirtualCard *
gst_tv_hw_virtual_card_get_profile (const gchar * name)
{
  guint n;

  if (!profile_slot (name, &n))
    return NULL;
  return card_get_slot (n);
}

/* the card in slot @n: a generic card below GST_TV_HW_VIRTUAL_MAX_CARDS,
 * a profile's card from there on */
static GstTvHwVirtualCard *
card_get_slot (guint n)
{
  GstTvHwVirtualCard *card;
  guint n_profiles;

  g_return_val_if_fail (n < GST_TV_HW_VIRTUAL_N_SLOTS, NULL);

  debug_init ();

  g_mutex_lock (&cards_lock);
  card = cards[n];
  if (card == NULL) {
    card = g_new0 (GstTvHwVirtualCard, 1);
    card->index = n;
    card->at = n;
    if (n >= GST_TV_HW_VIRTUAL_MAX_CARDS)
      card->profile = &gst_tv_hw_virtual_profiles (&n_profiles)[n -
          GST_TV_HW_VIRTUAL_MAX_CARDS];
    g_mutex_init (&card->lock);
    g_cond_init (&card->cond);
    node_init (&card->cap, V4L2_BUF_TYPE_VIDEO_CAPTURE);
    node_init (&card->out, V4L2_BUF_TYPE_VIDEO_OUTPUT);
    node_init (&card->vbi_cap, V4L2_BUF_TYPE_VBI_CAPTURE);
    node_init (&card->vbi_out, V4L2_BUF_TYPE_SLICED_VBI_OUTPUT);
    g_queue_init (&card->vbi_loop);
    card->gen = gst_tv_hw_virtual_gen_new ();
    card->vbi = gst_tv_hw_virtual_vbi_new ();
    power_on (card);
    cards[n] = card;
    GST_INFO ("virtual card %u created", n);
  }
  g_mutex_unlock (&cards_lock);

  return card;
}

/**
 * gst_tv_hw_virtual_card_reset:
 * @card: a card
 *
 * Puts the card back to its power-on defaults (see tvhw-virtual.h), on
 * both nodes.
 *
 * Returns: FALSE (and changes nothing) while a handle is open on it
 */
gboolean
gst_tv_hw_virtual_card_reset (GstTvHwVirtualCard * card)
{
  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  if (card->open_count > 0) {
    GST_WARNING ("card %u: not reset, %u handle(s) open", card->index,
        card->open_count);
    g_mutex_unlock (&card->lock);
    return FALSE;
  }
  power_on (card);
  GST_DEBUG ("card %u: reset", card->index);
  g_mutex_unlock (&card->lock);
  /* back at its own location */
  g_mutex_lock (&cards_lock);
  card->at = card->index;
  g_mutex_unlock (&cards_lock);

  return TRUE;
}

/**
 * gst_tv_hw_virtual_shutdown:
 *
 * Frees every card that has no open handle, so that leak checkers see a
 * clean exit. A card still open is left alone (and reported).
 */
void
gst_tv_hw_virtual_shutdown (void)
{
  guint i;

  g_mutex_lock (&cards_lock);
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_SLOTS; i++) {
    GstTvHwVirtualCard *card = cards[i];

    if (card == NULL)
      continue;
    if (card->open_count > 0) {
      GST_WARNING ("card %u still has %u open handle(s), not freed", i,
          card->open_count);
      continue;
    }
    gst_tv_hw_virtual_out_free (card);
    gst_tv_hw_virtual_gen_free (card->gen);
    gst_tv_hw_virtual_vbi_free (card->vbi);
    gst_tv_hw_virtual_vbi_nodes_free (card);
    g_mutex_clear (&card->lock);
    g_cond_clear (&card->cond);
    g_free (card);
    cards[i] = NULL;
  }
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_SLOTS; i++)
    g_clear_pointer (&card_nodes[i], g_free);
  g_mutex_unlock (&cards_lock);
}

/**
 * gst_tv_hw_virtual_card_set_node:
 * @card: a card
 * @path: (nullable): a device file, "/dev/video5"; %NULL to forget it
 *
 * Test hook: @card also answers at @path, as if a kernel driver had made
 * that node, for tests of code that finds nodes elsewhere (udev, mocked by
 * umockdev) and then opens them.
 */
void
gst_tv_hw_virtual_card_set_node (GstTvHwVirtualCard * card, const gchar * path)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (path == NULL || !gst_tv_hw_location_is_virtual (path));

  g_mutex_lock (&cards_lock);
  g_free (card_nodes[card->index]);
  card_nodes[card->index] = g_strdup (path);
  g_mutex_unlock (&cards_lock);
}

/* the card that answers at the device file @location, or -1 */
static gint
find_node (const gchar * location)
{
  gint i, found = -1;

  g_mutex_lock (&cards_lock);
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_SLOTS && found < 0; i++) {
    if (g_strcmp0 (card_nodes[i], location) == 0)
      found = i;
  }
  g_mutex_unlock (&cards_lock);
  return found;
}

/**
 * gst_tv_hw_virtual_is_node:
 * @location: a device string
 *
 * Returns: whether a card answers at @location through
 * gst_tv_hw_virtual_card_set_node()
 */
gboolean
gst_tv_hw_virtual_is_node (const gchar * location)
{
  return location != NULL && find_node (location) >= 0;
}

/* card->lock held, released here: after a test changed what the capture
 * node makes, the frames due by now follow the new setting, and whoever
 * waits on the card sees it at once */
static void
cap_changed_unlock (GstTvHwVirtualCard * card)
{
  gst_tv_hw_virtual_node_update (card, &card->cap);
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_set_pacing:
 * @card: a card
 * @pacing: when frames become ready, on both nodes
 *
 * Best changed while not streaming: REALTIME after FREERUN waits until the
 * clock catches up with the timestamps already given out.
 */
void
gst_tv_hw_virtual_card_set_pacing (GstTvHwVirtualCard * card,
    GstTvHwVirtualPacing pacing)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (pacing <= GST_TV_HW_VIRTUAL_PACING_MANUAL);

  g_mutex_lock (&card->lock);
  card->pacing = pacing;
  cap_changed_unlock (card);
}

/**
 * gst_tv_hw_virtual_card_emit_frames:
 * @card: a card in MANUAL pacing
 * @n: how many frame periods pass now
 *
 * Advances both nodes by @n frame periods, the output node first in each
 * period. Capture: each frame goes into the oldest queued buffer; without
 * one it is dropped, and its sequence number is skipped. Output: each
 * period displays the oldest queued buffer; without one the picture on
 * screen repeats, and the sequence number still advances. A node that is
 * not streaming is left alone; nothing happens unless the card is in
 * MANUAL pacing.
 */
void
gst_tv_hw_virtual_card_emit_frames (GstTvHwVirtualCard * card, guint n)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  if (card->pacing != GST_TV_HW_VIRTUAL_PACING_MANUAL) {
    GST_WARNING ("card %u: emit_frames needs MANUAL pacing", card->index);
  } else {
    gst_tv_hw_virtual_queue_emit (card, n);
  }
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_frames_taken:
 * @card: a card in MANUAL pacing
 *
 * Whether the application has taken what the last
 * gst_tv_hw_virtual_card_emit_frames() call produced and waits for more:
 * a capture handle is blocked in its poll, with no frame to dequeue, and
 * began that wait after the call. An application that handles each
 * frame in the thread that polls (a source's streaming thread) has then
 * finished with those frames, pushed them or thrown them away; a test
 * emits the next frame only then, never while the last is still on its
 * way, however slowly the machine runs. The card's time stands still
 * between two calls while the pipeline's clock goes on: a source with
 * fillers (signal-loss=repeat or black) puts one in for a frame emitted
 * more than a period and its filler delay late on that clock, so a test
 * that wants exactly the card's frames on a loaded machine sets
 * signal-loss=wait. In the other pacings, while the
 * card makes no frames (no signal), it says the same of the frames it
 * made before: all taken.
 *
 * Returns: %TRUE when the emitted frames are taken
 */
gboolean
gst_tv_hw_virtual_card_frames_taken (GstTvHwVirtualCard * card)
{
  gboolean taken;

  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  taken = card->cap_blocked > 0 &&
      card->cap_blocked_serial == card->emit_serial &&
      g_queue_is_empty (&card->cap.done);
  g_mutex_unlock (&card->lock);

  return taken;
}

/**
 * gst_tv_hw_virtual_card_set_inputs:
 * @card: a card
 * @inputs: (array length=n_inputs) (nullable): the new inputs (copied)
 * @n_inputs: 0 .. %GST_TV_HW_VIRTUAL_MAX_INPUTS
 *
 * Replaces the card's inputs; input 0 becomes the current one and the
 * standard is adjusted to what it accepts. No inputs at all make a broken
 * driver: ENUMINPUT lists nothing, S_INPUT fails with EINVAL, G_INPUT
 * answers 0 and the frames are snow.
 *
 * Returns: FALSE (nothing changed) for an invalid list, or while capture
 * buffers are allocated (vb2_is_busy)
 */
gboolean
gst_tv_hw_virtual_card_set_inputs (GstTvHwVirtualCard * card,
    const GstTvHwVirtualInput * inputs, guint n_inputs)
{
  guint i;

  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (inputs != NULL || n_inputs == 0, FALSE);

  if (n_inputs > GST_TV_HW_VIRTUAL_MAX_INPUTS)
    return FALSE;
  for (i = 0; i < n_inputs; i++) {
    if (inputs[i].name == NULL || (inputs[i].type != V4L2_INPUT_TYPE_TUNER
            && inputs[i].type != V4L2_INPUT_TYPE_CAMERA))
      return FALSE;
    /* only audio inputs that exist */
    if (inputs[i].audioset >> GST_TV_HW_VIRTUAL_N_AUDIO_INPUTS)
      return FALSE;
  }

  g_mutex_lock (&card->lock);
  if (card->cap.n_buffers > 0) {
    g_mutex_unlock (&card->lock);
    return FALSE;
  }
  set_inputs_locked (card, inputs, n_inputs);
  GST_DEBUG ("card %u: %u inputs", card->index, n_inputs);
  g_mutex_unlock (&card->lock);

  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_set_signal:
 * @card: a card
 * @index: an input
 * @signal_std: the standard on the connector, 0 for no signal; on a
 *   tuner input the antenna: the standard of the local stations of the
 *   channel plan, 0 for no antenna
 *
 * Takes effect at once, also while streaming (the next frames are snow).
 * While the output loops to the input, the loop wins.
 *
 * Returns: FALSE when @index is not an input
 */
gboolean
gst_tv_hw_virtual_card_set_signal (GstTvHwVirtualCard * card, guint index,
    v4l2_std_id signal_std)
{
  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  if (index >= card->n_inputs) {
    g_mutex_unlock (&card->lock);
    return FALSE;
  }
  card->inputs[index].signal_std = signal_std;
  GST_DEBUG ("card %u: signal on input %u: 0x%" G_GINT64_MODIFIER "x",
      card->index, index, (guint64) signal_std);
  g_mutex_unlock (&card->lock);

  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_get_open_count:
 * @card: a card
 *
 * Returns: the number of handles open on it now, on both nodes
 */
guint
gst_tv_hw_virtual_card_get_open_count (GstTvHwVirtualCard * card)
{
  guint n;

  g_return_val_if_fail (card != NULL, 0);

  g_mutex_lock (&card->lock);
  n = card->open_count;
  g_mutex_unlock (&card->lock);

  return n;
}

/**
 * gst_tv_hw_virtual_card_set_no_signal_frames:
 * @card: a card
 * @deliver: TRUE (the power-on default): a frame period without a picture
 *   (no signal, lost lock, the tuner off a station) still fills a buffer
 *   with snow, as most analog decoders do; FALSE: it fills nothing and
 *   the sequence number advances, as a decoder that stops without sync
 *
 * Either way ENUMINPUT reports the input's V4L2_IN_ST_* bits. In FREERUN
 * pacing no time passes while no frame comes: the sequence number stays.
 */
void
gst_tv_hw_virtual_card_set_no_signal_frames (GstTvHwVirtualCard * card,
    gboolean deliver)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->cap);
  card->no_signal_frames = deliver;
  cap_changed_unlock (card);
}

/**
 * gst_tv_hw_virtual_card_set_input_status:
 * @card: a card
 * @index: an input
 * @status: V4L2_IN_ST_* bits to report on top of the input's own status,
 *   0 for none
 *
 * The bits win over the signal and the loop: a lock or signal bit
 * (NO_POWER, NO_SIGNAL, NO_H_LOCK, NO_V_LOCK, NO_SYNC, NO_EQU, NO_CARRIER)
 * turns the picture into snow and QUERYSTD into 0, a colour bit (NO_COLOR,
 * COLOR_KILL) takes the colour out of it; the others (MACROVISION,
 * NO_ACCESS, ...) are only reported. Takes effect at once, also while
 * streaming. set_inputs() and reset clear them.
 *
 * Returns: FALSE when @index is not an input
 */
gboolean
gst_tv_hw_virtual_card_set_input_status (GstTvHwVirtualCard * card,
    guint index, guint32 status)
{
  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  if (index >= card->n_inputs) {
    g_mutex_unlock (&card->lock);
    return FALSE;
  }
  gst_tv_hw_virtual_node_update (card, &card->cap);
  card->forced_status[index] = status;
  GST_DEBUG ("card %u: status of input %u forced to 0x%08x", card->index,
      index, status);
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);

  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_drop_frames:
 * @card: a card
 * @n: how many capture frame periods deliver nothing, from the next one
 *   on (added to any still pending)
 *
 * The frames are lost as by an overrun: the queued buffers stay queued and
 * the sequence number advances, so the application sees a gap. Frame
 * periods that have no buffer anyway count too. In FREERUN pacing the
 * frames are dropped as soon as a buffer is queued.
 */
void
gst_tv_hw_virtual_card_drop_frames (GstTvHwVirtualCard * card, guint n)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->cap);
  card->drop_frames += n;
  cap_changed_unlock (card);
}

/**
 * gst_tv_hw_virtual_card_set_stamps:
 * @card: a card
 * @stamps: how the capture node stamps its frames from the next one on
 * @offset_us: added to the stamps of OFFSET, REALTIME and STUCK
 * @timestamp_flags: the V4L2_BUF_FLAG_TIMESTAMP_* clock the capture
 *   buffers claim (V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC at power-on), and
 *   V4L2_BUF_FLAG_TSTAMP_SRC_SOE for stamps of a frame's start (else
 *   V4L2_BUF_FLAG_TSTAMP_SRC_EOF, its end)
 *
 * A test knob for a driver whose timestamps lie; see
 * #GstTvHwVirtualStamps. STUCK repeats the stamp of the first frame taken
 * after the call. Only the video capture node's stamps change: the
 * frames, their timing and the VBI node's stamps stay as they are.
 */
void
gst_tv_hw_virtual_card_set_stamps (GstTvHwVirtualCard * card,
    GstTvHwVirtualStamps stamps, gint64 offset_us, guint32 timestamp_flags)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (stamps <= GST_TV_HW_VIRTUAL_STAMPS_STUCK);
  g_return_if_fail ((timestamp_flags & ~(V4L2_BUF_FLAG_TIMESTAMP_MASK |
              V4L2_BUF_FLAG_TSTAMP_SRC_MASK)) == 0);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->cap);
  card->stamps = stamps;
  card->stamp_offset_us = offset_us;
  card->stamp_flags = timestamp_flags;
  card->have_stuck = FALSE;
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_corrupt_frames:
 * @card: a card
 * @n: how many of the next captured frames are corrupted (added to any
 *   still pending)
 *
 * vivid's inject_v4l2_buf_flag_error: DQBUF returns such a buffer
 * normally (no errno), with V4L2_BUF_FLAG_ERROR in its flags, as vb2 does
 * for a buffer the driver finished in VB2_BUF_STATE_ERROR. The picture
 * and sequence number are those of the frame.
 */
void
gst_tv_hw_virtual_card_corrupt_frames (GstTvHwVirtualCard * card, guint n)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->cap);
  card->corrupt_frames += n;
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_inject_frame_faults:
 * @card: a card
 * @fault: what goes wrong
 * @n: how many of the next captured frames get it (added to any still
 *   pending)
 *
 * Short or empty frames (bytesused below the format's sizeimage, or 0),
 * or a bogus buffer index from DQBUF; see #GstTvHwVirtualFrameFault.
 */
void
gst_tv_hw_virtual_card_inject_frame_faults (GstTvHwVirtualCard * card,
    GstTvHwVirtualFrameFault fault, guint n)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (fault < GST_TV_HW_VIRTUAL_N_FRAME_FAULTS);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->cap);
  card->frame_faults[fault] += n;
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_set_sequence:
 * @card: a card
 * @sequence: the sequence number of the next captured frame
 * @once: %TRUE: that frame alone (a bogus number); %FALSE: the counter
 *   jumps and counts on from @sequence
 *
 * A driver's sequence counter going wrong, or wrapping around when
 * @sequence is close to G_MAXUINT32. Timestamps are not affected: they
 * still count the frame periods since STREAMON.
 */
void
gst_tv_hw_virtual_card_set_sequence (GstTvHwVirtualCard * card,
    guint32 sequence, gboolean once)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_node_update (card, &card->cap);
  if (once) {
    card->seq_once = TRUE;
    card->seq_once_value = sequence;
  } else {
    card->seq_jump = TRUE;
    card->seq_jump_to = sequence;
  }
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_set_formats:
 * @card: a card
 * @fourccs: (array length=n_fourccs) (nullable): V4L2 pixel formats
 * @n_fourccs: 0 .. %GST_TV_HW_VIRTUAL_MAX_FORMATS
 *
 * What ENUM_FMT lists on both nodes, from index 0: any fourcc (a format
 * the elements do not handle, such as MJPG), or nothing at all. TRY_FMT
 * and S_FMT are not affected: they answer YUYV or UYVY.
 *
 * Returns: FALSE (nothing changed) for too many formats or a fourcc 0
 */
gboolean
gst_tv_hw_virtual_card_set_formats (GstTvHwVirtualCard * card,
    const guint32 * fourccs, guint n_fourccs)
{
  guint i;

  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (fourccs != NULL || n_fourccs == 0, FALSE);

  if (n_fourccs > GST_TV_HW_VIRTUAL_MAX_FORMATS)
    return FALSE;
  for (i = 0; i < n_fourccs; i++)
    if (fourccs[i] == 0)
      return FALSE;

  g_mutex_lock (&card->lock);
  for (i = 0; i < n_fourccs; i++)
    card->formats[i] = fourccs[i];
  card->n_formats = n_fourccs;
  g_mutex_unlock (&card->lock);

  return TRUE;
}

/**
 * gst_tv_hw_virtual_card_set_n_outputs:
 * @card: a card
 * @n_outputs: 0 .. %GST_TV_HW_VIRTUAL_N_OUTPUTS
 *
 * Keeps only the first @n_outputs of the card's fixed outputs; the
 * current output goes back to 0.
 *
 * Returns: FALSE (nothing changed) for too many, or while output buffers
 * are allocated
 */
gboolean
gst_tv_hw_virtual_card_set_n_outputs (GstTvHwVirtualCard * card,
    guint n_outputs)
{
  gboolean ret = FALSE;

  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  if (n_outputs <= GST_TV_HW_VIRTUAL_N_OUTPUTS && card->out.n_buffers == 0) {
    card->n_outputs = n_outputs;
    card->output = 0;
    ret = TRUE;
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

/**
 * gst_tv_hw_virtual_card_set_output_std:
 * @card: a card
 * @index: an output
 * @std: the standards it accepts, 0 for none
 *
 * The output standard is narrowed to @std when @index is the current
 * output, as S_OUTPUT does.
 *
 * Returns: FALSE (nothing changed) when @index is not an output, or while
 * output buffers are allocated
 */
gboolean
gst_tv_hw_virtual_card_set_output_std (GstTvHwVirtualCard * card,
    guint index, v4l2_std_id std)
{
  gboolean ret = FALSE;

  g_return_val_if_fail (card != NULL, FALSE);

  g_mutex_lock (&card->lock);
  if (index < card->n_outputs && card->out.n_buffers == 0) {
    card->out_stds[index] = std;
    if (index == card->output)
      card->out.std = gst_tv_hw_virtual_std_narrow (card->out.std, std);
    ret = TRUE;
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

/* card->lock held */
gboolean
gst_tv_hw_virtual_faults_hit (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node)
{
  switch (card->fault_nodes) {
    case GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES:
      return !gst_tv_hw_virtual_node_is_vbi (card, node);
    case GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES:
      return gst_tv_hw_virtual_node_is_vbi (card, node);
    default:
      return TRUE;
  }
}

/* card->lock held: consumes a pending fault, returns -errno or 0 */
gint
gst_tv_hw_virtual_take_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node, GstTvHwVirtualFault fault)
{
  gint err = card->faults[fault];

  if (err == 0)
    return 0;
  /* a call on a node the faults do not hit leaves them pending */
  if (node != NULL && !gst_tv_hw_virtual_faults_hit (card, node))
    return 0;
  card->fault_hits[fault]++;
  if (card->fault_repeats[fault] > 0)
    card->fault_repeats[fault]--;
  else
    card->faults[fault] = 0;
  GST_DEBUG ("card %u: injected fault %d: %s", card->index, fault,
      g_strerror (err));
  return -err;
}

/* takes card->lock, then a pending @fault: where a setter the faults can
 * make fail starts */
gint
gst_tv_hw_virtual_lock_take_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node, GstTvHwVirtualFault fault)
{
  g_mutex_lock (&card->lock);
  return gst_tv_hw_virtual_take_fault (card, node, fault);
}

/* --- ports: the inputs and audio inputs of the capture node, the
 * outputs and audio outputs of the output node; a VBI node has those of
 * the video node of its direction --- */

/* card->lock held: the current input (@output FALSE) or output, and how
 * many there are */
static guint *
current_port (GstTvHwVirtualCard * card, gboolean output, guint * n_ports)
{
  *n_ports = output ? card->n_outputs : card->n_inputs;
  return output ? &card->output : &card->input;
}

gint
gst_tv_hw_virtual_port_get (GstTvHwDevice * dev, guint32 * index)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint n_ports;

  g_mutex_lock (&card->lock);
  *index = *current_port (card, IS_OUTPUT (dev), &n_ports);
  g_mutex_unlock (&card->lock);

  return 0;
}

gint
gst_tv_hw_virtual_port_switch (GstTvHwDevice * dev, guint32 index)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gboolean output = IS_OUTPUT (dev);
  GstTvHwVirtualNode *node = output ? &card->out : &card->cap;
  guint *current, n_ports;
  gint ret;

  ret = gst_tv_hw_virtual_lock_take_fault (card, node, output ?
      GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT : GST_TV_HW_VIRTUAL_FAULT_S_INPUT);
  current = current_port (card, output, &n_ports);
  if (ret == 0 && index >= n_ports)
    ret = -EINVAL;
  /* the current port again changes nothing, busy or not */
  if (ret == 0 && index != *current) {
    if (queues_busy (card, node) && (card->profile == NULL ||
            card->profile->s_input_busy)) {
      ret = -EBUSY;
    } else {
      *current = index;
      if (output)
        gst_tv_hw_virtual_out_switched (card);
      else
        gst_tv_hw_virtual_cap_switched (card);
    }
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

/* card->lock held: the audio inputs that go with the current input, or
 * the audio outputs with the current output, and the current audio port */
static guint32
audio_ports (GstTvHwVirtualCard * card, gboolean output, guint ** current)
{
  if (output) {
    *current = &card->audio_output;
    return gst_tv_hw_virtual_out_audioset (card);
  }
  *current = &card->audio_input;
  return card->inputs[card->input].audioset;
}

gint
gst_tv_hw_virtual_audio_get (GstTvHwDevice * dev, guint32 * index)
{
  GstTvHwVirtualCard *card = CARD (dev);
  guint *current;
  gint ret = 0;

  g_mutex_lock (&card->lock);
  /* a port without audio has no current audio port (vivid) */
  if (audio_ports (card, IS_OUTPUT (dev), &current) == 0)
    ret = -EINVAL;
  else
    *index = *current;
  g_mutex_unlock (&card->lock);

  return ret;
}

gint
gst_tv_hw_virtual_audio_set (GstTvHwDevice * dev, guint32 index,
    const GstTvHwVirtualAudioPort * ports, guint n_ports)
{
  GstTvHwVirtualCard *card = CARD (dev);
  gboolean output = IS_OUTPUT (dev);
  guint *current;
  gint ret = 0;

  if (index >= n_ports)
    return -EINVAL;

  g_mutex_lock (&card->lock);
  /* only an audio port that goes with the current input or output (what
   * v4l2-compliance checks) */
  if (!(audio_ports (card, output, &current) & (1u << index))) {
    ret = -EINVAL;
  } else {
    *current = index;
    GST_DEBUG ("card %u: audio %s %u (%s)", card->index,
        output ? "output" : "input", index, ports[index].name);
  }
  g_mutex_unlock (&card->lock);

  return ret;
}

/* --- open, close, QUERYCAP --- */

/* "virtual" is card 0, "virtual:N" card N; anything else does not exist */
static gboolean
parse_location (const gchar * location, guint * n)
{
  const gchar *num;
  gchar *end = NULL;
  guint64 v;
  gint node = find_node (location);

  if (node >= 0) {
    *n = node;
    return TRUE;
  }
  if (g_strcmp0 (location, "virtual") == 0) {
    *n = 0;
    return TRUE;
  }
  if (!g_str_has_prefix (location, "virtual:"))
    return FALSE;
  num = location + strlen ("virtual:");
  /* "virtual:usbtv": a driver profile's card */
  if (profile_slot (num, n))
    return TRUE;
  if (!g_ascii_isdigit (*num))
    return FALSE;
  v = g_ascii_strtoull (num, &end, 10);
  if (end == NULL || *end != '\0' || v >= GST_TV_HW_VIRTUAL_MAX_CARDS)
    return FALSE;
  *n = (guint) v;
  return TRUE;
}

/* whether @card is plugged in now */
static gboolean
card_plugged (GstTvHwVirtualCard * card)
{
  gboolean plugged;

  g_mutex_lock (&card->lock);
  plugged = !card->unplugged;
  g_mutex_unlock (&card->lock);
  return plugged;
}

/* the card at location "virtual:@n": one plugged in there (by
 * replug_as) before one unplugged there; card @n itself, created on first
 * use, unless it moved elsewhere; NULL when the location is empty */
static GstTvHwVirtualCard *
card_at (guint n)
{
  GstTvHwVirtualCard *found = NULL;
  gboolean home_moved;
  guint i;

  g_mutex_lock (&cards_lock);
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_SLOTS; i++) {
    GstTvHwVirtualCard *card = cards[i];
    gboolean plugged;

    if (card == NULL || card->at != n)
      continue;
    plugged = card_plugged (card);
    if (found == NULL || plugged)
      found = card;
    if (plugged)
      break;
  }
  home_moved = cards[n] != NULL && cards[n]->at != n;
  g_mutex_unlock (&cards_lock);

  if (found == NULL && !home_moved)
    found = card_get_slot (n);
  return found;
}

/* the card that answers at @location now, NULL when none does (the
 * sound capture's open, tvhw-virtual-sound.c) */
GstTvHwVirtualCard *
gst_tv_hw_virtual_card_lookup (const gchar * location)
{
  guint n;

  debug_init ();
  if (!parse_location (location, &n))
    return NULL;
  return card_at (n);
}

/**
 * gst_tv_hw_virtual_card_replug_as:
 * @card: a card
 * @location: the number N of the location "virtual:N" it comes back at
 *
 * See tvhw-virtual.h.
 *
 * Returns: FALSE when @location is out of range or taken
 */
gboolean
gst_tv_hw_virtual_card_replug_as (GstTvHwVirtualCard * card, guint location)
{
  guint i;

  g_return_val_if_fail (card != NULL, FALSE);

  if (location >= GST_TV_HW_VIRTUAL_MAX_CARDS)
    return FALSE;
  g_mutex_lock (&cards_lock);
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_SLOTS; i++) {
    GstTvHwVirtualCard *other = cards[i];

    if (other == NULL || other == card || other->at != location)
      continue;
    if (card_plugged (other)) {
      g_mutex_unlock (&cards_lock);
      GST_WARNING ("card %u cannot come back at virtual:%u: card %u is "
          "plugged in there", card->index, location, other->index);
      return FALSE;
    }
  }
  card->at = location;
  g_mutex_unlock (&cards_lock);

  gst_tv_hw_virtual_card_replug (card);
  GST_INFO ("card %u is at virtual:%u", card->index, location);
  return TRUE;
}

/**
 * gst_tv_hw_virtual_list_locations:
 * @locations: (element-type utf8): where to add them
 *
 * See tvhw-virtual.h.
 */
void
gst_tv_hw_virtual_list_locations (GPtrArray * locations)
{
  gboolean at[GST_TV_HW_VIRTUAL_N_SLOTS] = { FALSE, };
  const GstTvHwVirtualProfile *profiles;
  guint i, n_profiles;

  g_mutex_lock (&cards_lock);
  for (i = 0; i < GST_TV_HW_VIRTUAL_N_SLOTS; i++) {
    if (cards[i] != NULL && card_plugged (cards[i]))
      at[cards[i]->at] = TRUE;
  }
  g_mutex_unlock (&cards_lock);

  for (i = 0; i < GST_TV_HW_VIRTUAL_MAX_CARDS; i++)
    if (at[i])
      g_ptr_array_add (locations, g_strdup_printf ("virtual:%u", i));
  /* a profile's card once it was used */
  profiles = gst_tv_hw_virtual_profiles (&n_profiles);
  for (i = GST_TV_HW_VIRTUAL_MAX_CARDS; i < GST_TV_HW_VIRTUAL_N_SLOTS; i++)
    if (at[i])
      g_ptr_array_add (locations, g_strdup_printf ("virtual:%s",
              profiles[i - GST_TV_HW_VIRTUAL_MAX_CARDS].name));
}

/* a card has two video nodes and two VBI nodes: the video capture kind
 * opens the capture node, the video output kind the output node, the VBI
 * capture kinds (raw, sliced) the VBI capture node and the VBI output
 * kinds the VBI output node, as /dev/video0, /dev/video1, /dev/vbi0 and
 * /dev/vbi1 of one vivid instance. A VBI node the card does not have
 * (set_vbi_nodes) is not there: ENOENT. A kind its node does not support
 * is refused by the core from QUERYCAP ("not a sliced VBI capture
 * device"). */
static gint
virtual_open (GstTvHwDevice * dev, const gchar * location, GstTvHwNodeKind kind)
{
  GstTvHwVirtualCard *card;
  GstTvHwVirtualHandle *handle;
  guint n;
  gint ret;

  debug_init ();

  if (!parse_location (location, &n)) {
    GST_DEBUG ("'%s' is no virtual card", location);
    return -ENOENT;
  }
  card = card_at (n);
  if (card == NULL) {
    GST_DEBUG ("'%s': the card moved to another location", location);
    return -ENOENT;
  }

  g_mutex_lock (&card->lock);
  card->fault_calls[GST_TV_HW_VIRTUAL_FAULT_OPEN]++;
  /* unplugged: the node is gone */
  if (card->unplugged) {
    g_mutex_unlock (&card->lock);
    return -ENOENT;
  }
  /* a driver profile has its capture node only */
  if (card->profile != NULL && !gst_tv_hw_node_kind_is_vbi (kind) &&
      gst_tv_hw_node_kind_is_output (kind)) {
    GST_DEBUG ("card %u (%s) has no output node", card->index,
        card->profile->name);
    g_mutex_unlock (&card->lock);
    return -ENOENT;
  }
  if (gst_tv_hw_node_kind_is_vbi (kind) &&
      gst_tv_hw_virtual_vbi_node_caps (card,
          gst_tv_hw_node_kind_is_output (kind)) == 0) {
    GST_DEBUG ("card %u has no %s node", card->index,
        gst_tv_hw_node_kind_is_output (kind) ? "VBI output" : "VBI capture");
    g_mutex_unlock (&card->lock);
    return -ENOENT;
  }
  ret = gst_tv_hw_virtual_take_fault (card, NULL, GST_TV_HW_VIRTUAL_FAULT_OPEN);
  if (ret < 0) {
    g_mutex_unlock (&card->lock);
    return ret;
  }
  handle = g_new0 (GstTvHwVirtualHandle, 1);
  handle->card = card;
  handle->generation = card->generation;
  handle->kind = kind;
  handle->mappings = g_hash_table_new (NULL, NULL);
  card->open_count++;
  GST_INFO ("card %u %s node opened (%u handle(s))", n,
      gst_tv_hw_virtual_node_name (card,
          gst_tv_hw_virtual_handle_node (handle)), card->open_count);
  g_mutex_unlock (&card->lock);

  dev->priv = handle;
  return 0;
}

static void
virtual_close (GstTvHwDevice * dev)
{
  GstTvHwVirtualHandle *handle = dev->priv;
  GstTvHwVirtualCard *card;

  if (handle == NULL)
    return;
  card = handle->card;

  g_mutex_lock (&card->lock);
  gst_tv_hw_virtual_queue_release_handle (card, handle);
  card->open_count--;
  GST_INFO ("card %u closed (%u handle(s) left)", card->index,
      card->open_count);
  g_mutex_unlock (&card->lock);

  g_hash_table_unref (handle->mappings);
  g_free (handle);
  dev->priv = NULL;
}

static gint
virtual_querycap (GstTvHwDevice * dev, struct v4l2_capability *cap)
{
  guint n = CARD (dev)->index;
  const GstTvHwVirtualProfile *profile = CARD (dev)->profile;
  guint32 tuner, out_caps, cap_caps, vbi_out_caps, vbi_cap_caps;

  memset (cap, 0, sizeof (*cap));
  if (profile != NULL) {
    /* the driver's names; the bus and port of usb_make_path() (the PCI
     * slot of pci_name()) are the card's own */
    g_strlcpy ((gchar *) cap->driver, profile->driver, sizeof (cap->driver));
    g_strlcpy ((gchar *) cap->card, profile->card, sizeof (cap->card));
    g_snprintf ((gchar *) cap->bus_info, sizeof (cap->bus_info),
        "%svirtual-%u", profile->bus_prefix, n);
    cap->version = VIRTUAL_VERSION;
    cap->device_caps = profile->device_caps;
    cap->capabilities = profile->device_caps | V4L2_CAP_DEVICE_CAPS;
    return 0;
  }
  g_strlcpy ((gchar *) cap->driver, VIRTUAL_DRIVER, sizeof (cap->driver));
  g_snprintf ((gchar *) cap->card, sizeof (cap->card), "Virtual TV card %u", n);
  g_snprintf ((gchar *) cap->bus_info, sizeof (cap->bus_info),
      "platform:virtual-%u", n);
  cap->version = VIRTUAL_VERSION;
  /* the node's own caps; capabilities are those of the whole card. Both
   * nodes have audio; the capture node has a tuner while an input is a
   * tuner input, the output node always has its modulator. */
  g_mutex_lock (&CARD (dev)->lock);
  tuner = gst_tv_hw_virtual_tuner_present (CARD (dev)) ? V4L2_CAP_TUNER : 0;
  vbi_out_caps = gst_tv_hw_virtual_vbi_node_caps (CARD (dev), TRUE);
  vbi_cap_caps = gst_tv_hw_virtual_vbi_node_caps (CARD (dev), FALSE);
  g_mutex_unlock (&CARD (dev)->lock);
  out_caps = V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_MODULATOR | V4L2_CAP_AUDIO |
      V4L2_CAP_STREAMING;
  cap_caps = V4L2_CAP_VIDEO_CAPTURE | tuner | V4L2_CAP_AUDIO |
      V4L2_CAP_STREAMING;
  /* a VBI node has the inputs (outputs) of its video node */
  if (vbi_out_caps)
    vbi_out_caps |= V4L2_CAP_MODULATOR | V4L2_CAP_AUDIO | V4L2_CAP_STREAMING;
  if (vbi_cap_caps)
    vbi_cap_caps |= tuner | V4L2_CAP_AUDIO | V4L2_CAP_STREAMING;
  if (gst_tv_hw_node_kind_is_vbi (HANDLE (dev)->kind))
    cap->device_caps = IS_OUTPUT (dev) ? vbi_out_caps : vbi_cap_caps;
  else
    cap->device_caps = IS_OUTPUT (dev) ? out_caps : cap_caps;
  cap->capabilities = out_caps | cap_caps | vbi_out_caps | vbi_cap_caps |
      V4L2_CAP_DEVICE_CAPS;

  return 0;
}

/* --- the operations: a node answers ENOTTY to the other node's ioctls,
 * as the V4L2 core does for a vivid node (v4l2_disable_ioctl) --- */

/* the operations only the capture node or only the output node has, done
 * by gst_tv_hw_virtual_*() (tvhw-virtual-cap.c, tvhw-virtual-out.c, the
 * ports above) */

static gint
virtual_enum_input (GstTvHwDevice * dev, struct v4l2_input *arg)
{
  if (IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_enum_input (dev, arg);
}

static gint
virtual_g_input (GstTvHwDevice * dev, guint32 * arg)
{
  if (IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_port_get (dev, arg);
}

static gint
virtual_s_input (GstTvHwDevice * dev, guint32 arg)
{
  if (IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_port_switch (dev, arg);
}

static gint
virtual_querystd (GstTvHwDevice * dev, v4l2_std_id * arg)
{
  if (IS_OUTPUT (dev) || PROFILE_LACKS (dev, querystd))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_querystd (dev, arg);
}

static gint
virtual_enumaudio (GstTvHwDevice * dev, struct v4l2_audio *arg)
{
  if (IS_OUTPUT (dev) || PROFILE_LACKS (dev, v4l2_audio))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_enumaudio (dev, arg);
}

static gint
virtual_g_audio (GstTvHwDevice * dev, struct v4l2_audio *arg)
{
  if (IS_OUTPUT (dev) || PROFILE_LACKS (dev, v4l2_audio))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_g_audio (dev, arg);
}

static gint
virtual_s_audio (GstTvHwDevice * dev, const struct v4l2_audio *arg)
{
  if (IS_OUTPUT (dev) || PROFILE_LACKS (dev, v4l2_audio))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_s_audio (dev, arg);
}

static gint
virtual_g_selection (GstTvHwDevice * dev, struct v4l2_selection *sel)
{
  if (PROFILE_LACKS (dev, cropcap))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_g_selection (dev, sel);
}

static gint
virtual_s_selection (GstTvHwDevice * dev, struct v4l2_selection *sel)
{
  if (PROFILE_LACKS (dev, cropcap))
    return -ENOTTY;
  return gst_tv_hw_virtual_cap_s_selection (dev, sel);
}

static gint
virtual_enum_output (GstTvHwDevice * dev, struct v4l2_output *arg)
{
  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_out_enum_output (dev, arg);
}

static gint
virtual_g_output (GstTvHwDevice * dev, guint32 * arg)
{
  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_port_get (dev, arg);
}

static gint
virtual_s_output (GstTvHwDevice * dev, guint32 arg)
{
  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_port_switch (dev, arg);
}

static gint
virtual_enumaudout (GstTvHwDevice * dev, struct v4l2_audioout *arg)
{
  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_out_enumaudout (dev, arg);
}

static gint
virtual_g_audout (GstTvHwDevice * dev, struct v4l2_audioout *arg)
{
  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_out_g_audout (dev, arg);
}

static gint
virtual_s_audout (GstTvHwDevice * dev, const struct v4l2_audioout *arg)
{
  if (!IS_OUTPUT (dev))
    return -ENOTTY;
  return gst_tv_hw_virtual_out_s_audout (dev, arg);
}

/* every node of a card answers at the card's location: the kind chooses
 * the node. A node the card does not have, or that lacks @kind's
 * capability, is not found. */
static gint
virtual_find_node (GstTvHwDevice * video, GstTvHwNodeKind kind,
    gchar ** location)
{
  GstTvHwVirtualCard *card = CARD (video);
  guint32 caps;

  g_mutex_lock (&card->lock);
  caps = gst_tv_hw_virtual_vbi_node_caps (card,
      gst_tv_hw_node_kind_is_output (kind));
  g_mutex_unlock (&card->lock);

  if (!(caps & gst_tv_hw_node_kind_capability (kind))) {
    GST_DEBUG ("card %u has no %s node", card->index,
        gst_tv_hw_node_kind_name (kind));
    return -ENOENT;
  }
  *location = g_strdup (video->location);
  return 0;
}

/* the driver; the core sees it through the gates of
 * tvhw-virtual-faults.c (gst_tv_hw_virtual_ops) */
const GstTvHwOps gst_tv_hw_virtual_driver_ops = {
  .name = "virtual",
  .open = virtual_open,
  .close = virtual_close,
  .querycap = virtual_querycap,

  .enum_input = virtual_enum_input,
  .g_input = virtual_g_input,
  .s_input = virtual_s_input,
  .enum_output = virtual_enum_output,
  .g_output = virtual_g_output,
  .s_output = virtual_s_output,

  .enumstd = virtual_enumstd,
  .g_std = virtual_g_std,
  .s_std = virtual_s_std,
  .querystd = virtual_querystd,

  .enum_fmt = virtual_enum_fmt,
  .g_fmt = virtual_g_fmt,
  .s_fmt = virtual_s_fmt,
  .try_fmt = virtual_try_fmt,
  .cropcap = virtual_cropcap,
  .g_parm = virtual_g_parm,
  .g_selection = virtual_g_selection,
  .s_selection = virtual_s_selection,

  /* tvhw-virtual-ctrls.c, tvhw-virtual-tuner.c: each answers ENOTTY on
   * the node that has no such thing */
  .queryctrl = gst_tv_hw_virtual_ctrls_queryctrl,
  .querymenu = gst_tv_hw_virtual_ctrls_querymenu,
  .g_ctrl = gst_tv_hw_virtual_ctrls_g_ctrl,
  .s_ctrl = gst_tv_hw_virtual_ctrls_s_ctrl,
  .g_tuner = gst_tv_hw_virtual_tuner_g_tuner,
  .s_tuner = gst_tv_hw_virtual_tuner_s_tuner,
  .g_modulator = gst_tv_hw_virtual_tuner_g_modulator,
  .s_modulator = gst_tv_hw_virtual_tuner_s_modulator,
  .g_frequency = gst_tv_hw_virtual_tuner_g_frequency,
  .s_frequency = gst_tv_hw_virtual_tuner_s_frequency,

  .enumaudio = virtual_enumaudio,
  .g_audio = virtual_g_audio,
  .s_audio = virtual_s_audio,
  .enumaudout = virtual_enumaudout,
  .g_audout = virtual_g_audout,
  .s_audout = virtual_s_audout,

  .reqbufs = gst_tv_hw_virtual_queue_reqbufs,
  .querybuf = gst_tv_hw_virtual_queue_querybuf,
  .qbuf = gst_tv_hw_virtual_queue_qbuf,
  .dqbuf = gst_tv_hw_virtual_queue_dqbuf,
  .streamon = gst_tv_hw_virtual_queue_streamon,
  .streamoff = gst_tv_hw_virtual_queue_streamoff,

  .mmap = gst_tv_hw_virtual_queue_mmap,
  .munmap = gst_tv_hw_virtual_queue_munmap,
  .poll = gst_tv_hw_virtual_queue_poll,
  .interrupt = gst_tv_hw_virtual_queue_interrupt,
  .g_sliced_vbi_cap = gst_tv_hw_virtual_vbi_g_sliced_vbi_cap,
  .find_node = virtual_find_node,
};
