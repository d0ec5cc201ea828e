/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-diff: a differential probe of the hardware layer. It makes the same
 * sequence of tvhw calls on the virtual TV card, configured to mimic the
 * kernel's vivid driver, and on a real device (vivid under qemu, see
 * tests/vivid/README.md), and compares the answers that must agree: errno
 * rules (EINVAL, EBUSY, ENODATA), standards, formats, frame periods, pixel
 * aspect, the tuner (G_TUNER, G/S_FREQUENCY and its clamping), audio
 * inputs and outputs, the colour balance and flip controls (ranges,
 * defaults, S_CTRL clamping), buffers, timestamps and streaming.
 *
 *   tvhw-diff [-d DEVICE] [-o OUTPUT-DEVICE] [-v]
 *
 * DEVICE defaults to $V4L2TV_TEST_DEVICE; without one the probe is skipped
 * (exit status 77), as it is when DEVICE is not driven by vivid.
 * OUTPUT-DEVICE (default $V4L2TV_TEST_OUTPUT_DEVICE) adds the checks of the
 * output node, against the virtual card's output node. It prints
 * a table (check, virtual, real device, verdict), the known differences
 * that were met, with their reasons, and a "N passed, N failed" line.
 * Exit status 0 when nothing failed.
 *
 * Answers are text. Text in [brackets] at the end of an answer is shown but
 * not compared (e.g. a frame period the driver did not reduce: 25000/1000
 * is 1/25). A disagreement is either listed in known_differences[] below,
 * with the reason, or it fails.
 *
 * Everything goes through the public tvhw.h API, except the errno at the
 * end of an enumeration: tvhw.h folds EINVAL and ENODATA into "end of the
 * list", so those few probes ask the backend's operation (tvhw-backend.h)
 * directly.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "hw/tvhw.h"
#include "hw/tvhw-backend.h"
#include "hw/tvhw-virtual.h"
#include "vivid-args.h"

#define VIRTUAL_CARD 6
#define VIRTUAL_LOCATION "virtual:6"

#define N_BUFFERS 4
#define N_FRAMES 6
/* generous: vivid under qemu without KVM makes about 12 frames/s */
#define FRAME_TIMEOUT (3 * GST_SECOND)

/* vivid's inputs, in its order (the virtual card is set up the same) */
#define INPUT_WEBCAM 0
#define INPUT_TV 1
#define INPUT_SVIDEO 2
#define INPUT_HDMI 3

/* vivid's inputs with the module parameters vivid-run uses by default
 * (num_inputs=4 input_types=0xe4): Webcam, TV (tuner), S-Video, HDMI.
 * vivid's default standard_signal_mode is "Current Standard": its TV and
 * S-Video inputs carry whatever standard is selected, PAL at power-on, so
 * our connectors carry PAL. The webcam and HDMI inputs have no standards
 * but a picture (status "ok"): any non-zero signal_std says "connected".
 * The TV and S-Video inputs have both audio inputs (TV, Line-In: the
 * virtual card's are named as vivid's), the others none. The tuner's
 * antenna (signal_std of the TV input) carries PAL, so the virtual
 * card's stations are PAL stations. */
static const GstTvHwVirtualInput vivid_inputs[] = {
  {"Webcam 0", V4L2_INPUT_TYPE_CAMERA, 0, V4L2_STD_ALL, 0},
  {"TV 0", V4L2_INPUT_TYPE_TUNER, V4L2_STD_ALL, V4L2_STD_PAL, 0x3},
  {"S-Video 0", V4L2_INPUT_TYPE_CAMERA, V4L2_STD_ALL, V4L2_STD_PAL, 0x3},
  {"HDMI 0", V4L2_INPUT_TYPE_CAMERA, 0, V4L2_STD_ALL, 0},
};

/* Disagreements that are understood: the check (a glob, see
 * g_pattern_match_simple()), what the real device answers there (a glob;
 * NULL: anything) and why. An entry only excuses a disagreement: when both
 * answers agree the check passes as usual, and a real answer that does not
 * match the entry's still fails. */
static const struct
{
  const gchar *check;
  const gchar *real;
  const gchar *reason;
} known_differences[] = {
  {"QUERYCAP *: read/write", "yes",
      "vivid has read()/write() I/O (V4L2_CAP_READWRITE); the virtual card "
        "streams with MMAP only, as the elements do"},
  {"QUERYCAP output: tuner, modulator, audio", "0x20000",
      "vivid's video output node has audio outputs but no modulator (its "
        "modulator belongs to its radio transmitter node); the virtual "
        "card's output node has an RF Modulator output, so it has "
        "V4L2_CAP_MODULATOR too"},
  {"ENUMINPUT 3 capabilities", "0x2 DV_TIMINGS",
      "vivid's HDMI input has DV timings (V4L2_IN_CAP_DV_TIMINGS); the "
        "virtual card has no DV timings API, its HDMI input is a camera "
        "input without standards"},
  {"ENUM_FMT ? flags", "0x1e0",
      "vivid converts colorimetry on capture (V4L2_FMT_FLAG_CSC_COLORSPACE, "
        "_XFER_FUNC, _YCBCR_ENC, _QUANTIZATION); the virtual card gives "
        "SMPTE 170M as it comes, like a TV card's decoder"},
  {"ENUM_FMT count", NULL,
      "vivid lists 83 capture formats; the virtual card has YUYV and UYVY "
        "(the formats an analog TV card's decoder gives)"},
  {"TRY_FMT 640x480 on PAL", "* 640x480 *",
      "vivid's TV input has a scaler (ccs_cap_mode=-1, the default) and "
        "takes any size; the virtual card has none and answers the "
        "standard's size (as vivid with ccs_cap_mode=0)"},
  {"TRY_FMT field ALTERNATE", "* ALTERNATE *",
      "vivid captures single fields (ALTERNATE, TOP, BOTTOM, SEQ_*) too; "
        "the virtual card captures interlaced frames only"},
  {"TRY_FMT bytesperline 2048", "* bpl 2048 *",
      "vivid keeps padding the application asks for; the virtual card "
        "always answers 2 x width"},
  {"QUERYSTD on TV, NTSC selected", "ok 0xb000 NTSC, status 0x0",
      "vivid's default standard_signal_mode (Current Standard) reports "
        "whatever S_STD chose; the virtual card reports the signal on the "
        "connector, which stays PAL"},
  {"wait before REQBUFS", NULL,
      "vivid has read() I/O (V4L2_CAP_READWRITE): vb2's poll on a queue "
        "without buffers starts the read() emulator and waits for a frame "
        "(ok, or TIMEOUT under a slow qemu); the virtual card has no read() "
        "I/O and answers as vb2 does without it (EPOLLERR: IO). An element "
        "must never wait before REQBUFS"},
  {"ENUMOUTPUT count", "2",
      "the virtual card's outputs are fixed (Composite Out, S-Video Out, RF "
        "Modulator); vivid's here are S-Video 0 and HDMI 0"},
  {"ENUMOUTPUT names", NULL,
      "the virtual card's outputs are fixed (Composite Out, S-Video Out, RF "
        "Modulator); vivid's here are S-Video 0 and HDMI 0"},
  {"S-Video output audioset", "0x3",
      "vivid's S-Video output has both audio outputs; the virtual card's "
        "outputs are fixed, each with one audio output (S-Video Out: "
        "Line-Out, 0x1)"},
  {"S_AUDOUT 1 on S-Video", "ok",
      "vivid's S-Video output has both audio outputs (audioset 0x3); the "
        "virtual card's S-Video Out has only Line-Out (0x1), so S_AUDOUT 1 "
        "is outside its audioset: EINVAL"},
  {"ENUMAUDOUT names", "'Line-Out 1' 'Line-Out 2'",
      "the virtual card's audio outputs are fixed: Line-Out and the RF "
        "modulator's sound carrier (Modulator Audio); vivid has two line "
        "outputs"},
  {"output: G_MODULATOR 0", "NOT_SUPPORTED",
      "vivid's video output node has no modulator (ENOTTY; vivid's "
        "modulator is on its radio transmitter node); the virtual card's "
        "output node has one, for its RF Modulator output"},
  {"output: G_FREQUENCY 0", "NOT_SUPPORTED",
      "on an output node G_FREQUENCY addresses the modulator: vivid's video "
        "output node has none (ENOTTY), the virtual card's has one"},
  {"first frame: timestamp (CLOCK_MONOTONIC)", "in the future*",
      "vivid stamps a capture frame with its nominal end (STREAMON + "
        "(sequence + 1) x period, V4L2_BUF_FLAG_TSTAMP_SRC_EOF), computed, "
        "not read from the clock, and may hand the frame out before that "
        "time; the virtual card stamps STREAMON + sequence x period, the "
        "moment the frame becomes ready, never ahead of the clock"},
  {"G_TUNER 0 on 175.25 MHz: rxsubchans", "0xc",
      "the channel plans differ: vivid puts a channel every 6 MHz and its "
        "sound subchannels cycle with the channel number (175.25 MHz: "
        "LANG1|LANG2), the virtual card's station E5 there is STEREO; "
        "signal and afc agree"},
  {"G_AUDIO after S_INPUT S-Video (TV's audio was 0)", "1 'Line-In' *",
      "on S_INPUT vivid picks the audio input by the input's type (TV: 0, "
        "any other: 1, Line-In) even when the current one is in the new "
        "input's audioset; the virtual card keeps the current audio input "
        "when the new input's audioset has it and only otherwise moves to "
        "the first of the set (what a card with a fixed audio mux does)"},
  {"QUERYCTRL brightness on TV", "* 128..383 step 1 default 256 *",
      "vivid changes the brightness range with the input (128 x input .. "
        "255 + 128 x input, default 128 + 128 x input: 128..383 on input "
        "1) to exercise applications that handle range changes; the "
        "virtual card's controls have one range (vivid's on input 0, "
        "compared above)"},
  {"*CROPCAP on *", "NOT_SUPPORTED",
      "vivid without crop, compose and scaler (ccs_cap_mode=0, "
        "ccs_out_mode=0) has no selection API and answers ENOTTY to CROPCAP; "
        "the virtual card always answers it (the standard's size, BT.601 "
        "pixel aspect), as bttv and saa7134 do"},
  {"G_STD on S-Video after S_STD NTSC on TV", "0xff PAL",
      "vivid keeps a standard per input (std_cap[input]); the virtual card "
        "has one standard per card (its video decoder, like bttv or "
        "saa7134), which S_INPUT keeps when the new input accepts it"},
};

