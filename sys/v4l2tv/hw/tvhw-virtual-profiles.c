/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual card's driver profiles (issue 29).
 *
 * Each profile is a table of facts read from a kernel driver's sources,
 * each with the file and function it was read from; no driver code is
 * copied. tvhw-virtual.c makes a card answer by them (see
 * GstTvHwVirtualProfile in tvhw-virtual.h). To add a driver, add a table
 * and a row in profiles[]; tests/check/libs/tvhw-profiles.c checks every
 * card against its own table.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "hw/tvhw-virtual.h"

/* --- usbtv: Fushicai UTV007 ("EasyCAP"), drivers/media/usb/usbtv --- */

/* USBTV_TV_STD (usbtv.h): V4L2_STD_525_60 | V4L2_STD_PAL |
 * V4L2_STD_PAL_Nc | V4L2_STD_SECAM */
#define USBTV_TV_STD (V4L2_STD_525_60 | V4L2_STD_PAL | V4L2_STD_PAL_Nc | \
    V4L2_STD_SECAM)

static const GstTvHwVirtualInput usbtv_inputs[] = {
  /* name, type, std: usbtv-video.c usbtv_enum_input() (std is
   * vdev.tvnorms, set in usbtv_video_init()); audioset 0: the driver
   * leaves it zero. signal_std: see inputs_signal_source. */
  {"Composite", V4L2_INPUT_TYPE_CAMERA, USBTV_TV_STD, V4L2_STD_NTSC_M, 0},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, USBTV_TV_STD, V4L2_STD_NTSC_M, 0},
};

static const guint32 usbtv_formats[] = { V4L2_PIX_FMT_YUYV };

/* usbtv-video.c usbtv_video_init(): v4l2_ctrl_new_std() calls; names and
 * the slider flag from the control framework (v4l2-ctrls-defs.c
 * v4l2_ctrl_get_name(), v4l2_ctrl_fill()); listed in id order as
 * QUERYCTRL's V4L2_CTRL_FLAG_NEXT_CTRL walks them */
static const GstTvHwVirtualProfileCtrl usbtv_ctrls[] = {
  {V4L2_CID_BRIGHTNESS, "Brightness", 0, 0x3ff, 1, 0x1c0,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CONTRAST, "Contrast", 0, 0x3ff, 1, 0x1d0, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SATURATION, "Saturation", 0, 0x3ff, 1, 0x200,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HUE, "Hue", -0xdff, 0xdff, 1, 0, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SHARPNESS, "Sharpness", 0, 0xff, 1, 0x60, V4L2_CTRL_FLAG_SLIDER},
};

