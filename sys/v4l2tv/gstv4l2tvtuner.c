/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstTvTuner interface of v4l2tvsrc and v4l2tvsink.
 *
 * One implementation on the shared GstV4l2TvObject, like sys/v4l2's
 * gstv4l2tuner.c. The channels are the card's inputs (v4l2tvsrc) or
 * outputs (v4l2tvsink), built when the device opens: a tuner input or a
 * modulator output has GST_TV_TUNER_CHANNEL_FREQUENCY and its range from
 * G_TUNER / G_MODULATOR, a port with an audioset
 * GST_TV_TUNER_CHANNEL_AUDIO. The norms are what ENUMSTD lists for the
 * current port, read the first time a port is selected; a norm object
 * stands for one standard and is shared by the ports that list it, so
 * norm-changed means the standard changed.
 *
 * Selection goes the way of the elements' properties
 * (gst_v4l2_tv_object_request_port/_norm()): from READY on the card is
 * programmed at once, and set_channel() / set_norm() return FALSE (with a
 * warning) when it refuses; while streaming the switch is a request the
 * streaming thread carries out at the next frame, and the getters and the
 * properties say what is in force until it has. channel-changed and
 * norm-changed are emitted when a switch took effect on the card,
 * whichever way it was asked for. An explicit set_norm() replaces
 * norm=auto.
 *
 * Everything here holds the object's device lock (gstv4l2tvobject.h): the
 * channel and norm lists as much as the calls into the card. The lists
 * and objects the interface hands out come without a reference, so none
 * is ever freed or changed while the element lives (v4l2tv-kept.c): a
 * close drops them from the element's current state, a new open builds
 * new ones or finds the same ones kept, and an application that still
 * reads an old list from another thread reads valid memory. Frequencies
 * and signal strengths are read and set at once from the calling thread
 * (G/S_FREQUENCY and G_TUNER may be called while streaming); the
 * streaming thread of v4l2tvsrc reads the signal strength about twice a
 * second of stream and emits signal-changed when it changed.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gstv4l2tvtuner.h"
#include "v4l2tv-kept.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* how often the streaming thread reads the signal strength, in stream
 * time */
#define SIGNAL_POLL_INTERVAL (GST_SECOND / 2)

#define IS_CAPTURE(obj) (!gst_tv_hw_node_kind_is_output ((obj)->kind))
#define MHZ(hz) ((hz) / 1e6)

typedef struct
{
  GstTvTunerChannel *channel;
  v4l2_std_id stds;
  gboolean has_tuner;           /* tuner input, modulator output */
  guint32 tuner;                /* its tuner or modulator index */
  guint32 tuner_type;
  guint32 capability;
  gboolean norms_built;
  const GList *norms;           /* kept */
} Port;

struct _GstV4l2TvTuner
{
  GstV4l2TvObject *obj;         /* first: gst_v4l2_tv_object_new_part() */

  /* everything handed out: the channels, norms and their lists */
  GstV4l2TvKept *kept;
  gboolean open;
  Port *ports;                  /* their channels and norms kept */
  guint n_ports;
  const GList *channels;        /* kept: the ports' channels, in order */
  GList *all_norms;             /* the norms (kept) listed since opening */
  gint current;                 /* port index, -1 before the first apply */
  GstTvTunerNorm *norm;         /* current, NULL if none */
  gint strength;                /* last one read, -1 unknown */
  GstClockTime poll_elapsed;

  gulong frequency;             /* the property, 0: keep */
};

GstV4l2TvTuner *
gst_v4l2_tv_tuner_new (GstV4l2TvObject * obj)
{
  GstV4l2TvTuner *tuner =
      gst_v4l2_tv_object_new_part (obj, sizeof (GstV4l2TvTuner));

  tuner->kept = gst_v4l2_tv_kept_new ();
  tuner->current = -1;
  tuner->strength = -1;

  return tuner;
}

/* with the lock: the lists and objects handed out stay in tuner->kept */
static void
clear_unlocked (GstV4l2TvTuner * tuner)
{
  g_clear_pointer (&tuner->ports, g_free);
  tuner->n_ports = 0;
  tuner->channels = NULL;
  g_clear_pointer (&tuner->all_norms, g_list_free);
  tuner->open = FALSE;
  tuner->current = -1;
  tuner->norm = NULL;
  tuner->strength = -1;
  tuner->poll_elapsed = 0;
}

void
gst_v4l2_tv_tuner_free (GstV4l2TvTuner * tuner)
{
  clear_unlocked (tuner);
  gst_v4l2_tv_kept_free (tuner->kept);
  g_free (tuner);
}

