/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The hardware layer's sound capture (hw/tvhw-sound.h) on the virtual
 * card: its crystal and stamps, its programme per input, the sync marker
 * (a beep with a white frame) and the errors. MANUAL pacing: the sound
 * follows the picture's frame periods, nothing waits on the wall clock.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>

#include "tvhw-common.h"
#include "hw/tvhw-sound.h"

#define RATE GST_TV_HW_SOUND_RATE
#define BLOCK 480
#define SVIDEO 2                /* PAL-BG */
#define COMPOSITE2 3            /* no signal */

static GstTvHwSound *
open_sound (const gchar * location)
{
  GError *err = NULL;
  GstTvHwSound *sound = gst_tv_hw_sound_open (location, &err);

  fail_unless (sound != NULL, "opening the sound of %s: %s", location,
      err ? err->message : "(no error)");
  return sound;
}

/* the whole frame is white but for the marks band: a flash */
static gboolean
flash (const guint8 * data)
{
  guint x, y;

  for (y = 0; y < 576; y += 7)
    for (x = MARK_COLUMNS; x < WIDTH; x++)
      if (luma_at (data, V4L2_PIX_FMT_YUYV, x, y) != 235)
        return FALSE;
  return TRUE;
}

/* @n blocks from @sound into @samples (2 x BLOCK x n), their stamps */
static void
read_blocks (GstTvHwSound * sound, gint16 * samples, GstClockTime * stamps,
    guint n)
{
  GError *err = NULL;
  guint i;

  for (i = 0; i < n; i++)
    fail_unless (gst_tv_hw_sound_read (sound, samples + 2 * BLOCK * i, BLOCK,
            &stamps[i], &err), "read: %s", err ? err->message : "");
}

/* the first frame at or after @from whose left sample is louder than the
 * programme's tone can be: a beep */
static gint64
beep_onset (const gint16 * samples, guint64 n, guint64 from)
{
  guint64 k;

  for (k = from; k < n; k++)
    if (abs (samples[2 * k]) > 0.2 * 32767)
      return k;
  return -1;
}

/* the sound's crystal runs @ppm off the picture: its stamps say so, and
 * the beep starts exactly at the flash frame's time, 1 s after the
 * first frame (frame 25 at PAL) */
static void
check_crystal (gdouble ppm)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GstTvHwSound *sound;
  struct v4l2_buffer buf;
  GError *err = NULL;
  GstClockTime stamps[250];
  gint16 *samples = g_new (gint16, 2 * BLOCK * G_N_ELEMENTS (stamps));
  gdouble rate = RATE * (1 + ppm / 1e6);
  gint64 start_ns, onset, expect;
  guint i, white = 0;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  fail_unless (gst_tv_hw_virtual_card_set_sound_error (card, ppm));
  gst_tv_hw_virtual_card_set_sync_marker (card, TRUE);
  dev = open_card ("virtual:0");
  set_input (dev, SVIDEO);
  set_std (dev, V4L2_STD_PAL);
  stream_setup (&s, dev, 4, TRUE);
  stream_on (dev);
  sound = open_sound ("virtual:0");
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 2);

  /* 2.4 s of picture (60 frames): the frames 24, 25 and 26 are kept */
  for (i = 0; i < 60; i++) {
    gst_tv_hw_virtual_card_emit_frames (card, 1);
    fail_unless (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err));
    fail_unless_equals_int (buf.sequence, i);
    if (flash (s.data[buf.index])) {
      fail_unless (i == 0 || i == 25 || i == 50, "frame %u is white", i);
      white++;
    }
    queue (dev, buf.index);
  }
  fail_unless_equals_int (white, 3);

  /* 2.5 s of sound at the crystal's rate is past the picture's 2.4 s at
   * +5000 ppm; 2.38 s is within it at either sign */
  read_blocks (sound, samples, stamps, 238);
  start_ns = stamps[0];
  for (i = 0; i < 238; i++) {
    gint64 want = start_ns + llround (i * BLOCK * 1e9 / rate);

    fail_unless (ABS ((gint64) stamps[i] - want) <= 1000,
        "block %u stamped %" G_GINT64_FORMAT " ns off", i,
        (gint64) stamps[i] - want);
  }
  /* the first frame's time is the sound's start (the card's time at its
   * open): the white frames end at 0 s, 1 s and 2 s of the picture; a
   * beep starts with its frame, a frame period (40 ms) before, at the
   * 48000 x (1 + ppm) x 0.96 th sample */
  onset = beep_onset (samples, 238 * BLOCK, RATE / 2);
  expect = (gint64) ceil (rate * 0.96);
  fail_unless (onset >= expect && onset <= expect + 4,
      "beep at sample %" G_GINT64_FORMAT ", the flash at %" G_GINT64_FORMAT,
      onset, expect);
  onset = beep_onset (samples, 238 * BLOCK, (guint64) (1.5 * RATE));
  expect = (gint64) ceil (rate * 1.96);
  fail_unless (onset >= expect && onset <= expect + 4,
      "beep at sample %" G_GINT64_FORMAT ", the flash at %" G_GINT64_FORMAT,
      onset, expect);

  gst_tv_hw_sound_close (sound);
  stream_off (dev);
  gst_tv_hw_device_close (dev);
  fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count (card), 0);
  g_free (samples);
}

