/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card, internal interface shared by
 * tvhw-virtual.c (card instances, open/close, the operations table, what
 * both video nodes share: standards and formats, and the test API),
 * tvhw-virtual-queue.c (the vb2-like queue both nodes share, with its
 * pacing), tvhw-virtual-cap.c (the capture node's
 * inputs, audio inputs and frames), tvhw-virtual-out.c (the output node's
 * outputs, audio outputs, its screen and the loopback),
 * tvhw-virtual-ctrls.c (the controls and what they do to the picture),
 * tvhw-virtual-tuner.c (the tuner, its channel plan and the modulator),
 * tvhw-virtual-gen.c (the picture generator), tvhw-virtual-vbi.c (what
 * the VBI lines carry) and tvhw-virtual-vbi-nodes.c (the VBI nodes'
 * formats, what their buffers carry and the VBI loopback). Nothing outside these files includes it.
 *
 * Locking: every field of a GstTvHwVirtualCard below the mutex is
 * protected by card->lock; the functions below that take a card (not a
 * device) expect it to be held.
 */
#ifndef __GST_TV_HW_VIRTUAL_PRIV_H__
#define __GST_TV_HW_VIRTUAL_PRIV_H__

#include "hw/tvhw-backend.h"
#include "hw/tvhw-virtual.h"
#include "vbi/tvvbi.h"

G_BEGIN_DECLS

/* the card's one debug category, "tvhw-virtual": defined in
 * tvhw-virtual.c and initialised before a card is made or opened */
GST_DEBUG_CATEGORY_EXTERN (tvhw_virtual_debug);
#define GST_CAT_DEFAULT tvhw_virtual_debug

/* the handle, card and node behind a device the card opened */
#define HANDLE(dev) ((GstTvHwVirtualHandle *) (dev)->priv)
#define CARD(dev) (HANDLE (dev)->card)
#define NODE(dev) gst_tv_hw_virtual_handle_node (HANDLE (dev))
/* whether the handle is on one of the output nodes (video or VBI) */
#define IS_OUTPUT(dev) gst_tv_hw_node_kind_is_output (HANDLE (dev)->kind)

/* vb2's limits for the queue: fewer than 2 buffers are raised to 2 (what
 * vivid's queue_setup asks for), more than VIDEO_MAX_FRAME lowered to it */
#define GST_TV_HW_VIRTUAL_MIN_BUFFERS 2
#define GST_TV_HW_VIRTUAL_MAX_BUFFERS 32

/* the only geometry the card has: no scaler */
#define GST_TV_HW_VIRTUAL_WIDTH 720
/* the marks band: the first columns of every generated frame, which the
 * controls and flips never touch (tvhw-virtual-gen.c) */
#define GST_TV_HW_VIRTUAL_MARK_WIDTH 80

/* the status bits that mean the decoder has no picture (snow): lock or
 * signal lost */
#define GST_TV_HW_VIRTUAL_ST_NO_PICTURE (V4L2_IN_ST_NO_POWER | \
    V4L2_IN_ST_NO_SIGNAL | V4L2_IN_ST_NO_H_LOCK | V4L2_IN_ST_NO_V_LOCK | \
    V4L2_IN_ST_NO_SYNC | V4L2_IN_ST_NO_EQU | V4L2_IN_ST_NO_CARRIER)
/* the status bits that mean a picture without colour */
#define GST_TV_HW_VIRTUAL_ST_NO_COLOUR (V4L2_IN_ST_NO_COLOR | \
    V4L2_IN_ST_COLOR_KILL)

/* the controls a driver profile can have at most */
#define GST_TV_HW_VIRTUAL_MAX_PROFILE_CTRLS 24

/* the capture node's controls, in id order (tvhw-virtual-ctrls.c) */
typedef enum
{
  GST_TV_HW_VIRTUAL_CTRL_USER_CLASS,
  GST_TV_HW_VIRTUAL_CTRL_BRIGHTNESS,
  GST_TV_HW_VIRTUAL_CTRL_CONTRAST,
  GST_TV_HW_VIRTUAL_CTRL_SATURATION,
  GST_TV_HW_VIRTUAL_CTRL_HUE,
  GST_TV_HW_VIRTUAL_CTRL_HFLIP,
  GST_TV_HW_VIRTUAL_CTRL_VFLIP,
  GST_TV_HW_VIRTUAL_CTRL_COLORFX,
  GST_TV_HW_VIRTUAL_N_CTRLS
} GstTvHwVirtualCtrl;