/* --- building the channels and norms --- */

static GstTvTunerChannel *
channel_new (GstV4l2TvObject * obj, guint32 index, const gchar * name,
    Port * port, gboolean audio, guint64 low, guint64 high)
{
  GstTvTunerChannelFlags flags = IS_CAPTURE (obj) ?
      GST_TV_TUNER_CHANNEL_INPUT : GST_TV_TUNER_CHANNEL_OUTPUT;
  gdouble step = 62500.0;

  if (audio)
    flags |= GST_TV_TUNER_CHANNEL_AUDIO;
  if (!port->has_tuner)
    return gst_tv_tuner_channel_new (name, flags, index);

  flags |= GST_TV_TUNER_CHANNEL_FREQUENCY;
  if (port->capability & V4L2_TUNER_CAP_1HZ)
    step = 1.0;
  else if (port->capability & V4L2_TUNER_CAP_LOW)
    step = 62.5;

  return g_object_new (GST_TYPE_TV_TUNER_CHANNEL, "label", name,
      "flags", flags, "index", index, "freq-multiplicator", step,
      "min-frequency", (gulong) MIN (low, G_MAXULONG),
      "max-frequency", (gulong) MIN (high, G_MAXULONG),
      "min-signal", 0, "max-signal", IS_CAPTURE (obj) ?
      GST_TV_TUNER_SIGNAL_MAX : 0, NULL);
}

/* the tuner (capture) or modulator (output) of a port: its range in Hz */
static gboolean
query_tuner (GstV4l2TvObject * obj, Port * port, guint64 * low,
    guint64 * high, GError ** error)
{
  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);
  if (IS_CAPTURE (obj)) {
    struct v4l2_tuner t;

    memset (&t, 0, sizeof (t));
    if (!gst_tv_hw_device_get_tuner (obj->dev, port->tuner, &t, error))
      return FALSE;
    port->tuner_type = t.type;
    port->capability = t.capability;
    *low = gst_tv_hw_frequency_to_hz (t.rangelow, t.capability);
    *high = gst_tv_hw_frequency_to_hz (t.rangehigh, t.capability);
  } else {
    struct v4l2_modulator m;

    memset (&m, 0, sizeof (m));
    if (!gst_tv_hw_device_get_modulator (obj->dev, port->tuner, &m, error))
      return FALSE;
    port->tuner_type = V4L2_TUNER_ANALOG_TV;
    port->capability = m.capability;
    *low = gst_tv_hw_frequency_to_hz (m.rangelow, m.capability);
    *high = gst_tv_hw_frequency_to_hz (m.rangehigh, m.capability);
  }
  return TRUE;
}

/* whether two channels say the same: a channel of an earlier open is
 * handed out again for the same port */
static gboolean
same_channel (gpointer a, gpointer b)
{
  return g_strcmp0 (gst_tv_tuner_channel_get_label (a),
      gst_tv_tuner_channel_get_label (b)) == 0 &&
      gst_tv_tuner_channel_get_flags (a) == gst_tv_tuner_channel_get_flags (b)
      && gst_tv_tuner_channel_get_index (a) ==
      gst_tv_tuner_channel_get_index (b) &&
      gst_tv_tuner_channel_get_freq_multiplicator (a) ==
      gst_tv_tuner_channel_get_freq_multiplicator (b) &&
      gst_tv_tuner_channel_get_min_frequency (a) ==
      gst_tv_tuner_channel_get_min_frequency (b) &&
      gst_tv_tuner_channel_get_max_frequency (a) ==
      gst_tv_tuner_channel_get_max_frequency (b) &&
      gst_tv_tuner_channel_get_min_signal (a) ==
      gst_tv_tuner_channel_get_min_signal (b) &&
      gst_tv_tuner_channel_get_max_signal (a) ==
      gst_tv_tuner_channel_get_max_signal (b);
}

/* whether two norms say the same */
static gboolean
same_norm (gpointer a, gpointer b)
{
  gint a_n, a_d, b_n, b_d;

  gst_tv_tuner_norm_get_framerate (a, &a_n, &a_d);
  gst_tv_tuner_norm_get_framerate (b, &b_n, &b_d);
  return g_strcmp0 (gst_tv_tuner_norm_get_label (a),
      gst_tv_tuner_norm_get_label (b)) == 0 &&
      gst_tv_tuner_norm_get_std_id (a) == gst_tv_tuner_norm_get_std_id (b) &&
      a_n == b_n && a_d == b_d;
}