typedef enum
{
  VERDICT_PASS,
  VERDICT_KNOWN,
  VERDICT_FAIL,
} Verdict;

typedef struct
{
  gchar *check;
  gchar *virt;
  gchar *real;
  Verdict verdict;
  const gchar *reason;
} Row;

/* what one device answered to one probe, in order */
typedef struct
{
  GPtrArray *checks;
  GPtrArray *answers;
} Answers;

typedef void (*ProbeFunc) (GstTvHwDevice * dev, gconstpointer data,
    Answers * a);

typedef struct
{
  GstTvHwDevice *virt;
  GstTvHwDevice *real;
  GPtrArray *rows;
  gboolean verbose;
} Diff;

/* a standard to probe, by the name the table shows */
typedef struct
{
  const gchar *name;
  v4l2_std_id std;
} StdCase;

static const StdCase std_cases[] = {
  {"NTSC", V4L2_STD_NTSC},
  {"NTSC-M", V4L2_STD_NTSC_M},
  {"NTSC-M-JP", V4L2_STD_NTSC_M_JP},
  {"NTSC-M-KR", V4L2_STD_NTSC_M_KR},
  {"NTSC-443", V4L2_STD_NTSC_443},
  {"PAL", V4L2_STD_PAL},
  {"PAL-BG", V4L2_STD_PAL_BG},
  {"PAL-I", V4L2_STD_PAL_I},
  {"PAL-DK", V4L2_STD_PAL_DK},
  {"PAL-M", V4L2_STD_PAL_M},
  {"PAL-N", V4L2_STD_PAL_N},
  {"PAL-Nc", V4L2_STD_PAL_Nc},
  {"PAL-60", V4L2_STD_PAL_60},
  {"SECAM", V4L2_STD_SECAM},
  {"SECAM-DK", V4L2_STD_SECAM_DK},
  {"SECAM-L", V4L2_STD_SECAM_L},
  {"SECAM-Lc", V4L2_STD_SECAM_LC},
  {"525_60", V4L2_STD_525_60},
  {"625_50", V4L2_STD_625_50},
  {"ALL", V4L2_STD_ALL},
  {"NTSC-M|PAL-B", V4L2_STD_NTSC_M | V4L2_STD_PAL_B},
  {"ATSC-8VSB", V4L2_STD_ATSC_8_VSB},
  {"0", 0},
};

/* --- answers --- */

static void
answer (Answers * a, const gchar * check, const gchar * format, ...)
G_GNUC_PRINTF (3, 4);

     static void
         answer (Answers * a, const gchar * check, const gchar * format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (a->checks, g_strdup (check));
  g_ptr_array_add (a->answers, g_strdup_vprintf (format, args));
  va_end (args);
}

static const gchar *const error_names[] = {
  "FAILED", "NOT_FOUND", "PERMISSION", "NOT_V4L2", "WRONG_DIRECTION",
  "BUSY", "INVALID", "NO_DATA", "IO", "NOT_SUPPORTED", "TIMEOUT",
  "FLUSHING", "NO_MEMORY", "DISCONNECTED",
};

/* "ok" or the GstTvHwError's name; clears @err */
static const gchar *
result (gboolean ok, GError ** err)
{
  const gchar *name = "ok";

  if (!ok) {
    if (*err == NULL)
      name = "FALSE (no error)";
    else if ((*err)->domain != GST_TV_HW_ERROR)
      name = "(not a GstTvHwError)";
    else if ((guint) (*err)->code < G_N_ELEMENTS (error_names))
      name = error_names[(*err)->code];
    else
      name = "(unknown GstTvHwError)";
  }
  g_clear_error (err);
  return name;
}

static const gchar *
errno_name (gint err)
{
  switch (ABS (err)) {
    case 0:
      return "ok";
    case EINVAL:
      return "EINVAL";
    case ENODATA:
      return "ENODATA";
    case EBUSY:
      return "EBUSY";
    case ENOTTY:
      return "ENOTTY";
    case EIO:
      return "EIO";
    default:
      return g_strerror (ABS (err));
  }
}

static const gchar *
field_name (guint32 field)
{
  static const gchar *const names[] = {
    "ANY", "NONE", "TOP", "BOTTOM", "INTERLACED", "SEQ_TB", "SEQ_BT",
    "ALTERNATE", "INTERLACED_TB", "INTERLACED_BT",
  };

  return field < G_N_ELEMENTS (names) ? names[field] : "?";
}

/* the kernel's name of @std, or its mask */
static gchar *
std_str (v4l2_std_id std)
{
  const gchar *name = gst_tv_hw_std_name (std);

  if (name)
    return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x %s", (guint64) std,
        name);
  return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", (guint64) std);
}

static gchar *
fmt_str (const struct v4l2_format *fmt)
{
  const struct v4l2_pix_format *pix = &fmt->fmt.pix;

  return g_strdup_printf ("%" GST_FOURCC_FORMAT " %ux%u %s bpl %u size %u "
      "cs %u", GST_FOURCC_ARGS (pix->pixelformat), pix->width,
      pix->height, field_name (pix->field), pix->bytesperline,
      pix->sizeimage, pix->colorspace);
}

/* --- state every probe starts from --- */

static void
free_buffers (GstTvHwDevice * dev)
{
  gst_tv_hw_device_stream_off (dev, NULL);
  gst_tv_hw_device_request_buffers (dev, 0, NULL, NULL);
}

/* input @input and standard @std; FALSE when the device refused */
static gboolean
select_input_std (GstTvHwDevice * dev, guint input, v4l2_std_id std)
{
  free_buffers (dev);
  if (!gst_tv_hw_device_set_input (dev, input, NULL))
    return FALSE;
  return std == 0 || gst_tv_hw_device_set_std (dev, std, NULL);
}

/* S_FMT @fourcc at the native size of @std, interlaced */
static gboolean
set_native_fmt (GstTvHwDevice * dev, guint32 fourcc, v4l2_std_id std,
    struct v4l2_format *fmt, GError ** err)
{
  if (!gst_tv_hw_device_get_fmt (dev, fmt, err))
    return FALSE;
  fmt->fmt.pix.pixelformat = fourcc;
  fmt->fmt.pix.width = 720;
  fmt->fmt.pix.height = (std & V4L2_STD_525_60) ? 480 : 576;
  fmt->fmt.pix.field = V4L2_FIELD_INTERLACED;
  fmt->fmt.pix.bytesperline = 0;
  fmt->fmt.pix.sizeimage = 0;
  return gst_tv_hw_device_set_fmt (dev, fmt, err);
}

/* the TV input, PAL, YUYV 720x576: where format and buffer probes start */
static gboolean
select_tv_pal (GstTvHwDevice * dev)
{
  struct v4l2_format fmt;

  return select_input_std (dev, INPUT_TV, V4L2_STD_PAL) &&
      set_native_fmt (dev, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL, &fmt, NULL);
}

/* --- inputs --- */

static void
probe_inputs (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_input input;
  GError *err = NULL;
  guint i, n = 0;
  gint ret;

  free_buffers (dev);
  while (gst_tv_hw_device_enum_input (dev, n, &input, NULL))
    n++;
  answer (a, "ENUMINPUT count", "%u", n);

  for (i = 0; i < n; i++) {
    gchar *check, *std;

    gst_tv_hw_device_enum_input (dev, i, &input, NULL);
    std = std_str (input.std);
    check = g_strdup_printf ("ENUMINPUT %u", i);
    answer (a, check, "'%.32s' %s tuner %u std %s status 0x%x", input.name,
        input.type == V4L2_INPUT_TYPE_TUNER ? "tuner" :
        input.type == V4L2_INPUT_TYPE_CAMERA ? "camera" : "other",
        input.tuner, std, input.status);
    g_free (check);
    g_free (std);

    check = g_strdup_printf ("ENUMINPUT %u capabilities", i);
    answer (a, check, "0x%x%s%s", input.capabilities,
        (input.capabilities & V4L2_IN_CAP_STD) ? " STD" : "",
        (input.capabilities & V4L2_IN_CAP_DV_TIMINGS) ? " DV_TIMINGS" : "");
    g_free (check);

    check = g_strdup_printf ("ENUMINPUT %u audioset", i);
    answer (a, check, "0x%x", input.audioset);
    g_free (check);
  }

  /* past the end: tvhw.h says "end of the list", the driver EINVAL */
  memset (&input, 0, sizeof (input));
  input.index = n;
  ret = dev->ops->enum_input (dev, &input);
  answer (a, "ENUMINPUT past the end", "%s, %s",
      gst_tv_hw_device_enum_input (dev, n, &input, &err) ? "exists" :
      err ? result (FALSE, &err) : "end of list", errno_name (ret));
  memset (&input, 0, sizeof (input));
  input.index = G_MAXUINT32;
  ret = dev->ops->enum_input (dev, &input);
  answer (a, "ENUMINPUT 0xffffffff", "%s", errno_name (ret));

  /* S_INPUT: every input, then bad indices change nothing */
  for (i = 0; i < n; i++) {
    gchar *check = g_strdup_printf ("S_INPUT %u", i);
    const gchar *res = result (gst_tv_hw_device_set_input (dev, i, &err),
        &err);
    guint32 cur = G_MAXUINT32;

    gst_tv_hw_device_get_input (dev, &cur, NULL);
    answer (a, check, "%s, G_INPUT %u", res, cur);
    g_free (check);
  }
  gst_tv_hw_device_set_input (dev, INPUT_TV, NULL);
  {
    const guint32 bad[] = { n, n + 1, G_MAXUINT32 };

    for (i = 0; i < G_N_ELEMENTS (bad); i++) {
      gchar *check = g_strdup_printf ("S_INPUT %u (bad)", bad[i]);
      const gchar *res = result (gst_tv_hw_device_set_input (dev, bad[i],
              &err), &err);
      guint32 cur = G_MAXUINT32;

      gst_tv_hw_device_get_input (dev, &cur, NULL);
      answer (a, check, "%s, G_INPUT %u", res, cur);
      g_free (check);
    }
  }
}

/* the node's device_caps, in three groups: what a capture (output) node
 * of a TV card must have, read()/write() I/O (the virtual card has none),
 * and tuner, modulator and audio */
