/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the public tuner interface library (gst/tuner): the
 * channel and norm objects, every interface wrapper against a small
 * implementation in this file, the signals, the lookup helpers, argument
 * checks, and the coexistence of our type names with gst-plugins-good's
 * private GstTuner in one process.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/tuner/tuner.h>

#define MHZ(x) ((gulong) ((x) * 1000000.0))
#define STEP 62500              /* V4L2's 62.5 kHz unit */
#define STATION MHZ (175.25)    /* the one frequency with a signal */

/* ----------------------------------------------------------------------
 * TestTuner: a complete implementation over a fake card with a tuner, a
 * composite and an S-Video input and two norms
 * ---------------------------------------------------------------------- */

#define TEST_TYPE_TUNER (test_tuner_get_type ())
G_DECLARE_FINAL_TYPE (TestTuner, test_tuner, TEST, TUNER, GObject);

struct _TestTuner
{
  GObject parent;

  GList *channels;
  GList *norms;
  GstTvTunerChannel *channel;
  GstTvTunerNorm *norm;
  gulong frequency;
  gint strength;
};

static void test_tuner_iface_init (GstTvTunerInterface * iface);

G_DEFINE_TYPE_WITH_CODE (TestTuner, test_tuner, G_TYPE_OBJECT,
    G_IMPLEMENT_INTERFACE (GST_TYPE_TV_TUNER, test_tuner_iface_init));

static void
test_tuner_finalize (GObject * object)
{
  TestTuner *self = TEST_TUNER (object);

  g_list_free_full (self->channels, g_object_unref);
  g_list_free_full (self->norms, g_object_unref);

  G_OBJECT_CLASS (test_tuner_parent_class)->finalize (object);
}

static void
test_tuner_class_init (TestTunerClass * klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_tuner_finalize;
}

static void
test_tuner_init (TestTuner * self)
{
  GstTvTunerChannel *tv;

  tv = g_object_new (GST_TYPE_TV_TUNER_CHANNEL, "label", "Television",
      "flags", GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY |
      GST_TV_TUNER_CHANNEL_AUDIO, "index", 0, "freq-multiplicator",
      (gdouble) STEP, "min-frequency", MHZ (44), "max-frequency", MHZ (958),
      "min-signal", 0, "max-signal", GST_TV_TUNER_SIGNAL_MAX, NULL);
  self->channels = g_list_append (NULL, tv);
  self->channels = g_list_append (self->channels,
      gst_tv_tuner_channel_new ("Composite1", GST_TV_TUNER_CHANNEL_INPUT, 1));
  self->channels = g_list_append (self->channels,
      gst_tv_tuner_channel_new ("S-Video", GST_TV_TUNER_CHANNEL_INPUT, 2));
  self->norms = g_list_append (NULL,
      gst_tv_tuner_norm_new ("PAL", 25, 1, 0xff));
  self->norms = g_list_append (self->norms,
      gst_tv_tuner_norm_new ("NTSC-M", 30000, 1001, 0x1000));

  self->channel = tv;
  self->norm = self->norms->data;
  self->frequency = MHZ (44);
  self->strength = 0;
}

static const GList *
test_tuner_list_channels (GstTvTuner * tuner)
{
  return TEST_TUNER (tuner)->channels;
}

static gboolean
test_tuner_set_channel (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  TestTuner *self = TEST_TUNER (tuner);

  if (!g_list_find (self->channels, channel))
    return FALSE;
  self->channel = channel;
  gst_tv_tuner_channel_changed (tuner, channel);
  return TRUE;
}

static GstTvTunerChannel *
test_tuner_get_channel (GstTvTuner * tuner)
{
  return TEST_TUNER (tuner)->channel;
}

static const GList *
test_tuner_list_norms (GstTvTuner * tuner)
{
  return TEST_TUNER (tuner)->norms;
}

static gboolean
test_tuner_set_norm (GstTvTuner * tuner, GstTvTunerNorm * norm)
{
  TestTuner *self = TEST_TUNER (tuner);

  if (!g_list_find (self->norms, norm))
    return FALSE;
  self->norm = norm;
  gst_tv_tuner_norm_changed (tuner, norm);
  return TRUE;
}

static GstTvTunerNorm *
test_tuner_get_norm (GstTvTuner * tuner)
{
  return TEST_TUNER (tuner)->norm;
}

