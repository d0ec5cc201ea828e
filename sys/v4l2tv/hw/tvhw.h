/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the only way the elements talk to a TV card.
 *
 * A GstTvHwDevice is one open video node, either a real kernel device
 * (/dev/videoN, backend "v4l2") or the in-process virtual TV card
 * ("virtual", "virtual:N", backend "virtual"). Both backends implement
 * the same table of operations (tvhw-backend.h) with kernel errno
 * semantics; this API turns their -errno into a GError in exactly one
 * place (gst_tv_hw_set_error_from_errno()).
 *
 * Conventions:
 * - every function returns TRUE on success; FALSE with @error set on
 *   failure;
 * - enumerations (gst_tv_hw_device_enum_*, gst_tv_hw_device_next_ctrl)
 *   return FALSE with @error left NULL when @index is past the last entry
 *   (EINVAL, or ENODATA for ENUMSTD on an input without standards): the
 *   end of the list is not an error;
 * - a device is not thread-safe. A device shared between threads is given
 *   a #GstTvHwLock with gst_tv_hw_device_set_lock(): from then on every
 *   call into it must be made by the thread that holds that lock (checked
 *   on each call: a call without it is a g_critical()), except
 *   gst_tv_hw_device_wait(), which must be called without it so that
 *   other threads can use the device meanwhile, and
 *   gst_tv_hw_device_set_flushing() / gst_tv_hw_device_wake(), which any
 *   thread may call at any time to interrupt a wait. The getters of what
 *   QUERYCAP said (location, card, driver, bus, caps, buffer type) and of
 *   the driver's quirks never change while open and need no lock.
 */
#ifndef __GST_TV_HW_H__
#define __GST_TV_HW_H__

#include <gst/gst.h>
#include "ext/videodev2.h"
#include "hw/tvhw-std.h"

G_BEGIN_DECLS

#define GST_TV_HW_ERROR (gst_tv_hw_error_quark ())
GQuark gst_tv_hw_error_quark (void);

/**
 * GstTvHwError:
 * @GST_TV_HW_ERROR_FAILED: any other failure (the message has the errno)
 * @GST_TV_HW_ERROR_NOT_FOUND: the device node does not exist (ENOENT, ENXIO,
 *   ENODEV) or an unknown virtual card
 * @GST_TV_HW_ERROR_PERMISSION: no permission to open it (EACCES, EPERM)
 * @GST_TV_HW_ERROR_NOT_V4L2: the path is not a character device, or it does
 *   not answer VIDIOC_QUERYCAP
 * @GST_TV_HW_ERROR_WRONG_DIRECTION: a V4L2 device, but not a node of the
 *   kind requested (e.g. not a video capture device, or no VBI capture)
 * @GST_TV_HW_ERROR_BUSY: the device or setting is in use (EBUSY)
 * @GST_TV_HW_ERROR_INVALID: the driver refused the argument (EINVAL, ERANGE)
 * @GST_TV_HW_ERROR_NO_DATA: nothing to report, e.g. G_STD on an input
 *   without standards (ENODATA)
 * @GST_TV_HW_ERROR_IO: hardware trouble (EIO)
 * @GST_TV_HW_ERROR_NOT_SUPPORTED: the driver does not implement the call
 *   (ENOTTY)
 * @GST_TV_HW_ERROR_TIMEOUT: no frame came within the timeout
 * @GST_TV_HW_ERROR_FLUSHING: the wait was interrupted by
 *   gst_tv_hw_device_set_flushing()
 * @GST_TV_HW_ERROR_NO_MEMORY: buffers could not be allocated or mapped
 * @GST_TV_HW_ERROR_DISCONNECTED: the device went away (ENODEV while open)
 * @GST_TV_HW_ERROR_WOKEN: the wait was interrupted once by
 *   gst_tv_hw_device_wake() (a request for the waiting thread, not a flush)
 */