static void
probe_querycap (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  guint32 caps = gst_tv_hw_device_get_caps (dev);
  const gchar *node = gst_tv_hw_device_get_kind (dev) ==
      GST_TV_HW_NODE_VIDEO_CAPTURE ? "capture" : "output";
  gchar *check;

  check = g_strdup_printf ("QUERYCAP %s: video, streaming", node);
  answer (a, check, "0x%x", caps & (V4L2_CAP_VIDEO_CAPTURE |
          V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_VIDEO_CAPTURE_MPLANE |
          V4L2_CAP_VIDEO_OUTPUT_MPLANE | V4L2_CAP_STREAMING |
          V4L2_CAP_DEVICE_CAPS));
  g_free (check);
  check = g_strdup_printf ("QUERYCAP %s: read/write", node);
  answer (a, check, "%s", (caps & V4L2_CAP_READWRITE) ? "yes" : "no");
  g_free (check);
  check = g_strdup_printf ("QUERYCAP %s: tuner, modulator, audio", node);
  answer (a, check, "0x%x", caps & (V4L2_CAP_TUNER | V4L2_CAP_MODULATOR |
          V4L2_CAP_AUDIO));
  g_free (check);
}

/* ENODATA on an input without standards (@data: the input) */
static void
probe_no_std_input (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  guint input = GPOINTER_TO_UINT (data);
  struct v4l2_standard std;
  GError *err = NULL;
  v4l2_std_id id = 0;
  gchar *check;
  gint ret;

  select_input_std (dev, input, 0);

  check = g_strdup_printf ("input %u: G_STD", input);
  answer (a, check, "%s", result (gst_tv_hw_device_get_std (dev, &id, &err),
          &err));
  g_free (check);

  check = g_strdup_printf ("input %u: S_STD PAL", input);
  answer (a, check, "%s", result (gst_tv_hw_device_set_std (dev,
              V4L2_STD_PAL, &err), &err));
  g_free (check);

  check = g_strdup_printf ("input %u: S_STD 0", input);
  answer (a, check, "%s", result (gst_tv_hw_device_set_std (dev, 0, &err),
          &err));
  g_free (check);

  check = g_strdup_printf ("input %u: QUERYSTD", input);
  answer (a, check, "%s", result (gst_tv_hw_device_query_std (dev, &id,
              &err), &err));
  g_free (check);

  memset (&std, 0, sizeof (std));
  ret = dev->ops->enumstd (dev, &std);
  check = g_strdup_printf ("input %u: ENUMSTD 0", input);
  answer (a, check, "%s, %s", gst_tv_hw_device_enum_std (dev, 0, &std,
          &err) ? "exists" : err ? result (FALSE, &err) : "end of list",
      errno_name (ret));
  g_free (check);
}

/* --- standards --- */

/* the ids ENUMSTD lists on the current input or output */
static gchar *
enumstd_ids (GstTvHwDevice * dev, guint * count)
{
  struct v4l2_standard std;
  GString *list = g_string_new (NULL);
  guint i;

  for (i = 0; gst_tv_hw_device_enum_std (dev, i, &std, NULL); i++)
    g_string_append_printf (list, "%s0x%" G_GINT64_MODIFIER "x",
        i ? " " : "", (guint64) std.id);
  *count = i;
  return g_string_free (list, FALSE);
}

/* the errno of ENUMSTD @index, from the driver */
static gint
enumstd_errno (GstTvHwDevice * dev, guint32 index)
{
  struct v4l2_standard std;

  memset (&std, 0, sizeof (std));
  std.index = index;
  return dev->ops->enumstd (dev, &std);
}

/* the ENUMSTD list of the TV input, entry by entry; the S-Video input's
 * compared with it */
static void
probe_enumstd (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_standard std;
  gchar *tv, *svideo;
  guint i, n, n_svideo;

  select_input_std (dev, INPUT_TV, V4L2_STD_PAL);
  for (i = 0; gst_tv_hw_device_enum_std (dev, i, &std, NULL); i++) {
    gchar *check = g_strdup_printf ("ENUMSTD %u", i);

    answer (a, check, "0x%" G_GINT64_MODIFIER "x '%.24s' %u/%u %u lines",
        (guint64) std.id, std.name, std.frameperiod.numerator,
        std.frameperiod.denominator, std.framelines);
    g_free (check);
  }
  tv = enumstd_ids (dev, &n);
  answer (a, "ENUMSTD count on TV", "%u", n);
  answer (a, "ENUMSTD past the end on TV", "%s",
      errno_name (enumstd_errno (dev, n)));

  select_input_std (dev, INPUT_SVIDEO, V4L2_STD_PAL);
  svideo = enumstd_ids (dev, &n_svideo);
  if (strcmp (tv, svideo) == 0)
    answer (a, "ENUMSTD on S-Video", "the TV input's %u entries", n);
  else
    answer (a, "ENUMSTD on S-Video", "%s", svideo);
  answer (a, "ENUMSTD past the end on S-Video", "%s",
      errno_name (enumstd_errno (dev, n_svideo)));
  g_free (tv);
  g_free (svideo);
}

/* S_STD, and what G_STD, S_FMT, G_PARM and CROPCAP say after it (@data:
 * a StdCase), on the TV input */
static void
probe_std (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  const StdCase *c = data;
  struct v4l2_format fmt;
  struct v4l2_streamparm parm;
  struct v4l2_cropcap cc;
  GError *err = NULL;
  v4l2_std_id got = 0;
  const gchar *res;
  gchar *check, *s;
  gboolean ok;

  select_tv_pal (dev);

  ok = gst_tv_hw_device_set_std (dev, c->std, &err);
  res = result (ok, &err);
  gst_tv_hw_device_get_std (dev, &got, NULL);
  s = std_str (got);
  check = g_strdup_printf ("S_STD %s", c->name);
  answer (a, check, "%s, G_STD %s", res, s);
  g_free (check);
  g_free (s);
  if (!ok)
    return;

  check = g_strdup_printf ("S_FMT 720xnative on %s", c->name);
  if (set_native_fmt (dev, V4L2_PIX_FMT_YUYV, got, &fmt, &err)) {
    s = fmt_str (&fmt);
    answer (a, check, "%s", s);
    g_free (s);
  } else {
    answer (a, check, "%s", result (FALSE, &err));
  }
  g_free (check);

  check = g_strdup_printf ("G_PARM on %s", c->name);
  if (gst_tv_hw_device_get_parm (dev, &parm, &err)) {
    guint num = parm.parm.capture.timeperframe.numerator;
    guint den = parm.parm.capture.timeperframe.denominator;
    gint rnum = num, rden = den;

    if (num && den) {
      guint gcd = (guint) gst_util_greatest_common_divisor (num, den);

      rnum = num / gcd;
      rden = den / gcd;
    }
    if ((guint) rnum != num)
      answer (a, check, "%d/%d%s [as %u/%u]", rnum, rden,
          (parm.parm.capture.capability & V4L2_CAP_TIMEPERFRAME) ?
          " TIMEPERFRAME" : "", num, den);
    else
      answer (a, check, "%d/%d%s", rnum, rden,
          (parm.parm.capture.capability & V4L2_CAP_TIMEPERFRAME) ?
          " TIMEPERFRAME" : "");
  } else {
    answer (a, check, "%s", result (FALSE, &err));
  }
  g_free (check);

  check = g_strdup_printf ("CROPCAP on %s", c->name);
  if (gst_tv_hw_device_cropcap (dev, &cc, &err))
    answer (a, check, "bounds %ux%u defrect %ux%u pixelaspect %u/%u",
        cc.bounds.width, cc.bounds.height, cc.defrect.width,
        cc.defrect.height, cc.pixelaspect.numerator,
        cc.pixelaspect.denominator);
  else
    answer (a, check, "%s", result (FALSE, &err));
  g_free (check);
}

typedef struct
{
  const gchar *check;
  guint input;
  v4l2_std_id std;
} QueryCase;

static const QueryCase query_cases[] = {
  {"QUERYSTD on TV, PAL selected", INPUT_TV, V4L2_STD_PAL},
  {"QUERYSTD on S-Video, PAL selected", INPUT_SVIDEO, V4L2_STD_PAL},
  {"QUERYSTD on TV, NTSC selected", INPUT_TV, V4L2_STD_NTSC},
};

/* QUERYSTD and the input's status with a signal (@data: a QueryCase) */
static void
probe_querystd (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  const QueryCase *c = data;
  struct v4l2_input input;
  GError *err = NULL;
  v4l2_std_id id = 0;
  const gchar *res;
  gchar *s;

  select_input_std (dev, c->input, c->std);
  res = result (gst_tv_hw_device_query_std (dev, &id, &err), &err);
  gst_tv_hw_device_enum_input (dev, c->input, &input, NULL);
  s = std_str (id);
  answer (a, c->check, "%s %s, status 0x%x", res, s, input.status);
  g_free (s);
}

/* whose standard is it: the card's or the input's */
static void
probe_std_per_input (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  v4l2_std_id id = 0;
  gchar *s;

  select_input_std (dev, INPUT_SVIDEO, V4L2_STD_PAL);
  select_input_std (dev, INPUT_TV, V4L2_STD_NTSC);
  gst_tv_hw_device_set_input (dev, INPUT_SVIDEO, NULL);
  gst_tv_hw_device_get_std (dev, &id, NULL);
  s = std_str (id);
  answer (a, "G_STD on S-Video after S_STD NTSC on TV", "%s", s);
  g_free (s);

  /* back on the TV input its standard is NTSC either way */
  select_input_std (dev, INPUT_TV, V4L2_STD_NTSC);
  gst_tv_hw_device_set_input (dev, INPUT_SVIDEO, NULL);
  gst_tv_hw_device_set_input (dev, INPUT_TV, NULL);
  id = 0;
  gst_tv_hw_device_get_std (dev, &id, NULL);
  s = std_str (id);
  answer (a, "G_STD on TV after S-Video and back", "%s", s);
  g_free (s);

  /* and through an input without standards */
  select_input_std (dev, INPUT_TV, V4L2_STD_SECAM);
  gst_tv_hw_device_set_input (dev, INPUT_WEBCAM, NULL);
  gst_tv_hw_device_set_input (dev, INPUT_TV, NULL);
  id = 0;
  gst_tv_hw_device_get_std (dev, &id, NULL);
  s = std_str (id);
  answer (a, "G_STD on TV after Webcam and back", "%s", s);
  g_free (s);
}