/* with the lock, just opened: the port and standard the card is on, so
 * that the lists and the current channel and norm are there before the
 * element selects anything */
static void build_norms_unlocked (GstV4l2TvObject * obj, Port * port);
static GstTvTunerNorm *find_norm (Port * port, v4l2_std_id std);
static gint read_strength_unlocked (GstV4l2TvObject * obj, Port * port);

static void
current_from_card_unlocked (GstV4l2TvObject * obj)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GError) err = NULL;
  v4l2_std_id std = 0;
  guint32 index = 0;
  gboolean ok;
  Port *port;

  if (tuner->n_ports == 0)
    return;
  if (IS_CAPTURE (obj))
    ok = gst_tv_hw_device_get_input (obj->dev, &index, &err);
  else
    ok = gst_tv_hw_device_get_output (obj->dev, &index, &err);
  if (!ok) {
    GST_DEBUG_OBJECT (obj->element, "current port: %s", err->message);
    g_clear_error (&err);
    index = 0;
  }
  if (index >= tuner->n_ports)
    index = 0;
  port = &tuner->ports[index];
  build_norms_unlocked (obj, port);
  if (port->stds != 0 && !gst_tv_hw_device_get_std (obj->dev, &std, &err)) {
    GST_DEBUG_OBJECT (obj->element, "G_STD: %s", err->message);
    std = 0;
  }
  tuner->current = index;
  tuner->norm = find_norm (port, std);
  tuner->strength = read_strength_unlocked (obj, port);
}

void
gst_v4l2_tv_tuner_opened (GstV4l2TvObject * obj)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GArray) ports = g_array_new (FALSE, TRUE, sizeof (Port));
  GList *channels = NULL;
  const GstV4l2TvPort *p;
  guint32 i;

  /* the channels are the object's ports (with the device lock: called
   * from gst_v4l2_tv_object_open()) */
  for (i = 0; (p = gst_v4l2_tv_object_get_port (obj, i)) != NULL; i++) {
    g_autoptr (GError) err = NULL;
    Port port = { NULL, };
    gboolean audio = p->audioset != 0;
    guint64 low = 0, high = 0;

    port.stds = p->stds;
    port.has_tuner = p->has_tuner;
    port.tuner = p->tuner;
    if (port.has_tuner && !query_tuner (obj, &port, &low, &high, &err)) {
      GST_WARNING_OBJECT (obj->element, "port %u '%s' has a tuner that "
          "does not answer: %s", i, p->name, err->message);
      port.has_tuner = FALSE;
    }
    port.channel = channel_new (obj, i, p->name, &port, audio, low, high);
    GST_DEBUG_OBJECT (obj->element, "channel %u '%s'%s%s", i, p->name,
        port.has_tuner ? ", tuner" : "", audio ? ", audio" : "");
    g_array_append_val (ports, port);
  }

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  clear_unlocked (tuner);
  tuner->n_ports = ports->len;
  tuner->ports = (Port *) g_array_free (g_steal_pointer (&ports), FALSE);
  for (i = 0; i < tuner->n_ports; i++) {
    tuner->ports[i].channel = gst_v4l2_tv_kept_object (tuner->kept,
        tuner->ports[i].channel, same_channel);
    channels = g_list_prepend (channels, tuner->ports[i].channel);
  }
  tuner->channels = gst_v4l2_tv_kept_list (tuner->kept,
      g_list_reverse (channels));
  tuner->open = TRUE;
  current_from_card_unlocked (obj);
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
}

