/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card, its instances, open/close,
 * VIDIOC_QUERYCAP, the operations table and the test-only configuration
 * API (tvhw-virtual.h). The capture ioctls are in tvhw-virtual-cap.c, the
 * picture generator in tvhw-virtual-gen.c; this split follows vivid's
 * vivid-core.c / vivid-vid-cap.c / vivid-tpg.
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

#define VIRTUAL_DRIVER "tvhw-virtual"
#define VIRTUAL_VERSION ((0 << 16) | (1 << 8) | 0)

static GMutex cards_lock;
static GstTvHwVirtualCard *cards[GST_TV_HW_VIRTUAL_MAX_CARDS];

/* the power-on inputs, documented in tvhw-virtual.h */
static const GstTvHwVirtualInput default_inputs[] = {
  {"Television", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0},
  {"Composite1", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_NTSC_M, 0},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0},
  {"Composite2", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, 0, 0},
};

static void
debug_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (tvhw_virtual_debug, "tvhw-virtual", 0,
        "v4l2tv virtual TV card");
    gst_tv_hw_virtual_cap_debug_init ();
    gst_tv_hw_virtual_gen_debug_init ();
    g_once_init_leave (&done, 1);
  }
}

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
  gst_tv_hw_virtual_cap_fix_std (card);
}