/* --- formats --- */

static void
probe_formats (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_fmtdesc desc;
  struct v4l2_format fmt, cur;
  GError *err = NULL;
  guint i;
  gchar *s;

  select_tv_pal (dev);
  gst_tv_hw_device_get_fmt (dev, &cur, NULL);
  s = fmt_str (&cur);
  answer (a, "G_FMT on TV, PAL", "%s", s);
  g_free (s);

  for (i = 0; gst_tv_hw_device_enum_fmt (dev, i, &desc, NULL); i++) {
    if (i < 2) {
      gchar *check = g_strdup_printf ("ENUM_FMT %u", i);

      answer (a, check, "%" GST_FOURCC_FORMAT " '%.32s'",
          GST_FOURCC_ARGS (desc.pixelformat), desc.description);
      g_free (check);
      check = g_strdup_printf ("ENUM_FMT %u flags", i);
      answer (a, check, "0x%x", desc.flags);
      g_free (check);
    }
  }
  answer (a, "ENUM_FMT count", "%u", i);

#define TRY(check, setup) G_STMT_START {                              \
    fmt = cur;                                                        \
    fmt.fmt.pix.bytesperline = 0;                                     \
    fmt.fmt.pix.sizeimage = 0;                                        \
    setup;                                                            \
    if (gst_tv_hw_device_try_fmt (dev, &fmt, &err)) {                 \
      s = fmt_str (&fmt);                                             \
      answer (a, check, "%s", s);                                     \
      g_free (s);                                                     \
    } else {                                                          \
      answer (a, check, "%s", result (FALSE, &err));                  \
    }                                                                 \
  } G_STMT_END

  TRY ("TRY_FMT unknown fourcc", fmt.fmt.pix.pixelformat =
      v4l2_fourcc ('X', 'X', 'X', 'X'));
  TRY ("TRY_FMT UYVY", fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_UYVY);
  TRY ("TRY_FMT 640x480 on PAL", (fmt.fmt.pix.width = 640,
          fmt.fmt.pix.height = 480));
  TRY ("TRY_FMT field ANY", fmt.fmt.pix.field = V4L2_FIELD_ANY);
  TRY ("TRY_FMT field NONE", fmt.fmt.pix.field = V4L2_FIELD_NONE);
  TRY ("TRY_FMT field ALTERNATE", fmt.fmt.pix.field = V4L2_FIELD_ALTERNATE);
  TRY ("TRY_FMT bytesperline 2048", fmt.fmt.pix.bytesperline = 2048);
#undef TRY

  if (set_native_fmt (dev, V4L2_PIX_FMT_UYVY, V4L2_STD_PAL, &fmt, &err)) {
    s = fmt_str (&fmt);
    answer (a, "S_FMT UYVY 720x576", "%s", s);
    g_free (s);
  } else {
    answer (a, "S_FMT UYVY 720x576", "%s", result (FALSE, &err));
  }
  gst_tv_hw_device_get_fmt (dev, &fmt, NULL);
  s = fmt_str (&fmt);
  answer (a, "G_FMT after S_FMT UYVY", "%s", s);
  g_free (s);
  set_native_fmt (dev, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL, &fmt, NULL);
}

/* the settings belong to the device, not to the handle */
static void
probe_second_handle (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_format fmt;
  GstTvHwDevice *other;
  GError *err = NULL;
  guint32 input = G_MAXUINT32;
  v4l2_std_id id = 0;
  gchar *s, *f;

  select_input_std (dev, INPUT_TV, V4L2_STD_NTSC);
  set_native_fmt (dev, V4L2_PIX_FMT_UYVY, V4L2_STD_NTSC, &fmt, NULL);

  other = gst_tv_hw_device_open (gst_tv_hw_device_get_location (dev),
      GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
  if (other == NULL) {
    answer (a, "second handle sees the settings", "open: %s",
        result (FALSE, &err));
    return;
  }
  gst_tv_hw_device_get_input (other, &input, NULL);
  gst_tv_hw_device_get_std (other, &id, NULL);
  gst_tv_hw_device_get_fmt (other, &fmt, NULL);
  s = std_str (id);
  f = fmt_str (&fmt);
  answer (a, "second handle sees the settings", "input %u std %s, %s",
      input, s, f);
  g_free (s);
  g_free (f);

  /* the queue belongs to the handle that allocated it */
  gst_tv_hw_device_request_buffers (dev, N_BUFFERS, NULL, NULL);
  answer (a, "REQBUFS on a second handle", "%s",
      result (gst_tv_hw_device_request_buffers (other, 2, NULL, &err), &err));
  answer (a, "STREAMON on a second handle", "%s",
      result (gst_tv_hw_device_stream_on (other, &err), &err));
  gst_tv_hw_device_close (other);
  free_buffers (dev);
  select_tv_pal (dev);
}

/* --- tuner, audio inputs, controls (capture node) --- */

static gchar *
tuner_str (const struct v4l2_tuner *t)
{
  return g_strdup_printf ("'%.32s' type %u capability 0x%x range %u..%u",
      t->name, t->type, t->capability, t->rangelow, t->rangehigh);
}

/* G_FREQUENCY of tuner 0 as text */
static gchar *
frequency_str (GstTvHwDevice * dev)
{
  GError *err = NULL;
  guint32 freq = 0;

  if (!gst_tv_hw_device_get_frequency (dev, 0, &freq, &err))
    return g_strdup (result (FALSE, &err));
  return g_strdup_printf ("%u (%.2f MHz)", freq, freq / 16.0);
}

/* S_FREQUENCY @freq on tuner @tuner, type @type, then G_FREQUENCY */
static void
answer_set_frequency (GstTvHwDevice * dev, Answers * a, const gchar * check,
    guint32 tuner, guint32 type, guint32 freq)
{
  GError *err = NULL;
  const gchar *res;
  gchar *got;

  res = result (gst_tv_hw_device_set_frequency (dev, tuner, type, freq,
          &err), &err);
  got = frequency_str (dev);
  answer (a, check, "%s, G_FREQUENCY %s", res, got);
  g_free (got);
}

/* the tuner of the TV input: G_TUNER, G/S_FREQUENCY and their errno
 * rules; tuner 0 is left at the power-on frequency (175.25 MHz) */
static void
probe_tuner (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_tuner tuner;
  GError *err = NULL;
  gchar *s;

  select_input_std (dev, INPUT_TV, V4L2_STD_PAL);

  /* first, before anything tunes: the power-on frequency */
  s = frequency_str (dev);
  answer (a, "G_FREQUENCY at power-on", "%s", s);
  g_free (s);

  if (gst_tv_hw_device_get_tuner (dev, 0, &tuner, &err)) {
    s = tuner_str (&tuner);
    answer (a, "G_TUNER 0", "%s", s);
    g_free (s);
    answer (a, "G_TUNER 0 audmode", "%u", tuner.audmode);
  } else {
    answer (a, "G_TUNER 0", "%s", result (FALSE, &err));
  }
  answer (a, "G_TUNER 1", "%s", result (gst_tv_hw_device_get_tuner (dev, 1,
              &tuner, &err), &err));

  /* the power-on frequency is a channel on both cards' plans */
  gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
      GST_TV_HW_VIRTUAL_DEFAULT_FREQ, NULL);
  if (gst_tv_hw_device_get_tuner (dev, 0, &tuner, &err)) {
    answer (a, "G_TUNER 0 on 175.25 MHz: signal, afc", "signal 0x%x afc %d",
        tuner.signal, tuner.afc);
    answer (a, "G_TUNER 0 on 175.25 MHz: rxsubchans", "0x%x", tuner.rxsubchans);
  } else {
    answer (a, "G_TUNER 0 on 175.25 MHz: signal, afc", "%s",
        result (FALSE, &err));
  }

  /* S_FREQUENCY clamps to the range, and refuses another tuner or type */
  answer_set_frequency (dev, a, "S_FREQUENCY 471.25 MHz", 0,
      V4L2_TUNER_ANALOG_TV, 7540);
  answer_set_frequency (dev, a, "S_FREQUENCY 0 (below the range)", 0,
      V4L2_TUNER_ANALOG_TV, 0);
  answer_set_frequency (dev, a, "S_FREQUENCY 0xffffffff (above the range)",
      0, V4L2_TUNER_ANALOG_TV, G_MAXUINT32);
  answer_set_frequency (dev, a, "S_FREQUENCY tuner 1", 1,
      V4L2_TUNER_ANALOG_TV, 2804);
  answer_set_frequency (dev, a, "S_FREQUENCY type RADIO", 0,
      V4L2_TUNER_RADIO, 2804);
  {
    guint32 freq = 0;

    answer (a, "G_FREQUENCY tuner 1", "%s",
        result (gst_tv_hw_device_get_frequency (dev, 1, &freq, &err), &err));
  }

  /* S_TUNER: only the audio mode */
  memset (&tuner, 0, sizeof (tuner));
  gst_tv_hw_device_get_tuner (dev, 0, &tuner, NULL);
  tuner.audmode = V4L2_TUNER_MODE_LANG1;
  s = g_strdup (result (gst_tv_hw_device_set_tuner (dev, &tuner, &err), &err));
  memset (&tuner, 0, sizeof (tuner));
  gst_tv_hw_device_get_tuner (dev, 0, &tuner, NULL);
  answer (a, "S_TUNER audmode LANG1", "%s, audmode %u", s, tuner.audmode);
  g_free (s);
  tuner.audmode = V4L2_TUNER_MODE_LANG1_LANG2 + 1;
  answer (a, "S_TUNER audmode 5 (bad)", "%s",
      result (gst_tv_hw_device_set_tuner (dev, &tuner, &err), &err));
  tuner.audmode = V4L2_TUNER_MODE_STEREO;
  gst_tv_hw_device_set_tuner (dev, &tuner, NULL);

  /* the tuner on an input that is not a tuner input */
  select_input_std (dev, INPUT_SVIDEO, V4L2_STD_PAL);
  if (gst_tv_hw_device_get_tuner (dev, 0, &tuner, &err)) {
    s = tuner_str (&tuner);
    answer (a, "G_TUNER 0 on S-Video", "ok %s", s);
    g_free (s);
  } else {
    answer (a, "G_TUNER 0 on S-Video", "%s", result (FALSE, &err));
  }
  answer_set_frequency (dev, a, "S_FREQUENCY on S-Video", 0,
      V4L2_TUNER_ANALOG_TV, 3028);

  gst_tv_hw_device_set_frequency (dev, 0, V4L2_TUNER_ANALOG_TV,
      GST_TV_HW_VIRTUAL_DEFAULT_FREQ, NULL);
  select_input_std (dev, INPUT_TV, V4L2_STD_PAL);
}