void
gst_v4l2_tv_tuner_closing (GstV4l2TvObject * obj)
{
  GST_V4L2_TV_DEVICE_LOCK (obj);
  clear_unlocked (obj->tuner);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

/* with the lock: the norm object for one ENUMSTD entry, shared between
 * ports (and with earlier opens: kept) */
static GstTvTunerNorm *
norm_get_unlocked (GstV4l2TvTuner * tuner, const struct v4l2_standard *s)
{
  g_autofree gchar *name = GST_TV_HW_NAME (s->name);
  GstTvTunerNorm *norm;
  GList *l;

  for (l = tuner->all_norms; l; l = l->next) {
    norm = l->data;
    if (gst_tv_tuner_norm_get_std_id (norm) == s->id &&
        g_strcmp0 (gst_tv_tuner_norm_get_label (norm), name) == 0)
      return norm;
  }
  /* frameperiod is the time per frame: the rate is its inverse */
  norm = gst_tv_tuner_norm_new (name, s->frameperiod.denominator,
      MAX (s->frameperiod.numerator, 1), s->id);
  norm = gst_v4l2_tv_kept_object (tuner->kept, norm, same_norm);
  tuner->all_norms = g_list_append (tuner->all_norms, norm);
  return norm;
}

/* with the lock, the device on @port: its list is built, then handed out
 * and never changed */
static void
build_norms_unlocked (GstV4l2TvObject * obj, Port * port)
{
  GList *norms = NULL;
  guint32 i;

  port->norms_built = TRUE;
  if (port->stds == 0)
    return;
  for (i = 0;; i++) {
    g_autoptr (GError) err = NULL;
    struct v4l2_standard s;

    memset (&s, 0, sizeof (s));
    if (!gst_tv_hw_device_enum_std (obj->dev, i, &s, &err)) {
      if (err)
        GST_WARNING_OBJECT (obj->element, "ENUMSTD: %s", err->message);
      break;
    }
    norms = g_list_prepend (norms, norm_get_unlocked (obj->tuner, &s));
  }
  port->norms = gst_v4l2_tv_kept_list (obj->tuner->kept,
      g_list_reverse (norms));
}

/* the norm of @port for the card's standard @std: the one that is exactly
 * @std, else the first that covers it, else the first that overlaps */
static GstTvTunerNorm *
find_norm (Port * port, v4l2_std_id std)
{
  const GList *l;

  if (std == 0)
    return NULL;
  for (l = port->norms; l; l = l->next)
    if (gst_tv_tuner_norm_get_std_id (l->data) == std)
      return l->data;
  for (l = port->norms; l; l = l->next)
    if ((gst_tv_tuner_norm_get_std_id (l->data) & std) == std)
      return l->data;
  for (l = port->norms; l; l = l->next)
    if ((gst_tv_tuner_norm_get_std_id (l->data) & std) != 0)
      return l->data;
  return NULL;
}

/* with the lock: G_TUNER's signal of @port, -1 if it cannot be read */
static gint
read_strength_unlocked (GstV4l2TvObject * obj, Port * port)
{
  g_autoptr (GError) err = NULL;
  struct v4l2_tuner t;

  if (!IS_CAPTURE (obj) || !port->has_tuner)
    return -1;
  memset (&t, 0, sizeof (t));
  if (!gst_tv_hw_device_get_tuner (obj->dev, port->tuner, &t, &err)) {
    GST_DEBUG_OBJECT (obj->element, "G_TUNER: %s", err->message);
    return -1;
  }
  /* V4L2's 0..65535 is the interface's range */
  return CLAMP ((gint) t.signal, 0, GST_TV_TUNER_SIGNAL_MAX);
}

/* --- tuning --- */

/* a tuning problem: an error at start, a warning when live */
#define TUNE_ERROR GST_V4L2_TV_LIVE_ERROR
#define TUNE_HW_ERROR GST_V4L2_TV_LIVE_HW_ERROR

/*
 * Tunes the tuner (modulator) of port @index to @hz: S_FREQUENCY, then
 * G_FREQUENCY for what the card took. Emits frequency-changed and, when
 * the signal strength of the current input changed with it,
 * signal-changed. Posts an error (a warning when @live) and returns FALSE
 * if the port has no tuner, @hz is outside its range or the card refuses.
 */
static gboolean
tune (GstV4l2TvObject * obj, guint index, gulong hz, gboolean live)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GError) err = NULL;
  g_autoptr (GstTvTunerChannel) channel = NULL;
  g_autofree gchar *name = NULL;
  g_autofree gchar *location = NULL;
  gulong low, high, got_hz = 0;
  guint32 units, got = 0;
  gint strength = -1;
  gboolean strength_changed = FALSE;
  Port *port;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  if (!tuner->open || index >= tuner->n_ports) {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    GST_DEBUG_OBJECT (obj->element, "not open: not tuning");
    return FALSE;
  }
  port = &tuner->ports[index];
  channel = g_object_ref (port->channel);
  name = g_strdup (gst_tv_tuner_channel_get_label (channel));
  location = g_strdup (gst_tv_hw_device_get_location (obj->dev));
  low = gst_tv_tuner_channel_get_min_frequency (channel);
  high = gst_tv_tuner_channel_get_max_frequency (channel);

  if (!port->has_tuner)
    goto no_tuner;
  if (hz < low || hz > high)
    goto out_of_range;

  units = gst_tv_hw_frequency_from_hz (hz, port->capability);
  GST_DEBUG_OBJECT (obj->element, "tuning '%s' to %lu Hz (%u units)", name,
      hz, units);
  if (!gst_tv_hw_device_set_frequency (obj->dev, port->tuner,
          port->tuner_type, units, &err))
    goto set_failed;
  if (gst_tv_hw_device_get_frequency (obj->dev, port->tuner, &got, &err)) {
    got_hz = (gulong) MIN (gst_tv_hw_frequency_to_hz (got, port->capability),
        G_MAXULONG);
  } else {
    GST_DEBUG_OBJECT (obj->element, "G_FREQUENCY: %s", err->message);
    g_clear_error (&err);
    got_hz = hz;
  }
  if ((gint) index == tuner->current) {
    strength = read_strength_unlocked (obj, port);
    if (strength >= 0 && strength != tuner->strength) {
      strength_changed = tuner->strength >= 0;
      tuner->strength = strength;
      tuner->poll_elapsed = 0;
    }
  }
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  GST_INFO_OBJECT (obj->element, "'%s' tuned to %lu Hz, signal %d", name,
      got_hz, strength);
  gst_tv_tuner_frequency_changed (GST_TV_TUNER (obj->element), channel, got_hz);
  if (strength_changed)
    gst_tv_tuner_signal_changed (GST_TV_TUNER (obj->element), channel,
        strength);
  return TRUE;

  /* ERRORS */
