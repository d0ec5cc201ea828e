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

/* --- decoders shared by several bridges --- */

/* the Philips SAA711x decoder's controls, which join the bridge's handler
 * (em28xx and stk1160 load it as "saa7115_auto"): drivers/media/i2c/
 * saa7115.c saa711x_probe(): brightness 0..255 def 128, contrast 0..127
 * def 64, saturation 0..127 def 64, hue -128..127 def 0, chroma AGC
 * boolean def 1, chroma gain 0..127 def 40 in an auto cluster with it,
 * v4l2_ctrl_auto_cluster(2, ..., 0, true): the gain is INACTIVE and
 * VOLATILE while AGC is on, and the AGC gets UPDATE. Names and SLIDER
 * from the control framework (v4l2-ctrls-defs.c v4l2_ctrl_get_name(),
 * v4l2_ctrl_fill()). */
static const GstTvHwVirtualProfileCtrl saa711x_ctrls[] = {
  {V4L2_CID_BRIGHTNESS, "Brightness", 0, 255, 1, 128, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CONTRAST, "Contrast", 0, 127, 1, 64, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SATURATION, "Saturation", 0, 127, 1, 64, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HUE, "Hue", -128, 127, 1, 0, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CHROMA_AGC, "Chroma AGC", 0, 1, 1, 1, V4L2_CTRL_FLAG_UPDATE,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_CHROMA_GAIN, "Chroma Gain", 0, 127, 1, 40,
      V4L2_CTRL_FLAG_SLIDER | V4L2_CTRL_FLAG_INACTIVE |
        V4L2_CTRL_FLAG_VOLATILE},
};

/* --- em28xx: Empia EM28xx USB bridges, drivers/media/usb/em28xx; one
 * board: EM2820_BOARD_PINNACLE_DVC_90, the Pinnacle Dazzle DVC 90/100
 * family of tape grabbers, with a Philips SAA7113 decoder --- */

static const GstTvHwVirtualInput em28xx_inputs[] = {
  /* the board's input[] (em28xx-cards.c em28xx_boards[], DVC_90 entry:
   * EM28XX_VMUX_COMPOSITE then EM28XX_VMUX_SVIDEO, both with
   * EM28XX_AMUX_LINE_IN); name from iname[], type CAMERA (not TELEVISION),
   * std = vdev.tvnorms = V4L2_STD_ALL (em28xx-video.c
   * vidioc_enum_input(), em28xx_video_template); audioset: one bit per
   * used amux_map[] slot, and both inputs share the one Line In slot
   * (em28xx-cards.c em28xx_card_setup()). signal_std: see
   * inputs_signal_source. */
  {"Composite", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0x1},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL_BG, 0x1},
};

/* em28xx-video.c format[], in its order (vidioc_enum_fmt_vid_cap()) */
static const guint32 em28xx_formats[] = {
  V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_RGB565, V4L2_PIX_FMT_SRGGB8,
  V4L2_PIX_FMT_SBGGR8, V4L2_PIX_FMT_SGRBG8, V4L2_PIX_FMT_SGBRG8,
  V4L2_PIX_FMT_YUV411P,
};

/* em28xx-video.c em28xx_fill_audio_input(): amux_map[0] is
 * EM28XX_AMUX_LINE_IN, "Line In", V4L2_AUDCAP_STEREO; amux_map[1..] are
 * unused (EINVAL) */
static const GstTvHwVirtualAudioPort em28xx_audio_inputs[] = {
  {"Line In", V4L2_AUDCAP_STEREO},
};

/* the bridge's own: em28xx-video.c em28xx_v4l2_init() adds only what no
 * subdevice has (red and blue balance -0x30..0x30, sharpness 0..0x0f;
 * defaults RED_BALANCE_DEFAULT, BLUE_BALANCE_DEFAULT, SHARPNESS_DEFAULT,
 * all 0x00 in em28xx-reg.h). Names and SLIDER from the control framework
 * (v4l2-ctrls-defs.c v4l2_ctrl_get_name(), v4l2_ctrl_fill()). */
static const GstTvHwVirtualProfileCtrl em28xx_ctrls[] = {
  {V4L2_CID_RED_BALANCE, "Red Balance", -0x30, 0x30, 1, 0,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_BLUE_BALANCE, "Blue Balance", -0x30, 0x30, 1, 0,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SHARPNESS, "Sharpness", 0, 0x0f, 1, 0, V4L2_CTRL_FLAG_SLIDER},
};

/* --- stk1160: Syntek STK1160 "EasyCAP" grabbers with a SAA7113,
 * drivers/media/usb/stk1160 --- */

/* stk1160-v4l.c vidioc_enum_input(): indices 0 to STK1160_MAX_INPUT (4,
 * stk1160.h) inclusive, STK1160_SVIDEO_INPUT (4) "S-Video", the others
 * "Composite%d" by index; CAMERA; std = vdev.tvnorms (v4l_template:
 * V4L2_STD_525_60 | V4L2_STD_625_50); no audioset, no status. signal_std:
 * see inputs_signal_source. */
#define STK1160_TV_STD (V4L2_STD_525_60 | V4L2_STD_625_50)

static const GstTvHwVirtualInput stk1160_inputs[] = {
  {"Composite0", V4L2_INPUT_TYPE_CAMERA, STK1160_TV_STD, V4L2_STD_NTSC_M, 0},
  {"Composite1", V4L2_INPUT_TYPE_CAMERA, STK1160_TV_STD, V4L2_STD_NTSC_M, 0},
  {"Composite2", V4L2_INPUT_TYPE_CAMERA, STK1160_TV_STD, V4L2_STD_NTSC_M, 0},
  {"Composite3", V4L2_INPUT_TYPE_CAMERA, STK1160_TV_STD, V4L2_STD_NTSC_M, 0},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, STK1160_TV_STD, V4L2_STD_NTSC_M, 0},
};