/* what the decoder makes of an input's signal */
typedef enum
{
  GST_TV_HW_VIRTUAL_QUALITY_SNOW,       /* no picture: noise */
  GST_TV_HW_VIRTUAL_QUALITY_GRAY,       /* a picture without colour */
  GST_TV_HW_VIRTUAL_QUALITY_COLOUR,     /* the full picture */
} GstTvHwVirtualQuality;

/* an input's reception now (gst_tv_hw_virtual_cap_receive) */
typedef struct
{
  GstTvHwVirtualQuality quality;
  gboolean looped;              /* the output's picture, not our own */
  guint pattern;                /* the generator's test pattern */
  guint station;                /* tuner inputs: the channel plan entry
                                 * (the marks carry it), else 0 */
  v4l2_std_id std;              /* what QUERYSTD detects, before masking
                                 * with the input's standards */
  guint32 status;               /* ENUMINPUT status */
  /* G_TUNER, for tuner inputs */
  gint32 signal;
  gint32 afc;
  guint32 rxsubchans;
} GstTvHwVirtualReception;

typedef struct _GstTvHwVirtualGen GstTvHwVirtualGen;
typedef struct _GstTvHwVirtualVbi GstTvHwVirtualVbi;

typedef enum
{
  GST_TV_HW_VIRTUAL_BUF_DEQUEUED,       /* with the application */
  GST_TV_HW_VIRTUAL_BUF_QUEUED,         /* waiting for a frame */
  GST_TV_HW_VIRTUAL_BUF_DONE,           /* filled (capture) or shown
                                         * (output), waiting for DQBUF */
} GstTvHwVirtualBufState;

typedef struct
{
  guint8 *mem;                  /* a GRcBox of length bytes; mappings hold
                                 * their own reference (orphaned buffers) */
  guint32 length;
  guint32 offset;               /* QUERYBUF m.offset */
  GstTvHwVirtualBufState state;
  guint map_count;
  gint64 queued_us;             /* CLOCK_MONOTONIC time of its QBUF */
  guint32 sequence;
  /* capture: the frame's time; output: what the application queued */
  gint64 timestamp_us;
  guint32 bytesused;
  gboolean error;               /* capture: done with V4L2_BUF_FLAG_ERROR */
  gboolean bad_index;           /* capture: DQBUF reports a bogus index */
} GstTvHwVirtualBuffer;

/* one open handle (dev->priv), on the capture or the output node */
typedef struct
{
  GstTvHwVirtualCard *card;
  GstTvHwNodeKind kind;
  gboolean flushing;
  guint generation;             /* the card's at open: dead after unplug */
  /* mapped data pointer -> number of mappings of it by this handle */
  GHashTable *mappings;
} GstTvHwVirtualHandle;

/* one node of the card (vivid's /dev/video0 and /dev/video1, /dev/vbi0
 * and /dev/vbi1): its own standard and format, and its own vb2-like
 * queue. The VBI nodes use the standard of the video node of their
 * direction (std unused) */
typedef struct
{
  /* V4L2_BUF_TYPE_VIDEO_CAPTURE or _OUTPUT; on a VBI node the type its
   * queue has now (raw or sliced), chosen by S_FMT */
  guint32 type;
  /* VBI nodes: the sliced services asked for by S_FMT (V4L2_SLICED_*),
   * narrowed to what the standard in force has when read */
  guint16 service_set;

  /* settings: persist between opens */
  v4l2_std_id std;
  guint32 pixelformat;

  /* the queue */
  GstTvHwVirtualHandle *owner;
  GstTvHwVirtualBuffer buffers[GST_TV_HW_VIRTUAL_MAX_BUFFERS];
  guint n_buffers;
  GQueue queued;                /* GstTvHwVirtualBuffer *, in QBUF order */
  GQueue done;                  /* in the order the card finished them */
  gboolean streaming;
  gint64 start_us;              /* CLOCK_MONOTONIC time of STREAMON */
  guint32 next_seq;             /* the sequence number of the next frame */
  guint period_num, period_den; /* frame period while streaming */
  /* capture: the crop rectangle (tvhw-virtual-crop.c), in force while the
   * standard is the one it was set for (width 0: none; S_INPUT and S_STD
   * clear it) */
  struct v4l2_rect crop;
  v4l2_std_id crop_std;
} GstTvHwVirtualNode;