/* G_AUDIO as "index 'name' capability mode", or the error */
static gchar *
audio_str (GstTvHwDevice * dev)
{
  struct v4l2_audio audio;
  GError *err = NULL;

  if (!gst_tv_hw_device_get_audio (dev, &audio, &err))
    return g_strdup (result (FALSE, &err));
  return g_strdup_printf ("%u '%.32s' capability 0x%x", audio.index,
      audio.name, audio.capability);
}

/* the audio inputs: ENUMAUDIO, G/S_AUDIO on each kind of input */
static void
probe_audio (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_audio audio;
  GError *err = NULL;
  GString *names = g_string_new (NULL);
  guint n;
  gchar *s;

  select_input_std (dev, INPUT_TV, V4L2_STD_PAL);
  for (n = 0; gst_tv_hw_device_enum_audio (dev, n, &audio, NULL); n++)
    g_string_append_printf (names, "%s'%.32s' 0x%x", n ? ", " : "",
        audio.name, audio.capability);
  answer (a, "ENUMAUDIO count", "%u", n);
  answer (a, "ENUMAUDIO names, capabilities", "%s", names->str);
  g_string_free (names, TRUE);
  memset (&audio, 0, sizeof (audio));
  audio.index = n;
  answer (a, "ENUMAUDIO past the end", "%s",
      errno_name (dev->ops->enumaudio (dev, &audio)));

  /* on the TV input (audioset 0x3 on both) */
  answer (a, "S_AUDIO 0 on TV", "%s",
      result (gst_tv_hw_device_set_audio (dev, 0, 0, &err), &err));
  s = audio_str (dev);
  answer (a, "G_AUDIO on TV", "%s", s);
  g_free (s);
  answer (a, "S_AUDIO 1 on TV", "%s",
      result (gst_tv_hw_device_set_audio (dev, 1, 0, &err), &err));
  s = audio_str (dev);
  answer (a, "G_AUDIO on TV after S_AUDIO 1", "%s", s);
  g_free (s);
  answer (a, "S_AUDIO 2 on TV (outside the audioset)", "%s",
      result (gst_tv_hw_device_set_audio (dev, 2, 0, &err), &err));
  answer (a, "S_AUDIO 0xffffffff on TV", "%s",
      result (gst_tv_hw_device_set_audio (dev, G_MAXUINT32, 0, &err), &err));

  /* which audio input S_INPUT picks */
  gst_tv_hw_device_set_audio (dev, 0, 0, NULL);
  select_input_std (dev, INPUT_SVIDEO, V4L2_STD_PAL);
  s = audio_str (dev);
  answer (a, "G_AUDIO after S_INPUT S-Video (TV's audio was 0)", "%s", s);
  g_free (s);
  answer (a, "S_AUDIO 0 on S-Video", "%s",
      result (gst_tv_hw_device_set_audio (dev, 0, 0, &err), &err));

  /* an input without audio (audioset 0) */
  select_input_std (dev, INPUT_WEBCAM, 0);
  s = audio_str (dev);
  answer (a, "G_AUDIO on Webcam", "%s", s);
  g_free (s);
  answer (a, "S_AUDIO 0 on Webcam (outside the audioset)", "%s",
      result (gst_tv_hw_device_set_audio (dev, 0, 0, &err), &err));

  select_input_std (dev, INPUT_TV, V4L2_STD_PAL);
  gst_tv_hw_device_set_audio (dev, 0, 0, NULL);
}

static const struct
{
  const gchar *name;
  guint32 id;
  gint32 low, high;             /* values S_CTRL is asked to clamp */
} ctrl_cases[] = {
  {"brightness", V4L2_CID_BRIGHTNESS, -1000, 1000},
  {"contrast", V4L2_CID_CONTRAST, -1, 256},
  {"saturation", V4L2_CID_SATURATION, G_MININT32, G_MAXINT32},
  {"hue", V4L2_CID_HUE, -129, 129},
  {"hflip", V4L2_CID_HFLIP, 0, 7},
  {"vflip", V4L2_CID_VFLIP, 0, -1},
};

static gchar *
queryctrl_str (GstTvHwDevice * dev, guint32 id)
{
  struct v4l2_queryctrl qc;
  GError *err = NULL;

  if (!gst_tv_hw_device_query_ctrl (dev, id, &qc, &err))
    return g_strdup (result (FALSE, &err));
  return g_strdup_printf ("'%.32s' type %u %d..%d step %d default %d "
      "flags 0x%x", qc.name, qc.type, qc.minimum, qc.maximum, qc.step,
      qc.default_value, qc.flags);
}

/* S_CTRL @value, then G_CTRL */
static gchar *
set_ctrl_str (GstTvHwDevice * dev, guint32 id, gint32 value)
{
  GError *err = NULL;
  const gchar *res;
  gint32 got = G_MININT32;

  res = result (gst_tv_hw_device_set_ctrl (dev, id, value, &err), &err);
  if (!gst_tv_hw_device_get_ctrl (dev, id, &got, &err))
    return g_strdup_printf ("%s, G_CTRL %s", res, result (FALSE, &err));
  return g_strdup_printf ("%s, G_CTRL %d", res, got);
}

/* the colour balance and flip controls: ranges, defaults, clamping */
static void
probe_ctrls (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_queryctrl qc;
  GError *err = NULL;
  guint i;

  /* vivid changes the brightness range with the input (below): the
   * webcam, input 0, has the control's own range */
  select_input_std (dev, INPUT_WEBCAM, 0);
  for (i = 0; i < G_N_ELEMENTS (ctrl_cases); i++) {
    gchar *check = g_strdup_printf ("QUERYCTRL %s", ctrl_cases[i].name);
    gchar *s = queryctrl_str (dev, ctrl_cases[i].id);

    answer (a, check, "%s", s);
    g_free (check);
    g_free (s);
  }
  for (i = 0; i < G_N_ELEMENTS (ctrl_cases); i++) {
    gchar *check, *s;
    gint32 def = 0;

    if (gst_tv_hw_device_query_ctrl (dev, ctrl_cases[i].id, &qc, NULL))
      def = qc.default_value;
    check = g_strdup_printf ("S_CTRL %s %d", ctrl_cases[i].name,
        ctrl_cases[i].low);
    s = set_ctrl_str (dev, ctrl_cases[i].id, ctrl_cases[i].low);
    answer (a, check, "%s", s);
    g_free (check);
    g_free (s);
    check = g_strdup_printf ("S_CTRL %s %d", ctrl_cases[i].name,
        ctrl_cases[i].high);
    s = set_ctrl_str (dev, ctrl_cases[i].id, ctrl_cases[i].high);
    answer (a, check, "%s", s);
    g_free (check);
    g_free (s);
    gst_tv_hw_device_set_ctrl (dev, ctrl_cases[i].id, def, NULL);
  }

  answer (a, "QUERYCTRL unknown id", "%s",
      result (gst_tv_hw_device_query_ctrl (dev, V4L2_CID_BASE + 0x7f, &qc,
              &err), &err));
  answer (a, "S_CTRL unknown id", "%s",
      result (gst_tv_hw_device_set_ctrl (dev, V4L2_CID_BASE + 0x7f, 0,
              &err), &err));

  /* the same controls on the TV input */
  select_input_std (dev, INPUT_TV, V4L2_STD_PAL);
  for (i = 0; i < G_N_ELEMENTS (ctrl_cases); i++) {
    gchar *check = g_strdup_printf ("QUERYCTRL %s on TV", ctrl_cases[i].name);
    gchar *s = queryctrl_str (dev, ctrl_cases[i].id);

    answer (a, check, "%s", s);
    g_free (check);
    g_free (s);
  }
}

/* --- buffers and streaming --- */

static gboolean
queue_all (GstTvHwDevice * dev, guint32 count, GError ** err)
{
  struct v4l2_buffer buf;
  guint32 i;

  for (i = 0; i < count; i++) {
    memset (&buf, 0, sizeof (buf));
    buf.index = i;
    if (!gst_tv_hw_device_queue_buffer (dev, &buf, err))
      return FALSE;
  }
  return TRUE;
}

static gboolean
next_frame (GstTvHwDevice * dev, struct v4l2_buffer *buf, GError ** err)
{
  return gst_tv_hw_device_wait (dev, FRAME_TIMEOUT, err) &&
      gst_tv_hw_device_dequeue_buffer (dev, buf, err);
}

/* where a dequeued buffer's timestamp lies: a driver stamps on
 * CLOCK_MONOTONIC (g_get_monotonic_time()), at most a few seconds ago;
 * the distance from now is shown, not compared */
static gchar *
timestamp_age (const struct v4l2_buffer *buf)
{
  gint64 ts = (gint64) buf->timestamp.tv_sec * G_USEC_PER_SEC +
      buf->timestamp.tv_usec;
  gint64 now = g_get_monotonic_time ();
  const gchar *where;

  if (ts > now)
    where = "in the future";
  else if (now - ts > 10 * G_USEC_PER_SEC)
    where = "older than 10 s";
  else
    where = "within 10 s before now";
  return g_strdup_printf ("%s [%+.1f ms]", where, (ts - now) / 1000.0);
}

/* the flags worth comparing */
#define BUF_FLAGS (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE | \
    V4L2_BUF_FLAG_ERROR | V4L2_BUF_FLAG_TIMESTAMP_MASK | \
    V4L2_BUF_FLAG_TSTAMP_SRC_MASK)