typedef enum
{
  GST_TV_HW_ERROR_FAILED,
  GST_TV_HW_ERROR_NOT_FOUND,
  GST_TV_HW_ERROR_PERMISSION,
  GST_TV_HW_ERROR_NOT_V4L2,
  GST_TV_HW_ERROR_WRONG_DIRECTION,
  GST_TV_HW_ERROR_BUSY,
  GST_TV_HW_ERROR_INVALID,
  GST_TV_HW_ERROR_NO_DATA,
  GST_TV_HW_ERROR_IO,
  GST_TV_HW_ERROR_NOT_SUPPORTED,
  GST_TV_HW_ERROR_TIMEOUT,
  GST_TV_HW_ERROR_FLUSHING,
  GST_TV_HW_ERROR_NO_MEMORY,
  GST_TV_HW_ERROR_DISCONNECTED,
  GST_TV_HW_ERROR_WOKEN,
} GstTvHwError;

/**
 * GstTvHwNodeKind:
 * @GST_TV_HW_NODE_VIDEO_CAPTURE: a video capture node (inputs, frames in)
 * @GST_TV_HW_NODE_VIDEO_OUTPUT: a video output node (outputs, frames out)
 * @GST_TV_HW_NODE_VBI_CAPTURE: a raw VBI capture node (inputs, the lines of
 *   the vertical blanking interval in: teletext, closed captions, WSS)
 * @GST_TV_HW_NODE_VBI_OUTPUT: a raw VBI output node (outputs, VBI lines out)
 * @GST_TV_HW_NODE_SLICED_VBI_CAPTURE: a sliced VBI capture node (inputs,
 *   the data the card's slicer decoded from the VBI lines: struct
 *   v4l2_sliced_vbi_data records)
 * @GST_TV_HW_NODE_SLICED_VBI_OUTPUT: a sliced VBI output node (outputs,
 *   records the card encodes into the VBI lines)
 *
 * What a device is opened as. The kind decides the capability QUERYCAP must
 * report (gst_tv_hw_node_kind_capability()) and the v4l2_buf_type of every
 * call that takes one: formats, REQBUFS, QUERYBUF, QBUF/DQBUF, STREAMON/OFF
 * (gst_tv_hw_node_kind_buf_type()). A node opened as a capture kind has
 * inputs and tuners, an output kind outputs and modulators.
 *
 * A VBI node (/dev/vbiN) is opened as its raw or its sliced kind: the same
 * node may be opened as both (two opens), but only one of them can have
 * buffers at a time (the driver answers EBUSY to the other's S_FMT and
 * REQBUFS meanwhile). Formats on a VBI kind are fmt.vbi (raw) or
 * fmt.sliced (sliced), typed by the kind like every other call.
 */
typedef enum
{
  GST_TV_HW_NODE_VIDEO_CAPTURE,
  GST_TV_HW_NODE_VIDEO_OUTPUT,
  GST_TV_HW_NODE_VBI_CAPTURE,
  GST_TV_HW_NODE_VBI_OUTPUT,
  GST_TV_HW_NODE_SLICED_VBI_CAPTURE,
  GST_TV_HW_NODE_SLICED_VBI_OUTPUT,
} GstTvHwNodeKind;

#define GST_TV_HW_N_NODE_KINDS 6

/* whether @kind sends (video, raw or sliced VBI output) rather than
 * receives */
gboolean gst_tv_hw_node_kind_is_output (GstTvHwNodeKind kind);
/* whether @kind carries VBI (raw or sliced) rather than pictures */
gboolean gst_tv_hw_node_kind_is_vbi (GstTvHwNodeKind kind);
/* whether @kind is one of the two sliced VBI kinds */
gboolean gst_tv_hw_node_kind_is_sliced (GstTvHwNodeKind kind);
/* V4L2_BUF_TYPE_VIDEO_CAPTURE, _VIDEO_OUTPUT, _VBI_CAPTURE, _VBI_OUTPUT,
 * _SLICED_VBI_CAPTURE or _SLICED_VBI_OUTPUT */
guint32 gst_tv_hw_node_kind_buf_type (GstTvHwNodeKind kind);
/* the V4L2_CAP_* bit QUERYCAP must report for a node of @kind */
guint32 gst_tv_hw_node_kind_capability (GstTvHwNodeKind kind);
/* "video capture", "video output", "VBI capture", "VBI output",
 * "sliced VBI capture", "sliced VBI output" */