struct _GstTvHwVirtualCard
{
  guint index;
  /* the driver profile the card answers by (tvhw-virtual-profiles.c),
   * NULL for a generic card "virtual:N" */
  const GstTvHwVirtualProfile *profile;

  GMutex lock;
  GCond cond;                   /* frame done, buffer queued, streamoff,
                                 * flushing: wakes poll */

  guint open_count;

  /* configuration (vivid's module parameters and test controls) */
  GstTvHwVirtualInput inputs[GST_TV_HW_VIRTUAL_MAX_INPUTS];
  gchar input_names[GST_TV_HW_VIRTUAL_MAX_INPUTS][32];
  guint n_inputs;
  GstTvHwVirtualPacing pacing;
  /* MANUAL: emit_frames() calls so far, and the capture pollers blocked
   * now with nothing to dequeue, the last of them since which call
   * (gst_tv_hw_virtual_card_frames_taken()) */
  guint emit_serial;
  guint cap_blocked;
  guint cap_blocked_serial;
  gint faults[GST_TV_HW_VIRTUAL_N_FAULTS];      /* positive errno or 0 */
  guint fault_repeats[GST_TV_HW_VIRTUAL_N_FAULTS];      /* after the next */
  /* tvhw-virtual-faults.c: calls and injected failures per operation,
   * faults armed by a trigger, and the unplugged state */
  guint fault_calls[GST_TV_HW_VIRTUAL_N_FAULTS];
  guint fault_hits[GST_TV_HW_VIRTUAL_N_FAULTS];
  gint trigger_fault[GST_TV_HW_VIRTUAL_N_FAULTS];       /* fault + 1 or 0 */
  gint trigger_err[GST_TV_HW_VIRTUAL_N_FAULTS];
  guint trigger_count[GST_TV_HW_VIRTUAL_N_FAULTS];
  gboolean unplugged;
  guint generation;             /* one more at each unplug */
  guint at;                     /* cards_lock: the location "virtual:N" it
                                 * is plugged in at (index, or replug_as) */
  /* status bits forced on each input (set_input_status) */
  guint32 forced_status[GST_TV_HW_VIRTUAL_MAX_INPUTS];
  /* whether frame periods without a picture still deliver snow */
  gboolean no_signal_frames;
  /* capture frame periods still to drop, frames still to mark as
   * corrupted */
  guint drop_frames;
  guint corrupt_frames;
  /* captured frames still to damage, per GstTvHwVirtualFrameFault */
  guint frame_faults[GST_TV_HW_VIRTUAL_N_FRAME_FAULTS];
  /* capture sequence numbers: a jump of the counter to come, a single
   * bogus number to come, the offset in force since the last jump */
  gboolean seq_jump, seq_once;
  guint32 seq_jump_to, seq_once_value, seq_offset;
  /* how capture frames are stamped (GstTvHwVirtualStamps, set_stamps):
   * the lie, its offset, the V4L2_BUF_FLAG_TIMESTAMP_* claimed, and for
   * STUCK the stamp repeated (have_stuck: taken from a frame already) */
  guint stamps;
  gint64 stamp_offset_us;
  guint32 stamp_flags;
  gboolean have_stuck;
  gint64 stuck_us;
  /* what ENUM_FMT lists */
  guint32 formats[GST_TV_HW_VIRTUAL_MAX_FORMATS];
  guint n_formats;
  /* the outputs that exist (the first n_outputs of the fixed ones) and
   * the standards each accepts */
  guint n_outputs;
  v4l2_std_id out_stds[GST_TV_HW_VIRTUAL_N_OUTPUTS];
  /* whether the flip controls exist */
  gboolean flip_ctrls;

  /* settings: persist between opens */
  guint input;                  /* the capture node's input */
  guint output;                 /* the output node's output */
  guint audio_input;            /* the capture node's audio input */
  guint audio_output;           /* the output node's audio output */
  gint32 ctrls[GST_TV_HW_VIRTUAL_N_CTRLS];      /* the controls' values */
  /* a driver profile's controls' values (profile->ctrls) */
  gint32 profile_ctrls[GST_TV_HW_VIRTUAL_MAX_PROFILE_CTRLS];
  /* brightness on each input, without the input's offset (vivid) */
  gint32 input_brightness[GST_TV_HW_VIRTUAL_MAX_INPUTS];
  guint32 tv_freq;              /* tuner 0, 62.5 kHz units */
  guint32 tv_audmode;
  guint32 mod_freq;             /* modulator 0 */
  guint32 mod_txsubchans;

