/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card, internal interface shared by
 * tvhw-virtual.c (card instances, open/close, test API),
 * tvhw-virtual-cap.c (the capture ioctls) and tvhw-virtual-gen.c (the
 * picture generator). Nothing outside these three files includes it.
 *
 * Locking: every field of a GstTvHwVirtualCard below the mutex is
 * protected by card->lock; the functions of tvhw-virtual-cap.c that take
 * a card (not a device) expect it to be held.
 */
#ifndef __GST_TV_HW_VIRTUAL_PRIV_H__
#define __GST_TV_HW_VIRTUAL_PRIV_H__

#include "hw/tvhw-backend.h"
#include "hw/tvhw-virtual.h"

G_BEGIN_DECLS

/* vb2's limits for the queue: fewer than 2 buffers are raised to 2 (what
 * vivid's queue_setup asks for), more than VIDEO_MAX_FRAME lowered to it */
#define GST_TV_HW_VIRTUAL_MIN_BUFFERS 2
#define GST_TV_HW_VIRTUAL_MAX_BUFFERS 32

/* the only geometry the card has: no scaler */
#define GST_TV_HW_VIRTUAL_WIDTH 720

typedef struct _GstTvHwVirtualGen GstTvHwVirtualGen;

typedef enum
{
  GST_TV_HW_VIRTUAL_BUF_DEQUEUED,       /* with the application */
  GST_TV_HW_VIRTUAL_BUF_QUEUED,         /* waiting for a frame */
  GST_TV_HW_VIRTUAL_BUF_DONE,           /* filled, waiting for DQBUF */
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
  gint64 timestamp_us;
  guint32 bytesused;
} GstTvHwVirtualBuffer;

/* one open handle (dev->priv) */
typedef struct
{
  GstTvHwVirtualCard *card;
  GstTvHwDirection direction;
  gboolean flushing;
  /* mapped data pointer -> number of mappings of it by this handle */
  GHashTable *mappings;
} GstTvHwVirtualHandle;

struct _GstTvHwVirtualCard
{
  guint index;

  GMutex lock;
  GCond cond;                   /* frame done, buffer queued, streamoff,
                                 * flushing: wakes poll */

  guint open_count;

  /* configuration (vivid's module parameters and test controls) */
  GstTvHwVirtualInput inputs[GST_TV_HW_VIRTUAL_MAX_INPUTS];
  gchar input_names[GST_TV_HW_VIRTUAL_MAX_INPUTS][32];
  guint n_inputs;
  GstTvHwVirtualPacing pacing;
  gint faults[GST_TV_HW_VIRTUAL_N_FAULTS];      /* positive errno or 0 */

  /* settings: persist between opens */
  guint input;
  v4l2_std_id std;
  guint32 pixelformat;

  /* the vb2-like queue */
  GstTvHwVirtualHandle *owner;
  GstTvHwVirtualBuffer buffers[GST_TV_HW_VIRTUAL_MAX_BUFFERS];
  guint n_buffers;
  GQueue queued;                /* GstTvHwVirtualBuffer *, in QBUF order */
  GQueue done;                  /* in the order they were filled */
  gboolean streaming;
  gint64 start_us;              /* CLOCK_MONOTONIC time of STREAMON */
  guint32 next_seq;             /* the sequence number of the next frame */
  guint period_num, period_den; /* frame period while streaming */

  GstTvHwVirtualGen *gen;
};

/* tvhw-virtual.c */
gint gst_tv_hw_virtual_take_fault (GstTvHwVirtualCard * card,
    GstTvHwVirtualFault fault);

/* tvhw-virtual-cap.c: card-level helpers (card->lock held) */
void gst_tv_hw_virtual_cap_debug_init (void);
void gst_tv_hw_virtual_cap_set_defaults (GstTvHwVirtualCard * card);
void gst_tv_hw_virtual_cap_fix_std (GstTvHwVirtualCard * card);
void gst_tv_hw_virtual_cap_release (GstTvHwVirtualCard * card,
    GstTvHwVirtualHandle * handle);
