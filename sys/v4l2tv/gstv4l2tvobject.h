/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: state shared by v4l2tvsrc and v4l2tvsink (a plain struct owned
 * by the element, like sys/v4l2's GstV4l2Object): the device, the shared
 * properties, input/output and standard selection, caps from the card and
 * the translated errors.
 */
#ifndef __GST_V4L2_TV_OBJECT_H__
#define __GST_V4L2_TV_OBJECT_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "hw/tvhw.h"

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_STANDARD (gst_v4l2_tv_standard_get_type ())
G_GNUC_INTERNAL GType gst_v4l2_tv_standard_get_type (void);
/* the enum type @name of @values, registered once; @type holds it (the
 * get_type functions of the object and its parts) */
G_GNUC_INTERNAL GType gst_v4l2_tv_register_enum (gsize * type,
    const gchar * name, const GEnumValue * values);

/**
 * GstV4l2TvStandard:
 *
 * The norm= values: current, auto, and the analog TV standards, one value
 * per row of gst_tv_hw_standards (hw/tvhw-std.c): each name the kernel
 * gives an SDTV standard or group of them, in the kernel's order. A group
 * (PAL, PAL-BG, SECAM-DK, ...) comes before its variants (PAL-B, PAL-B1,
 * PAL-G, ...) and means all of them. The value is the v4l2_std_id mask.
 */
typedef enum
{
  GST_V4L2_TV_STANDARD_CURRENT = 0,
  GST_V4L2_TV_STANDARD_AUTO = -1,
} GstV4l2TvStandard;

G_GNUC_INTERNAL gchar *gst_v4l2_tv_standard_list (v4l2_std_id stds);
G_GNUC_INTERNAL gchar *gst_v4l2_tv_standard_describe (v4l2_std_id std);

/* norm=auto, as the object stores it */
#define GST_V4L2_TV_NORM_AUTO ((v4l2_std_id) -1)

/* the one table of the properties both elements share, installed by
 * gst_v4l2_tv_object_install_properties() and served by
 * gst_v4l2_tv_object_set/get_property_helper(); each element's own
 * properties follow GST_V4L2_TV_OBJECT_PROP_LAST */
enum
{
  GST_V4L2_TV_OBJECT_PROP_DEVICE = 1,
  GST_V4L2_TV_OBJECT_PROP_DEVICE_NAME,
  GST_V4L2_TV_OBJECT_PROP_PORT,         /* "input" / "output" */
  GST_V4L2_TV_OBJECT_PROP_NORM,
  GST_V4L2_TV_OBJECT_PROP_DETECTED_NORM,        /* capture only */
  GST_V4L2_TV_OBJECT_PROP_AUDIO_INPUT,  /* capture only */
  GST_V4L2_TV_OBJECT_PROP_FREQUENCY,    /* gstv4l2tvtuner.c */
  GST_V4L2_TV_OBJECT_PROP_BRIGHTNESS,   /* gstv4l2tvcolorbalance.c */
  GST_V4L2_TV_OBJECT_PROP_CONTRAST,
  GST_V4L2_TV_OBJECT_PROP_SATURATION,
  GST_V4L2_TV_OBJECT_PROP_HUE,
  GST_V4L2_TV_OBJECT_PROP_VIDEO_DIRECTION,      /* gstv4l2tvvidorient.c */
  GST_V4L2_TV_OBJECT_PROP_EXTRA_CONTROLS,       /* gstv4l2tvextractrls.c */
  GST_V4L2_TV_OBJECT_PROP_VBI_DEVICE,   /* gstv4l2tvvbinode.c */
  GST_V4L2_TV_OBJECT_PROP_LAST
};

typedef struct _GstV4l2TvObject GstV4l2TvObject;

/**
 * GstV4l2TvPort:
 *
 * One input (capture) or output of the card, as ENUMINPUT / ENUMOUTPUT
 * described it when the device opened: the one list the selection, the
 * GstTvTuner channels, the audio input check and the device provider use.
 */
typedef struct
{
  guint32 index;
  gchar *name;
  guint32 type;                 /* V4L2_INPUT_TYPE_* / V4L2_OUTPUT_TYPE_* */
  v4l2_std_id stds;             /* 0: no analog standards */
  guint32 audioset;
  gboolean has_tuner;           /* a tuner input, a modulator output */
  guint32 tuner;                /* its tuner or modulator index */
  guint32 capabilities;         /* V4L2_IN_CAP_* / V4L2_OUT_CAP_* */
} GstV4l2TvPort;
struct _GstV4l2TvTuner;
struct _GstV4l2TvBalance;
struct _GstV4l2TvOrient;
struct _GstV4l2TvExtraCtrls;
struct _GstV4l2TvCrop;
struct _GstV4l2TvVbiNode;

/* what gst_v4l2_tv_object_resolve() found for the requested input or
 * output and standard */
typedef struct
{
  gboolean set_port;            /* a port was asked for: S_INPUT/S_OUTPUT */
  guint32 port_index;
  gchar *port_name;
  v4l2_std_id port_stds;
  v4l2_std_id norm;             /* 0: keep the card's standard */
  gboolean auto_norm;           /* norm=auto: detect it (QUERYSTD) */
  gboolean norm_refused;        /* live: the port does not take the norm
                                 * asked for, its current one is kept */
} GstV4l2TvSelection;

/* what gst_v4l2_tv_object_wait() saw */
typedef enum
{
  GST_V4L2_TV_WAIT_READY,       /* a buffer can be dequeued */
  GST_V4L2_TV_WAIT_TIMEOUT,
  GST_V4L2_TV_WAIT_FLUSHING,    /* unlock() */
  GST_V4L2_TV_WAIT_SWITCH,      /* woken for a live input/norm switch */
  GST_V4L2_TV_WAIT_ERROR,
} GstV4l2TvWaitResult;

/*
 * The locks, in the order they are taken (a thread holding one may take
 * the ones below it, never one above):
 *
 *  1. GStreamer's: the element's state lock, its pads' stream locks.
 *  2. The device lock, obj->lock (GST_V4L2_TV_DEVICE_LOCK()): every call
 *     into obj->dev from every thread (the streaming thread, the state
 *     change, GstTvTuner, GstColorBalance, GstVideoOrientation, property
 *     setters), and the card state the object and its interfaces keep
 *     (the port and standard in force, the tuner's, balance's and
 *     orientation's caches, started). Recursive, so that a bus sync
 *     handler or a signal handler called while it is held may call back
 *     into the element. The hardware layer checks that every call into the
 *     device holds it (gst_tv_hw_device_set_lock()).
 *  3. GST_OBJECT_LOCK (element): the property values and what any thread
 *     reads without the device lock (caps, fps, card, the port and
 *     standard in force as the getters show them, pending, flushing). A
 *     leaf: held for a few lines, never across a call into the device or
 *     out of the element, except gst_tv_hw_device_wake() and
 *     gst_tv_hw_device_set_flushing(), which only take:
 *  4. the hardware layer's own leaves: the device's wake lock, then the
 *     virtual card's lock.
 *
 * Nothing blocks while holding the device lock: waiting for a frame
 * (gst_v4l2_tv_object_wait(), which checks), acquiring a buffer from a
 * pool that downstream may hold, and pushing happen without it, so other
 * threads program the card meanwhile. The only thread that streams, and
 * so the only one that reconfigures the buffers, is the streaming thread;
 * a switch asked for from another thread while streaming is a request
 * (pending) that wakes it (gst_tv_hw_device_wake()), distinct from a
 * flush.
 */
struct _GstV4l2TvObject
{
  GstElement *element;          /* not reffed: it owns us */
  GstTvHwNodeKind kind;

  /* the device lock (see above) */
  GstTvHwLock lock;

  /* GST_OBJECT_LOCK (element): the properties and what other threads read */
  gchar *device;
  gchar *port;                  /* requested input/output, NULL: keep */
  v4l2_std_id norm;             /* requested standard, 0: keep */
  gboolean pending;             /* port or norm changed while streaming */
  gboolean landing;             /* port/norm taken to be programmed, not
                                 * yet in force (properties say the old) */
  gboolean flushing;            /* between unlock() and unlock_stop() */
  GstTvHwDevice *dev;           /* set and cleared under both locks */
  gchar *card;
  GstCaps *caps;                /* probed: one structure per format */
  gint fps_n, fps_d;
  gchar *detected_norm;         /* what norm=auto found, NULL: nothing */
  gchar *audio_input;           /* requested audio input, NULL: keep */
  gchar *active_port;           /* the port in force, NULL while closed */
  v4l2_std_id active_std;       /* the standard in force */

  /* the device lock */
  gboolean started;             /* READY_TO_PAUSED .. PAUSED_TO_READY */
  GArray *ports;                /* GstV4l2TvPort, enumerated at open */
  GError *ports_error;          /* why the enumeration failed, or NULL */
  guint32 port_index;
  gchar *port_name;
  v4l2_std_id port_stds;
  v4l2_std_id std;              /* G_STD, 0 when the port has none */
  guint lines;                  /* 525, 625 or 0 */
  gint par_n, par_d;

  /* the GstTvTuner interface (gstv4l2tvtuner.c) */
  struct _GstV4l2TvTuner *tuner;
  /* GstColorBalance (gstv4l2tvcolorbalance.c) and the flips
   * (gstv4l2tvvidorient.c) */
  struct _GstV4l2TvBalance *balance;
  struct _GstV4l2TvOrient *orient;
  struct _GstV4l2TvExtraCtrls *extra_ctrls;
  struct _GstV4l2TvCrop *crop;  /* v4l2tvsrc's (gstv4l2tvcrop.c), else NULL */
  /* the card's VBI node beside the video node (gstv4l2tvvbinode.c) */
  struct _GstV4l2TvVbiNode *vbi;
};

#define GST_V4L2_TV_DEVICE_LOCK(obj) gst_tv_hw_lock_acquire (&(obj)->lock)
#define GST_V4L2_TV_DEVICE_UNLOCK(obj) gst_tv_hw_lock_release (&(obj)->lock)
/* the first statement of a function that needs its caller to hold the
 * device lock: a critical when it does not (fatal in the tests) */
#define GST_V4L2_TV_DEVICE_LOCK_HELD(obj) G_STMT_START {                 \
  if (G_UNLIKELY (!gst_tv_hw_lock_is_held (&(obj)->lock)))              \
    g_critical ("%s called without the device lock", G_STRFUNC);        \
} G_STMT_END