  GstTvHwVirtualNode cap;
  GstTvHwVirtualNode out;
  /* the VBI nodes (tvhw-virtual-vbi-nodes.c): which exist
   * (GstTvHwVirtualVbiNodes), the services the slicer has, and the VBI
   * output's data on its way to a looped input (GstTvVbiData, oldest
   * first) */
  GstTvHwVirtualNode vbi_cap;
  GstTvHwVirtualNode vbi_out;
  guint vbi_nodes;
  guint16 vbi_services;
  guint32 vbi_seq_offset;       /* VBI capture numbers above the video's */
  gint64 vbi_time_offset_us;    /* and its time after the video's */
  GQueue vbi_loop;
  /* which nodes injected faults hit (GstTvHwVirtualFaultNodes) */
  guint fault_nodes;

  /* what the output shows (tvhw-virtual-out.c): a copy of the last
   * displayed buffer, NULL until the first frame of an output stream */
  guint8 *screen;
  struct v4l2_pix_format screen_fmt;
  guint32 screen_seq;
  guint32 out_displayed, out_repeated;  /* since the output's STREAMON */

  /* the card's sound (tvhw-virtual-sound.c): its crystal's error against
   * the picture's clock, in parts per million, the sync marker, and
   * whether a handle captures it (one at a time, as an ALSA hw device) */
  gdouble sound_ppm;
  gboolean sync_marker;
  gboolean sound_busy;

  GstTvHwVirtualGen *gen;
  /* the VBI lines' captions and WSS (tvhw-virtual-vbi.c) */
  GstTvHwVirtualVbi *vbi;
};

/* tvhw-virtual.c: handles, faults, standards, formats (card->lock held
 * where a card is passed) */
/* the node a handle was opened on */
GstTvHwVirtualNode *gst_tv_hw_virtual_handle_node (GstTvHwVirtualHandle *
    handle);
/* "capture" or "output", for the log */
const gchar *gst_tv_hw_virtual_node_name (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node);
/* consumes a pending @fault for a call on @node (NULL: the card, as
 * open) when the faults hit that node (set_fault_nodes) */
gint gst_tv_hw_virtual_take_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node, GstTvHwVirtualFault fault);
/* takes card->lock, then a pending @fault (the caller unlocks) */
gint gst_tv_hw_virtual_lock_take_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node, GstTvHwVirtualFault fault);
/* whether injected faults hit calls on @node (set_fault_nodes) */
gboolean gst_tv_hw_virtual_faults_hit (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node);
/* whether @node is one of the two VBI nodes */
gboolean gst_tv_hw_virtual_node_is_vbi (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node);
/* the other node of the same direction (video <-> VBI) */
GstTvHwVirtualNode *gst_tv_hw_virtual_node_partner (GstTvHwVirtualCard *
    card, GstTvHwVirtualNode * node);
/* the ports of a direction: the capture node's inputs and audio inputs,
 * the output node's outputs and audio outputs. @dev is a handle on
 * either node of that direction (video or VBI); these take card->lock */
/* G_INPUT, G_OUTPUT: the current input or output */
gint gst_tv_hw_virtual_port_get (GstTvHwDevice * dev, guint32 * index);
/* S_INPUT, S_OUTPUT: the checks (an injected fault, @index out of range,
 * busy queues), then, unless @index is the current one already, the
 * switch, after which gst_tv_hw_virtual_cap_switched() or
 * gst_tv_hw_virtual_out_switched() makes the rest of the card follow */
gint gst_tv_hw_virtual_port_switch (GstTvHwDevice * dev, guint32 index);
/* G_AUDIO, G_AUDOUT: the current audio port, -EINVAL (and @index left
 * alone) when the current input has no audio */
gint gst_tv_hw_virtual_audio_get (GstTvHwDevice * dev, guint32 * index);
/* S_AUDIO, S_AUDOUT: audio port @index of the @n_ports @ports, when it
 * goes with the current input or output (its audioset) */
gint gst_tv_hw_virtual_audio_set (GstTvHwDevice * dev, guint32 index,
    const GstTvHwVirtualAudioPort * ports, guint n_ports);
/* the line system of the card's picture at @std (gst_tv_hw_standards'
 * rules; a mask with any 525-line bit is a 525-line picture) */
