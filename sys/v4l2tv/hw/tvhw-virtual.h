/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card.
 *
 * An in-process emulated analog TV card that behaves like a kernel driver
 * (modelled on the kernel's vivid). It is selected by the device strings
 * "virtual" (card 0) and "virtual:N". Each card is one shared instance
 * per process with two video nodes, like vivid's /dev/video0 and
 * /dev/video1: gst_tv_hw_device_open() with GST_TV_HW_CAPTURE opens the
 * capture node (inputs), with GST_TV_HW_OUTPUT the output node (outputs).
 * Both nodes can be open at once, any number of times. The card's
 * settings (input, output, each node's standard and format) persist
 * between opens, like a real driver's.
 *
 * This header is the test-only configuration API (vivid's module
 * parameters and test controls). Applications and elements never use it;
 * unit tests do, and link the hardware layer statically to reach the same
 * instances as the elements under test.
 *
 * QUERYCAP: driver "tvhw-virtual", card "Virtual TV card N", bus_info
 * "platform:virtual-N"; device_caps V4L2_CAP_VIDEO_CAPTURE |
 * V4L2_CAP_STREAMING on the capture node, V4L2_CAP_VIDEO_OUTPUT |
 * V4L2_CAP_STREAMING on the output node; capabilities (the whole card) are
 * the union of both | V4L2_CAP_DEVICE_CAPS on either node. A node answers
 * ENOTTY to the other node's ioctls: ENUMINPUT, G/S_INPUT and QUERYSTD on
 * the output node, ENUMOUTPUT and G/S_OUTPUT on the capture node; buffer
 * types of the other node are EINVAL.
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
 *
 *   output  name           type                          loops to input
 *   0       Composite Out  V4L2_OUTPUT_TYPE_ANALOG       Composite2
 *   1       S-Video Out    V4L2_OUTPUT_TYPE_ANALOG       S-Video
 *   2       RF Modulator   V4L2_OUTPUT_TYPE_MODULATOR    Television
 *
 *   (fixed, not configurable; std 0xFFFFFF, capabilities V4L2_OUT_CAP_STD,
 *   modulator 0, audioset 0: no audio outputs; reserved zero)
 *
 *   - current input 0 (Television), current output 0 (Composite Out);
 *   - capture standard and output standard GST_TV_HW_VIRTUAL_DEFAULT_STD,
 *     V4L2_STD_PAL (0xff), vivid's power-on standard on both nodes;
 *   - format on both nodes YUYV 720x576, V4L2_FIELD_INTERLACED,
 *     bytesperline 1440, sizeimage 829440, V4L2_COLORSPACE_SMPTE170M,
 *     default ycbcr_enc, quantization and xfer_func;
 *   - pacing REALTIME, unless the environment variable
 *     V4L2TV_VIRTUAL_PACING is "freerun", "manual" or "realtime" when the
 *     card is created or reset;
 *   - no pending faults; nothing on the output's screen.
 *
 * Driver behaviour worth knowing (vivid's and the V4L2 core's rules):
 * - each node has its own standard, format and queue; the capture
 *   standard belongs to the card's video decoder (as on bttv or saa7134),
 *   not to each input: S_INPUT keeps it when the new input accepts it,
 *   narrows it to what the input accepts, or else takes the input's first
 *   ENUMSTD entry (S_OUTPUT applies the same rule to the output standard);
 * - S_STD on either node stores the request masked with the current
 *   input's (output's) standards (0xb000 for V4L2_STD_NTSC, 0xff for
 *   V4L2_STD_PAL) and fails with EINVAL when nothing is left; an input
 *   with std 0 answers ENODATA to ENUMSTD, G_STD, S_STD and QUERYSTD;
 *   QUERYSTD answers the signal's standard, 0 (V4L2_STD_UNKNOWN) with
 *   success when there is no signal;
 * - 525-line standards give 720x480 at 1001/30000 s, 625-line ones
 *   720x576 at 1/25 s, on both nodes; there is no scaler, TRY_FMT/S_FMT
 *   always answer the native size, field INTERLACED and bytesperline
 *   2 x width; an unknown pixelformat becomes YUYV; ENUM_FMT lists YUYV
 *   and UYVY on both nodes; G_PARM gives the standard's timeperframe,
 *   readbuffers / writebuffers 0 (no read()/write() I/O); CROPCAP answers
 *   on both nodes (pixel aspect 11/10 or 54/59);
 * - S_INPUT (to another input), S_OUTPUT (to another output), S_STD (to
 *   another standard) and S_FMT fail with EBUSY while that node has
 *   buffers allocated (vb2_is_busy), not only while streaming; the other
 *   node's buffers do not matter;
 * - REQBUFS gives 2..32 buffers, fails with EBUSY while streaming or when
 *   another handle owns the node's queue; that handle's QBUF/DQBUF/
 *   STREAMON/STREAMOFF fail with EBUSY too; closing the owner frees the
 *   queue;
 * - poll (gst_tv_hw_device_wait) on a queue that is not streaming fails
 *   at once with EINVAL (the kernel's EPOLLERR); otherwise it waits until
 *   a buffer can be dequeued (readable on capture, writable on output);
 *   STREAMOFF returns every buffer to the application and the next
 *   STREAMON restarts the sequence at 0;
 * - REALTIME: capture frame 0 is stamped with the STREAMON time and is
 *   ready at once; a frame only goes into a buffer queued before its
 *   timestamp, so a consumer that falls behind sees sequence gaps;
 * - every capture frame carries marks that gst_tv_hw_virtual_decode()
 *   reads: the input, the sequence number, each field's parity and
 *   no-signal (a looped frame carries whatever the output showed).
 *
 * The output node:
 * - QBUF needs 0 < bytesused <= length and field V4L2_FIELD_ANY or
 *   V4L2_FIELD_INTERLACED (EINVAL otherwise; ANY becomes INTERLACED); the
 *   application's timestamp is kept and comes back with DQBUF (flag
 *   V4L2_BUF_FLAG_TIMESTAMP_COPY);
 * - the card displays one buffer per frame period of the output
 *   standard: REALTIME, period n comes at STREAMON + n x period (period 0
 *   at once) and shows the oldest buffer queued before that time;
 *   FREERUN, every queued buffer is displayed at once, one period each;
 *   MANUAL, gst_tv_hw_virtual_card_emit_frames() (both nodes, no separate
 *   call) displays one queued buffer per period;
 * - a displayed buffer is done: DQBUF returns it with the sequence number
 *   of its period. A period with no queued buffer repeats the picture on
 *   the screen (blank before the first one) and the output sequence still
 *   advances, so the next buffer shows the gap;
 * - the screen keeps a copy of the last displayed frame
 *   (gst_tv_hw_virtual_card_peek_output()): the whole buffer as it was
 *   queued, in the output format. STREAMOFF leaves it there; STREAMON
 *   blanks it and zeroes gst_tv_hw_virtual_card_get_output_counts().
 *
 * Loopback (vivid's loop_video): each output is cabled to one capture
 * input, found by name (Composite Out -> Composite2, the input with
 * nothing else connected; S-Video Out -> S-Video; RF Modulator ->
 * Television). The loop is active for that input while
 *   1. the output node is streaming and has displayed at least one frame
 *      since its STREAMON, and
 *   2. the output standard's line count equals the capture standard's
 *      (525 or 625; a decoder locks only to its own line count).
 * While it is active:
 *   - a capture frame of that input is a copy of the most recently
 *     displayed output frame (at the moment the capture frame is made;
 *     in MANUAL pacing each emitted period displays first, then
 *     captures, so a capture frame shows the output frame of its own
 *     period), converted
 *     YUYV <-> UYVY when the two nodes' formats differ; line i of the
 *     output is line i of the capture, so field order survives; no marks
 *     are added;
 *   - ENUMINPUT reports that input's status as ok (not NO_SIGNAL),
 *     whatever its own signal;
 *   - QUERYSTD on that input answers the output standard (masked with
 *     the input's standards).
 * Otherwise the input shows its own picture and status: the generator's
 * pattern, or for Composite2 (no signal) snow and V4L2_IN_ST_NO_SIGNAL.
 * With a custom input list (gst_tv_hw_virtual_card_set_inputs) an output
 * loops to the input of that name, if there is one.
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
/* the outputs of every card (fixed, see above) */
#define GST_TV_HW_VIRTUAL_N_OUTPUTS 3

typedef struct _GstTvHwVirtualCard GstTvHwVirtualCard;

/**
 * GstTvHwVirtualPacing:
 * @GST_TV_HW_VIRTUAL_PACING_REALTIME: a frame becomes ready when its
 *   timestamp is reached on CLOCK_MONOTONIC (the default, for demos)
 * @GST_TV_HW_VIRTUAL_PACING_FREERUN: every queued buffer is filled (or
 *   displayed) at once; timestamps still advance by exactly one frame
 *   period per frame
 * @GST_TV_HW_VIRTUAL_PACING_MANUAL: frames become ready only through
 *   gst_tv_hw_virtual_card_emit_frames(); nothing ever sleeps
 *
 * The pacing is the card's, for both nodes. Capture timestamps (and the
 * output's display times) are always start + sequence x frame period,
 * where start is the CLOCK_MONOTONIC time of that node's STREAMON.
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
 * queue owner, come first), on whichever node makes that call first.
 * REQBUFS faults hit only allocations (count > 0), never the REQBUFS (0)
 * that frees; while a DQBUF fault is pending, poll reports a buffer ready
 * so that the waiting thread meets the error.
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
  GST_TV_HW_VIRTUAL_FAULT_S_OUTPUT,     /* e.g. EIO */
  GST_TV_HW_VIRTUAL_N_FAULTS
} GstTvHwVirtualFault;

/* card @n (< GST_TV_HW_VIRTUAL_MAX_CARDS), created with its power-on
 * defaults on first use; never freed before process exit (see
 * gst_tv_hw_virtual_shutdown) */
GstTvHwVirtualCard *gst_tv_hw_virtual_card_get (guint n);
/* back to power-on defaults: default inputs and signals, input 0,
 * output 0, default standard and format on both nodes, REALTIME pacing
 * (or V4L2TV_VIRTUAL_PACING), no faults, sequence 0, a blank screen.
 * Fails (returns FALSE) while a handle is open on the card. */
gboolean gst_tv_hw_virtual_card_reset (GstTvHwVirtualCard * card);
/* frees every card (for leak checkers at the end of a test program); a
 * card that still has open handles is left alone */
void gst_tv_hw_virtual_shutdown (void);

void gst_tv_hw_virtual_card_set_pacing (GstTvHwVirtualCard * card,
    GstTvHwVirtualPacing pacing);
/* MANUAL pacing: @n more frame periods pass on both nodes, the output
 * first in each. Capture: frames go into queued buffers; frames with no
 * queued buffer are dropped and the sequence number still advances, as a
 * real driver does. Output: each period displays the oldest queued
 * buffer, or repeats the screen; the sequence number advances either way.
 * A blocked wait is woken. */
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
/* the number of handles open on the card now, on both nodes */
guint gst_tv_hw_virtual_card_get_open_count (GstTvHwVirtualCard * card);

/* the last frame the output displayed, as queued: a copy in @data (free
 * with g_free()), its size, format and output sequence number; every out
 * argument may be NULL. FALSE when nothing was displayed since the
 * output's last STREAMON (or power-on). */
gboolean gst_tv_hw_virtual_card_peek_output (GstTvHwVirtualCard * card,
    guint8 ** data, gsize * size, struct v4l2_pix_format *fmt,
    guint32 * sequence);
/* output frame periods since the output's last STREAMON that displayed a
 * new buffer, and that repeated the screen for want of one */
void gst_tv_hw_virtual_card_get_output_counts (GstTvHwVirtualCard * card,
    guint32 * displayed, guint32 * repeated);

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