const gchar *gst_tv_hw_node_kind_name (GstTvHwNodeKind kind);

typedef struct _GstTvHwDevice GstTvHwDevice;

/**
 * GstTvHwQuirks:
 * @GST_TV_HW_QUIRK_NONE: the driver behaves as the V4L2 API says
 *
 * What a driver does that the elements have to adapt to, as flags: the
 * driver of an open node has the quirks gst_tv_hw_device_get_quirks()
 * answers, the same on either backend. The kernel backend reads them, once
 * at open, from its quirk table (tvhw-v4l2.c, gst_tv_hw_v4l2_quirks), by
 * the driver name QUERYCAP reports; the virtual card has none.
 *
 * A flag is added with its row in that table and with the code that
 * consults it, never before: its documentation here says what the driver
 * does and what the elements do about it. A behaviour the elements already
 * handle for every driver (an ioctl answered ENOTTY, a frame flagged
 * V4L2_BUF_FLAG_ERROR or shorter than the format) is no quirk. None is
 * defined yet.
 */
typedef enum
{
  GST_TV_HW_QUIRK_NONE = 0,
} GstTvHwQuirks;

/* --- the device lock --- */

/**
 * GstTvHwLock:
 *
 * The lock of a device used from several threads: a recursive mutex that
 * knows which thread holds it, so that the device can check every call.
 * Recursive because a thread holding it may be called back (a bus sync
 * handler, a signal handler) and take it again. Owned by the user of the
 * device (it outlives the devices opened under it); see
 * gst_tv_hw_device_set_lock().
 */
typedef struct
{
  GRecMutex mutex;
  gpointer owner;               /* GThread *, atomic */
  guint depth;                  /* with the mutex */
} GstTvHwLock;

void gst_tv_hw_lock_init (GstTvHwLock * lock);
void gst_tv_hw_lock_clear (GstTvHwLock * lock);
void gst_tv_hw_lock_acquire (GstTvHwLock * lock);
void gst_tv_hw_lock_release (GstTvHwLock * lock);
/* whether the calling thread holds @lock */
gboolean gst_tv_hw_lock_is_held (GstTvHwLock * lock);

/* --- device --- */

gboolean gst_tv_hw_location_is_virtual (const gchar * location);
guint gst_tv_hw_virtual_n_cards (void);
/* every location a device may be at now, to find a card that came back
 * elsewhere: the nodes /dev/videoN in the order of N, then the virtual
 * cards plugged in ("virtual:N"); g_strfreev() it */
gchar **gst_tv_hw_list_locations (void);

GstTvHwDevice *gst_tv_hw_device_open (const gchar * location,
    GstTvHwNodeKind kind, GError ** error);
void gst_tv_hw_device_close (GstTvHwDevice * dev);
/* from now on every call (but wait, set_flushing and wake) must hold
 * @lock; NULL: no check (a device used by one thread) */
void gst_tv_hw_device_set_lock (GstTvHwDevice * dev, GstTvHwLock * lock);

const gchar *gst_tv_hw_device_get_location (GstTvHwDevice * dev);
const gchar *gst_tv_hw_device_get_backend_name (GstTvHwDevice * dev);
GstTvHwNodeKind gst_tv_hw_device_get_kind (GstTvHwDevice * dev);
/* card/driver/bus from QUERYCAP, NUL-terminated copies */
const gchar *gst_tv_hw_device_get_card (GstTvHwDevice * dev);
const gchar *gst_tv_hw_device_get_driver (GstTvHwDevice * dev);
const gchar *gst_tv_hw_device_get_bus_info (GstTvHwDevice * dev);
/* device_caps when the driver sets V4L2_CAP_DEVICE_CAPS, else capabilities */
guint32 gst_tv_hw_device_get_caps (GstTvHwDevice * dev);
/* the v4l2_buf_type this device streams, that of its kind */
guint32 gst_tv_hw_device_get_buf_type (GstTvHwDevice * dev);
/* what its driver does that the elements adapt to (GstTvHwQuirks) */
GstTvHwQuirks gst_tv_hw_device_get_quirks (GstTvHwDevice * dev);