GST_START_TEST (test_crystal_fast)
{
  check_crystal (5000);
}

GST_END_TEST;

GST_START_TEST (test_crystal_slow)
{
  check_crystal (-5000);
}

GST_END_TEST;

GST_START_TEST (test_crystal_exact)
{
  check_crystal (0);
}

GST_END_TEST;

/* the sound comes only as far as the picture got (MANUAL): a read
 * waits until the frames are emitted; flushing ends the wait */
static gpointer
read_one (gpointer user_data)
{
  GstTvHwSound *sound = user_data;
  gint16 samples[2 * BLOCK];
  GstClockTime stamp;
  GError *err = NULL;
  gboolean ok;

  ok = gst_tv_hw_sound_read (sound, samples, BLOCK, &stamp, &err);
  fail_if (ok);
  return err;
}

GST_START_TEST (test_flushing)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  GstTvHwSound *sound;
  GError *err;
  GThread *t;
  Stream s;

  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  dev = open_card ("virtual:0");
  stream_setup (&s, dev, 2, TRUE);
  stream_on (dev);
  sound = open_sound ("virtual:0");
  /* no frame period has passed: the read waits until flushed */
  t = g_thread_new ("read", read_one, sound);
  gst_tv_hw_sound_set_flushing (sound, TRUE);
  err = g_thread_join (t);
  assert_tvhw_error (err, GST_TV_HW_ERROR_FLUSHING);
  gst_tv_hw_sound_set_flushing (sound, FALSE);

  /* unplugged: the read fails at once */
  gst_tv_hw_virtual_card_unplug (card);
  err = read_one (sound);
  assert_tvhw_error (err, GST_TV_HW_ERROR_DISCONNECTED);
  gst_tv_hw_sound_close (sound);
  gst_tv_hw_device_close (dev);
  gst_tv_hw_virtual_card_replug (card);
}

GST_END_TEST;

/* each input its programme: a tone of its own pitch, silence without a
 * picture */
static gdouble
level (GstTvHwVirtualCard * card, GstTvHwDevice * dev, guint input,
    gdouble * freq)
{
  GstTvHwSound *sound;
  GstClockTime stamps[10];
  gint16 samples[2 * BLOCK * 10];
  gdouble sum = 0;
  guint i, crossings = 0;

  set_input (dev, input);
  sound = open_sound ("virtual:0");
  read_blocks (sound, samples, stamps, 10);
  gst_tv_hw_sound_close (sound);
  for (i = 0; i < BLOCK * 10; i++) {
    sum += (gdouble) samples[2 * i] * samples[2 * i];
    fail_unless_equals_int (samples[2 * i], samples[2 * i + 1]);
    if (i > 0 && (samples[2 * i - 2] < 0) != (samples[2 * i] < 0))
      crossings++;
  }
  /* two zero crossings a cycle, in 0.1 s */
  *freq = crossings / 2.0 / 0.1;
  return sqrt (sum / (BLOCK * 10)) / 32767;
}

GST_START_TEST (test_programme)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwDevice *dev;
  gdouble rms, freq;

  /* FREERUN with the video node not streaming: the sound comes in real
   * time, 0.1 s a read */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  dev = open_card ("virtual:0");

  rms = level (card, dev, SVIDEO, &freq);
  fail_unless (fabs (rms - GST_TV_HW_VIRTUAL_TONE_LEVEL / sqrt (2)) < 0.01,
      "rms %f", rms);
  fail_unless (fabs (freq - gst_tv_hw_virtual_sound_frequency (SVIDEO, FALSE,
              0)) <= 10, "%f Hz", freq);

  rms = level (card, dev, COMPOSITE2, &freq);
  fail_unless (rms == 0, "no signal, yet rms %f", rms);

  /* the Television input on E5, station 0 */
  rms = level (card, dev, 0, &freq);
  fail_unless (rms > 0.05);
  fail_unless (fabs (freq - gst_tv_hw_virtual_sound_frequency (0, TRUE,
              0)) <= 10, "%f Hz", freq);
  gst_tv_hw_device_close (dev);
}