const GstTvHwLineSystem *gst_tv_hw_virtual_std_system (v4l2_std_id std);
guint gst_tv_hw_virtual_std_lines (v4l2_std_id std);
guint gst_tv_hw_virtual_std_height (v4l2_std_id std);
/* the frame period of @std, in seconds */
void gst_tv_hw_virtual_std_period (v4l2_std_id std, guint * num,
    guint * den);
/* S_INPUT / S_OUTPUT: @std kept when @mask accepts it, narrowed to @mask,
 * or else @mask's first ENUMSTD entry; @std unchanged when @mask is 0 */
v4l2_std_id gst_tv_hw_virtual_std_narrow (v4l2_std_id std, v4l2_std_id mask);
void gst_tv_hw_virtual_fill_pix_format (struct v4l2_pix_format *pix,
    v4l2_std_id std, guint32 pixelformat);
/* the size of a frame in @node's format */
guint32 gst_tv_hw_virtual_node_sizeimage (GstTvHwVirtualNode * node);

/* tvhw-virtual-faults.c: the operations table the core sees, each
 * operation behind a gate (unplug, injected faults, call counts) in front
 * of the driver's own (gst_tv_hw_virtual_driver_ops, tvhw-virtual.c) */
extern const GstTvHwOps gst_tv_hw_virtual_driver_ops;
/* card->lock held: whether @handle was opened before an unplug (or the
 * card is unplugged now): every call fails with ENODEV */
gboolean gst_tv_hw_virtual_handle_dead (GstTvHwVirtualHandle * handle);
/* card->lock held: power-on state of the fault statistics and triggers */
void gst_tv_hw_virtual_faults_reset (GstTvHwVirtualCard * card);

/* tvhw-virtual-queue.c: the vb2-like queue of either node and its pacing
 * (card->lock held where a card is passed) */
/* the time (CLOCK_MONOTONIC, us) of frame period @seq of a streaming
 * node: start + seq x frame period */
gint64 gst_tv_hw_virtual_node_frame_time (GstTvHwVirtualNode * node,
    guint32 seq);
/* brings @node's queue up to the present (REALTIME, FREERUN); the
 * capture node after the output node, whose picture it may loop */
void gst_tv_hw_virtual_node_update (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node);
/* MANUAL: @n frame periods on both nodes */
void gst_tv_hw_virtual_queue_emit (GstTvHwVirtualCard * card, guint n);
/* unplug: @node stops streaming and its buffers are freed, whoever owns
 * them (mappings keep their memory) */
void gst_tv_hw_virtual_queue_disconnect (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node);
/* what a closing handle leaves behind: its buffers, its mappings */
void gst_tv_hw_virtual_queue_release_handle (GstTvHwVirtualCard * card,
    GstTvHwVirtualHandle * handle);
gint gst_tv_hw_virtual_queue_reqbufs (GstTvHwDevice * dev,
    struct v4l2_requestbuffers *req);
gint gst_tv_hw_virtual_queue_querybuf (GstTvHwDevice * dev,
    struct v4l2_buffer *buf);
gint gst_tv_hw_virtual_queue_qbuf (GstTvHwDevice * dev,
    struct v4l2_buffer *vbuf);
gint gst_tv_hw_virtual_queue_dqbuf (GstTvHwDevice * dev,
    struct v4l2_buffer *vbuf);
gint gst_tv_hw_virtual_queue_streamon (GstTvHwDevice * dev, guint32 type);
gint gst_tv_hw_virtual_queue_streamoff (GstTvHwDevice * dev, guint32 type);
gint gst_tv_hw_virtual_queue_mmap (GstTvHwDevice * dev, guint32 offset,
    gsize length, gpointer * data);
gint gst_tv_hw_virtual_queue_munmap (GstTvHwDevice * dev, gpointer data,
    gsize length);
gint gst_tv_hw_virtual_queue_poll (GstTvHwDevice * dev, gint64 timeout_ns);
gint gst_tv_hw_virtual_queue_stamp_clock_time (GstTvHwDevice * dev,
    guint32 buf_flags, gint64 * now_ns);
void gst_tv_hw_virtual_queue_interrupt (GstTvHwDevice * dev,
    gboolean flushing);

/* tvhw-virtual-crop.c: the capture node's crop rectangle (card->lock
 * held where a card is passed) */