no_tuner:
  {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    TUNE_ERROR (obj, live, SETTINGS,
        (IS_CAPTURE (obj) ?
            _("Input '%s' of device '%s' has no tuner, so no frequency can "
                "be set; select a tuner input or leave frequency unset.") :
            _("Output '%s' of device '%s' has no modulator, so no frequency "
                "can be set; select a modulator output or leave frequency "
                "unset."), name, location), ("%lu Hz asked for", hz));
    return FALSE;
  }
out_of_range:
  {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    TUNE_ERROR (obj, live, SETTINGS,
        (IS_CAPTURE (obj) ?
            _("Frequency %.3f MHz is outside the range of the tuner of input "
                "'%s' of device '%s': %.3f to %.3f MHz.") :
            _("Frequency %.3f MHz is outside the range of the modulator of "
                "output '%s' of device '%s': %.3f to %.3f MHz."), MHZ (hz),
            name, location, MHZ (low), MHZ (high)),
        ("%lu Hz, range %lu..%lu Hz", hz, low, high));
    return FALSE;
  }
set_failed:
  {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    TUNE_HW_ERROR (obj, live, err, SETTINGS,
        (_("Could not tune '%s' of device '%s' to %.3f MHz."), name,
            location, MHZ (hz)));
    return FALSE;
  }
}

void
gst_v4l2_tv_tuner_applied (GstV4l2TvObject * obj)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GstTvTunerChannel) channel = NULL;
  g_autoptr (GstTvTunerNorm) norm = NULL;
  gboolean channel_changed, norm_changed;
  gint index = obj->port_index;
  Port *port;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  if (!tuner->open || index >= (gint) tuner->n_ports) {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    return;
  }
  port = &tuner->ports[index];
  if (!port->norms_built)
    build_norms_unlocked (obj, port);

  channel_changed = index != tuner->current;
  norm = find_norm (port, obj->std);
  norm_changed = norm != NULL && norm != tuner->norm;
  tuner->current = index;
  tuner->norm = norm;
  if (norm)
    g_object_ref (norm);
  channel = g_object_ref (port->channel);
  if (channel_changed) {
    /* a new input starts a new signal history: no signal-changed for it */
    tuner->strength = read_strength_unlocked (obj, port);
    tuner->poll_elapsed = 0;
  }
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  GST_DEBUG_OBJECT (obj->element, "channel '%s'%s, norm %s%s",
      gst_tv_tuner_channel_get_label (channel),
      channel_changed ? " (changed)" : "",
      norm ? gst_tv_tuner_norm_get_label (norm) : "none",
      norm_changed ? " (changed)" : "");

  /* (the device provider's probe object has no interface) */
  if (!GST_IS_TV_TUNER (obj->element))
    return;
  if (channel_changed)
    gst_tv_tuner_channel_changed (GST_TV_TUNER (obj->element), channel);
  if (norm_changed)
    gst_tv_tuner_norm_changed (GST_TV_TUNER (obj->element), norm);
}

gboolean
gst_v4l2_tv_tuner_start (GstV4l2TvObject * obj)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  gulong frequency;
  gint index;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  frequency = tuner->frequency;
  index = tuner->current;
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  if (frequency == 0 || index < 0)
    return TRUE;
  return tune (obj, index, frequency, FALSE);
}