static gboolean
test_tuner_set_frequency (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gulong frequency)
{
  TestTuner *self = TEST_TUNER (tuner);
  gint strength;

  if (!g_list_find (self->channels, channel))
    return FALSE;
  if (frequency < gst_tv_tuner_channel_get_min_frequency (channel) ||
      frequency > gst_tv_tuner_channel_get_max_frequency (channel))
    return FALSE;

  /* the card tunes in steps of STEP Hz */
  self->frequency = frequency / STEP * STEP;
  gst_tv_tuner_frequency_changed (tuner, channel, self->frequency);

  strength = self->frequency == STATION ? GST_TV_TUNER_SIGNAL_MAX : 0;
  if (strength != self->strength) {
    self->strength = strength;
    gst_tv_tuner_signal_changed (tuner, channel, strength);
  }
  return TRUE;
}

static gulong
test_tuner_get_frequency (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  return TEST_TUNER (tuner)->frequency;
}

static gint
test_tuner_signal_strength (GstTvTuner * tuner, GstTvTunerChannel * channel)
{
  return TEST_TUNER (tuner)->strength;
}

static void
test_tuner_iface_init (GstTvTunerInterface * iface)
{
  iface->list_channels = test_tuner_list_channels;
  iface->set_channel = test_tuner_set_channel;
  iface->get_channel = test_tuner_get_channel;
  iface->list_norms = test_tuner_list_norms;
  iface->set_norm = test_tuner_set_norm;
  iface->get_norm = test_tuner_get_norm;
  iface->set_frequency = test_tuner_set_frequency;
  iface->get_frequency = test_tuner_get_frequency;
  iface->signal_strength = test_tuner_signal_strength;
}

/* ----------------------------------------------------------------------
 * TestEmptyTuner: implements the interface but none of its functions
 * ---------------------------------------------------------------------- */

#define TEST_TYPE_EMPTY_TUNER (test_empty_tuner_get_type ())
G_DECLARE_FINAL_TYPE (TestEmptyTuner, test_empty_tuner, TEST, EMPTY_TUNER,
    GObject);

struct _TestEmptyTuner
{
  GObject parent;
};

static void
test_empty_tuner_iface_init (GstTvTunerInterface * iface)
{
}

G_DEFINE_TYPE_WITH_CODE (TestEmptyTuner, test_empty_tuner, G_TYPE_OBJECT,
    G_IMPLEMENT_INTERFACE (GST_TYPE_TV_TUNER, test_empty_tuner_iface_init));

static void
test_empty_tuner_class_init (TestEmptyTunerClass * klass)
{
}

static void
test_empty_tuner_init (TestEmptyTuner * self)
{
}

/* ----------------------------------------------------------------------
 * signal recording
 * ---------------------------------------------------------------------- */

typedef struct
{
  guint count;
  gpointer object;              /* channel or norm of the last emission */
  gulong frequency;
  gint strength;
} Record;

static void
on_object_changed (GstTvTuner * tuner, gpointer object, Record * r)
{
  fail_unless (GST_IS_TV_TUNER (tuner));
  r->count++;
  r->object = object;
}

static void
on_frequency_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gulong frequency, Record * r)
{
  fail_unless (GST_IS_TV_TUNER (tuner));
  r->count++;
  r->object = channel;
  r->frequency = frequency;
}

static void
on_signal_changed (GstTvTuner * tuner, GstTvTunerChannel * channel,
    gint strength, Record * r)
{
  fail_unless (GST_IS_TV_TUNER (tuner));
  r->count++;
  r->object = channel;
  r->strength = strength;
}

static void
on_channel_frequency_changed (GstTvTunerChannel * channel, gulong frequency,
    Record * r)
{
  r->count++;
  r->object = channel;
  r->frequency = frequency;
}

static void
on_channel_signal_changed (GstTvTunerChannel * channel, gint strength,
    Record * r)
{
  r->count++;
  r->object = channel;
  r->strength = strength;
}

/* ----------------------------------------------------------------------
 * tests
 * ---------------------------------------------------------------------- */

