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

/**
 * GstV4l2TvStandard:
 *
 * The analog TV standards, one value per name the kernel gives an SDTV
 * standard (or group of them). The value is the v4l2_std_id mask.
 */
typedef enum
{
  GST_V4L2_TV_STANDARD_CURRENT = 0,
  GST_V4L2_TV_STANDARD_AUTO = -1,
  GST_V4L2_TV_STANDARD_NTSC = V4L2_STD_NTSC,
  GST_V4L2_TV_STANDARD_NTSC_M = V4L2_STD_NTSC_M,
  GST_V4L2_TV_STANDARD_NTSC_M_JP = V4L2_STD_NTSC_M_JP,
  GST_V4L2_TV_STANDARD_NTSC_M_KR = V4L2_STD_NTSC_M_KR,
  GST_V4L2_TV_STANDARD_NTSC_443 = V4L2_STD_NTSC_443,
  GST_V4L2_TV_STANDARD_PAL = V4L2_STD_PAL,
  GST_V4L2_TV_STANDARD_PAL_BG = V4L2_STD_PAL_BG,
  GST_V4L2_TV_STANDARD_PAL_H = V4L2_STD_PAL_H,
  GST_V4L2_TV_STANDARD_PAL_I = V4L2_STD_PAL_I,
  GST_V4L2_TV_STANDARD_PAL_DK = V4L2_STD_PAL_DK,
  GST_V4L2_TV_STANDARD_PAL_M = V4L2_STD_PAL_M,
  GST_V4L2_TV_STANDARD_PAL_N = V4L2_STD_PAL_N,
  GST_V4L2_TV_STANDARD_PAL_NC = V4L2_STD_PAL_Nc,
  GST_V4L2_TV_STANDARD_PAL_60 = V4L2_STD_PAL_60,
  GST_V4L2_TV_STANDARD_SECAM = V4L2_STD_SECAM,
  GST_V4L2_TV_STANDARD_SECAM_B = V4L2_STD_SECAM_B,
  GST_V4L2_TV_STANDARD_SECAM_G = V4L2_STD_SECAM_G,
  GST_V4L2_TV_STANDARD_SECAM_H = V4L2_STD_SECAM_H,
  GST_V4L2_TV_STANDARD_SECAM_DK = V4L2_STD_SECAM_DK,
  GST_V4L2_TV_STANDARD_SECAM_L = V4L2_STD_SECAM_L,
  GST_V4L2_TV_STANDARD_SECAM_LC = V4L2_STD_SECAM_LC,
} GstV4l2TvStandard;

/* norm=auto, as the object stores it */
#define GST_V4L2_TV_NORM_AUTO ((v4l2_std_id) -1)

/* the properties the object installs; element properties follow
 * GST_V4L2_TV_OBJECT_PROP_LAST */
enum
{
  GST_V4L2_TV_OBJECT_PROP_DEVICE = 1,
  GST_V4L2_TV_OBJECT_PROP_DEVICE_NAME,
  GST_V4L2_TV_OBJECT_PROP_PORT,         /* "input" / "output" */
  GST_V4L2_TV_OBJECT_PROP_NORM,
  GST_V4L2_TV_OBJECT_PROP_DETECTED_NORM,        /* capture only */
  GST_V4L2_TV_OBJECT_PROP_AUDIO_INPUT,  /* capture only */
  GST_V4L2_TV_OBJECT_PROP_LAST
};

typedef struct _GstV4l2TvObject GstV4l2TvObject;
struct _GstV4l2TvTuner;
struct _GstV4l2TvBalance;
struct _GstV4l2TvOrient;

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

struct _GstV4l2TvObject
{
  GstElement *element;          /* not reffed: it owns us */
  GstTvHwDirection direction;

  /* GST_OBJECT_LOCK (element): the properties and what other threads read */
  gchar *device;
  gchar *port;                  /* requested input/output, NULL: keep */
  v4l2_std_id norm;             /* requested standard, 0: keep */
  gboolean pending;             /* port or norm changed while open */
  gboolean flushing;            /* between unlock() and unlock_stop() */
  GstTvHwDevice *dev;           /* set and cleared under the lock */
  gchar *card;
  GstCaps *caps;                /* probed: one structure per format */
  gint fps_n, fps_d;
  gchar *detected_norm;         /* what norm=auto found, NULL: nothing */
  gchar *audio_input;           /* requested audio input, NULL: keep */
  gchar *port_in_force;         /* the last port and norm request that */
  v4l2_std_id norm_in_force;    /* passed resolve, if have_in_force */
  gboolean have_in_force;

  /* the streaming thread (the state change thread while not streaming) */
  guint32 port_index;
  gchar *port_name;
  v4l2_std_id port_stds;
  v4l2_std_id std;              /* G_STD, 0 when the port has none */
  guint lines;                  /* 525, 625 or 0 */
  gint par_n, par_d;

  /* the GstTvTuner interface (gstv4l2tvtuner.c), with its own lock */
  struct _GstV4l2TvTuner *tuner;
  /* GstColorBalance (gstv4l2tvcolorbalance.c) and the flips
   * (gstv4l2tvvidorient.c), each with its own lock */
  struct _GstV4l2TvBalance *balance;
  struct _GstV4l2TvOrient *orient;
};

G_GNUC_INTERNAL
GstV4l2TvObject *gst_v4l2_tv_object_new (GstElement * element,
    GstTvHwDirection direction);
G_GNUC_INTERNAL void gst_v4l2_tv_object_free (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
GstV4l2TvObject *gst_v4l2_tv_object_from_element (gpointer element);

G_GNUC_INTERNAL
void gst_v4l2_tv_object_install_properties (GObjectClass * gobject_class,
    GstTvHwDirection direction);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_set_property_helper (GstV4l2TvObject * obj,
    guint prop_id, const GValue * value, GParamSpec * pspec);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_get_property_helper (GstV4l2TvObject * obj,
    guint prop_id, GValue * value, GParamSpec * pspec);

G_GNUC_INTERNAL gboolean gst_v4l2_tv_object_open (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_object_close (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
const gchar *gst_v4l2_tv_object_get_location (GstV4l2TvObject * obj);

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
    const GstV4l2TvSelection * sel);
G_GNUC_INTERNAL void gst_v4l2_tv_selection_clear (GstV4l2TvSelection * sel);
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_select (GstV4l2TvObject * obj);

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
G_GNUC_INTERNAL
gboolean gst_v4l2_tv_object_set_format (GstV4l2TvObject * obj,
    GstCaps * caps, GstVideoInfo * info, gboolean * default_layout);

G_GNUC_INTERNAL void gst_v4l2_tv_object_unlock (GstV4l2TvObject * obj);
G_GNUC_INTERNAL void gst_v4l2_tv_object_unlock_stop (GstV4l2TvObject * obj);
G_GNUC_INTERNAL
GstV4l2TvWaitResult gst_v4l2_tv_object_wait (GstV4l2TvObject * obj,
    GstClockTime timeout, GError ** error);

G_END_DECLS

#endif /* __GST_V4L2_TV_OBJECT_H__ */