/* the location of a node of the VBI kind @kind (raw or sliced, capture or
 * output) of the same card as the open @video node: a node whose QUERYCAP
 * has the same card and bus_info and @kind's capability in its device
 * caps. The virtual card answers with @video's own location ("virtual:N":
 * the kind chooses the node); the kernel backend scans /dev/vbiN in the
 * order of N. NULL with GST_TV_HW_ERROR_NOT_FOUND when the card has none
 * (the message names @video's location, card and the kind), or with the
 * error of @video (DISCONNECTED after an unplug). g_free() it. */
gchar *gst_tv_hw_find_vbi_location (GstTvHwDevice * video,
    GstTvHwNodeKind kind, GError ** error);

/* --- inputs / outputs --- */

gboolean gst_tv_hw_device_enum_input (GstTvHwDevice * dev, guint32 index,
    struct v4l2_input * input, GError ** error);
gboolean gst_tv_hw_device_get_input (GstTvHwDevice * dev, guint32 * index,
    GError ** error);
gboolean gst_tv_hw_device_set_input (GstTvHwDevice * dev, guint32 index,
    GError ** error);

gboolean gst_tv_hw_device_enum_output (GstTvHwDevice * dev, guint32 index,
    struct v4l2_output * output, GError ** error);
gboolean gst_tv_hw_device_get_output (GstTvHwDevice * dev, guint32 * index,
    GError ** error);
gboolean gst_tv_hw_device_set_output (GstTvHwDevice * dev, guint32 index,
    GError ** error);

/* NUL-terminated copy of a driver's fixed-size name (name[32] may lack a
 * NUL); free with g_free() */
gchar *gst_tv_hw_strndup (const guint8 * str, gsize size);
#define GST_TV_HW_NAME(array) \
    gst_tv_hw_strndup ((const guint8 *) (array), sizeof (array))

/* --- video standards --- */

gboolean gst_tv_hw_device_enum_std (GstTvHwDevice * dev, guint32 index,
    struct v4l2_standard * std, GError ** error);
gboolean gst_tv_hw_device_get_std (GstTvHwDevice * dev, v4l2_std_id * std,
    GError ** error);
gboolean gst_tv_hw_device_set_std (GstTvHwDevice * dev, v4l2_std_id std,
    GError ** error);
gboolean gst_tv_hw_device_query_std (GstTvHwDevice * dev, v4l2_std_id * std,
    GError ** error);

/* --- formats --- */

gboolean gst_tv_hw_device_enum_fmt (GstTvHwDevice * dev, guint32 index,
    struct v4l2_fmtdesc * desc, GError ** error);
gboolean gst_tv_hw_device_get_fmt (GstTvHwDevice * dev,
    struct v4l2_format * fmt, GError ** error);
gboolean gst_tv_hw_device_set_fmt (GstTvHwDevice * dev,
    struct v4l2_format * fmt, GError ** error);
gboolean gst_tv_hw_device_try_fmt (GstTvHwDevice * dev,
    struct v4l2_format * fmt, GError ** error);
gboolean gst_tv_hw_device_cropcap (GstTvHwDevice * dev,
    struct v4l2_cropcap * cropcap, GError ** error);
gboolean gst_tv_hw_device_get_parm (GstTvHwDevice * dev,
    struct v4l2_streamparm * parm, GError ** error);
/* VIDIOC_G_SELECTION of @target (V4L2_SEL_TGT_CROP, _CROP_DEFAULT,
 * _CROP_BOUNDS, ...); NOT_SUPPORTED on a card without the selection API */
gboolean gst_tv_hw_device_get_selection (GstTvHwDevice * dev, guint32 target,
    struct v4l2_rect * rect, GError ** error);
/* VIDIOC_S_SELECTION: the driver may adjust @rect (alignment, bounds,
 * V4L2_SEL_FLAG_GE/LE in @flags); @rect is what it chose */