GST_START_TEST (test_type_names)
{
  GType flags_type = GST_TYPE_TV_TUNER_CHANNEL_FLAGS;
  GFlagsClass *fc;
  GType *prereqs;
  gpointer iface;
  guint n;

  fail_unless_equals_string (g_type_name (GST_TYPE_TV_TUNER), "GstTvTuner");
  fail_unless_equals_string (g_type_name (GST_TYPE_TV_TUNER_CHANNEL),
      "GstTvTunerChannel");
  fail_unless_equals_string (g_type_name (GST_TYPE_TV_TUNER_NORM),
      "GstTvTunerNorm");
  fail_unless_equals_string (g_type_name (flags_type),
      "GstTvTunerChannelFlags");

  fail_unless (G_TYPE_IS_INTERFACE (GST_TYPE_TV_TUNER));
  prereqs = g_type_interface_prerequisites (GST_TYPE_TV_TUNER, &n);
  fail_unless_equals_int (n, 1);
  fail_unless (prereqs[0] == G_TYPE_OBJECT);
  g_free (prereqs);

  fail_unless (G_TYPE_IS_FLAGS (flags_type));
  fc = g_type_class_ref (flags_type);
  fail_unless_equals_int (g_flags_get_value_by_nick (fc, "input")->value,
      GST_TV_TUNER_CHANNEL_INPUT);
  fail_unless_equals_int (g_flags_get_value_by_nick (fc, "output")->value,
      GST_TV_TUNER_CHANNEL_OUTPUT);
  fail_unless_equals_int (g_flags_get_value_by_nick (fc, "frequency")->value,
      GST_TV_TUNER_CHANNEL_FREQUENCY);
  fail_unless_equals_int (g_flags_get_value_by_nick (fc, "audio")->value,
      GST_TV_TUNER_CHANNEL_AUDIO);
  g_type_class_unref (fc);

  /* the interface's signals exist once it is initialised */
  iface = g_type_default_interface_ref (GST_TYPE_TV_TUNER);
  fail_unless (g_signal_lookup ("channel-changed", GST_TYPE_TV_TUNER) != 0);
  fail_unless (g_signal_lookup ("norm-changed", GST_TYPE_TV_TUNER) != 0);
  fail_unless (g_signal_lookup ("frequency-changed", GST_TYPE_TV_TUNER) != 0);
  fail_unless (g_signal_lookup ("signal-changed", GST_TYPE_TV_TUNER) != 0);
  g_type_default_interface_unref (iface);
}

GST_END_TEST;

GST_START_TEST (test_channel_object)
{
  GstTvTunerChannel *ch;
  gchar *label = NULL;
  GstTvTunerChannelFlags flags = 0;
  guint index = 0;
  gdouble mult = 0;
  gulong minf = 1, maxf = 1;
  gint mins = 1, maxs = 1;

  /* defaults of the simple constructor */
  ch = gst_tv_tuner_channel_new ("S-Video", GST_TV_TUNER_CHANNEL_INPUT, 2);
  fail_unless (GST_IS_TV_TUNER_CHANNEL (ch));
  fail_unless_equals_string (gst_tv_tuner_channel_get_label (ch), "S-Video");
  fail_unless_equals_int (gst_tv_tuner_channel_get_flags (ch),
      GST_TV_TUNER_CHANNEL_INPUT);
  fail_unless_equals_int (gst_tv_tuner_channel_get_index (ch), 2);
  fail_unless_equals_float (gst_tv_tuner_channel_get_freq_multiplicator (ch),
      1.0);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_min_frequency (ch), 0);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_max_frequency (ch), 0);
  fail_unless_equals_int (gst_tv_tuner_channel_get_min_signal (ch), 0);
  fail_unless_equals_int (gst_tv_tuner_channel_get_max_signal (ch),
      GST_TV_TUNER_SIGNAL_MAX);
  g_object_unref (ch);

  /* every construct property, read back as properties and by getters */
  ch = g_object_new (GST_TYPE_TV_TUNER_CHANNEL, "label", "Television",
      "flags", GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY,
      "index", 7, "freq-multiplicator", 62.5, "min-frequency", MHZ (44),
      "max-frequency", MHZ (958), "min-signal", 10, "max-signal", 20000, NULL);
  g_object_get (ch, "label", &label, "flags", &flags, "index", &index,
      "freq-multiplicator", &mult, "min-frequency", &minf, "max-frequency",
      &maxf, "min-signal", &mins, "max-signal", &maxs, NULL);
  fail_unless_equals_string (label, "Television");
  fail_unless_equals_int (flags,
      GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY);
  fail_unless_equals_int (index, 7);
  fail_unless_equals_float (mult, 62.5);
  fail_unless_equals_uint64 (minf, MHZ (44));
  fail_unless_equals_uint64 (maxf, MHZ (958));
  fail_unless_equals_int (mins, 10);
  fail_unless_equals_int (maxs, 20000);
  g_free (label);

  fail_unless_equals_int (gst_tv_tuner_channel_get_index (ch), 7);
  fail_unless_equals_float (gst_tv_tuner_channel_get_freq_multiplicator (ch),
      62.5);
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_min_frequency (ch),
      MHZ (44));
  fail_unless_equals_uint64 (gst_tv_tuner_channel_get_max_frequency (ch),
      MHZ (958));
  fail_unless_equals_int (gst_tv_tuner_channel_get_min_signal (ch), 10);
  fail_unless_equals_int (gst_tv_tuner_channel_get_max_signal (ch), 20000);

  /* the channel's own signals exist */
  fail_unless (g_signal_lookup ("frequency-changed",
          GST_TYPE_TV_TUNER_CHANNEL) != 0);
  fail_unless (g_signal_lookup ("signal-changed",
          GST_TYPE_TV_TUNER_CHANNEL) != 0);
  g_object_unref (ch);
}