GST_END_TEST;

GST_START_TEST (test_open_errors)
{
  GstTvHwVirtualCard *card = fresh_card (0);
  GstTvHwSound *sound;
  GError *err = NULL;

  sound = open_sound ("virtual:0");
  fail_unless_equals_string (gst_tv_hw_sound_get_backend (sound), "virtual");
  /* one capture at a time */
  fail_unless (gst_tv_hw_sound_open ("virtual:0", &err) == NULL);
  assert_tvhw_error (err, GST_TV_HW_ERROR_BUSY);
  /* the card cannot be reset under it */
  fail_if (gst_tv_hw_virtual_card_reset (card));
  gst_tv_hw_sound_close (sound);

  fail_unless (gst_tv_hw_sound_open ("virtual:99", &err) == NULL);
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);

  gst_tv_hw_virtual_card_unplug (card);
  fail_unless (gst_tv_hw_sound_open ("virtual:0", &err) == NULL);
  assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_FOUND);
  gst_tv_hw_virtual_card_replug (card);

  fail_if (gst_tv_hw_virtual_card_set_sound_error (card, 100000));
  fail_if (gst_tv_hw_virtual_card_set_sound_error (card, NAN));

  /* a real card's ALSA device that is not there */
  fail_unless (gst_tv_hw_sound_open ("hw:CARD=NoSuchTvCard,DEV=0",
          &err) == NULL);
  fail_unless (err != NULL);
  fail_unless (strstr (err->message, "hw:CARD=NoSuchTvCard,DEV=0") != NULL,
      "%s", err->message);
  if (!gst_tv_hw_sound_have_alsa ())
    fail_unless (err->code == GST_TV_HW_ERROR_NOT_SUPPORTED);
  g_clear_error (&err);
}

GST_END_TEST;

/* the ALSA backend on alsa-lib's "null" PCM (no sound hardware needed;
 * its capture has a full buffer whenever it is read, and leaves the
 * samples as they were): it opens at 48 kHz S16LE stereo, reads blocks
 * with stamps that do not go back, and a flushing read stops */
GST_START_TEST (test_alsa_null)
{
  GstTvHwSound *sound;
  gint16 samples[2 * BLOCK * 3];
  GstClockTime stamps[3];
  GError *err = NULL;

  if (!gst_tv_hw_sound_have_alsa ()) {
    /* without ALSA a real card's sound is refused as not supported */
    fail_unless (gst_tv_hw_sound_open ("null", &err) == NULL);
    assert_tvhw_error (err, GST_TV_HW_ERROR_NOT_SUPPORTED);
    return;
  }
  sound = open_sound ("null");
  fail_unless_equals_string (gst_tv_hw_sound_get_backend (sound), "alsa");
  fail_unless_equals_string (gst_tv_hw_sound_get_location (sound), "null");
  read_blocks (sound, samples, stamps, 3);
  fail_unless (stamps[0] > 0);
  fail_unless (stamps[1] >= stamps[0] && stamps[2] >= stamps[1],
      "stamps %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT ", %"
      G_GUINT64_FORMAT, stamps[0], stamps[1], stamps[2]);

  gst_tv_hw_sound_set_flushing (sound, TRUE);
  fail_if (gst_tv_hw_sound_read (sound, samples, BLOCK, &stamps[0], &err));
  assert_tvhw_error (err, GST_TV_HW_ERROR_FLUSHING);
  gst_tv_hw_sound_set_flushing (sound, FALSE);
  read_blocks (sound, samples, stamps, 1);
  gst_tv_hw_sound_close (sound);
}

GST_END_TEST;

static Suite *
tvhw_sound_suite (void)
{
  Suite *s = suite_create ("tvhw-sound");
  TCase *tc = tcase_create ("sound");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, NULL, card_teardown);
  tcase_add_test (tc, test_crystal_fast);
  tcase_add_test (tc, test_crystal_slow);
  tcase_add_test (tc, test_crystal_exact);
  tcase_add_test (tc, test_flushing);
  tcase_add_test (tc, test_programme);
  tcase_add_test (tc, test_open_errors);
  tcase_add_test (tc, test_alsa_null);

  return s;
}

GST_CHECK_MAIN (tvhw_sound);