void gst_tv_hw_virtual_cap_pacing_changed (GstTvHwVirtualCard * card);
void gst_tv_hw_virtual_cap_emit (GstTvHwVirtualCard * card, guint n);

/* tvhw-virtual-cap.c: the operations */
gint gst_tv_hw_virtual_cap_enum_input (GstTvHwDevice * dev,
    struct v4l2_input *input);
gint gst_tv_hw_virtual_cap_g_input (GstTvHwDevice * dev, guint32 * index);
gint gst_tv_hw_virtual_cap_s_input (GstTvHwDevice * dev, guint32 index);
gint gst_tv_hw_virtual_cap_enumstd (GstTvHwDevice * dev,
    struct v4l2_standard *std);
gint gst_tv_hw_virtual_cap_g_std (GstTvHwDevice * dev, v4l2_std_id * std);
gint gst_tv_hw_virtual_cap_s_std (GstTvHwDevice * dev, v4l2_std_id std);
gint gst_tv_hw_virtual_cap_querystd (GstTvHwDevice * dev,
    v4l2_std_id * std);
gint gst_tv_hw_virtual_cap_enum_fmt (GstTvHwDevice * dev,
    struct v4l2_fmtdesc *desc);
gint gst_tv_hw_virtual_cap_g_fmt (GstTvHwDevice * dev,
    struct v4l2_format *fmt);
gint gst_tv_hw_virtual_cap_s_fmt (GstTvHwDevice * dev,
    struct v4l2_format *fmt);
gint gst_tv_hw_virtual_cap_try_fmt (GstTvHwDevice * dev,
    struct v4l2_format *fmt);
gint gst_tv_hw_virtual_cap_cropcap (GstTvHwDevice * dev,
    struct v4l2_cropcap *cropcap);
gint gst_tv_hw_virtual_cap_g_parm (GstTvHwDevice * dev,
    struct v4l2_streamparm *parm);
gint gst_tv_hw_virtual_cap_reqbufs (GstTvHwDevice * dev,
    struct v4l2_requestbuffers *req);
gint gst_tv_hw_virtual_cap_querybuf (GstTvHwDevice * dev,
    struct v4l2_buffer *buf);
gint gst_tv_hw_virtual_cap_qbuf (GstTvHwDevice * dev,
    struct v4l2_buffer *buf);
gint gst_tv_hw_virtual_cap_dqbuf (GstTvHwDevice * dev,
    struct v4l2_buffer *buf);
gint gst_tv_hw_virtual_cap_streamon (GstTvHwDevice * dev, guint32 type);
gint gst_tv_hw_virtual_cap_streamoff (GstTvHwDevice * dev, guint32 type);
gint gst_tv_hw_virtual_cap_mmap (GstTvHwDevice * dev, guint32 offset,
    gsize length, gpointer * data);
gint gst_tv_hw_virtual_cap_munmap (GstTvHwDevice * dev, gpointer data,
    gsize length);
gint gst_tv_hw_virtual_cap_poll (GstTvHwDevice * dev, gint64 timeout_ns);
void gst_tv_hw_virtual_cap_interrupt (GstTvHwDevice * dev,
    gboolean flushing);

/* tvhw-virtual-gen.c */
void gst_tv_hw_virtual_gen_debug_init (void);
GstTvHwVirtualGen *gst_tv_hw_virtual_gen_new (void);
void gst_tv_hw_virtual_gen_free (GstTvHwVirtualGen * gen);
/* draws frame @sequence of input @input into @data (packed 4:2:2,
 * @height lines of @stride bytes): the input's picture, or snow when
 * @no_signal, plus the marks gst_tv_hw_virtual_decode() reads */
void gst_tv_hw_virtual_gen_fill (GstTvHwVirtualGen * gen, guint8 * data,
    guint32 pixelformat, guint width, guint height, guint stride,
    guint input, gboolean no_signal, guint32 sequence);

G_END_DECLS

#endif /* __GST_TV_HW_VIRTUAL_PRIV_H__ */
