/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the backend side. Only tvhw.c and the backends
 * include this file; the elements never do.
 *
 * Each backend fills one const GstTvHwOps, one typed operation per ioctl
 * we use (the shape of the kernel's struct v4l2_ioctl_ops). Every
 * operation returns 0 or -errno with the kernel's errno semantics. An
 * operation left NULL answers -ENOTTY, as the kernel does for an ioctl a
 * driver does not implement.
 */
#ifndef __GST_TV_HW_BACKEND_H__
#define __GST_TV_HW_BACKEND_H__

#include "hw/tvhw.h"
#include "hw/tvhw-sound.h"

G_BEGIN_DECLS

typedef struct _GstTvHwOps GstTvHwOps;

struct _GstTvHwOps
{
  const gchar *name;            /* "v4l2", "virtual" */

  /* open @location as a node of @kind and set dev->priv; the core then
   * calls querycap and checks the kind */
  gint (*open) (GstTvHwDevice * dev, const gchar * location,
      GstTvHwNodeKind kind);
  /* release everything (buffers, mappings, streaming) and dev->priv */
  void (*close) (GstTvHwDevice * dev);

  gint (*querycap) (GstTvHwDevice * dev, struct v4l2_capability * cap);

  gint (*enum_input) (GstTvHwDevice * dev, struct v4l2_input * input);
  gint (*g_input) (GstTvHwDevice * dev, guint32 * index);
  gint (*s_input) (GstTvHwDevice * dev, guint32 index);
  gint (*enum_output) (GstTvHwDevice * dev, struct v4l2_output * output);
  gint (*g_output) (GstTvHwDevice * dev, guint32 * index);
  gint (*s_output) (GstTvHwDevice * dev, guint32 index);

  gint (*enumstd) (GstTvHwDevice * dev, struct v4l2_standard * std);
  gint (*g_std) (GstTvHwDevice * dev, v4l2_std_id * std);
  gint (*s_std) (GstTvHwDevice * dev, v4l2_std_id std);
  gint (*querystd) (GstTvHwDevice * dev, v4l2_std_id * std);

  gint (*enum_fmt) (GstTvHwDevice * dev, struct v4l2_fmtdesc * desc);
  gint (*g_fmt) (GstTvHwDevice * dev, struct v4l2_format * fmt);
  gint (*s_fmt) (GstTvHwDevice * dev, struct v4l2_format * fmt);
  gint (*try_fmt) (GstTvHwDevice * dev, struct v4l2_format * fmt);
  gint (*cropcap) (GstTvHwDevice * dev, struct v4l2_cropcap * cropcap);
  gint (*g_parm) (GstTvHwDevice * dev, struct v4l2_streamparm * parm);
  /* the selection API (crop rectangles): G_SELECTION for sel->target,
   * S_SELECTION, which writes back the rectangle the driver chose */
  gint (*g_selection) (GstTvHwDevice * dev, struct v4l2_selection * sel);
  gint (*s_selection) (GstTvHwDevice * dev, struct v4l2_selection * sel);

  /* controls: QUERYCTRL (with V4L2_CTRL_FLAG_NEXT_CTRL in qc->id),
   * QUERYMENU, G_CTRL and S_CTRL (which writes back the value the driver
   * stored, e.g. clamped) */
  gint (*queryctrl) (GstTvHwDevice * dev, struct v4l2_queryctrl * qc);
  gint (*querymenu) (GstTvHwDevice * dev, struct v4l2_querymenu * qm);
  gint (*g_ctrl) (GstTvHwDevice * dev, struct v4l2_control * ctrl);
  gint (*s_ctrl) (GstTvHwDevice * dev, struct v4l2_control * ctrl);

  /* tuners (capture node) and modulators (output node); G/S_FREQUENCY
   * address the node's tuner or modulator by index */
  gint (*g_tuner) (GstTvHwDevice * dev, struct v4l2_tuner * tuner);
  gint (*s_tuner) (GstTvHwDevice * dev, const struct v4l2_tuner * tuner);
  gint (*g_modulator) (GstTvHwDevice * dev, struct v4l2_modulator * mod);
  gint (*s_modulator) (GstTvHwDevice * dev,
      const struct v4l2_modulator * mod);
  gint (*g_frequency) (GstTvHwDevice * dev, struct v4l2_frequency * freq);
  gint (*s_frequency) (GstTvHwDevice * dev,
      const struct v4l2_frequency * freq);

  /* audio inputs (capture node) and audio outputs (output node) */
  gint (*enumaudio) (GstTvHwDevice * dev, struct v4l2_audio * audio);
  gint (*g_audio) (GstTvHwDevice * dev, struct v4l2_audio * audio);
  gint (*s_audio) (GstTvHwDevice * dev, const struct v4l2_audio * audio);
  gint (*enumaudout) (GstTvHwDevice * dev, struct v4l2_audioout * audout);
  gint (*g_audout) (GstTvHwDevice * dev, struct v4l2_audioout * audout);
  gint (*s_audout) (GstTvHwDevice * dev,
      const struct v4l2_audioout * audout);

  gint (*reqbufs) (GstTvHwDevice * dev, struct v4l2_requestbuffers * req);
  gint (*querybuf) (GstTvHwDevice * dev, struct v4l2_buffer * buf);
  gint (*qbuf) (GstTvHwDevice * dev, struct v4l2_buffer * buf);
  /* never blocks: -EAGAIN when nothing is ready */
  gint (*dqbuf) (GstTvHwDevice * dev, struct v4l2_buffer * buf);
  gint (*streamon) (GstTvHwDevice * dev, guint32 type);
  gint (*streamoff) (GstTvHwDevice * dev, guint32 type);

  /* map the buffer whose QUERYBUF m.offset is @offset */
  gint (*mmap) (GstTvHwDevice * dev, guint32 offset, gsize length,
      gpointer * data);
  gint (*munmap) (GstTvHwDevice * dev, gpointer data, gsize length);

  /* block until a buffer can be dequeued: 0, -ETIMEDOUT after
   * @timeout_ns (< 0: forever), -ECANCELED while flushing, or another
   * -errno (-EIO, -ENODEV) */
  gint (*poll) (GstTvHwDevice * dev, gint64 timeout_ns);
  /* thread-safe; wakes a blocked poll, which then returns -ECANCELED
   * until flushing is set back to FALSE */
  void (*interrupt) (GstTvHwDevice * dev, gboolean flushing);

  /* no ioctl: the time now, in ns, on the clock the buffers' timestamps
   * with V4L2_BUF_FLAG_TIMESTAMP_* @buf_flags are on (-EINVAL: the flags
   * name no clock). Thread-safe, called without the user's lock; not
   * gated by the virtual card's faults. */
  gint (*stamp_clock_time) (GstTvHwDevice * dev, guint32 buf_flags,
      gint64 * now_ns);

  /* VIDIOC_G_SLICED_VBI_CAP; cap->type is set by the core */
  gint (*g_sliced_vbi_cap) (GstTvHwDevice * dev,
      struct v4l2_sliced_vbi_cap * cap);

  /* gst_tv_hw_find_vbi_location(): a node of VBI kind @kind of the same
   * card as the open node @video (same QUERYCAP card and bus_info, @kind's
   * capability in its device caps). 0 with *@location set (g_free()d by
   * the caller), -ENOENT when the card has no such node, or another -errno
   * (-ENODEV: @video was unplugged). NULL answers -ENOTTY like any other
   * op. */
  gint (*find_node) (GstTvHwDevice * video, GstTvHwNodeKind kind,
      gchar ** location);

  /* no ioctl: the quirks of the driver behind the open node
   * (gst_tv_hw_device_get_quirks()), asked once at open, after QUERYCAP
   * (dev->driver and dev->card are set). NULL answers none. */
  GstTvHwQuirks (*quirks) (GstTvHwDevice * dev);
};

/* one mapped buffer, owned by the core */
typedef struct
{
  gpointer data;
  gsize length;
} GstTvHwMapping;

struct _GstTvHwDevice
{
  const GstTvHwOps *ops;
  gpointer priv;                /* backend state */

  gchar *location;
  GstTvHwNodeKind kind;
  struct v4l2_capability cap;
  gchar *card, *driver, *bus_info;
  guint32 device_caps;
  guint32 buf_type;
  GstTvHwQuirks quirks;         /* the backend's answer at open */

  GstTvHwMapping *mappings;
  guint n_mappings;

  /* the user's lock every call must hold (NULL: unchecked) */
  GstTvHwLock *lock;
  /* flushing and wake requests; a leaf lock, taken by any thread, never
   * held across a backend call but interrupt */
  GMutex wake_lock;
  gboolean flushing;
  gboolean wake_pending;
};

extern const GstTvHwOps gst_tv_hw_v4l2_ops;
extern const GstTvHwOps gst_tv_hw_virtual_ops;

/* the single errno -> GError translation point; @what names the
 * operation ("VIDIOC_S_STD"), the location is added */
void gst_tv_hw_set_error_from_errno (GstTvHwDevice * dev, GError ** error,
    gint err, const gchar * what);
/* the same for a device that is not a GstTvHwDevice (a sound device):
 * @opened says whether ENODEV means unplugged (TRUE) or not found */
void gst_tv_hw_set_error_from_errno_at (const gchar * location,
    gboolean opened, GError ** error, gint err, const gchar * what);

/* a card's sound capture (tvhw-sound.h): one table per backend; each
 * operation returns 0 or -errno */
typedef struct
{
  const gchar *name;            /* "virtual", "alsa" */
  gint (*open) (GstTvHwSound * sound, const gchar * location);
  void (*close) (GstTvHwSound * sound);
  /* exactly @frames frames, waiting for them; -ECANCELED when flushing */
  gint (*read) (GstTvHwSound * sound, gint16 * data, guint frames,
      gint64 * stamp_ns);
  void (*interrupt) (GstTvHwSound * sound, gboolean flushing);
} GstTvHwSoundOps;

struct _GstTvHwSound
{
  const GstTvHwSoundOps *ops;
  gpointer priv;                /* backend state */
  gchar *location;
};

extern const GstTvHwSoundOps gst_tv_hw_virtual_sound_ops;
extern const GstTvHwSoundOps gst_tv_hw_alsa_sound_ops;

G_END_DECLS

#endif /* __GST_TV_HW_BACKEND_H__ */