void gst_tv_hw_virtual_cap_crop_rect (GstTvHwVirtualCard * card,
    struct v4l2_rect *r);
void gst_tv_hw_virtual_cap_crop_format (GstTvHwVirtualCard * card,
    struct v4l2_pix_format *pix);
void gst_tv_hw_virtual_cap_crop_copy (GstTvHwVirtualCard * card,
    guint8 * dest, const guint8 * full);
gboolean gst_tv_hw_virtual_node_cropped (GstTvHwVirtualNode * node);
gint gst_tv_hw_virtual_cap_g_selection (GstTvHwDevice * dev,
    struct v4l2_selection *sel);
gint gst_tv_hw_virtual_cap_s_selection (GstTvHwDevice * dev,
    struct v4l2_selection *sel);

/* tvhw-virtual-cap.c: the capture node (card->lock held) */
void gst_tv_hw_virtual_cap_set_defaults (GstTvHwVirtualCard * card);
/* after an input switch or a new input list: the capture standard within
 * what the current input accepts, the audio input within its audioset */
void gst_tv_hw_virtual_cap_fix_std (GstTvHwVirtualCard * card);
/* after S_INPUT switched to another input */
void gst_tv_hw_virtual_cap_switched (GstTvHwVirtualCard * card);
/* what input @index receives now (the loop, the tuner, forced status) */
void gst_tv_hw_virtual_cap_receive (GstTvHwVirtualCard * card, guint index,
    GstTvHwVirtualReception * rx);
/* whether the next frame period delivers a frame: not when the current
 * input has no picture and set_no_signal_frames (FALSE) */
gboolean gst_tv_hw_virtual_cap_frame_wanted (GstTvHwVirtualCard * card);
/* draws (or loops) frame buf->sequence into @buf */
void gst_tv_hw_virtual_cap_fill (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf);

gint gst_tv_hw_virtual_cap_enum_input (GstTvHwDevice * dev,
    struct v4l2_input *input);
gint gst_tv_hw_virtual_cap_querystd (GstTvHwDevice * dev,
    v4l2_std_id * std);
gint gst_tv_hw_virtual_cap_enumaudio (GstTvHwDevice * dev,
    struct v4l2_audio *audio);
gint gst_tv_hw_virtual_cap_g_audio (GstTvHwDevice * dev,
    struct v4l2_audio *audio);
gint gst_tv_hw_virtual_cap_s_audio (GstTvHwDevice * dev,
    const struct v4l2_audio *audio);

/* tvhw-virtual-out.c: the output node (card->lock held) */
void gst_tv_hw_virtual_out_set_defaults (GstTvHwVirtualCard * card);
void gst_tv_hw_virtual_out_free (GstTvHwVirtualCard * card);
/* the standards the current output accepts */
v4l2_std_id gst_tv_hw_virtual_out_std_mask (GstTvHwVirtualCard * card);
/* the audio outputs that go with the current output */
guint32 gst_tv_hw_virtual_out_audioset (GstTvHwVirtualCard * card);
/* after S_OUTPUT switched to another output */
void gst_tv_hw_virtual_out_switched (GstTvHwVirtualCard * card);
/* QBUF on the output node: checks and takes what the application set */
gint gst_tv_hw_virtual_out_prepare (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf, const struct v4l2_buffer *vbuf);
void gst_tv_hw_virtual_out_stream_started (GstTvHwVirtualCard * card);
/* frame buf->sequence shows @buf */
void gst_tv_hw_virtual_out_display (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf);
/* @n frames without a new buffer: the screen stays */
void gst_tv_hw_virtual_out_repeat (GstTvHwVirtualCard * card, guint32 n);
/* whether capture input @input shows the output's picture now */
gboolean gst_tv_hw_virtual_out_loop_active (GstTvHwVirtualCard * card,
    guint input);
/* copies the screen into a capture frame of @size bytes in @pixelformat */
void gst_tv_hw_virtual_out_loop_copy (GstTvHwVirtualCard * card,
    guint8 * data, gsize size, guint32 pixelformat);

gint gst_tv_hw_virtual_out_enum_output (GstTvHwDevice * dev,
    struct v4l2_output *output);
gint gst_tv_hw_virtual_out_enumaudout (GstTvHwDevice * dev,
    struct v4l2_audioout *audout);
gint gst_tv_hw_virtual_out_g_audout (GstTvHwDevice * dev,
    struct v4l2_audioout *audout);