void
gst_v4l2_tv_tuner_poll_signal (GstV4l2TvObject * obj, GstClockTime duration)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GstTvTunerChannel) channel = NULL;
  gint strength;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  if (!tuner->open || tuner->current < 0 ||
      !tuner->ports[tuner->current].has_tuner || !IS_CAPTURE (obj)) {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    return;
  }
  tuner->poll_elapsed += GST_CLOCK_TIME_IS_VALID (duration) ?
      duration : SIGNAL_POLL_INTERVAL;
  if (tuner->poll_elapsed < SIGNAL_POLL_INTERVAL) {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    return;
  }
  tuner->poll_elapsed = 0;
  strength = read_strength_unlocked (obj, &tuner->ports[tuner->current]);
  if (strength < 0 || strength == tuner->strength) {
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    return;
  }
  tuner->strength = strength;
  channel = g_object_ref (tuner->ports[tuner->current].channel);
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  GST_DEBUG_OBJECT (obj->element, "signal strength of '%s' now %d",
      gst_tv_tuner_channel_get_label (channel), strength);
  gst_tv_tuner_signal_changed (GST_TV_TUNER (obj->element), channel, strength);
}

/* --- the frequency property --- */

void
gst_v4l2_tv_tuner_install_properties (GObjectClass * gobject_class,
    guint prop_id, GstTvHwNodeKind kind)
{
  /**
   * GstV4l2TvSrc:frequency:
   *
   * The frequency in Hz the tuner of the current input is tuned to when
   * the element starts, and at once when it is set while the element
   * runs (175250000 for channel E5 of western Europe, 67250000 for US
   * channel 4). The card rounds it to its tuning step (62.5 kHz for most
   * tuners). 0 keeps the tuner's frequency. An input without a tuner, or
   * a frequency outside the tuner's range, is an error at start that
   * names the range, and a warning when set while playing.
   *
   * The #GstTvTuner interface gives the same, with the frequency the card
   * took, the signal strength and the frequency-changed and
   * signal-changed signals.
   */
  if (!gst_tv_hw_node_kind_is_output (kind))
    g_object_class_install_property (gobject_class, prop_id,
        g_param_spec_ulong ("frequency", "Frequency",
            "Frequency in Hz to tune the current input's tuner to (e.g. "
            "175250000 for channel E5); 0 keeps the tuner's frequency. An "
            "input without a tuner or a frequency out of the tuner's range "
            "gives an error that names the range. Can be changed while "
            "playing", 0, G_MAXULONG, 0,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_PLAYING));
  /**
   * GstV4l2TvSink:frequency:
   *
   * The frequency in Hz of the RF modulator of the current output (an
   * output of type modulator), set when the element starts and at once
   * when set while it runs. 0 keeps the modulator's frequency. An output
   * without a modulator, or a frequency outside its range, is an error
   * at start and a warning while playing.
   */
  else
    g_object_class_install_property (gobject_class, prop_id,
        g_param_spec_ulong ("frequency", "Frequency",
            "Frequency in Hz of the current output's RF modulator (e.g. "
            "175250000 for channel E5); 0 keeps the modulator's frequency. "
            "An output without a modulator or a frequency out of its range "
            "gives an error that names the range. Can be changed while "
            "playing", 0, G_MAXULONG, 0,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_PLAYING));
}

void
gst_v4l2_tv_tuner_set_frequency_property (GstV4l2TvObject * obj,
    const GValue * value)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  gulong hz = g_value_get_ulong (value), old;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  old = tuner->frequency;
  tuner->frequency = hz;
  /* open: tuned at once; closed: when the device opens. A frequency the
   * card refuses (a warning said why) leaves what is in force. */
  if (tuner->open && tuner->current >= 0 && hz != 0 &&
      !tune (obj, tuner->current, hz, TRUE))
    tuner->frequency = old;
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

/* with the device lock: the frequency in Hz the tuner of port @index is
 * on, 0 if it has none or does not say */
static gulong
read_frequency_unlocked (GstV4l2TvObject * obj, gint index)
{
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GError) err = NULL;
  Port *port;
  guint32 units;

  if (!tuner->open || index < 0 || index >= (gint) tuner->n_ports ||
      !tuner->ports[index].has_tuner)
    return 0;
  port = &tuner->ports[index];
  if (!gst_tv_hw_device_get_frequency (obj->dev, port->tuner, &units, &err)) {
    GST_WARNING_OBJECT (obj->element, "G_FREQUENCY: %s", err->message);
    return 0;
  }
  return (gulong) MIN (gst_tv_hw_frequency_to_hz (units, port->capability),
      G_MAXULONG);
}