GST_END_TEST;

GST_START_TEST (test_norm_object)
{
  GstTvTunerNorm *norm;
  GValue framerate = G_VALUE_INIT;
  gchar *label = NULL;
  guint64 std_id = 0;
  gint n = 0, d = 0;

  norm = gst_tv_tuner_norm_new ("NTSC-M", 30000, 1001, 0x1000);
  fail_unless (GST_IS_TV_TUNER_NORM (norm));
  fail_unless_equals_string (gst_tv_tuner_norm_get_label (norm), "NTSC-M");
  gst_tv_tuner_norm_get_framerate (norm, &n, &d);
  fail_unless_equals_int (n, 30000);
  fail_unless_equals_int (d, 1001);
  /* either out argument may be left out */
  n = d = 0;
  gst_tv_tuner_norm_get_framerate (norm, &n, NULL);
  gst_tv_tuner_norm_get_framerate (norm, NULL, &d);
  fail_unless_equals_int (n, 30000);
  fail_unless_equals_int (d, 1001);
  fail_unless_equals_uint64 (gst_tv_tuner_norm_get_std_id (norm), 0x1000);

  /* the framerate property is a GstFraction */
  g_value_init (&framerate, GST_TYPE_FRACTION);
  g_object_get_property (G_OBJECT (norm), "framerate", &framerate);
  fail_unless_equals_int (gst_value_get_fraction_numerator (&framerate), 30000);
  fail_unless_equals_int (gst_value_get_fraction_denominator (&framerate),
      1001);
  g_value_unset (&framerate);
  fail_unless (G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property
          (G_OBJECT_GET_CLASS (norm), "framerate")) == GST_TYPE_FRACTION);

  g_object_get (norm, "label", &label, "std-id", &std_id, NULL);
  fail_unless_equals_string (label, "NTSC-M");
  fail_unless_equals_uint64 (std_id, 0x1000);
  g_free (label);
  g_object_unref (norm);

  /* std-id uses all 64 bits */
  norm = gst_tv_tuner_norm_new ("ALL", 25, 1, G_GUINT64_CONSTANT (1) << 63);
  fail_unless_equals_uint64 (gst_tv_tuner_norm_get_std_id (norm),
      G_GUINT64_CONSTANT (1) << 63);
  g_object_unref (norm);
}

GST_END_TEST;

GST_START_TEST (test_channels)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_TUNER, NULL);
  const GList *channels;
  GstTvTunerChannel *tv, *composite, *svideo, *foreign;
  Record r = { 0, };

  channels = gst_tv_tuner_list_channels (tuner);
  fail_unless_equals_int (g_list_length ((GList *) channels), 3);
  tv = g_list_nth_data ((GList *) channels, 0);
  composite = g_list_nth_data ((GList *) channels, 1);
  svideo = g_list_nth_data ((GList *) channels, 2);
  fail_unless (GST_IS_TV_TUNER_CHANNEL (tv));
  fail_unless (gst_tv_tuner_channel_get_flags (tv) &
      GST_TV_TUNER_CHANNEL_FREQUENCY);
  fail_if (gst_tv_tuner_channel_get_flags (composite) &
      GST_TV_TUNER_CHANNEL_FREQUENCY);
  fail_unless_equals_int (gst_tv_tuner_channel_get_index (svideo), 2);
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);

  g_signal_connect (tuner, "channel-changed", G_CALLBACK (on_object_changed),
      &r);

  fail_unless (gst_tv_tuner_set_channel (tuner, composite));
  fail_unless (gst_tv_tuner_get_channel (tuner) == composite);
  fail_unless_equals_int (r.count, 1);
  fail_unless (r.object == composite);

  fail_unless (gst_tv_tuner_set_channel (tuner, svideo));
  fail_unless (gst_tv_tuner_get_channel (tuner) == svideo);
  fail_unless_equals_int (r.count, 2);
  fail_unless (r.object == svideo);

  /* a channel that is not the tuner's: refused, nothing emitted */
  foreign = gst_tv_tuner_channel_new ("Composite1",
      GST_TV_TUNER_CHANNEL_INPUT, 1);
  fail_if (gst_tv_tuner_set_channel (tuner, foreign));
  fail_unless (gst_tv_tuner_get_channel (tuner) == svideo);
  fail_unless_equals_int (r.count, 2);
  g_object_unref (foreign);

  /* the emit helper on its own */
  gst_tv_tuner_channel_changed (tuner, tv);
  fail_unless_equals_int (r.count, 3);
  fail_unless (r.object == tv);

  g_object_unref (tuner);
}