static void
probe_buffers (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_format fmt;
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 count = 0, i, busy, last_seq;
  v4l2_std_id std;
  gboolean ok;
  gchar *s;

  select_tv_pal (dev);
  gst_tv_hw_device_get_fmt (dev, &fmt, NULL);
  std = V4L2_STD_PAL;

  ok = gst_tv_hw_device_request_buffers (dev, 1, &count, &err);
  answer (a, "REQBUFS 1", "%s, %u buffers", result (ok, &err), count);
  ok = gst_tv_hw_device_request_buffers (dev, 0, &count, &err);
  answer (a, "REQBUFS 0", "%s, %u buffers", result (ok, &err), count);
  ok = gst_tv_hw_device_request_buffers (dev, N_BUFFERS, &count, &err);
  answer (a, "REQBUFS 4", "%s, %u buffers", result (ok, &err), count);
  if (!ok)
    goto out;

  if (gst_tv_hw_device_query_buffer (dev, 0, &buf, &err))
    answer (a, "QUERYBUF 0", "length %u, flags 0x%x", buf.length,
        buf.flags & BUF_FLAGS);
  else
    answer (a, "QUERYBUF 0", "%s", result (FALSE, &err));
  answer (a, "QUERYBUF past the end", "%s",
      result (gst_tv_hw_device_query_buffer (dev, count, &buf, &err), &err));

  /* vb2_is_busy(): buffers allocated, not streaming */
  answer (a, "buffers allocated: S_FMT (same format)", "%s",
      result (gst_tv_hw_device_set_fmt (dev, &fmt, &err), &err));
  answer (a, "buffers allocated: TRY_FMT", "%s",
      result (gst_tv_hw_device_try_fmt (dev, &fmt, &err), &err));
  answer (a, "buffers allocated: S_STD PAL (same)", "%s",
      result (gst_tv_hw_device_set_std (dev, std, &err), &err));
  answer (a, "buffers allocated: S_STD NTSC", "%s",
      result (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err), &err));
  answer (a, "buffers allocated: S_INPUT 1 (same)", "%s",
      result (gst_tv_hw_device_set_input (dev, INPUT_TV, &err), &err));
  answer (a, "buffers allocated: S_INPUT 2", "%s",
      result (gst_tv_hw_device_set_input (dev, INPUT_SVIDEO, &err), &err));

  ok = queue_all (dev, count, &err);
  answer (a, "QBUF every buffer", "%s", result (ok, &err));
  memset (&buf, 0, sizeof (buf));
  answer (a, "QBUF a queued buffer", "%s",
      result (gst_tv_hw_device_queue_buffer (dev, &buf, &err), &err));
  ok = gst_tv_hw_device_stream_on (dev, &err);
  answer (a, "STREAMON", "%s", result (ok, &err));
  if (!ok)
    goto out;

  answer (a, "streaming: S_FMT (same format)", "%s",
      result (gst_tv_hw_device_set_fmt (dev, &fmt, &err), &err));
  answer (a, "streaming: S_STD NTSC", "%s",
      result (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err), &err));
  answer (a, "streaming: S_INPUT 2", "%s",
      result (gst_tv_hw_device_set_input (dev, INPUT_SVIDEO, &err), &err));
  answer (a, "streaming: REQBUFS 4", "%s",
      result (gst_tv_hw_device_request_buffers (dev, N_BUFFERS, NULL, &err),
          &err));
  answer (a, "streaming: STREAMON again", "%s",
      result (gst_tv_hw_device_stream_on (dev, &err), &err));

  /* frames: the sequence starts at 0 and goes up */
  if (next_frame (dev, &buf, &err)) {
    answer (a, "first frame", "sequence %u, field %s, bytesused %u, "
        "flags 0x%x", buf.sequence, field_name (buf.field), buf.bytesused,
        buf.flags & BUF_FLAGS);
    s = timestamp_age (&buf);
    answer (a, "first frame: timestamp (CLOCK_MONOTONIC)", "%s", s);
    g_free (s);
    last_seq = buf.sequence;
    ok = gst_tv_hw_device_queue_buffer (dev, &buf, &err);
    for (i = 1; ok && i < N_FRAMES; i++) {
      ok = next_frame (dev, &buf, &err) && buf.sequence > last_seq;
      last_seq = buf.sequence;
      ok = ok && gst_tv_hw_device_queue_buffer (dev, &buf, &err);
    }
    answer (a, "next frames: sequence goes up", "%s", ok ? "yes" :
        err ? result (FALSE, &err) : "no");
  } else {
    answer (a, "first frame", "%s", result (FALSE, &err));
  }

  answer (a, "STREAMOFF", "%s",
      result (gst_tv_hw_device_stream_off (dev, &err), &err));
  for (i = 0, busy = 0; i < count; i++) {
    if (gst_tv_hw_device_query_buffer (dev, i, &buf, NULL) &&
        (buf.flags & (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE)))
      busy++;
  }
  answer (a, "after STREAMOFF: buffers still queued or done", "%u of %u",
      busy, count);
  answer (a, "after STREAMOFF: DQBUF", "%s",
      result (gst_tv_hw_device_dequeue_buffer (dev, &buf, &err), &err));
  answer (a, "after STREAMOFF: wait", "%s",
      result (gst_tv_hw_device_wait (dev, 100 * GST_MSECOND, &err), &err));

  ok = queue_all (dev, count, &err) &&
      gst_tv_hw_device_stream_on (dev, &err) && next_frame (dev, &buf, &err);
  if (ok)
    answer (a, "STREAMON again: first sequence", "%u", buf.sequence);
  else
    answer (a, "STREAMON again: first sequence", "%s", result (FALSE, &err));

  gst_tv_hw_device_stream_off (dev, NULL);
  ok = gst_tv_hw_device_request_buffers (dev, 0, &count, &err);
  answer (a, "REQBUFS 0 after streaming", "%s, %u buffers",
      result (ok, &err), count);
  answer (a, "buffers freed: S_FMT", "%s",
      result (gst_tv_hw_device_set_fmt (dev, &fmt, &err), &err));
  answer (a, "STREAMON without buffers", "%s",
      result (gst_tv_hw_device_stream_on (dev, &err), &err));

out:
  free_buffers (dev);
  select_tv_pal (dev);
}

/* wait() on a queue without buffers. Last of all: on a driver with read()
 * I/O (vivid has V4L2_CAP_READWRITE) vb2's poll starts the read()
 * emulator, and the queue then stays busy until the handle is closed. */
static void
probe_wait_before_reqbufs (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  GError *err = NULL;

  select_tv_pal (dev);
  answer (a, "wait before REQBUFS", "%s",
      result (gst_tv_hw_device_wait (dev, 100 * GST_MSECOND, &err), &err));
}

/* --- the output node --- */

/* the output whose name starts with "S-Video": vivid's output 0, the
 * virtual card's output 1 */
static gint
find_svideo_output (GstTvHwDevice * dev)
{
  struct v4l2_output output;
  guint i;

  for (i = 0; gst_tv_hw_device_enum_output (dev, i, &output, NULL); i++) {
    if (g_str_has_prefix ((const gchar *) output.name, "S-Video"))
      return i;
  }
  return -1;
}

/* the S-Video output and standard @std (0: leave it) */
static gboolean
select_svideo_std (GstTvHwDevice * dev, v4l2_std_id std)
{
  gint out = find_svideo_output (dev);

  free_buffers (dev);
  if (out < 0 || !gst_tv_hw_device_set_output (dev, out, NULL))
    return FALSE;
  return std == 0 || gst_tv_hw_device_set_std (dev, std, NULL);
}

static void
probe_outputs (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_output output;
  GError *err = NULL;
  GString *names = g_string_new (NULL);
  guint32 before = G_MAXUINT32, after = G_MAXUINT32;
  guint i, n;
  gint svideo;
  gchar *ids;
  const gchar *res;

  free_buffers (dev);
  for (n = 0; gst_tv_hw_device_enum_output (dev, n, &output, NULL); n++)
    g_string_append_printf (names, "%s'%.32s'", n ? " " : "", output.name);
  answer (a, "ENUMOUTPUT count", "%u", n);
  answer (a, "ENUMOUTPUT names", "%s", names->str);
  g_string_free (names, TRUE);

  memset (&output, 0, sizeof (output));
  output.index = n;
  answer (a, "ENUMOUTPUT past the end", "%s",
      errno_name (dev->ops->enum_output (dev, &output)));

  svideo = find_svideo_output (dev);
  if (svideo < 0) {
    answer (a, "S-Video output", "none");
    return;
  }
  gst_tv_hw_device_enum_output (dev, svideo, &output, NULL);
  answer (a, "S-Video output", "type %u modulator %u std 0x%"
      G_GINT64_MODIFIER "x capabilities 0x%x [output %d '%.32s']",
      output.type, output.modulator, (guint64) output.std,
      output.capabilities, svideo, output.name);
  answer (a, "S-Video output audioset", "0x%x", output.audioset);

  res = result (gst_tv_hw_device_set_output (dev, svideo, &err), &err);
  gst_tv_hw_device_get_output (dev, &before, NULL);
  answer (a, "S_OUTPUT S-Video", "%s, G_OUTPUT %s", res,
      before == (guint32) svideo ? "it" : "another");
  for (i = 0; i < 2; i++) {
    guint32 bad = i == 0 ? n : G_MAXUINT32;
    gchar *check = g_strdup_printf ("S_OUTPUT %s (bad)",
        i == 0 ? "past the end" : "0xffffffff");

    res = result (gst_tv_hw_device_set_output (dev, bad, &err), &err);
    gst_tv_hw_device_get_output (dev, &after, NULL);
    answer (a, check, "%s, output %s", res,
        after == before ? "unchanged" : "changed");
    g_free (check);
  }

  select_svideo_std (dev, V4L2_STD_PAL);
  ids = enumstd_ids (dev, &n);
  answer (a, "ENUMSTD on S-Video output", "%u: %s", n, ids);
  answer (a, "ENUMSTD past the end on S-Video output", "%s",
      errno_name (enumstd_errno (dev, n)));
  g_free (ids);
}

static const StdCase output_std_cases[] = {
  {"NTSC", V4L2_STD_NTSC},
  {"NTSC-M-JP", V4L2_STD_NTSC_M_JP},
  {"PAL", V4L2_STD_PAL},
  {"PAL-M", V4L2_STD_PAL_M},
  {"PAL-Nc", V4L2_STD_PAL_Nc},
  {"PAL-60", V4L2_STD_PAL_60},
  {"SECAM", V4L2_STD_SECAM},
  {"ALL", V4L2_STD_ALL},
  {"0", 0},
};

/* S_STD on the S-Video output and what follows from it (@data: a
 * StdCase) */