/* stk1160-v4l.c format[]: UYVY only */
static const guint32 stk1160_formats[] = { V4L2_PIX_FMT_UYVY };

/* --- bttv: Brooktree/Conexant Bt848/Bt878 PCI TV cards,
 * drivers/media/pci/bt8xx; one board: BTTV_BOARD_HAUPPAUGE878, the
 * Hauppauge WinTV (bt878) with a tuner --- */

/* BTTV_NORMS (bttvp.h): V4L2_STD_PAL | V4L2_STD_PAL_N | V4L2_STD_PAL_Nc |
 * V4L2_STD_SECAM | V4L2_STD_NTSC | V4L2_STD_PAL_M | V4L2_STD_PAL_60, the
 * video template's tvnorms */
#define BTTV_TV_STD (V4L2_STD_PAL | V4L2_STD_PAL_N | V4L2_STD_PAL_Nc | \
    V4L2_STD_SECAM | V4L2_STD_NTSC | V4L2_STD_PAL_M | V4L2_STD_PAL_60)

static const GstTvHwVirtualInput bttv_inputs[] = {
  /* bttv-cards.c bttv_tvcards[BTTV_BOARD_HAUPPAUGE878]: video_inputs 4,
   * svhs 2. bttv-driver.c bttv_enum_input(): index 0 is "Television"
   * (TUNER) when a tuner is fitted, index svhs is "S-Video", the others
   * "Composite%d" by index, CAMERA; std BTTV_NORMS; audioset 0.
   * signal_std: see inputs_signal_source. */
  {"Television", V4L2_INPUT_TYPE_TUNER, BTTV_TV_STD, V4L2_STD_PAL_BG, 0},
  {"Composite1", V4L2_INPUT_TYPE_CAMERA, BTTV_TV_STD, V4L2_STD_PAL_BG, 0},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, BTTV_TV_STD, V4L2_STD_PAL_BG, 0},
  {"Composite3", V4L2_INPUT_TYPE_CAMERA, BTTV_TV_STD, V4L2_STD_PAL_BG, 0},
};

/* bttv-driver.c formats[], in its order, without its last entry (raw
 * scanlines, fourcc -1, which bttv_enum_fmt_cap_ovr() skips) */
static const guint32 bttv_formats[] = {
  V4L2_PIX_FMT_GREY, V4L2_PIX_FMT_HI240, V4L2_PIX_FMT_RGB555,
  V4L2_PIX_FMT_RGB555X, V4L2_PIX_FMT_RGB565, V4L2_PIX_FMT_RGB565X,
  V4L2_PIX_FMT_BGR24, V4L2_PIX_FMT_BGR32, V4L2_PIX_FMT_RGB32,
  V4L2_PIX_FMT_YUYV, V4L2_PIX_FMT_UYVY, V4L2_PIX_FMT_YUV422P,
  V4L2_PIX_FMT_YUV420, V4L2_PIX_FMT_YVU420, V4L2_PIX_FMT_YUV411P,
  V4L2_PIX_FMT_YUV410, V4L2_PIX_FMT_YVU410,
};

/* bttv-driver.c bttv_probe(): v4l2_ctrl_new_std() for the picture
 * (brightness and hue 0..0xff00 step 0x100 def 32768, contrast 0..0xff80
 * step 0x80 def 0x6c00, saturation 0..0xff80 step 0x80 def 32768), color
 * killer, chroma AGC (def !!chroma_agc, the module parameter, 0) and mute,
 * all booleans def 0; volume only for boards with a volume_gpio hook,
 * which this one lacks. Then v4l2_ctrl_new_custom() of the
 * bttv_ctrl_* configurations at V4L2_CID_USER_BTTV_BASE + 0..9, whose
 * defaults bttv_probe() sets from the module parameters (combfilter 0,
 * automute 1, lumafilter 0, agc_crush 1, vcr_hack 0, whitecrush_lower
 * 0x7F, whitecrush_upper 0xCF, uv_ratio 50, full_luma_range 0, coring
 * 0). Names and SLIDER of the standard ones from the control framework
 * (v4l2-ctrls-defs.c v4l2_ctrl_get_name(), v4l2_ctrl_fill()); the custom
 * ones have no flags. In id order. */
static const GstTvHwVirtualProfileCtrl bttv_ctrls[] = {
  {V4L2_CID_BRIGHTNESS, "Brightness", 0, 0xff00, 0x100, 32768,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CONTRAST, "Contrast", 0, 0xff80, 0x80, 0x6c00,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SATURATION, "Saturation", 0, 0xff80, 0x80, 32768,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HUE, "Hue", 0, 0xff00, 0x100, 32768, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_AUDIO_MUTE, "Mute", 0, 1, 1, 0, 0, V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_CHROMA_AGC, "Chroma AGC", 0, 1, 1, 0, 0, V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_COLOR_KILLER, "Color Killer", 0, 1, 1, 0, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 0, "Comb Filter", 0, 1, 1, 0, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 1, "Auto Mute", 0, 1, 1, 1, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 2, "Luma Decimation Filter", 0, 1, 1, 0, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 3, "AGC Crush", 0, 1, 1, 1, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 4, "VCR Hack", 0, 1, 1, 0, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 5, "Whitecrush Lower", 0, 255, 1, 0x7f, 0},
  {V4L2_CID_USER_BTTV_BASE + 6, "Whitecrush Upper", 0, 255, 1, 0xcf, 0},
  {V4L2_CID_USER_BTTV_BASE + 7, "UV Ratio", 0, 100, 1, 50, 0},
  {V4L2_CID_USER_BTTV_BASE + 8, "Full Luma Range", 0, 1, 1, 0, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_USER_BTTV_BASE + 9, "Coring", 0, 3, 1, 0, 0},
};

/* --- cx88: Conexant CX2388x PCI TV cards, drivers/media/pci/cx88; one
 * board: CX88_BOARD_HAUPPAUGE, the "Hauppauge WinTV 34xxx models" --- */