/* card->lock held, no handle open */
static void
power_on (GstTvHwVirtualCard * card)
{
  memset (card->faults, 0, sizeof (card->faults));
  card->pacing = power_on_pacing ();
  gst_tv_hw_virtual_cap_set_defaults (card);
  set_inputs_locked (card, default_inputs, G_N_ELEMENTS (default_inputs));
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
  GstTvHwVirtualCard *card;

  if (n >= GST_TV_HW_VIRTUAL_MAX_CARDS)
    return NULL;

  debug_init ();

  g_mutex_lock (&cards_lock);
  card = cards[n];
  if (card == NULL) {
    card = g_new0 (GstTvHwVirtualCard, 1);
    card->index = n;
    g_mutex_init (&card->lock);
    g_cond_init (&card->cond);
    g_queue_init (&card->queued);
    g_queue_init (&card->done);
    card->gen = gst_tv_hw_virtual_gen_new ();
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
 * Puts the card back to its power-on defaults (see tvhw-virtual.h).
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
  for (i = 0; i < GST_TV_HW_VIRTUAL_MAX_CARDS; i++) {
    GstTvHwVirtualCard *card = cards[i];

    if (card == NULL)
      continue;
    if (card->open_count > 0) {
      GST_WARNING ("card %u still has %u open handle(s), not freed", i,
          card->open_count);
      continue;
    }
    gst_tv_hw_virtual_gen_free (card->gen);
    g_mutex_clear (&card->lock);
    g_cond_clear (&card->cond);
    g_free (card);
    cards[i] = NULL;
  }
  g_mutex_unlock (&cards_lock);
}

/**
 * gst_tv_hw_virtual_card_set_pacing:
 * @card: a card
 * @pacing: when frames become ready
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
  gst_tv_hw_virtual_cap_pacing_changed (card);
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_emit_frames:
 * @card: a card in MANUAL pacing
 * @n: how many frames the card produces now
 *
 * Each frame goes into the oldest queued buffer; without one it is
 * dropped, and its sequence number is skipped. Does nothing when the card
 * is not streaming or not in MANUAL pacing.
 */
void
gst_tv_hw_virtual_card_emit_frames (GstTvHwVirtualCard * card, guint n)
{
  g_return_if_fail (card != NULL);

  g_mutex_lock (&card->lock);
  if (card->pacing != GST_TV_HW_VIRTUAL_PACING_MANUAL) {
    GST_WARNING ("card %u: emit_frames needs MANUAL pacing", card->index);
  } else {
    gst_tv_hw_virtual_cap_emit (card, n);
  }
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_set_inputs:
 * @card: a card
 * @inputs: (array length=n_inputs): the new inputs (copied)
 * @n_inputs: 1 .. %GST_TV_HW_VIRTUAL_MAX_INPUTS
 *
 * Replaces the card's inputs; input 0 becomes the current one and the
 * standard is adjusted to what it accepts.
 *
 * Returns: FALSE (nothing changed) for an invalid list, or while buffers
 * are allocated (vb2_is_busy)
 */
gboolean
gst_tv_hw_virtual_card_set_inputs (GstTvHwVirtualCard * card,
    const GstTvHwVirtualInput * inputs, guint n_inputs)
{
  guint i;

  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (inputs != NULL, FALSE);

  if (n_inputs == 0 || n_inputs > GST_TV_HW_VIRTUAL_MAX_INPUTS)
    return FALSE;
  for (i = 0; i < n_inputs; i++) {
    if (inputs[i].name == NULL || (inputs[i].type != V4L2_INPUT_TYPE_TUNER
            && inputs[i].type != V4L2_INPUT_TYPE_CAMERA))
      return FALSE;
  }

  g_mutex_lock (&card->lock);
  if (card->n_buffers > 0) {
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
 * @signal_std: the standard on the connector, 0 for no signal
 *
 * Takes effect at once, also while streaming (the next frames are snow).
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
 * gst_tv_hw_virtual_card_inject_fault:
 * @card: a card
 * @fault: where
 * @err: the errno (positive or negative) the next such call returns; 0
 *   cancels a pending fault
 */
void
gst_tv_hw_virtual_card_inject_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, gint err)
{
  g_return_if_fail (card != NULL);
  g_return_if_fail (fault < GST_TV_HW_VIRTUAL_N_FAULTS);

  g_mutex_lock (&card->lock);
  card->faults[fault] = ABS (err);
  /* a pending DQBUF fault makes poll report "ready" */
  g_cond_broadcast (&card->cond);
  g_mutex_unlock (&card->lock);
}

/**
 * gst_tv_hw_virtual_card_get_open_count:
 * @card: a card
 *
 * Returns: the number of handles open on it now
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

/* card->lock held: consumes a pending fault, returns -errno or 0 */
gint
gst_tv_hw_virtual_take_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault)
{
  gint err = card->faults[fault];

  if (err == 0)
    return 0;
  card->faults[fault] = 0;
  GST_DEBUG ("card %u: injected fault %d: %s", card->index, fault,
      g_strerror (err));
  return -err;
}

/* "virtual" is card 0, "virtual:N" card N; anything else does not exist */
static gboolean
parse_location (const gchar * location, guint * n)
{
  const gchar *num;
  gchar *end = NULL;
  guint64 v;

  if (g_strcmp0 (location, "virtual") == 0) {
    *n = 0;
    return TRUE;
  }
  if (!g_str_has_prefix (location, "virtual:"))
    return FALSE;
  num = location + strlen ("virtual:");
  if (!g_ascii_isdigit (*num))
    return FALSE;
  v = g_ascii_strtoull (num, &end, 10);
  if (end == NULL || *end != '\0' || v >= GST_TV_HW_VIRTUAL_MAX_CARDS)
    return FALSE;
  *n = (guint) v;
  return TRUE;
}

static gint
virtual_open (GstTvHwDevice * dev, const gchar * location,
    GstTvHwDirection direction)
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
  card = gst_tv_hw_virtual_card_get (n);

  g_mutex_lock (&card->lock);
  ret = gst_tv_hw_virtual_take_fault (card, GST_TV_HW_VIRTUAL_FAULT_OPEN);
  if (ret < 0) {
    g_mutex_unlock (&card->lock);
    return ret;
  }
  handle = g_new0 (GstTvHwVirtualHandle, 1);
  handle->card = card;
  handle->direction = direction;
  handle->mappings = g_hash_table_new (NULL, NULL);
  card->open_count++;
  GST_INFO ("card %u opened (%u handle(s))", n, card->open_count);
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
  gst_tv_hw_virtual_cap_release (card, handle);
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
  GstTvHwVirtualHandle *handle = dev->priv;
  guint n = handle->card->index;

  memset (cap, 0, sizeof (*cap));
  g_strlcpy ((gchar *) cap->driver, VIRTUAL_DRIVER, sizeof (cap->driver));
  g_snprintf ((gchar *) cap->card, sizeof (cap->card), "Virtual TV card %u", n);
  g_snprintf ((gchar *) cap->bus_info, sizeof (cap->bus_info),
      "platform:virtual-%u", n);
  cap->version = VIRTUAL_VERSION;
  /* the capture node only, for now: an output node is a later step */
  cap->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
  cap->capabilities = cap->device_caps | V4L2_CAP_DEVICE_CAPS;

  return 0;
}

const GstTvHwOps gst_tv_hw_virtual_ops = {
  .name = "virtual",
  .open = virtual_open,
  .close = virtual_close,
  .querycap = virtual_querycap,

  .enum_input = gst_tv_hw_virtual_cap_enum_input,
  .g_input = gst_tv_hw_virtual_cap_g_input,
  .s_input = gst_tv_hw_virtual_cap_s_input,

  .enumstd = gst_tv_hw_virtual_cap_enumstd,
  .g_std = gst_tv_hw_virtual_cap_g_std,
  .s_std = gst_tv_hw_virtual_cap_s_std,
  .querystd = gst_tv_hw_virtual_cap_querystd,

  .enum_fmt = gst_tv_hw_virtual_cap_enum_fmt,
  .g_fmt = gst_tv_hw_virtual_cap_g_fmt,
  .s_fmt = gst_tv_hw_virtual_cap_s_fmt,
  .try_fmt = gst_tv_hw_virtual_cap_try_fmt,
  .cropcap = gst_tv_hw_virtual_cap_cropcap,
  .g_parm = gst_tv_hw_virtual_cap_g_parm,

  .reqbufs = gst_tv_hw_virtual_cap_reqbufs,
  .querybuf = gst_tv_hw_virtual_cap_querybuf,
  .qbuf = gst_tv_hw_virtual_cap_qbuf,
  .dqbuf = gst_tv_hw_virtual_cap_dqbuf,
  .streamon = gst_tv_hw_virtual_cap_streamon,
  .streamoff = gst_tv_hw_virtual_cap_streamoff,

  .mmap = gst_tv_hw_virtual_cap_mmap,
  .munmap = gst_tv_hw_virtual_cap_munmap,
  .poll = gst_tv_hw_virtual_cap_poll,
  .interrupt = gst_tv_hw_virtual_cap_interrupt,
};