gint gst_tv_hw_virtual_out_s_audout (GstTvHwDevice * dev,
    const struct v4l2_audioout *audout);

/* tvhw-virtual-ctrls.c: the capture node's controls (card->lock held
 * where a card is passed) */
void gst_tv_hw_virtual_ctrls_set_defaults (GstTvHwVirtualCard * card);
void gst_tv_hw_virtual_ctrls_input_changed (GstTvHwVirtualCard * card);
/* applies the picture controls and flips to a frame of the capture
 * node, except its marks band */
void gst_tv_hw_virtual_ctrls_apply (GstTvHwVirtualCard * card, guint8 * data,
    guint32 pixelformat, guint width, guint height, guint stride);
gint gst_tv_hw_virtual_ctrls_queryctrl (GstTvHwDevice * dev,
    struct v4l2_queryctrl *qc);
gint gst_tv_hw_virtual_ctrls_querymenu (GstTvHwDevice * dev,
    struct v4l2_querymenu *qm);
gint gst_tv_hw_virtual_ctrls_g_ctrl (GstTvHwDevice * dev,
    struct v4l2_control *ctrl);
gint gst_tv_hw_virtual_ctrls_s_ctrl (GstTvHwDevice * dev,
    struct v4l2_control *ctrl);

/* tvhw-virtual-tuner.c: tuner 0 and its channel plan, modulator 0
 * (card->lock held where a card is passed) */
void gst_tv_hw_virtual_tuner_set_defaults (GstTvHwVirtualCard * card);
/* whether the card has a tuner: an input of type V4L2_INPUT_TYPE_TUNER */
gboolean gst_tv_hw_virtual_tuner_present (GstTvHwVirtualCard * card);
/* fills @rx for a tuner input whose antenna carries @antenna (the input's
 * signal_std; 0: no antenna) at the tuner's frequency */
void gst_tv_hw_virtual_tuner_receive (GstTvHwVirtualCard * card,
    v4l2_std_id antenna, GstTvHwVirtualReception * rx);
/* whether the tuner is tuned to the modulator (the RF loop) */
gboolean gst_tv_hw_virtual_tuner_on_modulator (GstTvHwVirtualCard * card);
gint gst_tv_hw_virtual_tuner_g_tuner (GstTvHwDevice * dev,
    struct v4l2_tuner *tuner);
gint gst_tv_hw_virtual_tuner_s_tuner (GstTvHwDevice * dev,
    const struct v4l2_tuner *tuner);
gint gst_tv_hw_virtual_tuner_g_modulator (GstTvHwDevice * dev,
    struct v4l2_modulator *mod);
gint gst_tv_hw_virtual_tuner_s_modulator (GstTvHwDevice * dev,
    const struct v4l2_modulator *mod);
gint gst_tv_hw_virtual_tuner_g_frequency (GstTvHwDevice * dev,
    struct v4l2_frequency *freq);
gint gst_tv_hw_virtual_tuner_s_frequency (GstTvHwDevice * dev,
    const struct v4l2_frequency *freq);

/* tvhw-virtual-gen.c */
GstTvHwVirtualGen *gst_tv_hw_virtual_gen_new (void);
void gst_tv_hw_virtual_gen_free (GstTvHwVirtualGen * gen);
/* draws frame @sequence of input @input into @data (packed 4:2:2,
 * @height lines of @stride bytes): test pattern @pattern (0..4), without
 * colour for QUALITY_GRAY, or snow for QUALITY_SNOW, plus the marks
 * gst_tv_hw_virtual_decode() reads (@input, @station, no-signal for
 * snow) */
void gst_tv_hw_virtual_gen_fill (GstTvHwVirtualGen * gen, guint8 * data,
    guint32 pixelformat, guint width, guint height, guint stride,
    guint input, guint pattern, guint station,
    GstTvHwVirtualQuality quality, guint32 sequence);
/* takes the colour out of a frame (neutral chroma), but for the marks
 * band */
void gst_tv_hw_virtual_gen_kill_colour (guint8 * data, guint32 pixelformat,
    guint width, guint height, guint stride);

/* tvhw-virtual-vbi.c: the VBI data of the capture node's frames, for the
 * VBI capture nodes (card->lock held where a card is passed) */