GST_END_TEST;

GST_START_TEST (test_norms)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_TUNER, NULL);
  const GList *norms;
  GstTvTunerNorm *pal, *ntsc, *foreign;
  Record r = { 0, };
  gint n, d;

  norms = gst_tv_tuner_list_norms (tuner);
  fail_unless_equals_int (g_list_length ((GList *) norms), 2);
  pal = norms->data;
  ntsc = norms->next->data;
  fail_unless_equals_string (gst_tv_tuner_norm_get_label (pal), "PAL");
  gst_tv_tuner_norm_get_framerate (pal, &n, &d);
  fail_unless (n == 25 && d == 1);
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);

  g_signal_connect (tuner, "norm-changed", G_CALLBACK (on_object_changed), &r);

  fail_unless (gst_tv_tuner_set_norm (tuner, ntsc));
  fail_unless (gst_tv_tuner_get_norm (tuner) == ntsc);
  fail_unless_equals_int (r.count, 1);
  fail_unless (r.object == ntsc);

  fail_unless (gst_tv_tuner_set_norm (tuner, pal));
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);
  fail_unless_equals_int (r.count, 2);
  fail_unless (r.object == pal);

  foreign = gst_tv_tuner_norm_new ("NTSC-M", 30000, 1001, 0x1000);
  fail_if (gst_tv_tuner_set_norm (tuner, foreign));
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);
  fail_unless_equals_int (r.count, 2);
  g_object_unref (foreign);

  gst_tv_tuner_norm_changed (tuner, ntsc);
  fail_unless_equals_int (r.count, 3);
  fail_unless (r.object == ntsc);

  g_object_unref (tuner);
}

GST_END_TEST;

GST_START_TEST (test_frequency)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_TUNER, NULL);
  GstTvTunerChannel *tv;
  Record tf = { 0, }, ts = { 0, }, cf = { 0, }, cs = { 0, };

  tv = gst_tv_tuner_find_channel_by_name (tuner, "Television");
  fail_unless (tv != NULL);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), MHZ (44));
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv), 0);

  g_signal_connect (tuner, "frequency-changed",
      G_CALLBACK (on_frequency_changed), &tf);
  g_signal_connect (tuner, "signal-changed", G_CALLBACK (on_signal_changed),
      &ts);
  g_signal_connect (tv, "frequency-changed",
      G_CALLBACK (on_channel_frequency_changed), &cf);
  g_signal_connect (tv, "signal-changed",
      G_CALLBACK (on_channel_signal_changed), &cs);

  /* tune to the station: both frequency and signal change, on the tuner
   * and on the channel */
  fail_unless (gst_tv_tuner_set_frequency (tuner, tv, STATION));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), STATION);
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv),
      GST_TV_TUNER_SIGNAL_MAX);
  fail_unless_equals_int (tf.count, 1);
  fail_unless (tf.object == tv);
  fail_unless_equals_uint64 (tf.frequency, STATION);
  fail_unless_equals_int (cf.count, 1);
  fail_unless (cf.object == tv);
  fail_unless_equals_uint64 (cf.frequency, STATION);
  fail_unless_equals_int (ts.count, 1);
  fail_unless (ts.object == tv);
  fail_unless_equals_int (ts.strength, GST_TV_TUNER_SIGNAL_MAX);
  fail_unless_equals_int (cs.count, 1);
  fail_unless_equals_int (cs.strength, GST_TV_TUNER_SIGNAL_MAX);

  /* the device rounds to its tuning step; the signal stays */
  fail_unless (gst_tv_tuner_set_frequency (tuner, tv, STATION + STEP - 1));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), STATION);
  fail_unless_equals_int (tf.count, 2);
  fail_unless_equals_int (cf.count, 2);
  fail_unless_equals_int (ts.count, 1);

  /* off the station: the signal goes */
  fail_unless (gst_tv_tuner_set_frequency (tuner, tv, MHZ (500)));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), MHZ (500));
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv), 0);
  fail_unless_equals_int (ts.count, 2);
  fail_unless_equals_int (ts.strength, 0);
  fail_unless_equals_int (cs.count, 2);
  fail_unless_equals_int (cs.strength, 0);

  /* out of the channel's range: refused, nothing changes */
  fail_if (gst_tv_tuner_set_frequency (tuner, tv, MHZ (10)));
  fail_if (gst_tv_tuner_set_frequency (tuner, tv, MHZ (2000)));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), MHZ (500));
  fail_unless_equals_int (tf.count, 3);

  /* the emit helpers on their own */
  gst_tv_tuner_frequency_changed (tuner, tv, 12345);
  fail_unless_equals_uint64 (tf.frequency, 12345);
  fail_unless_equals_uint64 (cf.frequency, 12345);
  gst_tv_tuner_signal_changed (tuner, tv, 777);
  fail_unless_equals_int (ts.strength, 777);
  fail_unless_equals_int (cs.strength, 777);

  g_object_unref (tuner);
}