gboolean gst_tv_hw_device_set_selection (GstTvHwDevice * dev, guint32 target,
    guint32 flags, struct v4l2_rect * rect, GError ** error);

/* --- controls (the user controls a TV card has: colour balance, flips)
 * --- */

/* VIDIOC_QUERYCTRL for control @id; INVALID for an unknown id */
gboolean gst_tv_hw_device_query_ctrl (GstTvHwDevice * dev, guint32 id,
    struct v4l2_queryctrl * qc, GError ** error);
/* enumerates with V4L2_CTRL_FLAG_NEXT_CTRL: start with qc->id = 0, then
 * pass the previous answer back; FALSE with @error NULL after the last
 * control (or on a device without controls). Class headings come back too
 * (type V4L2_CTRL_TYPE_CTRL_CLASS): skip them. */
gboolean gst_tv_hw_device_next_ctrl (GstTvHwDevice * dev,
    struct v4l2_queryctrl * qc, GError ** error);
/* VIDIOC_QUERYMENU: FALSE with @error NULL for an item the menu does not
 * have (outside minimum..maximum, or skipped), like an enumeration's end */
gboolean gst_tv_hw_device_enum_menu (GstTvHwDevice * dev, guint32 id,
    guint32 index, struct v4l2_querymenu * qm, GError ** error);
gboolean gst_tv_hw_device_get_ctrl (GstTvHwDevice * dev, guint32 id,
    gint32 * value, GError ** error);
/* the driver may store a different value (integers are clamped to the
 * range and rounded to the step); read it back with get_ctrl */
gboolean gst_tv_hw_device_set_ctrl (GstTvHwDevice * dev, guint32 id,
    gint32 value, GError ** error);

/* --- sliced VBI --- */

/* VIDIOC_G_SLICED_VBI_CAP: the services (V4L2_SLICED_*) the slicer of a
 * sliced VBI node can handle at the current standard, per line and field
 * (service_lines) and in all (service_set). cap->type is set here from
 * the kind: SLICED_VBI_OUTPUT on an output kind, SLICED_VBI_CAPTURE
 * otherwise (valid on the sliced kinds; a video node answers
 * NOT_SUPPORTED or INVALID, as its driver does). */
gboolean gst_tv_hw_device_get_sliced_vbi_cap (GstTvHwDevice * dev,
    struct v4l2_sliced_vbi_cap * cap, GError ** error);

/* --- tuners, modulators, frequencies --- */

/* frequencies are in the tuner's units: 62.5 kHz, or 62.5 Hz with
 * V4L2_TUNER_CAP_LOW, or 1 Hz with V4L2_TUNER_CAP_1HZ */
gboolean gst_tv_hw_device_get_tuner (GstTvHwDevice * dev, guint32 index,
    struct v4l2_tuner * tuner, GError ** error);
/* VIDIOC_S_TUNER: drivers use only @tuner's index and audmode */
gboolean gst_tv_hw_device_set_tuner (GstTvHwDevice * dev,
    const struct v4l2_tuner * tuner, GError ** error);
gboolean gst_tv_hw_device_get_modulator (GstTvHwDevice * dev, guint32 index,
    struct v4l2_modulator * modulator, GError ** error);
/* VIDIOC_S_MODULATOR: drivers use only the index and txsubchans */
gboolean gst_tv_hw_device_set_modulator (GstTvHwDevice * dev,
    const struct v4l2_modulator * modulator, GError ** error);
/* @tuner is a tuner index on a capture node, a modulator index on an
 * output node */
gboolean gst_tv_hw_device_get_frequency (GstTvHwDevice * dev, guint32 tuner,
    guint32 * frequency, GError ** error);
/* @type is the tuner's (V4L2_TUNER_ANALOG_TV on a video node); drivers
 * clamp @frequency to the tuner's range */
gboolean gst_tv_hw_device_set_frequency (GstTvHwDevice * dev, guint32 tuner,
    guint32 type, guint32 frequency, GError ** error);

/* --- audio inputs and outputs --- */

gboolean gst_tv_hw_device_enum_audio (GstTvHwDevice * dev, guint32 index,
    struct v4l2_audio * audio, GError ** error);