GstTvHwVirtualVbi *gst_tv_hw_virtual_vbi_new (void);
void gst_tv_hw_virtual_vbi_free (GstTvHwVirtualVbi * vbi);
void gst_tv_hw_virtual_vbi_set_defaults (GstTvHwVirtualCard * card);
/* what frame @sequence of the current input carries in its VBI, and
 * the line count of the capture standard (525 or 625) */
void gst_tv_hw_virtual_vbi_frame (GstTvHwVirtualCard * card,
    guint32 sequence, GstTvVbiData * data, guint * system_lines);
/* the raw VBI capture format at the capture standard (vivid's) */
void gst_tv_hw_virtual_vbi_raw_format (GstTvHwVirtualCard * card,
    struct v4l2_vbi_format *fmt);
/* frame @sequence as raw VBI in that format into @data (@size at least
 * its frame size; FALSE otherwise) */
gboolean gst_tv_hw_virtual_vbi_fill_raw (GstTvHwVirtualCard * card,
    guint32 sequence, guint8 * data, gsize size);
/* frame @sequence as sliced VBI records of the @services
 * (V4L2_SLICED_*), the unused ones zeroed; returns the records written */
guint gst_tv_hw_virtual_vbi_fill_sliced (GstTvHwVirtualCard * card,
    guint32 sequence, guint16 services, struct v4l2_sliced_vbi_data *recs,
    guint n_recs);

/* tvhw-virtual-vbi-nodes.c: the VBI nodes (card->lock held where a card
 * is passed) */
void gst_tv_hw_virtual_vbi_nodes_set_defaults (GstTvHwVirtualCard * card);
void gst_tv_hw_virtual_vbi_nodes_free (GstTvHwVirtualCard * card);
/* the V4L2_CAP_* of the VBI node of @output's direction (0: none) */
guint32 gst_tv_hw_virtual_vbi_node_caps (GstTvHwVirtualCard * card,
    gboolean output);
/* the size of one buffer of @node (a VBI node) in its format now */
guint32 gst_tv_hw_virtual_vbi_node_size (GstTvHwVirtualCard * card,
    GstTvHwVirtualNode * node);
/* fills a VBI capture buffer with frame buf->sequence */
void gst_tv_hw_virtual_vbi_node_fill (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf);
/* QBUF on the VBI output node: checks bytesused */
gint gst_tv_hw_virtual_vbi_out_prepare (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf, const struct v4l2_buffer *vbuf);
/* a VBI output frame period: sends @buf (NULL: nothing) */
void gst_tv_hw_virtual_vbi_out_display (GstTvHwVirtualCard * card,
    GstTvHwVirtualBuffer * buf);
void gst_tv_hw_virtual_vbi_out_stream_started (GstTvHwVirtualCard * card);
/* what the VBI output sent for the next frame of a looped input (a
 * captured frame takes it from the loop); FALSE (and @data empty) when
 * it sent nothing */
gboolean gst_tv_hw_virtual_vbi_loop_peek (GstTvHwVirtualCard * card,
    GstTvVbiData * data);
gint gst_tv_hw_virtual_vbi_g_fmt (GstTvHwDevice * dev,
    struct v4l2_format *fmt);
gint gst_tv_hw_virtual_vbi_try_fmt (GstTvHwDevice * dev,
    struct v4l2_format *fmt);
gint gst_tv_hw_virtual_vbi_s_fmt (GstTvHwDevice * dev,
    struct v4l2_format *fmt);
gint gst_tv_hw_virtual_vbi_g_sliced_vbi_cap (GstTvHwDevice * dev,
    struct v4l2_sliced_vbi_cap *cap);

/* tvhw-virtual.c: the card that answers at @location now, or NULL (no
 * lock held) */
GstTvHwVirtualCard *gst_tv_hw_virtual_card_lookup (const gchar * location);

/* tvhw-virtual-sound.c: the card's sound (card->lock held) */
void gst_tv_hw_virtual_sound_set_defaults (GstTvHwVirtualCard * card);
/* whether capture frame period @period is a sync marker's flash (when
 * the input has its own picture) */
gboolean gst_tv_hw_virtual_sound_flash_period (GstTvHwVirtualCard * card,
    guint32 period);
/* paints a frame white (Y' 235, neutral chroma) but for its marks band */
void gst_tv_hw_virtual_gen_flash (guint8 * data, guint32 pixelformat,
    guint width, guint height, guint stride);

G_END_DECLS

#endif /* __GST_TV_HW_VIRTUAL_PRIV_H__ */
