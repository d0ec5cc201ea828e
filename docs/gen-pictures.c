/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Writes the pictures of the user guide (docs/guide.md) from the virtual
 * TV card: one frame of each input, the signal-loss fillers and a flip,
 * as PNG (pngenc), scaled to half size (360x288 for PAL, 360x240 for
 * NTSC). The card's frames are synthetic and
 * paced FREERUN, so each run gives the same pixels.
 *
 *   gen-pictures DIR
 *
 * Run by scripts/gen-pictures.sh (`ninja -C build update-pictures`, and
 * the test `pictures-stale`), not by hand. The elements are registered
 * in-process (GST_ELEMENT_REGISTER), so the program drives the same
 * virtual cards as v4l2tvsrc; GST_PLUGIN_PATH_1_0 must not hold our
 * plugin too.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/gst.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"

/* the virtual card's S-Video input (see tvhw-virtual.h) */
#define SVIDEO_INDEX 2
/* frames pushed before the signal goes, for the repeat filler */
#define FRAMES_BEFORE_LOSS 10

typedef enum
{
  LOSS_NONE,
  /* no frames at all from the start: the first buffer is a filler */
  LOSS_AT_START,
  /* FRAMES_BEFORE_LOSS frames, then the S-Video signal goes */
  LOSS_AFTER_FRAMES,
} Loss;

typedef struct
{
  const gchar *file;
  const gchar *src;             /* v4l2tvsrc properties but the device */
  Loss loss;
  guint height;                 /* half the standard's */
} Picture;

/* *INDENT-OFF* */
static const Picture pictures[] = {
  {"input-television.png", "input=Television norm=PAL", LOSS_NONE, 288},
  {"input-composite1.png", "input=Composite1 norm=NTSC", LOSS_NONE, 240},
  {"input-s-video.png", "input=S-Video norm=PAL", LOSS_NONE, 288},
  {"input-composite2.png", "input=Composite2 norm=PAL", LOSS_NONE, 288},
  {"signal-loss-black.png", "input=Composite2 norm=PAL signal-loss=black",
      LOSS_AT_START, 288},
  {"signal-loss-repeat.png", "input=S-Video norm=PAL signal-loss=repeat",
      LOSS_AFTER_FRAMES, 288},
  {"flip-horiz.png", "input=S-Video norm=PAL video-direction=horiz",
      LOSS_NONE, 288},
};
/* *INDENT-ON* */

typedef struct
{
  GstTvHwVirtualCard *card;
  Loss loss;
  guint frames;
} Probe;

/*
 * On v4l2tvsrc's pad: lets through the one buffer the picture shows. With
 * a loss, only a filler (flagged GAP); after FRAMES_BEFORE_LOSS real
 * frames, cuts the S-Video signal so that fillers follow.
 */
static GstPadProbeReturn
pick_buffer (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Probe *probe = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);

  if (probe->loss == LOSS_NONE ||
      GST_BUFFER_FLAG_IS_SET (buf, GST_BUFFER_FLAG_GAP))
    return GST_PAD_PROBE_OK;
  if (probe->loss == LOSS_AFTER_FRAMES && ++probe->frames == FRAMES_BEFORE_LOSS)
    gst_tv_hw_virtual_card_set_signal (probe->card, SVIDEO_INDEX, 0);
  return GST_PAD_PROBE_DROP;
}

static gboolean
write_picture (const gchar * dir, guint index)
{
  const Picture *pic = &pictures[index];
  Probe probe = { gst_tv_hw_virtual_card_get (index), pic->loss, 0 };
  g_autofree gchar *path = g_build_filename (dir, pic->file, NULL);
  g_autofree gchar *launch = NULL;
  g_autoptr (GError) error = NULL;
  GstElement *pipeline, *src;
  GstPad *pad;
  GstBus *bus;
  GstMessage *msg;
  gboolean ok;

  /* a card of its own for each picture, at its power-on state */
  gst_tv_hw_virtual_card_set_pacing (probe.card,
      GST_TV_HW_VIRTUAL_PACING_FREERUN);
  /* without a picture the card delivers nothing (not snow): fillers */
  if (pic->loss != LOSS_NONE)
    gst_tv_hw_virtual_card_set_no_signal_frames (probe.card, FALSE);

  launch = g_strdup_printf ("v4l2tvsrc name=src device=virtual:%u %s ! "
      "videoscale ! video/x-raw,width=360,height=%u ! videoconvert ! "
      "video/x-raw,format=RGB ! pngenc snapshot=true ! "
      "filesink location=\"%s\"", index, pic->src, pic->height, path);
  pipeline = gst_parse_launch (launch, &error);
  if (pipeline == NULL) {
    g_printerr ("gen-pictures: %s: %s\n", launch, error->message);
    return FALSE;
  }
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  pad = gst_element_get_static_pad (src, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, pick_buffer, &probe, NULL);
  gst_object_unref (pad);
  gst_object_unref (src);

  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  ok = msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS;
  if (msg == NULL) {
    g_printerr ("gen-pictures: %s: no picture within 60 s\n", pic->file);
  } else if (!ok) {
    g_autoptr (GError) err = NULL;
    g_autofree gchar *debug = NULL;

    gst_message_parse_error (msg, &err, &debug);
    g_printerr ("gen-pictures: %s: %s (%s)\n", pic->file, err->message, debug);
  }
  gst_clear_message (&msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  if (ok)
    g_print ("wrote %s\n", path);
  return ok;
}

int
main (int argc, char **argv)
{
  guint i;
  gboolean ok = TRUE;

  gst_init (&argc, &argv);
  if (argc != 2 || !g_file_test (argv[1], G_FILE_TEST_IS_DIR)) {
    g_printerr ("usage: %s DIR (an existing directory)\n", argv[0]);
    return 2;
  }
  if (G_N_ELEMENTS (pictures) > GST_TV_HW_VIRTUAL_MAX_CARDS) {
    g_printerr ("gen-pictures: more pictures than virtual cards\n");
    return 1;
  }
  if (!GST_ELEMENT_REGISTER (v4l2tvsrc, NULL)) {
    g_printerr ("gen-pictures: cannot register v4l2tvsrc\n");
    return 1;
  }
  for (i = 0; i < G_N_ELEMENTS (pictures); i++)
    ok &= write_picture (argv[1], i);
  gst_tv_hw_virtual_shutdown ();
  gst_deinit ();
  return ok ? 0 : 1;
}