static void
probe_output_std (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  const StdCase *c = data;
  struct v4l2_format fmt;
  struct v4l2_streamparm parm;
  struct v4l2_cropcap cc;
  GError *err = NULL;
  v4l2_std_id got = 0;
  const gchar *res;
  gchar *check, *s;
  gboolean ok;

  select_svideo_std (dev, V4L2_STD_PAL);
  set_native_fmt (dev, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL, &fmt, NULL);

  ok = gst_tv_hw_device_set_std (dev, c->std, &err);
  res = result (ok, &err);
  gst_tv_hw_device_get_std (dev, &got, NULL);
  s = std_str (got);
  check = g_strdup_printf ("output: S_STD %s", c->name);
  answer (a, check, "%s, G_STD %s", res, s);
  g_free (check);
  g_free (s);
  if (!ok)
    return;

  check = g_strdup_printf ("output: S_FMT 720xnative on %s", c->name);
  if (set_native_fmt (dev, V4L2_PIX_FMT_YUYV, got, &fmt, &err)) {
    s = fmt_str (&fmt);
    answer (a, check, "%s", s);
    g_free (s);
  } else {
    answer (a, check, "%s", result (FALSE, &err));
  }
  g_free (check);

  check = g_strdup_printf ("output: G_PARM on %s", c->name);
  if (gst_tv_hw_device_get_parm (dev, &parm, &err)) {
    guint num = parm.parm.output.timeperframe.numerator;
    guint den = parm.parm.output.timeperframe.denominator;
    guint gcd = num && den ?
        (guint) gst_util_greatest_common_divisor (num, den) : 1;

    if (gcd != 1)
      answer (a, check, "%u/%u%s [as %u/%u]", num / gcd, den / gcd,
          (parm.parm.output.capability & V4L2_CAP_TIMEPERFRAME) ?
          " TIMEPERFRAME" : "", num, den);
    else
      answer (a, check, "%u/%u%s", num, den,
          (parm.parm.output.capability & V4L2_CAP_TIMEPERFRAME) ?
          " TIMEPERFRAME" : "");
  } else {
    answer (a, check, "%s", result (FALSE, &err));
  }
  g_free (check);

  check = g_strdup_printf ("output: CROPCAP on %s", c->name);
  if (gst_tv_hw_device_cropcap (dev, &cc, &err))
    answer (a, check, "bounds %ux%u defrect %ux%u pixelaspect %u/%u",
        cc.bounds.width, cc.bounds.height, cc.defrect.width,
        cc.defrect.height, cc.pixelaspect.numerator,
        cc.pixelaspect.denominator);
  else
    answer (a, check, "%s", result (FALSE, &err));
  g_free (check);
}

static void
probe_output_buffers (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_format fmt;
  struct v4l2_buffer buf;
  GError *err = NULL;
  guint32 count = 0, i, busy;
  gint svideo = find_svideo_output (dev);
  gboolean ok;
  gchar *s;

  select_svideo_std (dev, V4L2_STD_PAL);
  set_native_fmt (dev, V4L2_PIX_FMT_YUYV, V4L2_STD_PAL, &fmt, NULL);

  ok = gst_tv_hw_device_request_buffers (dev, N_BUFFERS, &count, &err);
  answer (a, "output: REQBUFS 4", "%s, %u buffers", result (ok, &err), count);
  if (!ok)
    goto out;
  if (gst_tv_hw_device_query_buffer (dev, 0, &buf, &err))
    answer (a, "output: QUERYBUF 0", "length %u, flags 0x%x", buf.length,
        buf.flags & BUF_FLAGS);
  else
    answer (a, "output: QUERYBUF 0", "%s", result (FALSE, &err));

  answer (a, "output, buffers allocated: S_FMT (same format)", "%s",
      result (gst_tv_hw_device_set_fmt (dev, &fmt, &err), &err));
  answer (a, "output, buffers allocated: S_STD NTSC", "%s",
      result (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err), &err));
  answer (a, "output, buffers allocated: S_OUTPUT another", "%s",
      result (gst_tv_hw_device_set_output (dev, svideo == 0 ? 1 : 0, &err),
          &err));

  for (i = 0, ok = TRUE; ok && i < count; i++) {
    memset (&buf, 0, sizeof (buf));
    buf.index = i;
    buf.bytesused = fmt.fmt.pix.sizeimage;
    buf.field = V4L2_FIELD_INTERLACED;
    /* an application's timestamp, far from any clock's "now" */
    buf.timestamp.tv_sec = 1000 + i;
    ok = gst_tv_hw_device_queue_buffer (dev, &buf, &err);
  }
  answer (a, "output: QBUF every buffer", "%s", result (ok, &err));
  ok = gst_tv_hw_device_stream_on (dev, &err);
  answer (a, "output: STREAMON", "%s", result (ok, &err));
  if (!ok)
    goto out;
  answer (a, "output, streaming: S_STD NTSC", "%s",
      result (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC, &err), &err));

  if (next_frame (dev, &buf, &err)) {
    answer (a, "output: first buffer back", "sequence %u, field %s, "
        "flags 0x%x", buf.sequence, field_name (buf.field),
        buf.flags & BUF_FLAGS);
    answer (a, "output: QBUF timestamp comes back", "%s",
        buf.timestamp.tv_sec == 1000 + (glong) buf.index &&
        buf.timestamp.tv_usec == 0 ? "yes" : "no, the driver's");
    s = timestamp_age (&buf);
    answer (a, "output: display time (CLOCK_MONOTONIC)", "%s", s);
    g_free (s);
  } else
    answer (a, "output: first buffer back", "%s", result (FALSE, &err));

  answer (a, "output: STREAMOFF", "%s",
      result (gst_tv_hw_device_stream_off (dev, &err), &err));
  for (i = 0, busy = 0; i < count; i++) {
    if (gst_tv_hw_device_query_buffer (dev, i, &buf, NULL) &&
        (buf.flags & (V4L2_BUF_FLAG_QUEUED | V4L2_BUF_FLAG_DONE)))
      busy++;
  }
  answer (a, "output, after STREAMOFF: buffers still queued or done",
      "%u of %u", busy, count);
  answer (a, "output, after STREAMOFF: wait", "%s",
      result (gst_tv_hw_device_wait (dev, 100 * GST_MSECOND, &err), &err));
  ok = gst_tv_hw_device_request_buffers (dev, 0, &count, &err);
  answer (a, "output: REQBUFS 0", "%s, %u buffers", result (ok, &err), count);

out:
  free_buffers (dev);
  select_svideo_std (dev, V4L2_STD_PAL);
}

/* the audio outputs and the modulator, seen from the S-Video output */
static void
probe_output_audio (GstTvHwDevice * dev, gconstpointer data, Answers * a)
{
  struct v4l2_audioout audout;
  struct v4l2_modulator mod;
  GError *err = NULL;
  GString *names = g_string_new (NULL);
  guint32 freq = 0;
  guint n;

  select_svideo_std (dev, V4L2_STD_PAL);
  for (n = 0; gst_tv_hw_device_enum_audout (dev, n, &audout, NULL); n++)
    g_string_append_printf (names, "%s'%.32s'", n ? " " : "", audout.name);
  answer (a, "ENUMAUDOUT count", "%u", n);
  answer (a, "ENUMAUDOUT names", "%s", names->str);
  g_string_free (names, TRUE);
  memset (&audout, 0, sizeof (audout));
  audout.index = n;
  answer (a, "ENUMAUDOUT past the end", "%s",
      errno_name (dev->ops->enumaudout (dev, &audout)));

  if (gst_tv_hw_device_get_audout (dev, &audout, &err))
    answer (a, "G_AUDOUT on S-Video", "%u [%.32s]", audout.index, audout.name);
  else
    answer (a, "G_AUDOUT on S-Video", "%s", result (FALSE, &err));
  answer (a, "S_AUDOUT 0 on S-Video", "%s",
      result (gst_tv_hw_device_set_audout (dev, 0, &err), &err));
  answer (a, "S_AUDOUT 1 on S-Video", "%s",
      result (gst_tv_hw_device_set_audout (dev, 1, &err), &err));
  answer (a, "S_AUDOUT 2 on S-Video (no such audio output)", "%s",
      result (gst_tv_hw_device_set_audout (dev, 2, &err), &err));
  gst_tv_hw_device_set_audout (dev, 0, NULL);

  if (gst_tv_hw_device_get_modulator (dev, 0, &mod, &err))
    answer (a, "output: G_MODULATOR 0", "ok '%.32s' capability 0x%x "
        "range %u..%u", mod.name, mod.capability, mod.rangelow, mod.rangehigh);
  else
    answer (a, "output: G_MODULATOR 0", "%s", result (FALSE, &err));
  if (gst_tv_hw_device_get_frequency (dev, 0, &freq, &err))
    answer (a, "output: G_FREQUENCY 0", "ok %u", freq);
  else
    answer (a, "output: G_FREQUENCY 0", "%s", result (FALSE, &err));
}

/* --- the comparison --- */

/* the part of an answer that is compared: without a trailing [note] */
static gchar *
answer_key (const gchar * s)
{
  const gchar *note = strstr (s, " [");

  return note ? g_strndup (s, note - s) : g_strdup (s);
}

static const gchar *
known_reason (const gchar * check, const gchar * real)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (known_differences); i++) {
    if (g_pattern_match_simple (known_differences[i].check, check) &&
        (known_differences[i].real == NULL ||
            g_pattern_match_simple (known_differences[i].real, real)))
      return known_differences[i].reason;
  }
  return NULL;
}

static const gchar *
verdict_name (Verdict v)
{
  return v == VERDICT_PASS ? "pass" : v == VERDICT_KNOWN ? "known" : "FAIL";
}

static void
add_row (Diff * d, const gchar * check, const gchar * virt, const gchar * real)
{
  Row *row = g_new0 (Row, 1);
  gchar *kv = answer_key (virt), *kr = answer_key (real);

  row->check = g_strdup (check);
  row->virt = g_strdup (virt);
  row->real = g_strdup (real);
  if (strcmp (kv, kr) == 0) {
    row->verdict = VERDICT_PASS;
  } else {
    row->reason = known_reason (check, kr);
    row->verdict = row->reason ? VERDICT_KNOWN : VERDICT_FAIL;
  }
  g_free (kv);
  g_free (kr);
  g_ptr_array_add (d->rows, row);
  if (d->verbose)
    g_print ("%-5s %s: virtual '%s', real '%s'\n",
        verdict_name (row->verdict), check, virt, real);
}

static void
answers_init (Answers * a)
{
  a->checks = g_ptr_array_new_with_free_func (g_free);
  a->answers = g_ptr_array_new_with_free_func (g_free);
}

