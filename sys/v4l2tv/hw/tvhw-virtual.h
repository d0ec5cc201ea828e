/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card.
 *
 * An in-process emulated analog TV card that behaves like a kernel driver
 * (modelled on the kernel's vivid). It is selected by the device strings
 * "virtual" (card 0) and "virtual:N". Each card is one shared instance
 * per process with two video nodes, like vivid's /dev/video0 and
 * /dev/video1: gst_tv_hw_device_open() with GST_TV_HW_NODE_VIDEO_CAPTURE
 * opens the capture node (inputs), with GST_TV_HW_NODE_VIDEO_OUTPUT the
 * output node (outputs); and two VBI nodes, like vivid's /dev/vbi0 and
 * /dev/vbi1 (node_types 0xd0d): GST_TV_HW_NODE_VBI_CAPTURE and
 * GST_TV_HW_NODE_SLICED_VBI_CAPTURE open the VBI capture node (raw and
 * sliced VBI on one queue), GST_TV_HW_NODE_SLICED_VBI_OUTPUT the VBI
 * output node (sliced only: GST_TV_HW_NODE_VBI_OUTPUT is refused as "not
 * a VBI output device"). Every node answers at the card's location
 * ("virtual:N", the kind chooses the node; gst_tv_hw_find_vbi_location()
 * gives it back); see "VBI nodes" below.
 * All nodes can be open at once, any number of times. The card's
 * settings (input, output, audio input and output, each node's standard
 * and format, the controls, the tuner's and the modulator's frequency)
 * persist between opens, like a real driver's.
 *
 * This header is the test-only configuration API (vivid's module
 * parameters and test controls). Applications and elements never use it;
 * unit tests do, and link the hardware layer statically to reach the same
 * instances as the elements under test.
 *
 * QUERYCAP: driver "tvhw-virtual", card "Virtual TV card N", bus_info
 * "platform:virtual-N"; device_caps V4L2_CAP_VIDEO_CAPTURE |
 * V4L2_CAP_TUNER | V4L2_CAP_AUDIO | V4L2_CAP_STREAMING on the capture node
 * (V4L2_CAP_TUNER only while an input is a tuner input),
 * V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_MODULATOR | V4L2_CAP_AUDIO |
 * V4L2_CAP_STREAMING on the output node; capabilities (the whole card) are
 * the union of both | V4L2_CAP_DEVICE_CAPS on either node. A node answers
 * ENOTTY to the other node's ioctls: ENUMINPUT, G/S_INPUT, QUERYSTD,
 * G/S_TUNER, ENUMAUDIO, G/S_AUDIO and the control ioctls on the output
 * node (it has no controls), ENUMOUTPUT, G/S_OUTPUT, G/S_MODULATOR,
 * ENUMAUDOUT and G/S_AUDOUT on the capture node; G/S_FREQUENCY address
 * the tuner on the capture node and the modulator on the output node;
 * buffer types of the other node are EINVAL.
 *
 * Power-on defaults (first use of a card, and after
 * gst_tv_hw_virtual_card_reset()):
 *
 *   input  name         type    std       signal     status  audioset
 *   0      Television   tuner   0xFFFFFF  PAL-BG     ok      0x1 (TV)
 *   1      Composite1   camera  0xFFFFFF  NTSC-M     ok      0x2 (Line-In)
 *   2      S-Video      camera  0xFFFFFF  PAL-BG     ok      0x2 (Line-In)
 *   3      Composite2   camera  0xFFFFFF  (none)     snow    0x2 (Line-In)
 *
 *   (0xFFFFFF is V4L2_STD_ALL, every SDTV standard, as vivid's TV and
 *   S-Video inputs; capabilities V4L2_IN_CAP_STD; tuner 0; the status of
 *   Composite2 is V4L2_IN_ST_NO_SIGNAL; the Television input's signal is
 *   what its antenna carries, see the tuner below)
 *
 *   output  name           type                        audioset  loops to
 *   0       Composite Out  V4L2_OUTPUT_TYPE_ANALOG     0x1       Composite2
 *   1       S-Video Out    V4L2_OUTPUT_TYPE_ANALOG     0x1       S-Video
 *   2       RF Modulator   V4L2_OUTPUT_TYPE_MODULATOR  0x2       Television
 *
 *   (fixed, but a card can keep only the first n of them, or none:
 *   gst_tv_hw_virtual_card_set_n_outputs(), and an output's standards can
 *   be changed: gst_tv_hw_virtual_card_set_output_std(); std 0xFFFFFF,
 *   capabilities V4L2_OUT_CAP_STD, modulator 0; reserved zero)
 *
 *   audio input   name      capability          audio output  name
 *   0             TV        V4L2_AUDCAP_STEREO  0             Line-Out
 *   1             Line-In   V4L2_AUDCAP_STEREO  1             Modulator Audio
 *
 *   (vivid's audio inputs; fixed; audio outputs have capability 0; mode 0)
 *
 *   control (capture node)     type     range       default  flags
 *   V4L2_CID_USER_CLASS        class    -           -        read-only,
 *                                                            write-only
 *   V4L2_CID_BRIGHTNESS        integer  0..255      128      slider
 *   V4L2_CID_CONTRAST          integer  0..255      128      slider
 *   V4L2_CID_SATURATION        integer  0..255      128      slider
 *   V4L2_CID_HUE               integer  -128..128   0        slider
 *   V4L2_CID_HFLIP             boolean  0..1        0
 *   V4L2_CID_VFLIP             boolean  0..1        0
 *   V4L2_CID_COLORFX           menu     0..3        0 (None)
 *
 *   (vivid's ranges, video0-list-ctrls-menus.txt; step 1; the kernel's
 *   names ("Brightness", ..., "Color Effects"); the menu has 0 "None",
 *   1 "Black & White", 3 "Negative", and skips 2 "Sepia")
 *
 *   - current input 0 (Television), current output 0 (Composite Out),
 *     audio input 0 (TV), audio output 0 (Line-Out);
 *   - tuner 0 and modulator 0 at GST_TV_HW_VIRTUAL_DEFAULT_FREQ (175.25
 *     MHz, station E5: the Television input's picture is the one it had
 *     before the card had a tuner), tuner audio mode
 *     V4L2_TUNER_MODE_STEREO, modulator txsubchans V4L2_TUNER_SUB_STEREO;
 *   - every control at its default, the flip controls present;
 *   - capture standard and output standard GST_TV_HW_VIRTUAL_DEFAULT_STD,
 *     V4L2_STD_PAL (0xff), vivid's power-on standard on both nodes;
 *   - format on both nodes YUYV 720x576, V4L2_FIELD_INTERLACED,
 *     bytesperline 1440, sizeimage 829440, V4L2_COLORSPACE_SMPTE170M,
 *     default ycbcr_enc, quantization and xfer_func;
 *   - pacing REALTIME, unless the environment variable
 *     V4L2TV_VIRTUAL_PACING is "freerun", "manual" or "realtime" when the
 *     card is created or reset;
 *   - capture frames stamped with their time on CLOCK_MONOTONIC,
 *     V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC (GST_TV_HW_VIRTUAL_STAMPS_TRUE);
 *   - no pending faults, drops or corrupted frames, no forced status
 *     bits, no-signal frames delivered (as snow); nothing on the output's
 *     screen.
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
 * - poll (gst_tv_hw_device_wait) on a queue that is not streaming
 *   (before REQBUFS, before STREAMON, after STREAMOFF) fails at once with
 *   EIO, GST_TV_HW_ERROR_IO: vb2's EPOLLERR, which the V4L2 backend turns
 *   into EIO too (vivid answers the same, except before REQBUFS on the
 *   capture node, where its read() emulation starts instead); otherwise
 *   it waits until a buffer can be dequeued (readable on capture,
 *   writable on output);
 *   STREAMOFF returns every buffer to the application and the next
 *   STREAMON restarts the sequence at 0;
 * - REALTIME: capture frame 0 is stamped with the STREAMON time and is
 *   ready at once; a frame only goes into a buffer queued before its
 *   timestamp, so a consumer that falls behind sees sequence gaps;
 * - every capture frame carries marks that gst_tv_hw_virtual_decode()
 *   reads: the input, the sequence number, each field's parity,
 *   no-signal and, on a tuner input, the station (a looped frame carries
 *   whatever the output showed). The marks band, the first 80 columns,
 *   is never touched by the controls or the flips.
 *
 * Controls (vivid's vivid-ctrls.c, with the V4L2 control framework's
 * rules): QUERYCTRL with V4L2_CTRL_FLAG_NEXT_CTRL enumerates in id order,
 * the class heading first; an unknown id is EINVAL for QUERYCTRL, G_CTRL
 * and S_CTRL; the class heading is EACCES for G_CTRL and S_CTRL; S_CTRL
 * clamps an integer to its range (no error) and makes any non-zero
 * boolean 1, and refuses a menu value out of range (ERANGE) or skipped
 * (EINVAL); QUERYMENU is EINVAL outside minimum..maximum, on a skipped
 * item and on a control that is no menu. The values belong to the card
 * and apply, from the next frame on, to every capture frame (generated,
 * snow, or looped) except its marks band, in 8 bits on packed 4:2:2:
 *   - luma Y' = 16 + round ((Y - 16) x contrast / 128) + brightness - 128,
 *     clipped to 0..255;
 *   - chroma (Cb, Cr) - 128 is rotated by hue x 180 / 128 degrees
 *     (Cb' = Cb cos - Cr sin, Cr' = Cb sin + Cr cos; hue 64 turns
 *     (Cb, Cr) into (-Cr, Cb)), scaled by saturation / 128 and clipped;
 *   - V4L2_CID_COLORFX Black & White makes the chroma neutral, Negative
 *     inverts the result (Y' = 255 - Y, C' = 256 - C, clipped);
 *   - V4L2_CID_HFLIP mirrors columns 80..719 within themselves (column x
 *     shows column 799 - x; each pixel pair keeps its chroma),
 *     V4L2_CID_VFLIP mirrors the lines (line y shows line height - 1 - y,
 *     which swaps the fields); the marks band stays as it is, so a flipped
 *     frame still decodes with both fields ok;
 *   - at the defaults nothing is touched: a frame is bit-exact what the
 *     generator or the loop made.
 * gst_tv_hw_virtual_card_set_flip_controls (FALSE) makes a card without
 * the flip controls (EINVAL for them, no flipping).
 *
 * The tuner (vivid's TV tuner): tuner 0 of every tuner input, name "TV
 * Tuner", type V4L2_TUNER_ANALOG_TV, capability V4L2_TUNER_CAP_NORM |
 * STEREO | LANG1 | LANG2 | FREQ_BANDS (the last added by the V4L2 core),
 * 62.5 kHz units, range 44 .. 958 MHz (GST_TV_HW_VIRTUAL_FREQ_LOW/HIGH).
 * G/S_TUNER and G/S_FREQUENCY answer EINVAL for a tuner index other than
 * 0, S_TUNER for an audmode past V4L2_TUNER_MODE_LANG1_LANG2, S_FREQUENCY
 * for a type other than V4L2_TUNER_ANALOG_TV; S_FREQUENCY clamps the
 * frequency to the range (no error). Without a tuner input, all four are
 * ENOTTY. The frequency is the card's, kept across input switches. The
 * tuner receives this channel plan (gst_tv_hw_virtual_get_stations()):
 *
 *   station  channel  MHz     units  standard           rxsubchans  pattern
 *   0        E5       175.25  2804   the input's (PAL)  STEREO      bars
 *   1        E7       189.25  3028   the input's (PAL)  LANG1|LANG2 h. bars
 *   2        US4       67.25  1076   NTSC-M             MONO|SAP    plane
 *   3        E21      471.25  7540   PAL-I              STEREO      checker
 *   4        E30      543.25  8692   SECAM-L            MONO        ramp
 *
 *   ("the input's" is the tuner input's signal_std, what the antenna's
 *   local stations broadcast in: PAL-BG on the Television input; a
 *   signal_std of 0 means no antenna, snow on every frequency)
 *
 * Within +-0.25 MHz of a station (GST_TV_HW_VIRTUAL_FREQ_FINE) the input
 * shows the station's picture: G_TUNER signal 0xffff, afc the distance in
 * units (negative: tuned too low), rxsubchans the station's; status ok;
 * QUERYSTD the station's standard. Within +-1 MHz
 * (GST_TV_HW_VIRTUAL_FREQ_NEAR) the picture loses its colour: signal
 * 0x8000, rxsubchans MONO, status V4L2_IN_ST_COLOR_KILL, QUERYSTD still
 * the standard. Anywhere else: snow, signal 0, rxsubchans 0, afc 0,
 * status V4L2_IN_ST_NO_SIGNAL, QUERYSTD 0. The marks carry the station
 * (0 on snow). G_TUNER reports the current input if it is a tuner input,
 * else the first tuner input. A frequency change takes effect with the
 * next frame, also while streaming.
 *
 * The modulator: modulator 0 of the RF Modulator output, on the output
 * node: name "RF Modulator", type V4L2_TUNER_ANALOG_TV, capability
 * V4L2_TUNER_CAP_NORM | STEREO | FREQ_BANDS, the tuner's range and units;
 * G/S_MODULATOR and G/S_FREQUENCY are EINVAL for an index other than 0,
 * S_MODULATOR for txsubchans other than MONO / STEREO, S_FREQUENCY for a
 * type other than ANALOG_TV; the frequency is clamped as the tuner's.
 *
 * Audio: G_AUDIO answers the current audio input, EINVAL on an input
 * whose audioset is 0; S_AUDIO takes only an audio input of the current
 * input's audioset (EINVAL otherwise, as v4l2-compliance expects);
 * S_INPUT moves the audio input to the first one of the new input's set
 * when the current one is not in it. The same rules hold for G/S_AUDOUT
 * and S_OUTPUT with the outputs' audiosets. set_inputs() refuses an
 * audioset that names audio inputs the card does not have.
 *
 * Signal loss and faults (for "no signal never stalls a capture"):
 *   - an input's picture is gone (snow) when it has no signal (signal_std
 *     0, the tuner off every station, no antenna) or when a lock bit is
 *     forced (below); ENUMINPUT says V4L2_IN_ST_NO_SIGNAL (or the forced
 *     bits) and QUERYSTD 0. Such frame periods deliver snow frames
 *     (marked no-signal) by default; after
 *     gst_tv_hw_virtual_card_set_no_signal_frames (FALSE) they deliver
 *     nothing, the buffers stay queued and the sequence number advances
 *     (REALTIME and MANUAL; in FREERUN nothing happens until the picture
 *     is back), so a wait times out instead;
 *   - gst_tv_hw_virtual_card_set_input_status() adds V4L2_IN_ST_* bits to
 *     an input's status: lock and signal bits (NO_POWER, NO_SIGNAL,
 *     NO_H_LOCK, NO_V_LOCK, NO_SYNC, NO_EQU, NO_CARRIER) make snow and
 *     QUERYSTD 0, colour bits (NO_COLOR, COLOR_KILL) take the colour out
 *     of the picture, the others (MACROVISION, ...) are only reported;
 *     they win over the signal and the loop;
 *   - gst_tv_hw_virtual_card_drop_frames (n): the next n capture frame
 *     periods deliver nothing (an overrun): a sequence gap;
 *   - gst_tv_hw_virtual_card_corrupt_frames (n): the next n captured
 *     frames come back from DQBUF normally but with V4L2_BUF_FLAG_ERROR
 *     (vb2's VB2_BUF_STATE_ERROR, vivid's inject_v4l2_buf_flag_error);
 *     QBUF clears the flag;
 *   - gst_tv_hw_virtual_card_inject_frame_faults (): short frames
 *     (bytesused below sizeimage), empty ones (bytesused 0) and a bogus
 *     buffer index from DQBUF; gst_tv_hw_virtual_card_set_sequence (): a
 *     bogus or jumping sequence number;
 *   - GST_TV_HW_VIRTUAL_FAULT_DQBUF fails one DQBUF before it takes a
 *     buffer: the frame waiting is returned by the next DQBUF.
 *   - every other operation has its GstTvHwVirtualFault too (all but
 *     open's close and munmap, which cannot fail): a fault makes the call
 *     fail on entry; EINTR is retried by the hardware layer's core, as the
 *     V4L2 backend retries an interrupted ioctl;
 *   - gst_tv_hw_virtual_card_unplug() / _replug(): a disconnect.
 *
 * The output node:
 * - QBUF needs 0 < bytesused <= length and field V4L2_FIELD_ANY or
 *   V4L2_FIELD_INTERLACED (EINVAL otherwise; ANY becomes INTERLACED); the
 *   application's timestamp is ignored, as on vivid's output: buffers
 *   carry V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC (QUERYBUF, DQBUF) and DQBUF
 *   returns the display time, start + sequence x frame period (start:
 *   the CLOCK_MONOTONIC time of the output's STREAMON), like a capture
 *   frame's timestamp; a buffer not displayed yet keeps its last one (0
 *   after REQBUFS);
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
 * The RF Modulator loops to Television only while the tuner is tuned
 * within +-0.25 MHz of the modulator (both at 175.25 MHz at power-on);
 * then G_TUNER reports signal 0xffff and rxsubchans STEREO or MONO as the
 * modulator's txsubchans. A looped frame goes through the controls like
 * any other (at their defaults it is the output's frame, byte for byte).
 * Otherwise the input shows its own picture and status: the generator's
 * pattern (the tuner's station on Television), or for Composite2 (no
 * signal) snow and V4L2_IN_ST_NO_SIGNAL.
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
/* the driver profiles (tvhw-virtual-profiles.c), "virtual:usbtv",
 * "virtual:em28xx", "virtual:stk1160", "virtual:bttv", "virtual:cx88":
 * their cards' slots follow the generic cards' */
#define GST_TV_HW_VIRTUAL_N_PROFILES 5
#define GST_TV_HW_VIRTUAL_N_SLOTS (GST_TV_HW_VIRTUAL_MAX_CARDS + \
    GST_TV_HW_VIRTUAL_N_PROFILES)
#define GST_TV_HW_VIRTUAL_MAX_INPUTS 8
/* ENUM_FMT entries at most (gst_tv_hw_virtual_card_set_formats; bttv's
 * formats[] lists 17) */
#define GST_TV_HW_VIRTUAL_MAX_FORMATS 24
/* the outputs of every card (fixed, see above) */
#define GST_TV_HW_VIRTUAL_N_OUTPUTS 3
/* the audio inputs and outputs of every card (fixed, see above) */
#define GST_TV_HW_VIRTUAL_N_AUDIO_INPUTS 2
#define GST_TV_HW_VIRTUAL_N_AUDIO_OUTPUTS 2

/* tuner 0 and modulator 0, in units of 62.5 kHz: the range (vivid's TV
 * tuner, 44 .. 958 MHz) and the power-on frequency of both, 175.25 MHz,
 * channel E5, the first station of the channel plan */
#define GST_TV_HW_VIRTUAL_FREQ_LOW (44 * 16)
#define GST_TV_HW_VIRTUAL_FREQ_HIGH (958 * 16)
#define GST_TV_HW_VIRTUAL_DEFAULT_FREQ 2804
/* how far from a station the tuner still gets its picture, in units of
 * 62.5 kHz: +-0.25 MHz in colour, +-1 MHz without colour */
#define GST_TV_HW_VIRTUAL_FREQ_FINE 4
#define GST_TV_HW_VIRTUAL_FREQ_NEAR 16

typedef struct _GstTvHwVirtualCard GstTvHwVirtualCard;

/**
 * GstTvHwVirtualPacing:
 * @GST_TV_HW_VIRTUAL_PACING_REALTIME: a frame becomes ready when its
 *   timestamp is reached on CLOCK_MONOTONIC (the default, for demos)
 * @GST_TV_HW_VIRTUAL_PACING_FREERUN: every queued buffer is filled (or
 *   displayed) at once; timestamps still advance by exactly one frame
 *   period per frame. A capture frame waits for a queued buffer on the
 *   VBI capture node while that streams, so that no frame is lost there
 * @GST_TV_HW_VIRTUAL_PACING_MANUAL: frames become ready only through
 *   gst_tv_hw_virtual_card_emit_frames(); nothing ever sleeps
 *
 * The pacing is the card's, for both nodes. Capture timestamps (and the
 * output's display times) are always start + sequence x frame period,
 * where start is the CLOCK_MONOTONIC time of that node's STREAMON. In
 * MANUAL and FREERUN pacing the card's time is its own, moved by the frames
 * alone: gst_tv_hw_device_get_stamp_clock_time() answers the time of the
 * node's latest frame period, one period before STREAMON before the first
 * (CLOCK_MONOTONIC's in REALTIME).
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
 *   is connected (status V4L2_IN_ST_NO_SIGNAL, snow/black frames); on a
 *   tuner input the antenna: the standard of the channel plan's local
 *   stations, 0 for no antenna (snow on every frequency)
 * @audioset: the audio inputs that go with it (bit n: audio input n, below
 *   GST_TV_HW_VIRTUAL_N_AUDIO_INPUTS)
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
  /* the other operations (tvhw-virtual-faults.c): the call fails on
   * entry, before anything else */
  GST_TV_HW_VIRTUAL_FAULT_QUERYCAP,
  GST_TV_HW_VIRTUAL_FAULT_ENUMINPUT,
  GST_TV_HW_VIRTUAL_FAULT_G_INPUT,
  GST_TV_HW_VIRTUAL_FAULT_ENUMOUTPUT,
  GST_TV_HW_VIRTUAL_FAULT_G_OUTPUT,
  GST_TV_HW_VIRTUAL_FAULT_ENUMSTD,
  GST_TV_HW_VIRTUAL_FAULT_G_STD,
  GST_TV_HW_VIRTUAL_FAULT_QUERYSTD,
  GST_TV_HW_VIRTUAL_FAULT_ENUM_FMT,
  GST_TV_HW_VIRTUAL_FAULT_G_FMT,
  GST_TV_HW_VIRTUAL_FAULT_TRY_FMT,
  GST_TV_HW_VIRTUAL_FAULT_CROPCAP,
  GST_TV_HW_VIRTUAL_FAULT_G_PARM,
  GST_TV_HW_VIRTUAL_FAULT_QUERYCTRL,
  GST_TV_HW_VIRTUAL_FAULT_QUERYMENU,
  GST_TV_HW_VIRTUAL_FAULT_G_CTRL,
  GST_TV_HW_VIRTUAL_FAULT_S_CTRL,
  GST_TV_HW_VIRTUAL_FAULT_G_TUNER,
  GST_TV_HW_VIRTUAL_FAULT_S_TUNER,
  GST_TV_HW_VIRTUAL_FAULT_G_MODULATOR,
  GST_TV_HW_VIRTUAL_FAULT_S_MODULATOR,
  GST_TV_HW_VIRTUAL_FAULT_G_FREQUENCY,
  GST_TV_HW_VIRTUAL_FAULT_S_FREQUENCY,
  GST_TV_HW_VIRTUAL_FAULT_ENUMAUDIO,
  GST_TV_HW_VIRTUAL_FAULT_G_AUDIO,
  GST_TV_HW_VIRTUAL_FAULT_S_AUDIO,
  GST_TV_HW_VIRTUAL_FAULT_ENUMAUDOUT,
  GST_TV_HW_VIRTUAL_FAULT_G_AUDOUT,
  GST_TV_HW_VIRTUAL_FAULT_S_AUDOUT,
  GST_TV_HW_VIRTUAL_FAULT_QUERYBUF,
  GST_TV_HW_VIRTUAL_FAULT_QBUF,
  GST_TV_HW_VIRTUAL_FAULT_STREAMOFF,
  GST_TV_HW_VIRTUAL_FAULT_MMAP,
  GST_TV_HW_VIRTUAL_FAULT_POLL,         /* the wait; EINTR is retried */
  GST_TV_HW_VIRTUAL_FAULT_G_SELECTION,
  GST_TV_HW_VIRTUAL_FAULT_S_SELECTION,
  GST_TV_HW_VIRTUAL_FAULT_G_SLICED_VBI_CAP,
  GST_TV_HW_VIRTUAL_N_FAULTS
} GstTvHwVirtualFault;

/* "VIDIOC_S_STD", "mmap", "poll", ...: the operation of @fault */
const gchar *gst_tv_hw_virtual_fault_name (GstTvHwVirtualFault fault);

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
/* test hook: the card also answers at the device file @path (NULL:
 * forget it), so that code finding nodes elsewhere (udev, under umockdev)
 * opens the card there */
void gst_tv_hw_virtual_card_set_node (GstTvHwVirtualCard * card,
    const gchar * path);
gboolean gst_tv_hw_virtual_is_node (const gchar * location);

void gst_tv_hw_virtual_card_set_pacing (GstTvHwVirtualCard * card,
    GstTvHwVirtualPacing pacing);
/* MANUAL pacing: @n more frame periods pass on both nodes, the output
 * first in each. Capture: frames go into queued buffers; frames with no
 * queued buffer are dropped and the sequence number still advances, as a
 * real driver does. Output: each period displays the oldest queued
 * buffer, or repeats the screen; the sequence number advances either way.
 * A blocked wait is woken. */
void gst_tv_hw_virtual_card_emit_frames (GstTvHwVirtualCard * card, guint n);
gboolean gst_tv_hw_virtual_card_frames_taken (GstTvHwVirtualCard * card);

/* replaces the input list (0..GST_TV_HW_VIRTUAL_MAX_INPUTS); the current
 * input goes back to 0. With no inputs (a broken driver) ENUMINPUT is
 * EINVAL from index 0, S_INPUT EINVAL, G_INPUT answers 0 and frames are
 * snow */
gboolean gst_tv_hw_virtual_card_set_inputs (GstTvHwVirtualCard * card,
    const GstTvHwVirtualInput * inputs, guint n_inputs);
/* the signal on input @index: a standard, or 0 for no signal (on a tuner
 * input: the antenna, see GstTvHwVirtualInput) */
gboolean gst_tv_hw_virtual_card_set_signal (GstTvHwVirtualCard * card,
    guint index, v4l2_std_id signal_std);
void gst_tv_hw_virtual_card_inject_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, gint err);
void gst_tv_hw_virtual_card_inject_faults (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, gint err, guint count);
/* the number of handles open on the card now, on every node and its
 * sound capture */
guint gst_tv_hw_virtual_card_get_open_count (GstTvHwVirtualCard * card);

/* when operation @trigger is next called (on either node), @fault is
 * injected as by inject_faults (@err, @count), before @trigger runs: a
 * fault that begins at a stage (the first REQBUFS: allocation; the first
 * STREAMOFF: stop). Cleared by reset. */
void gst_tv_hw_virtual_card_inject_faults_on (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault trigger, GstTvHwVirtualFault fault, gint err,
    guint count);
/* since the card's power-on (or reset): how often operation @fault was
 * called on the card, and how many of those calls an injected fault
 * failed; either may be NULL. @fault's count still pending is returned. */
guint gst_tv_hw_virtual_card_get_fault_stats (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault, guint * calls, guint * hits);

/* the card goes away as a USB device unplugged, with the kernel's
 * semantics (video_unregister_device, vb2_video_unregister_device): every
 * call on a handle already open fails with ENODEV (mmap too; close and
 * munmap work), poll fails at once with ENODEV (what the V4L2 backend
 * makes of POLLERR | POLLHUP), a blocked poll is woken; both nodes stop
 * streaming and their buffers are released (mappings stay valid); open
 * fails with ENOENT (the node is gone). Nothing happens when unplugged
 * already. */
void gst_tv_hw_virtual_card_unplug (GstTvHwVirtualCard * card);
/* the card is back: open works again; the card keeps its settings (a real
 * device may come back at its defaults: reset the card for that). A
 * handle opened before the unplug stays dead (ENODEV) until closed, as in
 * the kernel. */
void gst_tv_hw_virtual_card_replug (GstTvHwVirtualCard * card);
gboolean gst_tv_hw_virtual_card_is_unplugged (GstTvHwVirtualCard * card);
/* the card comes back at location "virtual:@location" (its own number at
 * power-on), as a USB grabber that comes back as another /dev/videoN: its
 * QUERYCAP card and bus_info stay its own ("Virtual TV card N",
 * "platform:virtual-N"), its old location is gone (open: ENOENT) unless
 * another card is there. FALSE (nothing changes) when @location is not
 * below GST_TV_HW_VIRTUAL_MAX_CARDS or another card is plugged in there.
 * gst_tv_hw_virtual_card_replug() brings it back where it was last;
 * gst_tv_hw_virtual_card_reset() (and replug_as the card's own number)
 * brings it home. */
gboolean gst_tv_hw_virtual_card_replug_as (GstTvHwVirtualCard * card,
    guint location);
/* the locations of the virtual cards plugged in now ("virtual:N"), in
 * the order of N, added to @locations (of g_free()d strings) */
void gst_tv_hw_virtual_list_locations (GPtrArray * locations);

/* whether the capture node has the V4L2_CID_HFLIP / V4L2_CID_VFLIP
 * controls (TRUE at power-on); without them the picture is not flipped */
void gst_tv_hw_virtual_card_set_flip_controls (GstTvHwVirtualCard * card,
    gboolean present);
/* whether frame periods without a picture (no signal, no lock) deliver
 * snow frames (TRUE at power-on) or nothing at all */
void gst_tv_hw_virtual_card_set_no_signal_frames (GstTvHwVirtualCard * card,
    gboolean deliver);
/* V4L2_IN_ST_* bits reported on input @index on top of its own status
 * (0 at power-on); FALSE when @index is not an input */
gboolean gst_tv_hw_virtual_card_set_input_status (GstTvHwVirtualCard * card,
    guint index, guint32 status);
/* the next @n capture frame periods deliver nothing; the sequence number
 * advances */
void gst_tv_hw_virtual_card_drop_frames (GstTvHwVirtualCard * card, guint n);
/* the next @n captured frames come back with V4L2_BUF_FLAG_ERROR */
void gst_tv_hw_virtual_card_corrupt_frames (GstTvHwVirtualCard * card,
    guint n);

/**
 * GstTvHwVirtualStamps:
 * @GST_TV_HW_VIRTUAL_STAMPS_TRUE: the frame's time on CLOCK_MONOTONIC
 *   (power-on; see #GstTvHwVirtualPacing)
 * @GST_TV_HW_VIRTUAL_STAMPS_OFFSET: the frame's time plus an offset: in
 *   the future (a driver stamping the nominal end of a frame it hands over
 *   early, as vivid does) or in the past, as from another clock
 * @GST_TV_HW_VIRTUAL_STAMPS_REALTIME: CLOCK_REALTIME's reading at the
 *   frame's time (plus the offset): the wrong clock, whatever the flags say
 * @GST_TV_HW_VIRTUAL_STAMPS_STUCK: the stamp of the first frame after the
 *   change, repeated on every frame (plus the offset)
 *
 * How the capture node stamps its frames
 * (gst_tv_hw_virtual_card_set_stamps()), to test what a consumer makes
 * of a driver whose timestamps lie.
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_STAMPS_TRUE,
  GST_TV_HW_VIRTUAL_STAMPS_OFFSET,
  GST_TV_HW_VIRTUAL_STAMPS_REALTIME,
  GST_TV_HW_VIRTUAL_STAMPS_STUCK,
} GstTvHwVirtualStamps;

/* from the next capture frame on, stamps as @stamps says (@offset_us
 * added, for every kind but TRUE), with the V4L2_BUF_FLAG_TIMESTAMP_*
 * @timestamp_flags (MONOTONIC at power-on; 0 is TIMESTAMP_UNKNOWN, a
 * driver that does not say which clock), and V4L2_BUF_FLAG_TSTAMP_SRC_SOE
 * there when the stamps are to say they mark a frame's start (EOF, its
 * end, otherwise). Reset restores TRUE, 0, MONOTONIC. */
void gst_tv_hw_virtual_card_set_stamps (GstTvHwVirtualCard * card,
    GstTvHwVirtualStamps stamps, gint64 offset_us, guint32 timestamp_flags);

/**
 * GstTvHwVirtualFrameFault:
 * @GST_TV_HW_VIRTUAL_FRAME_SHORT: a short frame: bytesused is half the
 *   format's sizeimage and only that much of the buffer is written (the
 *   rest keeps what the buffer held), as a USB grabber delivers a frame
 *   whose isochronous packets were lost
 * @GST_TV_HW_VIRTUAL_FRAME_EMPTY: bytesused 0, nothing written
 * @GST_TV_HW_VIRTUAL_FRAME_BAD_INDEX: a driver bug: DQBUF reports an index
 *   past the last buffer (the buffer itself stays with the application,
 *   which cannot know it)
 *
 * What gst_tv_hw_virtual_card_inject_frame_faults() does to the next
 * captured frames; no flag is set and no errno returned (for
 * V4L2_BUF_FLAG_ERROR see gst_tv_hw_virtual_card_corrupt_frames()).
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_FRAME_SHORT,
  GST_TV_HW_VIRTUAL_FRAME_EMPTY,
  GST_TV_HW_VIRTUAL_FRAME_BAD_INDEX,
  GST_TV_HW_VIRTUAL_N_FRAME_FAULTS
} GstTvHwVirtualFrameFault;

/* the next @n captured frames come back with @fault (added to any still
 * pending; a frame takes the pending faults in the enum's order, one of
 * each) */
void gst_tv_hw_virtual_card_inject_frame_faults (GstTvHwVirtualCard * card,
    GstTvHwVirtualFrameFault fault, guint n);
/* capture sequence numbers (a driver's counter bugs; timestamps stay
 * start + period index x frame period whatever the numbers say): with
 * @once, the next captured frame alone reports @sequence and the ones
 * after it their own numbers again; otherwise the counter jumps, the next
 * frame is @sequence and the ones after count on from it (wrapping past
 * G_MAXUINT32 to 0) until the next STREAMON, which starts at 0 again */
void gst_tv_hw_virtual_card_set_sequence (GstTvHwVirtualCard * card,
    guint32 sequence, gboolean once);
/* the pixel formats ENUM_FMT lists on both nodes, in order (YUYV, UYVY at
 * power-on), at most GST_TV_HW_VIRTUAL_MAX_FORMATS, none for a driver
 * that lists no format; TRY_FMT/S_FMT still answer YUYV or UYVY (the only
 * formats the card draws) */
gboolean gst_tv_hw_virtual_card_set_formats (GstTvHwVirtualCard * card,
    const guint32 * fourccs, guint n_fourccs);
/* only the first @n_outputs of the fixed outputs exist (all
 * GST_TV_HW_VIRTUAL_N_OUTPUTS at power-on); 0 makes a broken driver
 * whose ENUMOUTPUT lists nothing (G_OUTPUT answers 0, S_OUTPUT EINVAL);
 * FALSE while output buffers are allocated or for too many */
gboolean gst_tv_hw_virtual_card_set_n_outputs (GstTvHwVirtualCard * card,
    guint n_outputs);
/* the standards output @index accepts (V4L2_STD_ALL at power-on), 0 for
 * an output without standards (like an HDMI output: ENUMOUTPUT std 0, no
 * V4L2_OUT_CAP_STD); FALSE for an output that does not exist or while
 * output buffers are allocated */
gboolean gst_tv_hw_virtual_card_set_output_std (GstTvHwVirtualCard * card,
    guint index, v4l2_std_id std);

/**
 * GstTvHwVirtualStation:
 * @channel: the channel's name ("E5")
 * @frequency: its vision carrier, in units of 62.5 kHz
 * @std: the standard it broadcasts in; 0 for the tuner input's own
 *   signal standard (GstTvHwVirtualInput.signal_std)
 * @rxsubchans: the audio subchannels it carries (V4L2_TUNER_SUB_*)
 *
 * One station of the card's channel plan (see above).
 */
typedef struct
{
  const gchar *channel;
  guint32 frequency;
  v4l2_std_id std;
  guint32 rxsubchans;
} GstTvHwVirtualStation;

/* the channel plan: station i is what the marks call station i */
const GstTvHwVirtualStation *gst_tv_hw_virtual_get_stations (guint *
    n_stations);

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
 * @station: on a tuner input, the station of the channel plan the tuner
 *   receives; 0 otherwise (and on snow)
 */
typedef struct
{
  guint input;
  guint32 sequence;
  gboolean top_field_ok;
  gboolean bottom_field_ok;
  gboolean no_signal;
  guint station;
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

/*
 * VBI (issue 14): what the card's frames carry in their vertical blanking
 * interval, for its VBI capture nodes (raw and sliced, as vivid's).
 *
 * - Raw VBI, vivid's format: 27 MHz, offset 24, 1440 samples a line,
 *   V4L2_PIX_FMT_GREY, not interlaced; lines 10..21 and 273..284 (12 a
 *   field) at a 525-line capture standard, 6..23 and 319..336 (18 a
 *   field) at a 625-line one. Lines without data are at blanking level
 *   (16); without a picture (snow) every line is noise.
 * - A 525-line signal (Composite1's NTSC-M, the Television input tuned to
 *   US4) carries CEA-608 captions on line 21 of both fields: pop-on
 *   captions on CC1 (field 1) and CC3 (field 2), one every
 *   GST_TV_HW_VIRTUAL_CAPTION_CYCLE frames: frame n carries byte pair
 *   n % CYCLE of caption n / CYCLE (RCL, ENM, PAC, the text, EOC; control
 *   codes twice; then null pairs 0x80 0x80). The text of caption c is
 *   "Virtual card N caption c" on field 1 and "CC3 caption c" on field 2,
 *   or what gst_tv_hw_virtual_card_set_caption_text() set; a caption
 *   takes the text in force at its first frame (or at the first frame
 *   generated of it), so a change never garbles one.
 * - A 625-line signal carries WSS on line 23: 4:3 full format (0x0008),
 *   but station E7 on a tuner input, which is 16:9 anamorphic (0x0007),
 *   unless gst_tv_hw_virtual_card_set_wss() says otherwise.
 * - Nothing when the capture standard's line count is not the signal's
 *   (the decoder does not lock). A looped input (the output's picture, see
 *   the loopback above) carries what the VBI output sent, not this.
 *
 * VBI nodes (tvhw-virtual-vbi-nodes.c), as vivid's:
 * - The VBI capture node shares the capture node's inputs, tuner, audio
 *   and standard: ENUMINPUT, G/S_INPUT, ENUMSTD, G/S_STD, QUERYSTD,
 *   G/S_FREQUENCY... on it act on the card as on the video capture node
 *   (the VBI output node likewise with the output node's outputs and
 *   standard). S_INPUT and S_STD are EBUSY while the video or the VBI
 *   queue of that direction has buffers (S_OUTPUT and the output's S_STD
 *   likewise). No ENUM_FMT (EINVAL), CROPCAP, selection or G_PARM
 *   (ENOTTY) on a VBI node.
 * - One queue for raw and sliced capture: S_FMT with a raw or a sliced
 *   format chooses its buffer type (raw at power-on), EBUSY while the queue
 *   has buffers (whoever owns them; even for the same type). REQBUFS,
 *   QBUF, DQBUF, STREAMON of the other type are EINVAL (vb2). G_FMT and
 *   TRY_FMT answer for either type at any time.
 * - Raw format: the one above (gst_tv_hw_virtual_card_get_vbi_format());
 *   a buffer is one frame, count[0] + count[1] lines of 1440 bytes.
 * - Sliced: io_size 36 records (struct v4l2_sliced_vbi_data), bytesused
 *   the whole buffer, the unused records zeroed. The services at 525
 *   lines: V4L2_SLICED_CAPTION_525 on line 21 of both fields; at 625
 *   lines: V4L2_SLICED_WSS_625 on line 23 of field 1; only those the
 *   slicer has (gst_tv_hw_virtual_card_set_vbi_services()).
 *   G_SLICED_VBI_CAP lists them at the current standard; S_FMT/TRY_FMT
 *   keep of service_set (or of the services in service_lines, when
 *   service_set is 0) only those, which may leave none. A frame carries
 *   the records of the services of the format in force.
 * - Pacing: VBI capture frame N is video capture frame N: the same
 *   sequence number and timestamp. The node that starts streaming second
 *   joins the first one's frame count (so a video STREAMON while the VBI
 *   node streams does not start at 0). REALTIME: both count frames on the
 *   same clock, each takes a frame into its oldest buffer queued in time.
 *   MANUAL: gst_tv_hw_virtual_card_emit_frames() delivers a VBI frame
 *   with each video frame (the output side first: video, then VBI output;
 *   then video, then VBI capture). FREERUN: while the video node streams,
 *   the VBI node gets a frame each time the video node does, into a VBI
 *   buffer queued by then (else that VBI frame is dropped: queue the VBI
 *   buffer before the video one); streaming alone it free-runs as the
 *   video node does. The sequence faults (set_sequence) act on the video
 *   node; the VBI node reports its frame count plus the offset of a jump
 *   in force. drop_frames, corrupt_frames and the frame faults hit the
 *   video node only; frame periods without a picture that deliver no
 *   video frame (set_no_signal_frames (FALSE)) deliver no VBI frame
 *   either.
 * - Output: the VBI output node's frames are counted like the output
 *   node's. QBUF takes bytesused (0: the whole buffer; more than the
 *   buffer: EINVAL). Each frame period sends the records of the oldest
 *   queued buffer whose service the output encodes at its standard now
 *   (CAPTION_525 at 525 lines, WSS_625 at 625, of the format's services),
 *   bytes as given (a caption pair with a bad parity is sent as it is); a
 *   period without a buffer sends nothing.
 * - Loopback: while the video output loops to a capture input (see
 *   above), the VBI capture frames of that input carry, in order, what the
 *   VBI output sent, one output frame each (MANUAL: the frame of the same
 *   period): captions and WSS unchanged, and nothing at all (no caption,
 *   no WSS: raw lines at blanking level, no sliced record) for a frame the
 *   output sent nothing in. Up to 64 sent frames wait for the capture; a
 *   STREAMON of either VBI node starts the loop empty.
 * - Unplug: the VBI nodes go with the card (every call ENODEV, open
 *   ENOENT, buffers released), as the video nodes.
 */

/* the frames between two captions */
#define GST_TV_HW_VIRTUAL_CAPTION_CYCLE 60
/* gst_tv_hw_virtual_card_set_wss(): the channel plan's WSS, or none */
#define GST_TV_HW_VIRTUAL_WSS_DEFAULT (-1)
#define GST_TV_HW_VIRTUAL_WSS_NONE (-2)

/* the text of the captions on field @field (1 or 2) from the next caption
 * on: at most 2 rows ('\n') of 32 CEA-608 characters that fit one
 * caption's frames; NULL for the default numbered text. FALSE with an
 * error saying why otherwise. */
gboolean gst_tv_hw_virtual_card_set_caption_text (GstTvHwVirtualCard * card,
    guint field, const gchar * text, GError ** error);
/* the text of the caption frame @sequence belongs to on field @field:
 * the one being sent, or the one that will be with the text in force
 * now; g_free() it */
gchar *gst_tv_hw_virtual_card_get_caption_text (GstTvHwVirtualCard * card,
    guint field, guint32 sequence);
/* the WSS word every 625-line picture of the card carries: 0 .. 0x3fff
 * (any bits, a bad aspect parity too), GST_TV_HW_VIRTUAL_WSS_NONE for no
 * WSS, GST_TV_HW_VIRTUAL_WSS_DEFAULT (power-on) for 4:3 and E7's 16:9.
 * FALSE with an error for any other value. */
gboolean gst_tv_hw_virtual_card_set_wss (GstTvHwVirtualCard * card,
    gint wss, GError ** error);
/* the raw VBI format of the card's VBI now (at the capture standard) */
void gst_tv_hw_virtual_card_get_vbi_format (GstTvHwVirtualCard * card,
    struct v4l2_vbi_format *fmt);
/* what the VBI capture nodes deliver for frame @sequence of the current
 * input, as it is received now: raw (FALSE when @size is below the
 * format's frame size) or sliced (returns the records written, the rest
 * of @recs zeroed) */
gboolean gst_tv_hw_virtual_card_generate_vbi_raw (GstTvHwVirtualCard * card,
    guint32 sequence, guint8 * data, gsize size);
guint gst_tv_hw_virtual_card_generate_vbi_sliced (GstTvHwVirtualCard * card,
    guint32 sequence, struct v4l2_sliced_vbi_data *recs, guint n_recs);

/**
 * GstTvHwVirtualVbiNodes:
 * @GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE: the VBI capture node captures raw
 *   VBI (V4L2_CAP_VBI_CAPTURE)
 * @GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE: the VBI capture node captures
 *   sliced VBI (V4L2_CAP_SLICED_VBI_CAPTURE)
 * @GST_TV_HW_VIRTUAL_VBI_SLICED_OUTPUT: the card has a VBI output node,
 *   sliced (V4L2_CAP_SLICED_VBI_OUTPUT)
 *
 * The VBI nodes a card has (gst_tv_hw_virtual_card_set_vbi_nodes()), as
 * vivid's node_types: the VBI capture node exists when it captures raw or
 * sliced VBI or both. A kind whose node does not exist fails to open with
 * ENOENT (GST_TV_HW_ERROR_NOT_FOUND, as a missing /dev/vbiN) and is not
 * found by gst_tv_hw_find_vbi_location(); a kind the node exists for but
 * does not capture (raw without RAW_CAPTURE) fails with WRONG_DIRECTION,
 * as a node whose QUERYCAP lacks the capability.
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE = 1 << 0,
  GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE = 1 << 1,
  GST_TV_HW_VIRTUAL_VBI_SLICED_OUTPUT = 1 << 2,
} GstTvHwVirtualVbiNodes;

/* every VBI node: the power-on default */
#define GST_TV_HW_VIRTUAL_VBI_ALL_NODES (GST_TV_HW_VIRTUAL_VBI_RAW_CAPTURE | \
    GST_TV_HW_VIRTUAL_VBI_SLICED_CAPTURE | \
    GST_TV_HW_VIRTUAL_VBI_SLICED_OUTPUT)
/* the services the card's slicer has at power-on */
#define GST_TV_HW_VIRTUAL_VBI_SERVICES \
    (V4L2_SLICED_CAPTION_525 | V4L2_SLICED_WSS_625)

/* the VBI nodes the card has, GstTvHwVirtualVbiNodes flags (0: none, a
 * card without VBI like most USB grabbers). FALSE (nothing changes) for
 * unknown flags or while a VBI node has buffers. Handles already open on a
 * node that goes keep working until closed. */
gboolean gst_tv_hw_virtual_card_set_vbi_nodes (GstTvHwVirtualCard * card,
    guint nodes);
/* the services the sliced VBI nodes (capture and output) slice and
 * encode, a subset of GST_TV_HW_VIRTUAL_VBI_SERVICES (0: none, to force a
 * user onto the raw path): G_SLICED_VBI_CAP lists only these and S_FMT
 * keeps only these. FALSE for other bits or while a VBI node has
 * buffers. */
gboolean gst_tv_hw_virtual_card_set_vbi_services (GstTvHwVirtualCard * card,
    guint16 services);
/* the VBI capture node numbers its frames @sequence_offset above the
 * video capture node's and stamps them @time_offset_us after the video
 * frame's time (both 0 at power-on), each keeping the content of the
 * video frame it belongs to: a driver whose VBI and video counters differ
 * (a field count per node; vivid's per-STREAMON counters when the two
 * nodes start streaming in different frame periods) and whose VBI buffer
 * completes before the frame's video buffer (a negative offset: the
 * second field's blanking lines come mid-frame) or after it (vivid, 5 % of
 * a period later). Any time; the next VBI frame has it. */
void gst_tv_hw_virtual_card_set_vbi_stamps (GstTvHwVirtualCard * card,
    guint32 sequence_offset, gint64 time_offset_us);

/**
 * GstTvHwVirtualFaultNodes:
 * @GST_TV_HW_VIRTUAL_FAULTS_ALL_NODES: injected faults hit the next call
 *   on any node (power-on)
 * @GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES: only calls on the video nodes
 * @GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES: only calls on the VBI nodes
 *
 * Which nodes the faults of gst_tv_hw_virtual_card_inject_faults() (and
 * _inject_fault, _inject_faults_on) hit: a call on another node neither
 * fails nor consumes them, so that e.g. a VBI node's REQBUFS fails while
 * the video node's works. Faults on open hit every open.
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_FAULTS_ALL_NODES,
  GST_TV_HW_VIRTUAL_FAULTS_VIDEO_NODES,
  GST_TV_HW_VIRTUAL_FAULTS_VBI_NODES,
} GstTvHwVirtualFaultNodes;

void gst_tv_hw_virtual_card_set_fault_nodes (GstTvHwVirtualCard * card,
    GstTvHwVirtualFaultNodes nodes);

/*
 * Sound (tvhw-virtual-sound.c; opened with gst_tv_hw_sound_open() at the
 * card's location, tvhw-sound.h): the card's audio decoder, on its own
 * sample clock.
 * - 16-bit stereo (both channels alike) at a nominal 48 kHz; one capture
 *   at a time (a second open is EBUSY, as on an ALSA hw device); the
 *   handle counts in gst_tv_hw_virtual_card_get_open_count(). Unplugged:
 *   open ENOENT, reads ENODEV.
 * - The crystal: sample k of a capture is taken at start + k / (48000 x
 *   (1 + ppm / 10^6)) on the card's timeline, the clock the picture is
 *   stamped with (frame n of a capture stream at its start + n x frame
 *   period), where ppm is gst_tv_hw_virtual_card_set_sound_error() (0 at
 *   power-on, or V4L2TV_VIRTUAL_SOUND_PPM), read when a capture starts
 *   (its open). Each block read is stamped with the time of its first
 *   sample.
 * - When samples come: REALTIME (and any pacing while the video capture
 *   node is not streaming), when their time has come on CLOCK_MONOTONIC;
 *   FREERUN and MANUAL while the video capture node streams, when the
 *   picture has got there: a block is ready once the video node's
 *   delivered frame periods cover it (start + next_seq x period), so the
 *   sound runs exactly as fast as the picture. The capture starts at the
 *   card's time of its open (the video node's time while it streams).
 * - The programme (what the current input receives at the time of the
 *   read): a sine tone of gst_tv_hw_virtual_sound_frequency() at
 *   GST_TV_HW_VIRTUAL_TONE_LEVEL of full scale on an input with its own
 *   picture (each tuner station and each other input its own pitch);
 *   silence on an input without a picture (snow) or looped from the
 *   output.
 * - The sync marker (gst_tv_hw_virtual_card_set_sync_marker(), off at
 *   power-on, or V4L2TV_VIRTUAL_SYNC_MARKER=1): while the video capture
 *   node streams, every frame period n x N (N = 25 at 625 lines, 30 at
 *   525: about once a second) of an input with its own picture is a white
 *   frame (Y' 235, neutral chroma, but for the marks band; the controls
 *   apply after), and the sound of such an input carries a beep of
 *   GST_TV_HW_VIRTUAL_BEEP_HZ at GST_TV_HW_VIRTUAL_BEEP_LEVEL in place of
 *   its tone for GST_TV_HW_VIRTUAL_BEEP_US, starting at sine phase 0 with
 *   the first sample taken at or after the time the card began that frame
 *   (its timestamp less one frame period: the time a source stamps it
 *   with).
 */
#define GST_TV_HW_VIRTUAL_TONE_LEVEL 0.1
#define GST_TV_HW_VIRTUAL_BEEP_LEVEL 0.5
#define GST_TV_HW_VIRTUAL_BEEP_HZ 3000
#define GST_TV_HW_VIRTUAL_BEEP_US 50000

/* the sound crystal's error against the picture's clock, parts per
 * million (both signs; FALSE outside +-100000); a capture started
 * before keeps its own */
gboolean gst_tv_hw_virtual_card_set_sound_error (GstTvHwVirtualCard * card,
    gdouble ppm);
void gst_tv_hw_virtual_card_set_sync_marker (GstTvHwVirtualCard * card,
    gboolean enabled);
/* the frame periods between two markers at standard @std (25 or 30) */
guint gst_tv_hw_virtual_sync_marker_frames (v4l2_std_id std);
/* the pitch of the programme on @input, a tuner input receiving station
 * @station (@tuner TRUE) or another input, in Hz */
gdouble gst_tv_hw_virtual_sound_frequency (guint input, gboolean tuner,
    guint station);

/*
 * Driver profiles (issue 29, tvhw-virtual-profiles.c): a card that
 * answers as a given kernel driver does, so that a pipeline can be tried
 * before the grabber arrives. A profile is a plain table of facts read
 * from the driver's sources in the Linux kernel; each fact, or each group
 * of facts read from one function, names the file and function it was
 * read from. Nothing in a profile is made up: what the table does not say
 * stays as the generic card does it (the frames, the signal, the pacing,
 * the faults), and docs/cards.md lists what a profile covers.
 *
 * A profile card answers at "virtual:NAME" ("virtual:usbtv"); it has its
 * own slot after the generic cards (GST_TV_HW_VIRTUAL_MAX_CARDS and up),
 * so "virtual:N" stays the generic card N. At power-on (and after
 * gst_tv_hw_virtual_card_reset()) it takes the profile's inputs,
 * standard, formats and controls; it has no output node (open ENOENT, as
 * a missing VBI node), no VBI nodes unless the profile says so, and the
 * ioctls the driver lacks answer ENOTTY.
 */

/**
 * GstTvHwVirtualProfileCtrl:
 * @id: V4L2_CID_*
 * @name: the control framework's name for @id
 * @minimum: @maximum: @step: @default_value: as the driver registers it
 * @flags: V4L2_CTRL_FLAG_* the control framework gives it (at power-on:
 *   the card does not change them, a cluster's INACTIVE included)
 * @type: V4L2_CTRL_TYPE_INTEGER or V4L2_CTRL_TYPE_BOOLEAN; 0 is INTEGER
 *
 * An integer or boolean control of a profile. The card keeps its value
 * (S_CTRL clamps an integer to the range and makes a boolean 0 or 1, as
 * the control framework does) but does not change the picture with it:
 * what the driver's registers do to the picture is not in its sources.
 */
typedef struct
{
  guint32 id;
  const gchar *name;
  gint32 minimum, maximum, step, default_value;
  guint32 flags;
  guint32 type;
} GstTvHwVirtualProfileCtrl;

/**
 * GstTvHwVirtualAudioPort:
 * @name: ENUMAUDIO's name
 * @capability: V4L2_AUDCAP_*
 *
 * An audio input of a card (the generic card's in tvhw-virtual-cap.c, a
 * profile's in its table) or an audio output (tvhw-virtual-out.c).
 */
typedef struct
{
  const gchar *name;
  guint32 capability;
} GstTvHwVirtualAudioPort;

/**
 * GstTvHwVirtualStdBusy:
 * @GST_TV_HW_VIRTUAL_STD_BUSY_ALWAYS: S_STD to another standard is EBUSY
 *   while the queue has buffers (vivid, the generic card)
 * @GST_TV_HW_VIRTUAL_STD_BUSY_SIZE: only when the new standard changes the
 *   frame size (usbtv_configure_for_norm)
 * @GST_TV_HW_VIRTUAL_STD_BUSY_STREAMING: S_STD to another standard is
 *   EBUSY while the node streams, whatever the size; buffers alone do not
 *   matter (em28xx vidioc_s_std: streaming_users)
 * @GST_TV_HW_VIRTUAL_STD_BUSY_NEVER: S_STD is never busy, streaming or
 *   not (bttv_s_std); a queued buffer too small for the new standard takes
 *   what fits of the frame, and QBUF refuses it after
 */
typedef enum
{
  GST_TV_HW_VIRTUAL_STD_BUSY_ALWAYS,
  GST_TV_HW_VIRTUAL_STD_BUSY_SIZE,
  GST_TV_HW_VIRTUAL_STD_BUSY_STREAMING,
  GST_TV_HW_VIRTUAL_STD_BUSY_NEVER,
} GstTvHwVirtualStdBusy;

/**
 * GstTvHwVirtualProfile:
 *
 * The facts of one driver. Each *_source names where the facts above it
 * were read: "file: function" in the kernel tree of @kernel.
 */
typedef struct
{
  const gchar *name;            /* "usbtv": the location "virtual:usbtv" */
  const gchar *board;           /* the one board of a driver of many, as
                                 * the driver names it; NULL for none */
  const gchar *kernel;          /* the kernel sources read, and how they
                                 * relate to Linux 6.1 */

  /* QUERYCAP (card: as the driver sets it, before QUERYCAP cuts it to
   * 31 characters) */
  const gchar *driver;
  const gchar *card;
  const gchar *bus_info;        /* the form of bus_info; the card fills in
                                 * "virtual-N" for the bus and port */
  const gchar *bus_prefix;      /* what bus_info starts with: "usb-"
                                 * (usb_make_path()) or "PCI:" */
  guint32 device_caps;          /* capabilities = device_caps | DEVICE_CAPS */
  const gchar *querycap_source;

  /* ENUMINPUT (signal_std is no driver fact: what the virtual card's
   * sources send, see inputs_signal_source) */
  const GstTvHwVirtualInput *inputs;
  guint n_inputs;
  gboolean input_status;        /* ENUMINPUT reports the signal status */
  const gchar *inputs_source;
  const gchar *inputs_signal_source;

  /* standards: what ENUMSTD lists is each input's std; the power-on one */
  v4l2_std_id power_on_std;
  const gchar *power_on_std_source;
  gboolean querystd;            /* FALSE: QUERYSTD is ENOTTY */
  gboolean querystd_lines_only; /* QUERYSTD tells the field rate only:
                                 * every standard of the input of the
                                 * signal's line system */
  const gchar *querystd_source;
  GstTvHwVirtualStdBusy std_busy;
  const gchar *s_std_source;
  gboolean s_input_busy;        /* S_INPUT is EBUSY while busy */
  const gchar *s_input_source;

  /* formats: ENUM_FMT's list; G/S/TRY_FMT answer the first one the card
   * makes (packed 4:2:2: YUYV, UYVY) unless another listed one is asked
   * for; a listed format the card cannot make is answered as YUYV; 720
   * wide, 480 or 576 lines by the standard, V4L2_FIELD_INTERLACED,
   * bytesperline 2 x width */
  const guint32 *formats;
  guint n_formats;
  gboolean s_fmt_busy;          /* S_FMT is EBUSY while busy */
  gboolean fmt_unlisted_einval; /* TRY_FMT and S_FMT of a format the
                                 * driver does not list are EINVAL (FALSE:
                                 * the driver answers its first one) */
  const gchar *formats_source;
  const gchar *sizes_source;

  /* other ioctls the driver has (FALSE: ENOTTY) */
  gboolean g_parm;
  guint32 readbuffers;          /* G_PARM's capture.readbuffers */
  gboolean cropcap;             /* CROPCAP, G/S_SELECTION */
  gboolean v4l2_audio;          /* ENUMAUDIO, G/S_AUDIO */
  const gchar *ioctls_source;
  /* with v4l2_audio: what ENUMAUDIO lists (each input's audioset says
   * which go with it) */
  const GstTvHwVirtualAudioPort *audio_inputs;
  guint n_audio_inputs;

  /* controls (the class heading comes first, as in the control
   * framework): the bridge driver's own, and those of its decoder
   * subdevice (NULL for none), which join the same handler; QUERYCTRL
   * lists both merged in id order (gst_tv_hw_virtual_profile_ctrl()) */
  const GstTvHwVirtualProfileCtrl *ctrls;
  guint n_ctrls;
  const gchar *ctrls_source;
  const GstTvHwVirtualProfileCtrl *decoder_ctrls;
  guint n_decoder_ctrls;

  /* nodes and buffers */
  guint vbi_nodes;              /* GstTvHwVirtualVbiNodes */
  const gchar *nodes_source;
  guint32 buf_field;            /* the field of each captured buffer */
  const gchar *buffers_source;  /* sequence, timestamps, io_modes */
  const gchar *sound_source;    /* where its sound comes from */
} GstTvHwVirtualProfile;

/* the profiles a card can be made from, @n_profiles of them */
const GstTvHwVirtualProfile *gst_tv_hw_virtual_profiles (guint * n_profiles);
/* how many controls @profile has, its own and its decoder's */
guint gst_tv_hw_virtual_profile_n_ctrls (const GstTvHwVirtualProfile *
    profile);
/* control @i of @profile: its own first, then its decoder's (not in id
 * order) */
const GstTvHwVirtualProfileCtrl *gst_tv_hw_virtual_profile_ctrl (const
    GstTvHwVirtualProfile * profile, guint i);
/* the profile called @name, NULL when there is none */
const GstTvHwVirtualProfile *gst_tv_hw_virtual_profile_find (const gchar *
    name);
/* the card at "virtual:@name", created at its profile's power-on the
 * first time; NULL when there is no such profile */
GstTvHwVirtualCard *gst_tv_hw_virtual_card_get_profile (const gchar * name);

G_END_DECLS

#endif /* __GST_TV_HW_VIRTUAL_H__ */