/* open, on a port with a tuner: what it is tuned to, as get_frequency()
 * says; else the value set (0: keep) */
void
gst_v4l2_tv_tuner_get_frequency_property (GstV4l2TvObject * obj, GValue * value)
{
  gulong hz;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  hz = read_frequency_unlocked (obj, obj->tuner->current);
  g_value_set_ulong (value, hz ? hz : obj->tuner->frequency);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

/* --- the interface --- */

/* with the lock: the port of @channel, -1 if it is not one of ours */
static gint
port_of_unlocked (GstV4l2TvTuner * tuner, GstTvTunerChannel * channel)
{
  guint i;

  for (i = 0; i < tuner->n_ports; i++)
    if (tuner->ports[i].channel == channel)
      return i;
  return -1;
}

static const GList *
gst_v4l2_tv_tuner_list_channels (GstTvTuner * element)
{
  GstV4l2TvTuner *tuner = gst_v4l2_tv_object_from_element (element)->tuner;
  const GList *ret;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  ret = tuner->channels;
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  return ret;
}

static GstTvTunerChannel *
gst_v4l2_tv_tuner_get_channel (GstTvTuner * element)
{
  GstV4l2TvTuner *tuner = gst_v4l2_tv_object_from_element (element)->tuner;
  GstTvTunerChannel *ret = NULL;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  if (tuner->open && tuner->current >= 0)
    ret = tuner->ports[tuner->current].channel;
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  return ret;
}

static gboolean
gst_v4l2_tv_tuner_set_channel (GstTvTuner * element,
    GstTvTunerChannel * channel)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autofree gchar *value = NULL;
  const gchar *label = gst_tv_tuner_channel_get_label (channel);
  gboolean ok;
  gint index;
  guint i, same = 0;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  index = port_of_unlocked (tuner, channel);
  for (i = 0; index >= 0 && i < tuner->n_ports; i++)
    if (g_ascii_strcasecmp (gst_tv_tuner_channel_get_label
            (tuner->ports[i].channel), label) == 0)
      same++;
  if (index < 0) {
    GST_V4L2_TV_DEVICE_UNLOCK (obj);
    goto not_ours;
  }

  /* the name, as a user would set it, unless another port has it too */
  value = same == 1 ? g_strdup (label) : g_strdup_printf ("%d", index);
  GST_DEBUG_OBJECT (element, "set_channel '%s': %s=%s", label,
      IS_CAPTURE (obj) ? "input" : "output", value);
  /* programmed now from READY on, or switched at the next frame */
  ok = gst_v4l2_tv_object_request_port (obj, value);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  if (ok)
    g_object_notify (G_OBJECT (element), IS_CAPTURE (obj) ? "input" : "output");
  return ok;

not_ours:
  GST_WARNING_OBJECT (element, "channel '%s' (%p) is not one of this "
      "element's (the device is not open, or it belongs to another element)",
      label, channel);
  return FALSE;
}

static const GList *
gst_v4l2_tv_tuner_list_norms (GstTvTuner * element)
{
  GstV4l2TvTuner *tuner = gst_v4l2_tv_object_from_element (element)->tuner;
  const GList *ret = NULL;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  if (tuner->open && tuner->current >= 0)
    ret = tuner->ports[tuner->current].norms;
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  return ret;
}

static GstTvTunerNorm *
gst_v4l2_tv_tuner_get_norm (GstTvTuner * element)
{
  GstV4l2TvTuner *tuner = gst_v4l2_tv_object_from_element (element)->tuner;
  GstTvTunerNorm *ret;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  ret = tuner->norm;
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  return ret;
}