G_GNUC_INTERNAL
GstV4l2TvObject *gst_v4l2_tv_object_new (GstElement * element,
    GstTvHwNodeKind kind);
G_GNUC_INTERNAL void gst_v4l2_tv_object_free (GstV4l2TvObject * obj);

/* Each part of the object (tuner, balance, orient, extra_ctrls, crop
 * above) declares in its header its type and part_new() and part_free(),
 * with which gst_v4l2_tv_object_new() and _free() make and free it; a
 * part with state while the device is open also part_opened() (once the
 * device is open) and part_closing() (before it closes). */
/* what a part's part_new() allocates: @size zeroed bytes whose first
 * member, the part's GstV4l2TvObject pointer, is set to @obj */
G_GNUC_INTERNAL
gpointer gst_v4l2_tv_object_new_part (GstV4l2TvObject * obj, gsize size);
G_GNUC_INTERNAL
GstV4l2TvObject *gst_v4l2_tv_object_from_element (gpointer element);

G_GNUC_INTERNAL
void gst_v4l2_tv_object_install_properties (GObjectClass * gobject_class,
    GstTvHwNodeKind kind);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_is_running (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_set_property_helper (GstV4l2TvObject * obj,
    guint prop_id, const GValue * value, GParamSpec * pspec);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_get_property_helper (GstV4l2TvObject * obj,
    guint prop_id, GValue * value, GParamSpec * pspec);

G_GNUC_INTERNAL gboolean gst_v4l2_tv_object_open (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_object_close (GstV4l2TvObject * obj);
G_GNUC_INTERNAL gboolean gst_v4l2_tv_object_reopen (GstV4l2TvObject * obj,
    GstTvHwDevice * dev);
/* the lifecycle both elements share: call before chaining up with the
 * transition (FALSE: fail it), and after with what the parent returned */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_change_state_pre (GstV4l2TvObject * obj,
    GstStateChange transition);
G_GNUC_INTERNAL
GstStateChangeReturn gst_v4l2_tv_object_change_state_post (GstV4l2TvObject *
    obj, GstStateChange transition, GstStateChangeReturn ret);

/* asks for input/output @port (NULL: keep) or standard @norm: stored
 * while closed, programmed at once while open and not streaming (FALSE
 * with a warning when the card refuses: the request then reads what is in
 * force), else a switch request for the streaming thread. Any thread,
 * no lock held. */
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_request_port (GstV4l2TvObject * obj,
    const gchar * port);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_request_norm (GstV4l2TvObject * obj,
    v4l2_std_id norm);
/* the streaming thread, with the device lock: a live request the card
 * refused; the properties go back to what is in force */
G_GNUC_INTERNAL void gst_v4l2_tv_object_revert_request (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
const gchar *gst_v4l2_tv_object_get_location (GstV4l2TvObject * obj);
/* with the device lock: port @index of the cache, NULL past the last */
G_GNUC_INTERNAL
const GstV4l2TvPort *gst_v4l2_tv_object_get_port (GstV4l2TvObject * obj,
    guint index);
/* with the device lock: the ports' names, comma-separated */
G_GNUC_INTERNAL gchar *gst_v4l2_tv_object_list_ports (GstV4l2TvObject * obj);

G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_is_pending (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_resolve (GstV4l2TvObject * obj,
    GstV4l2TvSelection * sel, gboolean live);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_selection_changes (GstV4l2TvObject * obj,
    const GstV4l2TvSelection * sel);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_apply (GstV4l2TvObject * obj,
    const GstV4l2TvSelection * sel, gboolean live);
G_GNUC_INTERNAL void gst_v4l2_tv_selection_clear (GstV4l2TvSelection * sel);

/* what gst_v4l2_tv_object_switch() did */
typedef enum
{
  GST_V4L2_TV_SWITCH_NONE,      /* nothing pending, or nothing to change */
  GST_V4L2_TV_SWITCH_DONE,      /* the card is on the new port/standard */
  GST_V4L2_TV_SWITCH_ERROR,     /* posted */
} GstV4l2TvSwitchResult;

/* the streaming thread's half of a switch request */
G_GNUC_INTERNAL
GstV4l2TvSwitchResult gst_v4l2_tv_object_switch (GstV4l2TvObject * obj,
    GFunc release_buffers, gpointer user_data);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_select (GstV4l2TvObject * obj, gboolean live);

/* warnings found with a lock held, posted once it is let go, so that a
 * bus sync handler may call back into the element: queued on @list
 * (GstMessage) with the GST_ELEMENT_WARNING-style text and debug */
#define GST_V4L2_TV_QUEUE_WARNING(list, element, text, debug) G_STMT_START { \
  gchar *_text = _gst_element_error_printf text;                        \
  gchar *_debug = _gst_element_error_printf debug;                      \
  gst_v4l2_tv_object_queue_warning (list, element, _text, _debug);      \
} G_STMT_END
G_GNUC_INTERNAL
void gst_v4l2_tv_object_queue_warning (GList ** list, GstElement * element,
    gchar * text, gchar * debug);
G_GNUC_INTERNAL
void gst_v4l2_tv_object_post_messages (GstElement * element, GList * list);

G_GNUC_INTERNAL
GstCaps *gst_v4l2_tv_object_get_caps (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
GstClockTime gst_v4l2_tv_object_get_frame_duration (GstV4l2TvObject * obj);

/*
 * A failure of the hardware layer on the device (@err, a GST_TV_HW_ERROR)
 * as an ERROR (or a WARNING) message of the element: the code and text
 * say why when the error does (busy, disconnected, out of memory, I/O
 * error), otherwise (the driver refused the argument, ...) what the
 * element was doing: GST_RESOURCE_ERROR_@code and @text, a
 * GST_ELEMENT_ERROR-style ("format", args). The debug string is @err's
 * message.
 */
/* a problem with a setting: an error when the element starts, a warning
 * (and what is in force stays) when it comes from a live change */
#define GST_V4L2_TV_LIVE_ERROR(obj, live, code, text, debug)            \
  G_STMT_START {                                                        \
    if (live)                                                           \
      GST_ELEMENT_WARNING ((obj)->element, RESOURCE, code, text, debug); \
    else                                                                \
      GST_ELEMENT_ERROR ((obj)->element, RESOURCE, code, text, debug);  \
  } G_STMT_END
#define GST_V4L2_TV_HW_ERROR(obj, err, code, text)                      \
  gst_v4l2_tv_object_post_hw_error (obj, GST_MESSAGE_ERROR, err,        \
      GST_RESOURCE_ERROR_ ## code, _gst_element_error_printf text,      \
      __FILE__, GST_FUNCTION, __LINE__)
#define GST_V4L2_TV_HW_WARNING(obj, err, code, text)                    \
  gst_v4l2_tv_object_post_hw_error (obj, GST_MESSAGE_WARNING, err,      \
      GST_RESOURCE_ERROR_ ## code, _gst_element_error_printf text,      \
      __FILE__, GST_FUNCTION, __LINE__)
/* GST_V4L2_TV_HW_ERROR() of a setting: a GST_V4L2_TV_HW_WARNING() instead
 * when @live, as GST_V4L2_TV_LIVE_ERROR() */
#define GST_V4L2_TV_LIVE_HW_ERROR(obj, live, err, code, text)           \
  G_STMT_START {                                                        \
    if (live)                                                           \
      GST_V4L2_TV_HW_WARNING (obj, err, code, text);                    \
    else                                                                \
      GST_V4L2_TV_HW_ERROR (obj, err, code, text);                      \
  } G_STMT_END
G_GNUC_INTERNAL
void gst_v4l2_tv_object_post_hw_error (GstV4l2TvObject * obj,
    GstMessageType type, const GError * err, GstResourceError code,
    gchar * text, const gchar * file, const gchar * function, gint line);

/* the element's unlock() (@flushing TRUE) and unlock_stop() (FALSE) */
G_GNUC_INTERNAL void gst_v4l2_tv_object_set_flushing (GstV4l2TvObject * obj,
    gboolean flushing);
G_GNUC_INTERNAL
GstV4l2TvWaitResult gst_v4l2_tv_object_wait (GstV4l2TvObject * obj,
    GstClockTime timeout, GError ** error);

G_END_DECLS

#endif /* __GST_V4L2_TV_OBJECT_H__ */