static void
answers_clear (Answers * a)
{
  g_ptr_array_unref (a->checks);
  g_ptr_array_unref (a->answers);
}

static gint
answers_find (Answers * a, const gchar * check)
{
  guint i;

  for (i = 0; i < a->checks->len; i++) {
    if (strcmp (g_ptr_array_index (a->checks, i), check) == 0)
      return i;
  }
  return -1;
}

/* runs @func on both devices and compares what they answered, check by
 * check; a check only one of them answered is a disagreement too */
static void
run_probe (Diff * d, ProbeFunc func, gconstpointer data)
{
  Answers av, ar;
  guint i;

  answers_init (&av);
  answers_init (&ar);
  func (d->virt, data, &av);
  func (d->real, data, &ar);

  for (i = 0; i < av.checks->len; i++) {
    const gchar *check = g_ptr_array_index (av.checks, i);
    gint j = answers_find (&ar, check);

    add_row (d, check, g_ptr_array_index (av.answers, i),
        j >= 0 ? (const gchar *) g_ptr_array_index (ar.answers, j) :
        "(not asked)");
  }
  for (i = 0; i < ar.checks->len; i++) {
    const gchar *check = g_ptr_array_index (ar.checks, i);

    if (answers_find (&av, check) < 0)
      add_row (d, check, "(not asked)", g_ptr_array_index (ar.answers, i));
  }
  answers_clear (&av);
  answers_clear (&ar);
}

static void
row_free (gpointer p)
{
  Row *row = p;

  g_free (row->check);
  g_free (row->virt);
  g_free (row->real);
  g_free (row);
}

/* a table cell: long answers are cut (the list of disagreements below the
 * table has them whole) */
#define CELL_MAX 60

static gchar *
cell (const gchar * s)
{
  if (g_utf8_strlen (s, -1) <= CELL_MAX)
    return g_strdup (s);
  return g_strdup_printf ("%.*s...", CELL_MAX - 3, s);
}

static void
print_table (Diff * d, const gchar * real_name)
{
  guint i, wc = strlen ("check"), wv = strlen ("virtual");
  guint wr = strlen (real_name), passed = 0, failed = 0, known = 0;

  for (i = 0; i < d->rows->len; i++) {
    Row *row = g_ptr_array_index (d->rows, i);

    wc = MAX (wc, g_utf8_strlen (row->check, -1));
    wv = MAX (wv, MIN (g_utf8_strlen (row->virt, -1), CELL_MAX));
    wr = MAX (wr, MIN (g_utf8_strlen (row->real, -1), CELL_MAX));
  }

  g_print ("%-*s | %-*s | %-*s | verdict\n", wc, "check", wv, "virtual", wr,
      real_name);
  for (i = 0; i < d->rows->len; i++) {
    Row *row = g_ptr_array_index (d->rows, i);
    gchar *cv = cell (row->virt), *cr = cell (row->real);

    g_print ("%-*s | %-*s | %-*s | %s\n", wc, row->check, wv, cv, wr, cr,
        verdict_name (row->verdict));
    g_free (cv);
    g_free (cr);
    if (row->verdict == VERDICT_FAIL)
      failed++;
    else
      passed++;
    if (row->verdict == VERDICT_KNOWN)
      known++;
  }

  if (known > 0) {
    g_print ("\nKnown differences met:\n");
    for (i = 0; i < d->rows->len; i++) {
      Row *row = g_ptr_array_index (d->rows, i);

      if (row->verdict == VERDICT_KNOWN)
        g_print ("  %s: %s\n", row->check, row->reason);
    }
  }
  if (failed > 0) {
    g_print ("\nDisagreements (the virtual card, or this table, needs a "
        "fix):\n");
    for (i = 0; i < d->rows->len; i++) {
      Row *row = g_ptr_array_index (d->rows, i);

      if (row->verdict == VERDICT_FAIL)
        g_print ("  %s: virtual '%s', %s '%s'\n", row->check, row->virt,
            real_name, row->real);
    }
  }
  g_print ("\n%u passed (%u known differences), %u failed\n", passed, known,
      failed);
}

static gboolean
setup_virtual_card (void)
{
  GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (VIRTUAL_CARD);

  if (card == NULL || !gst_tv_hw_virtual_card_reset (card))
    return FALSE;
  /* paced like a real card, whatever V4L2TV_VIRTUAL_PACING says */
  gst_tv_hw_virtual_card_set_pacing (card, GST_TV_HW_VIRTUAL_PACING_REALTIME);
  return gst_tv_hw_virtual_card_set_inputs (card, vivid_inputs,
      G_N_ELEMENTS (vivid_inputs));
}

/* opens a real device; 77 (with a note) when it is not vivid's, 1 when it
 * cannot be opened */
static gint
open_real (const gchar * location, GstTvHwNodeKind direction,
    GstTvHwDevice ** dev)
{
  GError *err = NULL;

  if (gst_tv_hw_location_is_virtual (location)) {
    g_printerr ("tvhw-diff: %s is a virtual card; give a real device\n",
        location);
    return 2;
  }
  *dev = gst_tv_hw_device_open (location, direction, &err);
  if (*dev == NULL) {
    g_printerr ("tvhw-diff: cannot open '%s': %s\n", location, err->message);
    g_clear_error (&err);
    return 1;
  }
  if (strcmp (gst_tv_hw_device_get_driver (*dev), "vivid") != 0) {
    g_print ("tvhw-diff: %s is driven by '%s'; the virtual card is set up "
        "to mimic vivid: skipped\n", location,
        gst_tv_hw_device_get_driver (*dev));
    g_clear_pointer (dev, gst_tv_hw_device_close);
    return 77;
  }
  return 0;
}

int
main (int argc, char **argv)
{
  gchar *location, *out_location;
  gboolean verbose = FALSE;
  GOptionEntry entries[] = {
    {"verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
        "print each check as it is made", NULL},
    {NULL}
  };
  GError *err = NULL;
  GstTvHwDevice *virt_out = NULL, *real_out = NULL;
  Diff d = { NULL, };
  gchar *real_name;
  guint i, failed = 0;
  gint ret;

  gst_init (&argc, &argv);
  ret = vivid_parse_args (&argc, &argv, "tvhw-diff",
      "- compare the virtual TV card with vivid", entries, &location,
      &out_location);
  if (ret != 0)
    return ret;

  ret = open_real (location, GST_TV_HW_NODE_VIDEO_CAPTURE, &d.real);
  if (ret != 0)
    return ret;
  if (out_location) {
    ret = open_real (out_location, GST_TV_HW_NODE_VIDEO_OUTPUT, &real_out);
    if (ret == 1 || ret == 2)
      return ret;
  }
  if (!setup_virtual_card ()) {
    g_printerr ("tvhw-diff: cannot configure %s\n", VIRTUAL_LOCATION);
    return 1;
  }
  d.virt =
      gst_tv_hw_device_open (VIRTUAL_LOCATION, GST_TV_HW_NODE_VIDEO_CAPTURE,
      &err);
  if (d.virt == NULL) {
    g_printerr ("tvhw-diff: cannot open %s: %s\n", VIRTUAL_LOCATION,
        err->message);
    return 1;
  }
  if (real_out) {
    virt_out =
        gst_tv_hw_device_open (VIRTUAL_LOCATION, GST_TV_HW_NODE_VIDEO_OUTPUT,
        &err);
    if (virt_out == NULL) {
      g_print ("tvhw-diff: no output checks: %s\n", err->message);
      g_clear_error (&err);
      g_clear_pointer (&real_out, gst_tv_hw_device_close);
    }
  }
  d.rows = g_ptr_array_new_with_free_func (row_free);
  d.verbose = verbose;

  run_probe (&d, probe_querycap, NULL);
  run_probe (&d, probe_inputs, NULL);
  run_probe (&d, probe_no_std_input, GUINT_TO_POINTER (INPUT_WEBCAM));
  run_probe (&d, probe_no_std_input, GUINT_TO_POINTER (INPUT_HDMI));
  run_probe (&d, probe_enumstd, NULL);
  for (i = 0; i < G_N_ELEMENTS (std_cases); i++)
    run_probe (&d, probe_std, &std_cases[i]);
  for (i = 0; i < G_N_ELEMENTS (query_cases); i++)
    run_probe (&d, probe_querystd, &query_cases[i]);
  run_probe (&d, probe_std_per_input, NULL);
  run_probe (&d, probe_formats, NULL);
  run_probe (&d, probe_second_handle, NULL);
  run_probe (&d, probe_tuner, NULL);
  run_probe (&d, probe_audio, NULL);
  run_probe (&d, probe_ctrls, NULL);
  run_probe (&d, probe_buffers, NULL);

  if (real_out) {
    GstTvHwDevice *virt_cap = d.virt, *real_cap = d.real;

    d.virt = virt_out;
    d.real = real_out;
    run_probe (&d, probe_querycap, NULL);
    run_probe (&d, probe_outputs, NULL);
    for (i = 0; i < G_N_ELEMENTS (output_std_cases); i++)
      run_probe (&d, probe_output_std, &output_std_cases[i]);
    run_probe (&d, probe_output_audio, NULL);
    run_probe (&d, probe_output_buffers, NULL);
    d.virt = virt_cap;
    d.real = real_cap;
  }
  /* last: it can leave the real queue busy until close */
  run_probe (&d, probe_wait_before_reqbufs, NULL);

  if (real_out)
    real_name = g_strdup_printf ("%s + %s (%s)", location, out_location,
        gst_tv_hw_device_get_driver (d.real));
  else
    real_name = g_strdup_printf ("%s (%s)", location,
        gst_tv_hw_device_get_driver (d.real));
  g_print ("tvhw-diff: %s against %s\n\n", VIRTUAL_LOCATION, real_name);
  print_table (&d, real_name);
  for (i = 0; i < d.rows->len; i++) {
    Row *row = g_ptr_array_index (d.rows, i);

    if (row->verdict == VERDICT_FAIL)
      failed++;
  }

  g_free (real_name);
  g_ptr_array_unref (d.rows);
  g_clear_pointer (&virt_out, gst_tv_hw_device_close);
  g_clear_pointer (&real_out, gst_tv_hw_device_close);
  gst_tv_hw_device_close (d.virt);
  gst_tv_hw_device_close (d.real);
  gst_tv_hw_virtual_shutdown ();
  g_free (location);
  g_free (out_location);
  return failed ? 1 : 0;
}
