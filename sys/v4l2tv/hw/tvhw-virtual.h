/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card.
 *
 * An in-process emulated analog TV capture card that behaves like a
 * kernel driver (modelled on the kernel's vivid). It is selected by the
 * device strings "virtual" (card 0) and "virtual:N". Each card is one
 * shared instance per process: its settings (input, standard, format)
 * persist between opens, like a real driver's.
 *
 * This header is the test-only configuration API (vivid's module
 * parameters and test controls). Applications and elements never use it;
 * unit tests do, and link the hardware layer statically to reach the same
 * instances as the elements under test.
 *
 * Power-on defaults (first use of a card, and after
 * gst_tv_hw_virtual_card_reset()):
 *
 *   input  name         type    std       signal     status
 *   0      Television   tuner   0xFFFFFF  PAL-BG     ok
 *   1      Composite1   camera  0xFFFFFF  NTSC-M     ok
 *   2      S-Video      camera  0xFFFFFF  PAL-BG     ok
 *   3      Composite2   camera  0xFFFFFF  (none)     no signal: snow
 *
 *   (0xFFFFFF is V4L2_STD_ALL, every SDTV standard, as vivid's TV and
 *   S-Video inputs; capabilities V4L2_IN_CAP_STD; tuner 0; audioset 0
 *   because the card has no audio inputs yet (no VIDIOC_ENUMAUDIO), and
 *   v4l2-compliance fails an audioset that points at audio inputs that do
 *   not exist)
 *   - current input 0 (Television);
 *   - standard GST_TV_HW_VIRTUAL_DEFAULT_STD, V4L2_STD_PAL (0xff), vivid's
 *     power-on standard;
 *   - format YUYV 720x576, V4L2_FIELD_INTERLACED, bytesperline 1440,
 *     sizeimage 829440, V4L2_COLORSPACE_SMPTE170M, default ycbcr_enc,
 *     quantization and xfer_func;
 *   - pacing REALTIME, unless the environment variable
 *     V4L2TV_VIRTUAL_PACING is "freerun", "manual" or "realtime" when the
 *     card is created or reset;
 *   - no pending faults.
 *
 * Driver behaviour worth knowing (vivid's and the V4L2 core's rules):
 * - the standard belongs to the card (its video decoder, as on bttv or
 *   saa7134), not to each input: S_INPUT keeps it when the new input
 *   accepts it, narrows it to what the input accepts, or else takes the
 *   input's first ENUMSTD entry;
 * - S_STD stores the request masked with the input's standards (0xb000
 *   for V4L2_STD_NTSC, 0xff for V4L2_STD_PAL) and fails with EINVAL when
 *   nothing is left; an input with std 0 answers ENODATA to ENUMSTD,
 *   G_STD, S_STD and QUERYSTD; QUERYSTD answers the signal's standard,
 *   0 (V4L2_STD_UNKNOWN) with success when there is no signal;
 * - 525-line standards give 720x480 at 1001/30000 s, 625-line ones
 *   720x576 at 1/25 s; there is no scaler, TRY_FMT/S_FMT always answer
 *   the native size, field INTERLACED and bytesperline 2 x width; an
 *   unknown pixelformat becomes YUYV;
 * - S_INPUT (to another input), S_STD (to another standard) and S_FMT
 *   fail with EBUSY while buffers are allocated (vb2_is_busy), not only
 *   while streaming;
 * - REQBUFS gives 2..32 buffers, fails with EBUSY while streaming or when
 *   another handle owns the queue; that handle's QBUF/DQBUF/STREAMON/
 *   STREAMOFF fail with EBUSY too; closing the owner frees the queue;
 * - poll (gst_tv_hw_device_wait) on a queue that is not streaming fails
 *   at once with EINVAL (the kernel's EPOLLERR); STREAMOFF returns every
 *   buffer to the application and the next STREAMON restarts the
 *   sequence at 0;
 * - REALTIME: frame 0 is stamped with the STREAMON time and is ready at
 *   once; a frame only goes into a buffer queued before its timestamp,
 *   so a consumer that falls behind sees sequence gaps;
 * - G_PARM: readbuffers 0 (no read() I/O);
 * - every frame carries marks that gst_tv_hw_virtual_decode() reads:
 *   the input, the sequence number, each field's parity and no-signal.
 */
#ifndef __GST_TV_HW_VIRTUAL_H__
#define __GST_TV_HW_VIRTUAL_H__

#include "hw/tvhw.h"

G_BEGIN_DECLS

/* the standard of a card at power-on */
#define GST_TV_HW_VIRTUAL_DEFAULT_STD V4L2_STD_PAL

/* the number of virtual cards, "virtual:0" .. "virtual:7" */
#define GST_TV_HW_VIRTUAL_MAX_CARDS 8
#define GST_TV_HW_VIRTUAL_MAX_INPUTS 8

typedef struct _GstTvHwVirtualCard GstTvHwVirtualCard;

/**
 * GstTvHwVirtualPacing:
 * @GST_TV_HW_VIRTUAL_PACING_REALTIME: a frame becomes ready when its
 *   timestamp is reached on CLOCK_MONOTONIC (the default, for demos)
 * @GST_TV_HW_VIRTUAL_PACING_FREERUN: every queued buffer is filled at once;
 *   timestamps still advance by exactly one frame period per frame
 * @GST_TV_HW_VIRTUAL_PACING_MANUAL: frames become ready only through
 *   gst_tv_hw_virtual_card_emit_frames(); nothing ever sleeps
 *
 * Timestamps are always start + sequence x frame period, where start is
 * the CLOCK_MONOTONIC time of STREAMON.
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_PACING_REALTIME,
  GST_TV_HW_VIRTUAL_PACING_FREERUN,
  GST_TV_HW_VIRTUAL_PACING_MANUAL,
} GstTvHwVirtualPacing;

/**
 * GstTvHwVirtualInput:
 * @name: the connector's name (at most 31 bytes)
 * @type: V4L2_INPUT_TYPE_TUNER or V4L2_INPUT_TYPE_CAMERA
 * @std: the standards the input accepts; 0 for an input without standards
 *   (a camera or HDMI-like input: ENUMSTD is empty, G_STD/S_STD/QUERYSTD
 *   answer ENODATA)
 * @signal_std: the standard of the signal on the connector, 0 when nothing
 *   is connected (status V4L2_IN_ST_NO_SIGNAL, snow/black frames)
 * @audioset: the audio inputs that go with it
 */
typedef struct
{
  const gchar *name;
  guint32 type;
  v4l2_std_id std;
  v4l2_std_id signal_std;
  guint32 audioset;
} GstTvHwVirtualInput;

/**
 * GstTvHwVirtualFault:
 * Error injection points (vivid's VIVID_CID_*_ERROR controls): the next
 * call of that kind fails with the injected errno, once, before the driver
 * looks at its arguments (only the V4L2 core's checks, buffer type and
 * queue owner, come first). REQBUFS faults hit only allocations (count > 0),
 * never the REQBUFS (0) that frees; while a DQBUF fault is pending, poll
 * reports a buffer ready so that the waiting thread meets the error.
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_FAULT_OPEN,         /* e.g. EBUSY, EACCES */
  GST_TV_HW_VIRTUAL_FAULT_S_INPUT,      /* e.g. EIO */
  GST_TV_HW_VIRTUAL_FAULT_S_STD,        /* e.g. EIO */
  GST_TV_HW_VIRTUAL_FAULT_S_FMT,
  GST_TV_HW_VIRTUAL_FAULT_REQBUFS,      /* e.g. ENOMEM */
  GST_TV_HW_VIRTUAL_FAULT_STREAMON,     /* e.g. EIO */
  GST_TV_HW_VIRTUAL_FAULT_DQBUF,        /* e.g. EIO */
  GST_TV_HW_VIRTUAL_N_FAULTS
} GstTvHwVirtualFault;