/* CX88_NORMS (cx88.h): V4L2_STD_ALL without PAL-H, NTSC-M-KR and
 * SECAM-LC, "currently unsupported by the driver" */
#define CX88_TV_STD (V4L2_STD_ALL & ~V4L2_STD_PAL_H & ~V4L2_STD_NTSC_M_KR & \
    ~V4L2_STD_SECAM_LC)

static const GstTvHwVirtualInput cx88_inputs[] = {
  /* cx88-cards.c cx88_boards[CX88_BOARD_HAUPPAUGE].input[]: TELEVISION,
   * DEBUG, COMPOSITE1, SVIDEO. cx88-video.c cx88_enum_input(): the first
   * four slots with a type, named from iname[] (CX88_VMUX_DEBUG is "for
   * debug only"), CAMERA but TUNER for TELEVISION and CABLE, std
   * CX88_NORMS, no audioset or status. signal_std: see
   * inputs_signal_source. */
  {"Television", V4L2_INPUT_TYPE_TUNER, CX88_TV_STD, V4L2_STD_NTSC_M, 0},
  {"for debug only", V4L2_INPUT_TYPE_CAMERA, CX88_TV_STD, V4L2_STD_NTSC_M,
      0},
  {"Composite1", V4L2_INPUT_TYPE_CAMERA, CX88_TV_STD, V4L2_STD_NTSC_M, 0},
  {"S-Video", V4L2_INPUT_TYPE_CAMERA, CX88_TV_STD, V4L2_STD_NTSC_M, 0},
};

/* cx88-video.c formats[], in its order (vidioc_enum_fmt_vid_cap()) */
static const guint32 cx88_formats[] = {
  V4L2_PIX_FMT_GREY, V4L2_PIX_FMT_RGB555, V4L2_PIX_FMT_RGB555X,
  V4L2_PIX_FMT_RGB565, V4L2_PIX_FMT_RGB565X, V4L2_PIX_FMT_BGR24,
  V4L2_PIX_FMT_BGR32, V4L2_PIX_FMT_RGB32, V4L2_PIX_FMT_YUYV,
  V4L2_PIX_FMT_UYVY,
};

/* cx88-video.c cx8800_vid_ctls[] and cx8800_aud_ctls[], registered with
 * v4l2_ctrl_new_std() by cx8800_initdev(), the audio handler added to the
 * video one: brightness, contrast, hue, saturation 0..255 step 1 (defaults
 * 0x7f, 0x3f, 0x7f, 0x7f), sharpness 0..4 (0), chroma AGC (1) and color
 * killer (1) booleans, band-stop filter 0..1 (0); mute boolean (1),
 * volume 0..0x3f (0x3f), balance 0..0x7f (0x40). Names, the boolean type
 * and SLIDER from the control framework (v4l2-ctrls-defs.c
 * v4l2_ctrl_get_name(), v4l2_ctrl_fill(): "Band-Stop Filter" is an
 * integer). In id order. */