static gboolean
gst_v4l2_tv_tuner_set_norm (GstTvTuner * element, GstTvTunerNorm * norm)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  GstV4l2TvTuner *tuner = obj->tuner;
  g_autoptr (GEnumClass) klass = g_type_class_ref (GST_TYPE_V4L2_TV_STANDARD);
  g_autofree gchar *port_name = NULL;
  g_autofree gchar *location = NULL;
  const gchar *label = gst_tv_tuner_norm_get_label (norm);
  guint64 id = gst_tv_tuner_norm_get_std_id (norm);
  gboolean ours, accepted = FALSE;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  ours = g_list_find (tuner->all_norms, norm) != NULL;
  if (ours && tuner->current >= 0) {
    Port *port = &tuner->ports[tuner->current];

    accepted = g_list_find ((GList *) port->norms, norm) != NULL;
    port_name = g_strdup (gst_tv_tuner_channel_get_label (port->channel));
    location = g_strdup (gst_tv_hw_device_get_location (obj->dev));
  }
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  if (!ours)
    goto not_ours;
  if (!accepted)
    goto not_accepted;
  if (g_enum_get_value (klass, (gint) id) == NULL || (guint64) (gint) id != id)
    goto no_value;

  GST_DEBUG_OBJECT (element, "set_norm '%s': norm=0x%" G_GINT64_MODIFIER
      "x", label, id);
  /* programmed now from READY on, or switched at the next frame; it
   * replaces norm=auto */
  if (!gst_v4l2_tv_object_request_norm (obj, id))
    return FALSE;
  g_object_notify (G_OBJECT (element), "norm");
  return TRUE;

  /* ERRORS */
not_ours:
  {
    GST_WARNING_OBJECT (element, "norm '%s' (%p) is not one of this "
        "element's (the device is not open, or it belongs to another "
        "element)", label, norm);
    return FALSE;
  }
not_accepted:
  {
    if (IS_CAPTURE (obj))
      GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS,
          (_("Input '%s' of device '%s' does not support norm %s."),
              port_name, location, label),
          ("norm 0x%" G_GINT64_MODIFIER "x is not in the current input's "
              "list", id));
    else
      GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS,
          (_("Output '%s' of device '%s' does not support norm %s."),
              port_name, location, label),
          ("norm 0x%" G_GINT64_MODIFIER "x is not in the current output's "
              "list", id));
    return FALSE;
  }
no_value:
  {
    GST_WARNING_OBJECT (element, "norm '%s' (0x%" G_GINT64_MODIFIER "x) "
        "has no value of the norm property", label, id);
    return FALSE;
  }
}

static gboolean
gst_v4l2_tv_tuner_set_frequency (GstTvTuner * element,
    GstTvTunerChannel * channel, gulong frequency)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  GstV4l2TvTuner *tuner = obj->tuner;
  gboolean current;
  gint index;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  index = port_of_unlocked (tuner, channel);
  current = index >= 0 && index == tuner->current;
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  if (index < 0) {
    GST_WARNING_OBJECT (element, "channel '%s' (%p) is not one of this "
        "element's", gst_tv_tuner_channel_get_label (channel), channel);
    return FALSE;
  }
  if (!tune (obj, index, frequency, TRUE))
    return FALSE;

  /* the property follows the current input's tuner */
  if (current) {
    GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
    tuner->frequency = frequency;
    GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);
    g_object_notify (G_OBJECT (element), "frequency");
  }
  return TRUE;
}

static gulong
gst_v4l2_tv_tuner_get_frequency (GstTvTuner * element,
    GstTvTunerChannel * channel)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  gulong ret;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  ret = read_frequency_unlocked (obj, port_of_unlocked (obj->tuner, channel));
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  return ret;
}

/* a modulator has no signal to measure: 0 */
static gint
gst_v4l2_tv_tuner_signal_strength (GstTvTuner * element,
    GstTvTunerChannel * channel)
{
  GstV4l2TvObject *obj = gst_v4l2_tv_object_from_element (element);
  GstV4l2TvTuner *tuner = obj->tuner;
  gint index, ret = -1;

  GST_V4L2_TV_DEVICE_LOCK (tuner->obj);
  index = port_of_unlocked (tuner, channel);
  if (index >= 0)
    ret = read_strength_unlocked (obj, &tuner->ports[index]);
  GST_V4L2_TV_DEVICE_UNLOCK (tuner->obj);

  return MAX (ret, 0);
}

void
gst_v4l2_tv_tuner_interface_init (gpointer g_iface, gpointer iface_data)
{
  GstTvTunerInterface *iface = g_iface;

  iface->list_channels = gst_v4l2_tv_tuner_list_channels;
  iface->set_channel = gst_v4l2_tv_tuner_set_channel;
  iface->get_channel = gst_v4l2_tv_tuner_get_channel;
  iface->list_norms = gst_v4l2_tv_tuner_list_norms;
  iface->set_norm = gst_v4l2_tv_tuner_set_norm;
  iface->get_norm = gst_v4l2_tv_tuner_get_norm;
  iface->set_frequency = gst_v4l2_tv_tuner_set_frequency;
  iface->get_frequency = gst_v4l2_tv_tuner_get_frequency;
  iface->signal_strength = gst_v4l2_tv_tuner_signal_strength;
}