/* card @n (< GST_TV_HW_VIRTUAL_MAX_CARDS), created with its power-on
 * defaults on first use; never freed before process exit (see
 * gst_tv_hw_virtual_shutdown) */
GstTvHwVirtualCard *gst_tv_hw_virtual_card_get (guint n);
/* back to power-on defaults: default inputs and signals, input 0,
 * default standard and format, REALTIME pacing (or
 * V4L2TV_VIRTUAL_PACING), no faults, sequence 0.
 * Fails (returns FALSE) while a handle is open on the card. */
gboolean gst_tv_hw_virtual_card_reset (GstTvHwVirtualCard * card);
/* frees every card (for leak checkers at the end of a test program); a
 * card that still has open handles is left alone */
void gst_tv_hw_virtual_shutdown (void);

void gst_tv_hw_virtual_card_set_pacing (GstTvHwVirtualCard * card,
    GstTvHwVirtualPacing pacing);
/* MANUAL pacing: @n more frames are produced (into queued buffers; frames
 * with no queued buffer are dropped and the sequence number still
 * advances, as a real driver does) and a blocked wait is woken */
void gst_tv_hw_virtual_card_emit_frames (GstTvHwVirtualCard * card, guint n);

/* replaces the input list (1..GST_TV_HW_VIRTUAL_MAX_INPUTS); the current
 * input goes back to 0 */
gboolean gst_tv_hw_virtual_card_set_inputs (GstTvHwVirtualCard * card,
    const GstTvHwVirtualInput * inputs, guint n_inputs);
/* the signal on input @index: a standard, or 0 for no signal */
gboolean gst_tv_hw_virtual_card_set_signal (GstTvHwVirtualCard * card,
    guint index, v4l2_std_id signal_std);
void gst_tv_hw_virtual_card_inject_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, gint err);
/* the number of handles open on the card now */
guint gst_tv_hw_virtual_card_get_open_count (GstTvHwVirtualCard * card);

/**
 * GstTvHwVirtualFrameInfo:
 * What gst_tv_hw_virtual_decode() reads back from a frame the card drew.
 * @input: the index of the input that produced it
 * @sequence: the frame's sequence number
 * @top_field_ok, @bottom_field_ok: whether each field carries its own
 *   field mark (so swapped or mixed fields are detected)
 * @no_signal: the frame is the no-signal picture (snow/black)
 */
typedef struct
{
  guint input;
  guint32 sequence;
  gboolean top_field_ok;
  gboolean bottom_field_ok;
  gboolean no_signal;
} GstTvHwVirtualFrameInfo;

/* decodes the marks the card draws into every frame. The marks are in the
 * luma only, in bands of levels far apart, so they survive any 8-bit
 * conversion (rounding of +-4): @luma points at the first Y sample
 * (data + 0 for YUYV, data + 1 for UYVY, the Y plane for planar formats),
 * @luma_step is the distance between Y samples of one line (2 for packed
 * 4:2:2, 1 for planar) and @stride the distance between lines.
 * FALSE if the marks are not there. */
gboolean gst_tv_hw_virtual_decode (const guint8 * luma, guint luma_step,
    guint width, guint height, guint stride,
    GstTvHwVirtualFrameInfo * info);

G_END_DECLS

#endif /* __GST_TV_HW_VIRTUAL_H__ */