static const GstTvHwVirtualProfileCtrl cx88_ctrls[] = {
  {V4L2_CID_BRIGHTNESS, "Brightness", 0, 255, 1, 0x7f, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CONTRAST, "Contrast", 0, 255, 1, 0x3f, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_SATURATION, "Saturation", 0, 255, 1, 0x7f, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_HUE, "Hue", 0, 255, 1, 0x7f, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_AUDIO_VOLUME, "Volume", 0, 0x3f, 1, 0x3f, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_AUDIO_BALANCE, "Balance", 0, 0x7f, 1, 0x40,
      V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_AUDIO_MUTE, "Mute", 0, 1, 1, 1, 0, V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_SHARPNESS, "Sharpness", 0, 4, 1, 0, V4L2_CTRL_FLAG_SLIDER},
  {V4L2_CID_CHROMA_AGC, "Chroma AGC", 0, 1, 1, 1, 0, V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_COLOR_KILLER, "Color Killer", 0, 1, 1, 1, 0,
      V4L2_CTRL_TYPE_BOOLEAN},
  {V4L2_CID_BAND_STOP_FILTER, "Band-Stop Filter", 0, 1, 1, 0, 0},
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
        .bus_prefix = "usb-",
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
  {
        .name = "em28xx",
        .board = "EM2820_BOARD_PINNACLE_DVC_90",
        .kernel = "Linux mainline drivers/media/usb/em28xx as stored in the "
        "search index: em28xx-video.c at Kingxukai/linux 0291023e7330 "
        "(the same ioctl code as torvalds/linux 009cb7d5794a, a 5.x tree), "
        "em28xx-cards.c and em28xx.h at Kingxukai/linux 9b44fff655e2, "
        "drivers/media/i2c/saa7115.c saa711x_probe() as found by its "
        "control list; not checked against a 6.1 tree.",

        .driver = "em28xx",
        .card = "Pinnacle Dazzle DVC 90/100/101/107 / Kaiser Baas Video to "
        "DVD maker / Kworld DVD Maker 2 / Plextor ConvertX PX-AV100U",
        .bus_info = "usb-<bus>-<port> (usb_make_path())",
        .bus_prefix = "usb-",
        .device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_AUDIO |
        V4L2_CAP_READWRITE | V4L2_CAP_STREAMING,
        .querycap_source = "em28xx-video.c: vidioc_querycap() (driver "
        "\"em28xx\", card em28xx_boards[].name cut by strscpy() to the "
        "31 characters of cap->card, bus_info; no TUNER: TUNER_ABSENT, no "
        "VBI_CAPTURE: see nodes_source), em28xx_v4l2_init() "
        "(vdev.device_caps; AUDIO when em28xx-core.c em28xx_audio_setup() "
        "finds AC97 or I2S audio in the chip's configuration register: the "
        "board's inputs carry Line In sound, so this profile has it)",

        .inputs = em28xx_inputs,
        .n_inputs = G_N_ELEMENTS (em28xx_inputs),
        .input_status = FALSE,
        .inputs_source = "em28xx-video.c: vidioc_enum_input() (iname[] "
        "\"Composite\", \"S-Video\", CAMERA unless "
        "EM28XX_VMUX_TELEVISION, std = vdev.tvnorms, audioset from "
        "amux_map[], no status), em28xx-cards.c: em28xx_boards[] "
        "EM2820_BOARD_PINNACLE_DVC_90 (input[]), em28xx_card_setup() "
        "(amux_map[]); V4L2_IN_CAP_STD is the V4L2 core's (v4l2-ioctl.c "
        "v4l_enuminput())",
        .inputs_signal_source = "no driver fact: the virtual card's sources "
        "send PAL-B/G on both inputs, a standard of the power-on PAL set, "
        "so that a capture shows a picture and QUERYSTD finds it",

        .power_on_std = V4L2_STD_PAL,
        .power_on_std_source = "em28xx-video.c: em28xx_v4l2_init() (\"set "
        "default norm\": V4L2_STD_PAL, then 720 x norm_maxh() = 576)",
        .querystd = TRUE,
        .querystd_lines_only = TRUE,
        .querystd_source = "em28xx-video.c: vidioc_querystd() asks the "
        "decoder subdevice; disabled for webcams only. saa7115.c "
        "saa711x_querystd(): on chips other than the SAA7115 only the "
        "field rate (status byte 0x1f), so the answer is tvnorms masked "
        "with V4L2_STD_525_60 or V4L2_STD_625_50 (UNKNOWN when not "
        "locked). The DVC 90's decoder is a SAA7113: older em28xx-cards.c "
        "trees name it (.decoder = EM28XX_SAA7113), today's load "
        "\"saa7115_auto\", which finds the chip",
        .std_busy = GST_TV_HW_VIRTUAL_STD_BUSY_STREAMING,
        .s_std_source = "em28xx-video.c: vidioc_s_std() (the same norm: 0; "
        "EBUSY while streaming_users > 0, whatever the size; else the size "
        "becomes 720 x 480 or 576; the V4L2 core masks the request with "
        "tvnorms first, v4l2-ioctl.c v4l_s_std())",
        .s_input_busy = FALSE,
        .s_input_source = "em28xx-video.c: vidioc_s_input() (EINVAL past "
        "the board's inputs, then video_mux(): no busy check)",

        .formats = em28xx_formats,
        .n_formats = G_N_ELEMENTS (em28xx_formats),
        .s_fmt_busy = TRUE,
        .formats_source = "em28xx-video.c: format[] (YUYV, RGB565, SRGGB8, "
        "SBGGR8, SGRBG8, SGBRG8, YUV411P), vidioc_enum_fmt_vid_cap(), "
        "vidioc_try_fmt_vid_cap() (an unknown fourcc becomes format[0], "
        "YUYV), vidioc_s_fmt_vid_cap() (EBUSY when vb2_is_busy()). Not "
        "modelled: the virtual card makes YUYV only, so TRY_FMT and S_FMT "
        "answer YUYV for the other six",
        .sizes_source = "em28xx-video.c: norm_maxw() 720, norm_maxh() 480 "
        "or 576, vidioc_g_fmt_vid_cap() (bytesperline width x depth / 8, "
        "V4L2_FIELD_INTERLACED: interlaced_fieldmode is "
        "EM28XX_INTERLACED_DEFAULT, V4L2_COLORSPACE_SMPTE170M). Not "
        "modelled: the driver scales (vidioc_try_fmt_vid_cap(), "
        "size_to_scale(): 48 x 32 up to the full size); the virtual card "
        "answers the full size whatever is asked",

        .g_parm = TRUE,
        .readbuffers = 4,
        .cropcap = FALSE,
        .v4l2_audio = TRUE,
        .ioctls_source = "em28xx-video.c: video_ioctl_ops (vidioc_g_parm: "
        "TIMEPERFRAME, v4l2_video_std_frame_period(), readbuffers "
        "EM28XX_MIN_BUF = 4 (em28xx.h); S_PARM disabled but for webcams; "
        "no vidioc_g_selection, so no CROPCAP; ENUMAUDIO, G/S_AUDIO; the "
        "tuner ioctls disabled for TUNER_ABSENT in em28xx_v4l2_init())",
        .audio_inputs = em28xx_audio_inputs,
        .n_audio_inputs = G_N_ELEMENTS (em28xx_audio_inputs),

        .ctrls = em28xx_ctrls,
        .n_ctrls = G_N_ELEMENTS (em28xx_ctrls),
        .decoder_ctrls = saa711x_ctrls,
        .n_decoder_ctrls = G_N_ELEMENTS (saa711x_ctrls),
        .ctrls_source = "saa7115.c: saa711x_probe() (brightness, contrast, "
        "saturation, hue, chroma AGC and gain); em28xx-video.c: "
        "em28xx_v4l2_init() (red and blue balance, sharpness, added as the "
        "subdevice lacks them; volume and mute only with an AC97 codec, "
        "which this profile does not have: see querycap_source)",

        .vbi_nodes = 0,
        .nodes_source = "em28xx-video.c: em28xx_v4l2_init() registers the "
        "video node; a VBI node only when em28xx_vbi_supported() (chip "
        "EM2860 or EM2883, read from the chip at probe) and a radio node "
        "only for EM28XX_RADIO boards: the DVC 90 family has the EM2820 "
        "(the board's EM2820_ name; the Plextor PX-AV100U's patch says "
        "so), so no VBI, no radio, no tuner, no output",
        .buf_field = V4L2_FIELD_INTERLACED,
        .buffers_source = "em28xx-video.c: finish_buffer() (field "
        "INTERLACED, sequence field_count++, timestamp ktime_get_ns()), "
        "em28xx_start_analog_streaming() (field_count back to 0), "
        "em28xx_vb2_setup() (io_modes READ | MMAP | USERPTR | DMABUF, "
        "TIMESTAMP_MONOTONIC)",
        .sound_source = "em28xx-audio.c: the em28xx ALSA capture device "
        "(USB vendor audio) of the same chip, or USB audio class on chips "
        "that have it (em28xx-core.c em28xx_audio_setup()); the V4L2 node "
        "only routes Line In (video_mux(), em28xx_audio_analog_set())",
      },
  {
        .name = "stk1160",
        .kernel = "Linux mainline drivers/media/usb/stk1160 as stored in the "
        "search index: stk1160-v4l.c and stk1160.h's STK1160_MAX_INPUT / "
        "STK1160_SVIDEO_INPUT at Kingxukai/linux 9b44fff655e2, "
        "stk1160-core.c and stk1160-video.c at Kingxukai/linux "
        "0291023e7330; drivers/media/i2c/saa7115.c for the decoder's "
        "controls; not checked against a 6.1 tree.",

        .driver = "stk1160",
        .card = "stk1160",
        .bus_info = "usb-<bus>-<port> (usb_make_path())",
        .bus_prefix = "usb-",
        .device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_READWRITE |
        V4L2_CAP_STREAMING,
        .querycap_source = "stk1160-v4l.c: vidioc_querycap() (driver and "
        "card \"stk1160\", bus_info), stk1160_video_register() "
        "(vdev.device_caps)",

        .inputs = stk1160_inputs,
        .n_inputs = G_N_ELEMENTS (stk1160_inputs),
        .input_status = FALSE,
        .inputs_source = "stk1160-v4l.c: vidioc_enum_input() (EINVAL "
        "only past STK1160_MAX_INPUT, so five inputs; \"S-Video\" at "
        "STK1160_SVIDEO_INPUT, \"Composite%d\" else; CAMERA; std = "
        "vdev.tvnorms; no audioset or status), v4l_template (tvnorms), "
        "stk1160.h (STK1160_MAX_INPUT 4, STK1160_SVIDEO_INPUT 4), "
        "stk1160-core.c stk1160_probe() (input 0 at power-on: the "
        "\"input\" module parameter, default 0); V4L2_IN_CAP_STD is the "
        "V4L2 core's (v4l2-ioctl.c v4l_enuminput())",
        .inputs_signal_source = "no driver fact: the virtual card's sources "
        "send NTSC-M on every input, the power-on standard, so that a "
        "capture shows a picture and QUERYSTD finds it",

        .power_on_std = V4L2_STD_NTSC_M,
        .power_on_std_source = "stk1160-v4l.c: stk1160_video_register() "
        "(\"NTSC is default\": V4L2_STD_NTSC_M, 720x480)",
        .querystd = TRUE,
        .querystd_lines_only = TRUE,
        .querystd_source = "stk1160-v4l.c: vidioc_querystd() asks the "
        "decoder subdevice; stk1160-core.c stk1160_probe() loads it as "
        "\"saa7115_auto\" at the SAA7113's addresses (\"stk1160 boards "
        "only have saa7113\"). saa7115.c saa711x_querystd(): on chips "
        "other than the SAA7115 only the field rate, so the answer is "
        "tvnorms masked with V4L2_STD_525_60 or V4L2_STD_625_50",
        .std_busy = GST_TV_HW_VIRTUAL_STD_BUSY_ALWAYS,
        .s_std_source = "stk1160-v4l.c: vidioc_s_std() (the same norm: 0; "
        "EBUSY when vb2_is_busy(), buffers or not streaming; else 720 x "
        "480 or 576 and no decimation; the V4L2 core masks the request "
        "with tvnorms first, v4l2-ioctl.c v4l_s_std())",
        .s_input_busy = FALSE,
        .s_input_source = "stk1160-v4l.c: vidioc_s_input() (EINVAL past "
        "STK1160_MAX_INPUT, then stk1160_select_input(): no busy check)",

        .formats = stk1160_formats,
        .n_formats = G_N_ELEMENTS (stk1160_formats),
        .s_fmt_busy = TRUE,
        .formats_source = "stk1160-v4l.c: format[] (UYVY), "
        "vidioc_enum_fmt_vid_cap() (index 0 only), stk1160_try_fmt() (the "
        "current format whatever is asked), vidioc_s_fmt_vid_cap() (EBUSY "
        "when vb2_is_busy())",
        .sizes_source = "stk1160-v4l.c: stk1160_try_fmt() (base 720 x 480 "
        "or 576, V4L2_FIELD_INTERLACED, bytesperline width x 2, "
        "V4L2_COLORSPACE_SMPTE170M). Not modelled: the driver decimates "
        "columns and rows (down to 5 % of the frame, in steps of "
        "base x n / (n + 1) or base / (n + 1)); the virtual card answers "
        "the full size whatever is asked",

        .g_parm = FALSE,
        .cropcap = FALSE,
        .v4l2_audio = FALSE,
        .ioctls_source = "stk1160-v4l.c: stk1160_ioctl_ops (no "
        "vidioc_g_parm, vidioc_g_selection, vidioc_enumaudio, tuner or "
        "output ioctls; v4l2-dev.c determine_valid_ioctls() makes them "
        "ENOTTY, CROPCAP with G_SELECTION)",

        .ctrls = NULL,
        .n_ctrls = 0,
        .ctrls_source = "stk1160-core.c: stk1160_probe() (an empty handler "
        "of the bridge's, v4l2_ctrl_handler_init(..., 0), which the SAA711x "
        "subdevice's controls join); saa7115.c: saa711x_probe()",
        .decoder_ctrls = saa711x_ctrls,
        .n_decoder_ctrls = G_N_ELEMENTS (saa711x_ctrls),

        .vbi_nodes = 0,
        .nodes_source = "stk1160-v4l.c: stk1160_video_register() registers "
        "one VFL_TYPE_VIDEO capture node: no VBI, no output, no tuner",
        .buf_field = V4L2_FIELD_INTERLACED,
        .buffers_source = "stk1160-video.c: stk1160_buffer_done() (field "
        "INTERLACED, sequence counted per frame, timestamp ktime_get_ns()), "
        "stk1160-v4l.c: stk1160_start_streaming() (sequence back to 0), "
        "stk1160_vb2_setup() (io_modes READ | MMAP | USERPTR | DMABUF, "
        "TIMESTAMP_MONOTONIC), queue_setup() (8 to 32 buffers)",
        .sound_source = "stk1160-core.c: stk1160_probe() rejects the audio "
        "interface: the sound is the USB audio class device of "
        "snd-usb-audio; stk1160_ac97_setup() only sets the codec up",
      },
  {
        .name = "bttv",
        .board = "BTTV_BOARD_HAUPPAUGE878",
        .kernel = "Linux drivers/media/pci/bt8xx as stored in the search "
        "index: bttv-driver.c at torvalds/linux 016994377583 (a 4.16 to "
        "5.x tree: VFL_TYPE_GRABBER, videobuf, overlay), bttvp.h "
        "(BTTV_NORMS) and bttv-cards.c (bttv_tvcards[]) as found by "
        "content. 6.1 still has videobuf and the overlay; the vb2 rewrite "
        "came later. Not checked against a 6.1 tree.",

        .driver = "bttv",
        .card = "BT878 video (Hauppauge (bt878))",
        .bus_info = "PCI:<domain>:<bus>:<slot>.<function> (pci_name())",
        .bus_prefix = "PCI:",
        .device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_OVERLAY |
        V4L2_CAP_TUNER | V4L2_CAP_READWRITE | V4L2_CAP_STREAMING,
        .querycap_source = "bttv-driver.c: bttv_querycap() (driver "
        "\"bttv\", card = the video node's name, bus_info \"PCI:\" + "
        "pci_name(); the video node's device_caps: VIDEO_CAPTURE, "
        "READWRITE, STREAMING, VIDEO_OVERLAY unless no_overlay > 0 "
        "(bttv-cards.c: -1 by default, set only for broken PCI chipsets), "
        "TUNER unless TUNER_ABSENT), vdev_init() (name \"BT%d%s %s (%s)\": "
        "chip 878, \"video\", the board's name, 31 characters here). "
        "Not modelled: the whole card's capabilities also have "
        "VBI_CAPTURE (see nodes_source); the card reports device_caps " "only",

        .inputs = bttv_inputs,
        .n_inputs = G_N_ELEMENTS (bttv_inputs),
        .input_status = TRUE,
        .inputs_source = "bttv-driver.c: bttv_enum_input() (EINVAL past "
        "video_inputs; \"Television\" and TUNER for index 0 when a tuner "
        "is fitted, \"S-Video\" at svhs, \"Composite%d\" else; audioset 0; "
        "std BTTV_NORMS; status NO_SIGNAL / NO_H_LOCK from DSTATUS, for the "
        "current input only: the virtual card reports every input's); "
        "bttv-cards.c bttv_tvcards[BTTV_BOARD_HAUPPAUGE878] (video_inputs "
        "4, svhs 2, tuner_type UNSET: read from the Hauppauge EEPROM in "
        "bttv_init_card2(), a WinTV has one); bttv_probe() (input 0 at "
        "power-on); V4L2_IN_CAP_STD is the V4L2 core's (v4l2-ioctl.c "
        "v4l_enuminput())",
        .inputs_signal_source = "no driver fact: the virtual card's sources "
        "send PAL-B/G on every input, the antenna's stations too, a "
        "standard of the power-on PAL set, so that a capture shows a "
        "picture and QUERYSTD finds it",

        .power_on_std = V4L2_STD_PAL,
        .power_on_std_source = "bttv-driver.c: bttv_probe() (btv->std = "
        "V4L2_STD_PAL; tvnorm 0, bttv_tvnorms[0], the PAL entry, from the "
        "zeroed struct), bttv_g_std() (answers btv->std)",
        .querystd = TRUE,
        .querystd_lines_only = TRUE,
        .querystd_source = "bttv-driver.c: bttv_querystd() (masks the "
        "request with V4L2_STD_625_50 or V4L2_STD_525_60 by the NUML bit "
        "of DSTATUS; the V4L2 core starts it at tvnorms, v4l2-ioctl.c "
        "v4l_querystd()): the field rate only",
        .std_busy = GST_TV_HW_VIRTUAL_STD_BUSY_NEVER,
        .s_std_source = "bttv-driver.c: bttv_s_std() (EINVAL when no "
        "bttv_tvnorms[] entry matches, else set_tvnorm(): no busy check; "
        "the resource comment above check_alloc_btres_lock(): \"this "
        "driver permits video input and standard changes regardless if "
        "resources are allocated\"; the V4L2 core masks the request with "
        "tvnorms first, v4l2-ioctl.c v4l_s_std())",
        .s_input_busy = FALSE,
        .s_input_source = "bttv-driver.c: bttv_s_input() (EINVAL past "
        "video_inputs, then set_input(): no busy check)",

        .formats = bttv_formats,
        .n_formats = G_N_ELEMENTS (bttv_formats),
        .s_fmt_busy = TRUE,
        .fmt_unlisted_einval = TRUE,
        .formats_source = "bttv-driver.c: formats[] (17 with a fourcc, "
        "then raw scanlines), bttv_enum_fmt_cap_ovr(), "
        "bttv_try_fmt_vid_cap() (format_by_fourcc(): EINVAL for a format "
        "not listed), bttv_s_fmt_vid_cap() (bttv_switch_type(): EBUSY while "
        "the handle streams or has buffers queued; then TRY_FMT's EINVAL). "
        "Not modelled: the card makes YUYV and UYVY only, so the other 15 "
        "are answered as YUYV; the driver starts in BGR24 at 320 x 240 "
        "(bttv_probe(): init.fmt, init.width, init.height), the card in "
        "YUYV, the first listed format it makes",
        .sizes_source = "bttv-driver.c: bttv_tvnorms[] (sheight 576 or "
        "480), bttv_g_fmt_vid_cap(), pix_format_set_size() (bytesperline "
        "width x depth / 8, V4L2_COLORSPACE_SMPTE170M). Not modelled: the "
        "driver scales from 48 x 32 up to the crop rectangle "
        "(limit_scaled_size_lock(), PAL defrect 924 wide) and picks a "
        "single field for heights up to half the frame; the virtual card "
        "answers 720 x 480 or 576, interlaced, whatever is asked",

        .g_parm = TRUE,
        .readbuffers = 8,
        .cropcap = TRUE,
        .v4l2_audio = FALSE,
        .ioctls_source = "bttv-driver.c: bttv_ioctl_ops (vidioc_g_parm: "
        "readbuffers gbuffers, the module parameter, 8, and "
        "v4l2_video_std_frame_period(); no S_PARM; cropcap, g_selection, "
        "s_selection; g/s_tuner, g/s_frequency; no enumaudio, g/s_audio). "
        "Not modelled: the crop rectangles are the virtual card's (720 "
        "wide), not bttv_tvnorms[].cropcap; G_TUNER's ranges and "
        "capability are the virtual card's tuner's (bttv_g_tuner() asks "
        "the tuner subdevice), and bttv_probe() tunes to 980 (61.25 MHz) "
        "where the card stays at its own 175.25 MHz, a station",

        .ctrls = bttv_ctrls,
        .n_ctrls = G_N_ELEMENTS (bttv_ctrls),
        .ctrls_source = "bttv-driver.c: bttv_probe() (v4l2_ctrl_new_std() "
        "and v4l2_ctrl_new_custom() calls, the bttv_ctrl_* configurations, "
        "the module parameters' defaults), V4L2_CID_USER_BTTV_BASE "
        "(v4l2-controls.h). Not modelled: the audio chip's controls "
        "(tvaudio or msp3400, needs_tvaudio in the board's entry) join the "
        "handler on a real card",

        .vbi_nodes = 0,
        .nodes_source = "bttv-driver.c: bttv_register_video() registers "
        "the video node, a VBI node (raw VBI only: bttv-vbi.c, sampling at "
        "the norm's Fsc, 2048 samples per line) and a radio node only "
        "with the radio module parameter. Not modelled: the virtual "
        "card's VBI node would answer with the generic card's raw format "
        "and the video node's caps, so this profile has no VBI node",
        .buf_field = V4L2_FIELD_INTERLACED,
        .buffers_source = "bttv-driver.c: bttv_open() (videobuf "
        "queue, V4L2_FIELD_INTERLACED), buffer_setup() (gbuffers, 8, when "
        "0 are asked), bttv_irq_wakeup_video() (the field counter and "
        "timestamp of each buffer). Not modelled: videobuf gives MMAP, "
        "USERPTR and READ, no DMABUF; the sequence is the field counter / "
        "2, counted from the first open (bttv_field_count()), not from "
        "STREAMON",
        .sound_source = "the board's sound leaves by a cable to the sound "
        "card's line in (or the Bt878's audio function, the btaudio ALSA "
        "driver); bttv-driver.c audio_input() only routes tuner or extern "
        "sound by GPIO and the audio chip",
      },
  {
        .name = "cx88",
        .board = "CX88_BOARD_HAUPPAUGE",
        .kernel = "Linux drivers/media/pci/cx88 as stored in the search "
        "index: cx88-video.c at torvalds/linux 0470fb7f23c3 (a 5.x tree "
        "with vb2: VFL_TYPE_GRABBER, strscpy()), cx88.h (CX88_NORMS), "
        "cx88-cards.c (cx88_boards[]) and cx88-core.c (cx88_set_tvnorm()) "
        "as found by content. 6.1 has the same vb2 driver; not checked "
        "against a 6.1 tree.",

        .driver = "cx8800",
        .card = "Hauppauge WinTV 34xxx models",
        .bus_info = "PCI:<domain>:<bus>:<slot>.<function> (pci_name())",
        .bus_prefix = "PCI:",
        .device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_TUNER |
        V4L2_CAP_READWRITE | V4L2_CAP_STREAMING,
        .querycap_source = "cx88-video.c: vidioc_querycap() (driver "
        "\"cx8800\", bus_info \"PCI:\" + pci_name()), cx88_querycap() (card "
        "= the board's name), cx8800_initdev() (the video node's "
        "device_caps: READWRITE, STREAMING, VIDEO_CAPTURE, TUNER unless "
        "the board has no tuner type: a WinTV's is read from its EEPROM, "
        "cx88-cards.c cx88_card_setup()). Not modelled: the whole card's "
        "capabilities also have VBI_CAPTURE and RADIO (see nodes_source)",

        .inputs = cx88_inputs,
        .n_inputs = G_N_ELEMENTS (cx88_inputs),
        .input_status = FALSE,
        .inputs_source = "cx88-video.c: cx88_enum_input() (index below 4 "
        "with a type in the board's input[], iname[], TUNER for "
        "TELEVISION or CABLE else CAMERA, std CX88_NORMS, no status or "
        "audioset), cx8800_initdev() (cx88_video_mux(core, 0): input 0 at "
        "power-on); cx88-cards.c cx88_boards[CX88_BOARD_HAUPPAUGE] "
        "(input[]: TELEVISION, DEBUG, COMPOSITE1, SVIDEO); "
        "V4L2_IN_CAP_STD is the V4L2 core's (v4l2-ioctl.c v4l_enuminput())",
        .inputs_signal_source = "no driver fact: the virtual card's sources "
        "send NTSC-M on every input, the antenna's stations too, the "
        "power-on standard, so that a capture shows a picture",

        .power_on_std = V4L2_STD_NTSC_M,
        .power_on_std_source = "cx88-video.c: cx8800_initdev() "
        "(cx88_set_tvnorm(core, V4L2_STD_NTSC_M)), vidioc_g_std() (answers "
        "core->tvnorm)",
        .querystd = FALSE,
        .querystd_source = "cx88-video.c: video_ioctl_ops has no "
        "vidioc_querystd (the V4L2 core answers ENOTTY)",
        .std_busy = GST_TV_HW_VIRTUAL_STD_BUSY_ALWAYS,
        .s_std_source = "cx88-video.c: vidioc_s_std() calls cx88-core.c "
        "cx88_set_tvnorm() (the same norm: 0; EBUSY when vb2_is_busy() on "
        "the video or the VBI queue, streaming or not; the V4L2 core masks "
        "the request with tvnorms first, v4l2-ioctl.c v4l_s_std())",
        .s_input_busy = FALSE,
        .s_input_source = "cx88-video.c: vidioc_s_input() (EINVAL past 4 or "
        "for an empty slot, then cx88_newstation() and cx88_video_mux(): "
        "no busy check)",

        .formats = cx88_formats,
        .n_formats = G_N_ELEMENTS (cx88_formats),
        .s_fmt_busy = TRUE,
        .fmt_unlisted_einval = TRUE,
        .formats_source = "cx88-video.c: formats[] (10), "
        "vidioc_enum_fmt_vid_cap(), vidioc_try_fmt_vid_cap() "
        "(format_by_fourcc(): EINVAL for a format not listed), "
        "vidioc_s_fmt_vid_cap() (TRY_FMT's EINVAL first, then EBUSY when "
        "vb2_is_busy() on the video or VBI queue). Not modelled: the card "
        "checks busy before the format, so S_FMT of an unlisted format with "
        "buffers is EBUSY where the driver says EINVAL; the card makes YUYV "
        "and UYVY only, the other 8 are answered as YUYV; the driver "
        "starts in BGR24 (cx8800_initdev(): dev->fmt), the card in YUYV",
        .sizes_source = "cx88-video.c: vidioc_g_fmt_vid_cap() (core->width "
        "and height, bytesperline width x depth / 8, "
        "V4L2_COLORSPACE_SMPTE170M), vidioc_try_fmt_vid_cap() (norm_maxw(), "
        "norm_maxh(), 48 x 32 up, a single field at half height or less). "
        "Not modelled: the scaling, and the driver's power-on size "
        "(core->width and height, set in cx88-core.c, not read); the card "
        "answers 720 x 480 or 576, interlaced",

        .g_parm = FALSE,
        .cropcap = FALSE,
        .v4l2_audio = FALSE,
        .ioctls_source = "cx88-video.c: video_ioctl_ops (no vidioc_g_parm, "
        "vidioc_g_selection, vidioc_cropcap or vidioc_enumaudio; g/s_tuner "
        "and g/s_frequency). Not modelled: G_TUNER's name, ranges and "
        "stereo are the virtual card's tuner's (vidioc_g_tuner() asks the "
        "tuner subdevice and cx88_get_stereo())",

        .ctrls = cx88_ctrls,
        .n_ctrls = G_N_ELEMENTS (cx88_ctrls),
        .ctrls_source = "cx88-video.c: cx8800_vid_ctls[], cx8800_aud_ctls[], "
        "cx8800_initdev() (v4l2_ctrl_new_std() of each, "
        "v4l2_ctrl_add_handler() of the audio ones). Not modelled: "
        "cx88-core.c cx88_set_tvnorm() grabs Chroma AGC under SECAM "
        "(v4l2_ctrl_grab()), so S_CTRL on it is EBUSY there",

        .vbi_nodes = 0,
        .nodes_source = "cx88-video.c: cx8800_initdev() registers the video "
        "node, a raw VBI node (cx8800_vbi_fmt() answers G, TRY and S_FMT "
        "alike) and, on this board (radio CX88_RADIO), a radio node. Not "
        "modelled: the virtual card's VBI node would answer with the "
        "generic card's raw format and the video node's caps, so this "
        "profile has no VBI node; no radio node",
        .buf_field = V4L2_FIELD_INTERLACED,
        .buffers_source = "cx88-video.c: cx8800_initdev() (io_modes MMAP | "
        "USERPTR | DMABUF | READ, min_buffers_needed 2, "
        "TIMESTAMP_MONOTONIC), start_video_dma() (the counter back to 0 at "
        "STREAMON), buffer_prepare() (EINVAL for a buffer smaller than the "
        "frame), vidioc_g_fmt_vid_cap() (core->field: INTERLACED for full "
        "frames)",
        .sound_source = "cx88-alsa.c: the chip's own audio capture, a "
        "separate ALSA card (snd-cx88-alsa); the tuner's sound is "
        "demodulated by the chip (cx88-tvaudio.c); no V4L2 audio ioctls",
      },
};