GST_END_TEST;

GST_START_TEST (test_find_by_name)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_TUNER, NULL);
  const GList *channels = gst_tv_tuner_list_channels (tuner);
  const GList *norms = gst_tv_tuner_list_norms (tuner);

  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "Television") ==
      channels->data);
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "Composite1") ==
      channels->next->data);
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "S-Video") ==
      channels->next->next->data);
  /* case-insensitive, like the elements' properties */
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "composite1") ==
      channels->next->data);
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "S-VIDEO") ==
      channels->next->next->data);
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "") == NULL);
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "Radio") == NULL);

  fail_unless (gst_tv_tuner_find_norm_by_name (tuner, "PAL") == norms->data);
  fail_unless (gst_tv_tuner_find_norm_by_name (tuner, "NTSC-M") ==
      norms->next->data);
  fail_unless (gst_tv_tuner_find_norm_by_name (tuner, "pal") == norms->data);
  fail_unless (gst_tv_tuner_find_norm_by_name (tuner, "ntsc-m") ==
      norms->next->data);
  fail_unless (gst_tv_tuner_find_norm_by_name (tuner, "SECAM") == NULL);

  /* select by name, as an application does */
  fail_unless (gst_tv_tuner_set_channel (tuner,
          gst_tv_tuner_find_channel_by_name (tuner, "S-Video")));
  fail_unless_equals_string (gst_tv_tuner_channel_get_label
      (gst_tv_tuner_get_channel (tuner)), "S-Video");
  fail_unless (gst_tv_tuner_set_norm (tuner,
          gst_tv_tuner_find_norm_by_name (tuner, "NTSC-M")));
  fail_unless_equals_string (gst_tv_tuner_norm_get_label
      (gst_tv_tuner_get_norm (tuner)), "NTSC-M");

  g_object_unref (tuner);
}

GST_END_TEST;

/* an implementation without virtual functions gets neutral answers */
GST_START_TEST (test_unimplemented)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_EMPTY_TUNER, NULL);
  GstTvTunerChannel *tv;
  GstTvTunerNorm *pal;

  tv = gst_tv_tuner_channel_new ("Television",
      GST_TV_TUNER_CHANNEL_INPUT | GST_TV_TUNER_CHANNEL_FREQUENCY, 0);
  pal = gst_tv_tuner_norm_new ("PAL", 25, 1, 0xff);

  fail_unless (GST_IS_TV_TUNER (tuner));
  fail_unless (gst_tv_tuner_list_channels (tuner) == NULL);
  fail_unless (gst_tv_tuner_get_channel (tuner) == NULL);
  fail_if (gst_tv_tuner_set_channel (tuner, tv));
  fail_unless (gst_tv_tuner_list_norms (tuner) == NULL);
  fail_unless (gst_tv_tuner_get_norm (tuner) == NULL);
  fail_if (gst_tv_tuner_set_norm (tuner, pal));
  fail_if (gst_tv_tuner_set_frequency (tuner, tv, MHZ (100)));
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), 0);
  fail_unless_equals_int (gst_tv_tuner_signal_strength (tuner, tv), 0);
  fail_unless (gst_tv_tuner_find_channel_by_name (tuner, "Television") == NULL);
  fail_unless (gst_tv_tuner_find_norm_by_name (tuner, "PAL") == NULL);

  g_object_unref (pal);
  g_object_unref (tv);
  g_object_unref (tuner);
}

GST_END_TEST;