gboolean gst_tv_hw_device_get_audio (GstTvHwDevice * dev,
    struct v4l2_audio * audio, GError ** error);
gboolean gst_tv_hw_device_set_audio (GstTvHwDevice * dev, guint32 index,
    guint32 mode, GError ** error);
gboolean gst_tv_hw_device_enum_audout (GstTvHwDevice * dev, guint32 index,
    struct v4l2_audioout * audout, GError ** error);
gboolean gst_tv_hw_device_get_audout (GstTvHwDevice * dev,
    struct v4l2_audioout * audout, GError ** error);
gboolean gst_tv_hw_device_set_audout (GstTvHwDevice * dev, guint32 index,
    GError ** error);

/* --- streaming (MMAP) --- */

gboolean gst_tv_hw_device_request_buffers (GstTvHwDevice * dev,
    guint32 count, guint32 * actual, GError ** error);
gboolean gst_tv_hw_device_query_buffer (GstTvHwDevice * dev, guint32 index,
    struct v4l2_buffer * buf, GError ** error);
/* maps buffer @index (after request_buffers); the mapping stays valid
 * until request_buffers (dev, 0) or close */
gboolean gst_tv_hw_device_map_buffer (GstTvHwDevice * dev, guint32 index,
    gpointer * data, gsize * size, GError ** error);
gboolean gst_tv_hw_device_queue_buffer (GstTvHwDevice * dev,
    struct v4l2_buffer * buf, GError ** error);
/* non-blocking DQBUF: when no buffer is ready (EAGAIN) it returns FALSE
 * with GST_TV_HW_ERROR_TIMEOUT; call gst_tv_hw_device_wait() first */
gboolean gst_tv_hw_device_dequeue_buffer (GstTvHwDevice * dev,
    struct v4l2_buffer * buf, GError ** error);
/* waits until a buffer can be dequeued; @timeout_ns < 0 waits forever;
 * GST_TV_HW_ERROR_TIMEOUT / GST_TV_HW_ERROR_FLUSHING /
 * GST_TV_HW_ERROR_WOKEN otherwise. Called WITHOUT the device lock. */
gboolean gst_tv_hw_device_wait (GstTvHwDevice * dev, gint64 timeout_ns,
    GError ** error);
/* the time now on the clock of buffer timestamps carrying the
 * V4L2_BUF_FLAG_TIMESTAMP_* @buf_flags (CLOCK_MONOTONIC for
 * V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC; a virtual card paced MANUAL or
 * FREERUN answers its own time); FALSE when the flags name no clock
 * (TIMESTAMP_UNKNOWN, TIMESTAMP_COPY) or the device is gone. Thread-safe,
 * without the device lock. */
gboolean gst_tv_hw_device_get_stamp_clock_time (GstTvHwDevice * dev,
    guint32 buf_flags, GstClockTime * now);
gboolean gst_tv_hw_device_stream_on (GstTvHwDevice * dev, GError ** error);
gboolean gst_tv_hw_device_stream_off (GstTvHwDevice * dev, GError ** error);
/* thread-safe: while flushing, wait() returns FLUSHING at once */
void gst_tv_hw_device_set_flushing (GstTvHwDevice * dev, gboolean flushing);
/* thread-safe: the wait in progress, or else the next one, returns WOKEN
 * once (flushing takes precedence); for a request that the waiting thread
 * has to act on, such as a switch of input */
void gst_tv_hw_device_wake (GstTvHwDevice * dev);

/* --- helpers on tuner frequencies (pure functions, no device) --- */

/* a frequency in the units of a tuner (or modulator) with @capability
 * (its V4L2_TUNER_CAP_* flags), in Hz */
guint64 gst_tv_hw_frequency_to_hz (guint32 frequency, guint32 capability);
/* @hz in those units, rounded to the nearest unit, at most G_MAXUINT32 */
guint32 gst_tv_hw_frequency_from_hz (guint64 hz, guint32 capability);

G_END_DECLS

#endif /* __GST_TV_HW_H__ */