static const GstTvHwVirtualProfile profiles[] = {
  {
        .name = "usbtv",
        .kernel = "Linux mainline drivers/media/usb/usbtv as stored in the "
        "search index: usbtv-video.c at Kingxukai/linux 9b44fff655e2 "
        "(and gregkh/linux 5427dda195d6 for usbtv_configure_for_norm()), "
        "usbtv.h at Kingxukai/linux 0291023e7330. PAL-Nc came with "
        "\"media: usbtv: Add PAL-Nc standard\" (posted 2022-05-13, before "
        "6.1); not checked against a 6.1 tree.",

        .driver = "usbtv",
        .card = "usbtv",
        .bus_info = "usb-<bus>-<port> (usb_make_path())",
        .device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_READWRITE |
        V4L2_CAP_STREAMING,
        .querycap_source = "usbtv-video.c: usbtv_querycap() (driver, card, "
        "bus_info), usbtv_video_init() (vdev.device_caps)",

        .inputs = usbtv_inputs,
        .n_inputs = G_N_ELEMENTS (usbtv_inputs),
        .input_status = FALSE,
        .inputs_source = "usbtv-video.c: usbtv_enum_input() (names, "
        "V4L2_INPUT_TYPE_CAMERA, std = vdev.tvnorms, no status, no "
        "audioset), usbtv.h: USBTV_TV_STD; V4L2_IN_CAP_STD is the V4L2 "
        "core's (v4l2-ioctl.c v4l_enuminput(), the driver has S_STD)",
        .inputs_signal_source = "no driver fact: the virtual card's sources "
        "send NTSC-M on both inputs at power-on, a standard of the power-on "
        "set, so that a capture shows a picture",

        .power_on_std = V4L2_STD_525_60,
        .power_on_std_source = "usbtv-video.c: usbtv_video_init() calls "
        "usbtv_configure_for_norm(usbtv, V4L2_STD_525_60), which stores "
        "the norm asked for",
        .querystd = FALSE,
        .querystd_source = "usbtv-video.c: usbtv_ioctl_ops has no "
        "vidioc_querystd (the V4L2 core answers ENOTTY)",
        .std_busy = GST_TV_HW_VIRTUAL_STD_BUSY_SIZE,
        .s_std_source = "usbtv-video.c: usbtv_s_std() (EINVAL unless the "
        "request has a USBTV_TV_STD bit; the V4L2 core masks it with "
        "tvnorms first, v4l2-ioctl.c v4l_s_std()), "
        "usbtv_configure_for_norm() (EBUSY only when vb2_is_busy() and the "
        "size changes)",
        .s_input_busy = FALSE,
        .s_input_source = "usbtv-video.c: usbtv_s_input(), "
        "usbtv_select_input() (EINVAL past S-Video, no busy check)",

        .formats = usbtv_formats,
        .n_formats = G_N_ELEMENTS (usbtv_formats),
        .s_fmt_busy = FALSE,
        .formats_source = "usbtv-video.c: usbtv_enum_fmt_vid_cap() (index 0 "
        "only, YUYV), usbtv_fmt_vid_cap() (G_FMT, TRY_FMT and S_FMT all "
        "answer the current format and change nothing)",
        .sizes_source = "usbtv-video.c: norm_params[] (525_60: 720x480, "
        "625_50: 720x576), usbtv_fmt_vid_cap() (V4L2_FIELD_INTERLACED, "
        "bytesperline width x 2, V4L2_COLORSPACE_SMPTE170M)",

        .g_parm = FALSE,
        .cropcap = FALSE,
        .v4l2_audio = FALSE,
        .ioctls_source = "usbtv-video.c: usbtv_ioctl_ops (no vidioc_g_parm, "
        "vidioc_g_selection, vidioc_enumaudio, tuner or output ioctls; "
        "v4l2-dev.c determine_valid_ioctls() makes them ENOTTY, CROPCAP "
        "with G_SELECTION)",

        .ctrls = usbtv_ctrls,
        .n_ctrls = G_N_ELEMENTS (usbtv_ctrls),
        .ctrls_source = "usbtv-video.c: usbtv_video_init() "
        "(v4l2_ctrl_new_std: contrast 0..0x3ff def 0x1d0, brightness "
        "0..0x3ff def 0x1c0, saturation 0..0x3ff def 0x200, hue "
        "-0xdff..0xdff def 0, sharpness 0..0xff def 0x60, step 1)",

        .vbi_nodes = 0,
        .nodes_source = "usbtv-video.c: usbtv_video_init() registers one "
        "VFL_TYPE_VIDEO capture node: no VBI, no output, no tuner",
        .buf_field = V4L2_FIELD_INTERLACED,
        .buffers_source = "usbtv-video.c: usbtv_image_chunk() (field "
        "INTERLACED, sequence counted per frame, timestamp ktime_get_ns()), "
        "usbtv_start_streaming() (sequence back to 0), usbtv_video_init() "
        "(io_modes MMAP | USERPTR | READ, TIMESTAMP_MONOTONIC), "
        "usbtv_queue_setup() (at least 2 buffers)",
        .sound_source = "usbtv-audio.c: a separate ALSA card; no V4L2 audio "
        "ioctls on the video node",
      },
};

G_STATIC_ASSERT (G_N_ELEMENTS (profiles) == GST_TV_HW_VIRTUAL_N_PROFILES);

/**
 * gst_tv_hw_virtual_profiles:
 * @n_profiles: (out): how many
 *
 * Returns: (transfer none) (array length=n_profiles): every profile
 */
const GstTvHwVirtualProfile *
gst_tv_hw_virtual_profiles (guint * n_profiles)
{
  *n_profiles = G_N_ELEMENTS (profiles);
  return profiles;
}

/**
 * gst_tv_hw_virtual_profile_find:
 * @name: a profile's name, "usbtv"
 *
 * Returns: (transfer none) (nullable): the profile, %NULL if none
 */
const GstTvHwVirtualProfile *
gst_tv_hw_virtual_profile_find (const gchar * name)
{
  guint i;

  for (i = 0; name != NULL && i < G_N_ELEMENTS (profiles); i++) {
    if (strcmp (profiles[i].name, name) == 0)
      return &profiles[i];
  }
  return NULL;
}