G_STATIC_ASSERT (G_N_ELEMENTS (profiles) == GST_TV_HW_VIRTUAL_N_PROFILES);
G_STATIC_ASSERT (G_N_ELEMENTS (bttv_formats) <= GST_TV_HW_VIRTUAL_MAX_FORMATS);

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
 * gst_tv_hw_virtual_profile_n_ctrls:
 * @profile: a profile
 *
 * Returns: how many controls @profile has, its own and its decoder's
 */
guint
gst_tv_hw_virtual_profile_n_ctrls (const GstTvHwVirtualProfile * profile)
{
  return profile->n_ctrls + profile->n_decoder_ctrls;
}

/**
 * gst_tv_hw_virtual_profile_ctrl:
 * @profile: a profile
 * @i: below gst_tv_hw_virtual_profile_n_ctrls()
 *
 * Returns: (transfer none): control @i of @profile: its own controls
 * first, then its decoder's
 */
const GstTvHwVirtualProfileCtrl *
gst_tv_hw_virtual_profile_ctrl (const GstTvHwVirtualProfile * profile, guint i)
{
  g_return_val_if_fail (i < gst_tv_hw_virtual_profile_n_ctrls (profile), NULL);
  if (i < profile->n_ctrls)
    return &profile->ctrls[i];
  return &profile->decoder_ctrls[i - profile->n_ctrls];
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