GST_START_TEST (test_invalid_args)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_TUNER, NULL);
  GObject *not_a_tuner = g_object_new (G_TYPE_OBJECT, NULL);
  GstTvTunerChannel *tv, *composite;
  GstTvTunerNorm *pal;
  const GList *list = (const GList *) 0x1;
  gpointer obj = (gpointer) 0x1;
  gboolean ok = TRUE;
  gulong freq = 1;
  gint strength = 1;
  gint n = 1, d = 1;
  Record r = { 0, };

  tv = gst_tv_tuner_find_channel_by_name (tuner, "Television");
  composite = gst_tv_tuner_find_channel_by_name (tuner, "Composite1");
  pal = gst_tv_tuner_find_norm_by_name (tuner, "PAL");
  fail_unless (tv && composite && pal);

  g_signal_connect (tuner, "channel-changed", G_CALLBACK (on_object_changed),
      &r);
  g_signal_connect (tuner, "norm-changed", G_CALLBACK (on_object_changed), &r);
  g_signal_connect (tuner, "frequency-changed",
      G_CALLBACK (on_frequency_changed), &r);
  g_signal_connect (tuner, "signal-changed", G_CALLBACK (on_signal_changed),
      &r);

  /* not a tuner */
  ASSERT_CRITICAL (list = gst_tv_tuner_list_channels (NULL));
  fail_unless (list == NULL);
  list = (const GList *) 0x1;
  ASSERT_CRITICAL (list =
      gst_tv_tuner_list_channels ((GstTvTuner *) not_a_tuner));
  fail_unless (list == NULL);
  list = (const GList *) 0x1;
  ASSERT_CRITICAL (list = gst_tv_tuner_list_norms (NULL));
  fail_unless (list == NULL);
  ASSERT_CRITICAL (obj = gst_tv_tuner_get_channel (NULL));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_get_norm (NULL));
  fail_unless (obj == NULL);
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_channel (NULL, tv));
  fail_if (ok);
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_norm (NULL, pal));
  fail_if (ok);
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_frequency (NULL, tv, MHZ (100)));
  fail_if (ok);
  ASSERT_CRITICAL (freq = gst_tv_tuner_get_frequency (NULL, tv));
  fail_unless_equals_uint64 (freq, 0);
  ASSERT_CRITICAL (strength = gst_tv_tuner_signal_strength (NULL, tv));
  fail_unless_equals_int (strength, 0);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_find_channel_by_name (NULL, "PAL"));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_find_norm_by_name (NULL, "PAL"));
  fail_unless (obj == NULL);

  /* no channel or norm, or the wrong kind of object */
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_channel (tuner, NULL));
  fail_if (ok);
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_channel (tuner,
          (GstTvTunerChannel *) pal));
  fail_if (ok);
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_norm (tuner, NULL));
  fail_if (ok);
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_norm (tuner, (GstTvTunerNorm *) tv));
  fail_if (ok);
  ok = TRUE;
  ASSERT_CRITICAL (ok = gst_tv_tuner_set_frequency (tuner, NULL, MHZ (100)));
  fail_if (ok);
  freq = 1;
  ASSERT_CRITICAL (freq = gst_tv_tuner_get_frequency (tuner, NULL));
  fail_unless_equals_uint64 (freq, 0);
  strength = 1;
  ASSERT_CRITICAL (strength = gst_tv_tuner_signal_strength (tuner, NULL));
  fail_unless_equals_int (strength, 0);

  /* frequency and signal need a channel with a tuner */
  ok = TRUE;
  ASSERT_CRITICAL (ok =
      gst_tv_tuner_set_frequency (tuner, composite, MHZ (100)));
  fail_if (ok);
  freq = 1;
  ASSERT_CRITICAL (freq = gst_tv_tuner_get_frequency (tuner, composite));
  fail_unless_equals_uint64 (freq, 0);
  strength = 1;
  ASSERT_CRITICAL (strength = gst_tv_tuner_signal_strength (tuner, composite));
  fail_unless_equals_int (strength, 0);

  /* lookups need a name */
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_find_channel_by_name (tuner, NULL));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_find_norm_by_name (tuner, NULL));
  fail_unless (obj == NULL);

  /* emit helpers: nothing is emitted on bad arguments */
  ASSERT_CRITICAL (gst_tv_tuner_channel_changed (NULL, tv));
  ASSERT_CRITICAL (gst_tv_tuner_channel_changed (tuner, NULL));
  ASSERT_CRITICAL (gst_tv_tuner_norm_changed (NULL, pal));
  ASSERT_CRITICAL (gst_tv_tuner_norm_changed (tuner, NULL));
  ASSERT_CRITICAL (gst_tv_tuner_frequency_changed (NULL, tv, 1));
  ASSERT_CRITICAL (gst_tv_tuner_frequency_changed (tuner, NULL, 1));
  ASSERT_CRITICAL (gst_tv_tuner_frequency_changed (tuner, composite, 1));
  ASSERT_CRITICAL (gst_tv_tuner_signal_changed (NULL, tv, 1));
  ASSERT_CRITICAL (gst_tv_tuner_signal_changed (tuner, NULL, 1));
  ASSERT_CRITICAL (gst_tv_tuner_signal_changed (tuner, composite, 1));
  fail_unless_equals_int (r.count, 0);

  /* the tuner is unchanged by all this */
  fail_unless (gst_tv_tuner_get_channel (tuner) == tv);
  fail_unless (gst_tv_tuner_get_norm (tuner) == pal);
  fail_unless_equals_uint64 (gst_tv_tuner_get_frequency (tuner, tv), MHZ (44));

  /* channel and norm constructors and getters */
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_channel_new (NULL,
          GST_TV_TUNER_CHANNEL_INPUT, 0));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_norm_new (NULL, 25, 1, 0));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_norm_new ("PAL", 25, 0, 0));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = gst_tv_tuner_norm_new ("PAL", -25, 1, 0));
  fail_unless (obj == NULL);
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = (gpointer) gst_tv_tuner_channel_get_label (NULL));
  fail_unless (obj == NULL);
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_flags (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_index (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_freq_multiplicator (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_min_frequency (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_max_frequency (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_min_signal (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_max_signal (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_channel_get_label ((GstTvTunerChannel *)
          pal));
  obj = (gpointer) 0x1;
  ASSERT_CRITICAL (obj = (gpointer) gst_tv_tuner_norm_get_label (NULL));
  fail_unless (obj == NULL);
  ASSERT_CRITICAL (gst_tv_tuner_norm_get_std_id (NULL));
  ASSERT_CRITICAL (gst_tv_tuner_norm_get_framerate (NULL, &n, &d));
  fail_unless (n == 1 && d == 1);
  ASSERT_CRITICAL (gst_tv_tuner_norm_get_label ((GstTvTunerNorm *) tv));

  g_object_unref (not_a_tuner);
  g_object_unref (tuner);
}

GST_END_TEST;

/* gst-plugins-good's video4linux2 plugin registers its own private
 * GstTuner, GstTunerChannel and GstTunerNorm. Both sets of types must
 * live in one process: a clash would make GLib warn "cannot register
 * existing type", which gst-check turns into a failure. */
static GstElement *
load_good_v4l2src (void)
{
  GstElement *src;
  GType good_tuner;
  gpointer klass;

  src = gst_element_factory_make ("v4l2src", NULL);
  fail_unless (src != NULL, "gst-plugins-good's v4l2src is not installed");
  klass = g_type_class_ref (G_OBJECT_TYPE (src));

  good_tuner = g_type_from_name ("GstTuner");
  fail_unless (good_tuner != 0, "v4l2src no longer implements GstTuner");
  fail_unless (G_TYPE_IS_INTERFACE (good_tuner));
  fail_unless (G_TYPE_CHECK_INSTANCE_TYPE (src, good_tuner));
  fail_if (good_tuner == GST_TYPE_TV_TUNER);
  fail_if (GST_IS_TV_TUNER (src));

  g_type_class_unref (klass);
  return src;
}

static void
use_our_types (void)
{
  GstTvTuner *tuner = g_object_new (TEST_TYPE_TUNER, NULL);

  fail_unless (g_type_from_name ("GstTvTuner") == GST_TYPE_TV_TUNER);
  fail_unless (g_type_from_name ("GstTvTunerChannel") ==
      GST_TYPE_TV_TUNER_CHANNEL);
  fail_unless (g_type_from_name ("GstTvTunerNorm") == GST_TYPE_TV_TUNER_NORM);
  fail_unless (g_type_from_name ("GstTvTunerChannelFlags") ==
      GST_TYPE_TV_TUNER_CHANNEL_FLAGS);
  fail_unless (gst_tv_tuner_set_channel (tuner,
          gst_tv_tuner_find_channel_by_name (tuner, "Composite1")));
  g_object_unref (tuner);
}

GST_START_TEST (test_coexist_ours_first)
{
  GstElement *src;

  use_our_types ();
  src = load_good_v4l2src ();
  gst_object_unref (src);
}

GST_END_TEST;

GST_START_TEST (test_coexist_good_first)
{
  GstElement *src;

  src = load_good_v4l2src ();
  use_our_types ();
  gst_object_unref (src);
}

GST_END_TEST;

static Suite *
tvtuner_suite (void)
{
  Suite *s = suite_create ("tvtuner");
  TCase *tc;

  tc = tcase_create ("objects");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_type_names);
  tcase_add_test (tc, test_channel_object);
  tcase_add_test (tc, test_norm_object);

  tc = tcase_create ("interface");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_channels);
  tcase_add_test (tc, test_norms);
  tcase_add_test (tc, test_frequency);
  tcase_add_test (tc, test_find_by_name);
  tcase_add_test (tc, test_unimplemented);

  tc = tcase_create ("errors");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_invalid_args);

  /* each test forks, so each loads the two in its own order */
  tc = tcase_create ("coexist");
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_coexist_ours_first);
  tcase_add_test (tc, test_coexist_good_first);

  return s;
}

GST_CHECK_MAIN (tvtuner);
