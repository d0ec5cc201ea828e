/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: state shared by v4l2tvsrc and v4l2tvsink.
 *
 * The element owns one GstV4l2TvObject. It holds the shared properties
 * (device, device-name, input/output, norm), opens and closes the device
 * through the hardware layer, selects the input (or output) and the
 * standard, derives the caps an analog card produces at that standard and
 * turns the hardware layer's GErrors into translated bus messages.
 *
 * Inputs and outputs are handled alike: "port" below is the input of a
 * capture device or the output of an output device.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gstv4l2tvobject.h"
#include "gstv4l2tvreconnect.h"
#include "gstv4l2tvfault.h"
#include "gstv4l2tvaudio.h"
#include "gstv4l2tvformat.h"
#include "gstv4l2tvcaps.h"
#include "gstv4l2tvtuner.h"
#include "gstv4l2tvcolorbalance.h"
#include "gstv4l2tvvidorient.h"
#include "gstv4l2tvextractrls.h"
#include "gstv4l2tvcrop.h"
#include "gstv4l2tvvbinode.h"
#include "v4l2tv-text.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

#define DEFAULT_PROP_DEVICE "/dev/video0"
#define DEFAULT_PROP_NORM GST_V4L2_TV_STANDARD_CURRENT


#define IS_CAPTURE(obj) (!gst_tv_hw_node_kind_is_output ((obj)->kind))

/* the enum type @name of @values, registered once; @type holds it */
GType
gst_v4l2_tv_register_enum (gsize * type, const gchar * name,
    const GEnumValue * values)
{
  if (g_once_init_enter (type)) {
    GType tmp = g_enum_register_static (name, values);
    g_once_init_leave (type, tmp);
  }
  return *type;
}

/* norm=: current, auto, then one value per row of gst_tv_hw_standards
 * (its description, its name as the nick, its mask as the value; every
 * SDTV mask fits a gint) */
static const GEnumValue *
standard_values (void)
{
  GEnumValue *values = g_new0 (GEnumValue, gst_tv_hw_n_standards + 3);
  guint i;

  values[0].value = GST_V4L2_TV_STANDARD_CURRENT;
  values[0].value_name = "Keep the card's current standard";
  values[0].value_nick = "current";
  values[1].value = GST_V4L2_TV_STANDARD_AUTO;
  values[1].value_name = "Detect the input's standard (capture only)";
  values[1].value_nick = "auto";
  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *row = &gst_tv_hw_standards[i];

    g_assert (row->id <= G_MAXINT);
    values[i + 2].value = (gint) row->id;
    values[i + 2].value_name = row->description;
    values[i + 2].value_nick = row->name;
  }
  return values;
}

GType
gst_v4l2_tv_standard_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type)) {
    /* the type keeps its values for the life of the process */
    GType tmp = g_enum_register_static ("GstV4l2TvStandard",
        standard_values ());
    g_once_init_leave (&type, tmp);
  }
  return type;
}

/* the norm= nick of @std ("PAL-M", "auto"), or NULL */
static const gchar *
standard_nick (v4l2_std_id std)
{
  if (std == GST_V4L2_TV_NORM_AUTO)
    return "auto";
  return gst_tv_hw_std_name (std);
}

/* "NTSC, PAL-M, PAL-N, SECAM": the standards of @stds, biggest groups
 * first, so that every name listed is a valid norm= value (bits no name
 * covers by the kernel's name); the elements' errors and the device
 * provider list them so */
gchar *
gst_v4l2_tv_standard_list (v4l2_std_id stds)
{
  GString *s = g_string_new (NULL);
  v4l2_std_id left = stds;
  guint i;

  for (i = 0; i < gst_tv_hw_n_standards; i++) {
    const GstTvHwStandard *row = &gst_tv_hw_standards[i];

    if ((left & row->id) == row->id) {
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", row->name);
      left &= ~row->id;
    }
  }
  /* single bits no name covers (ATSC, ...) */
  for (i = 0; i < 64 && left; i++) {
    v4l2_std_id bit = G_GUINT64_CONSTANT (1) << i;
    const gchar *name;

    if (!(left & bit))
      continue;
    name = gst_tv_hw_std_name (bit);
    if (name)
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", name);
    else
      g_string_append_printf (s, "%s0x%" G_GINT64_MODIFIER "x",
          s->len ? ", " : "", (guint64) bit);
    left &= ~bit;
  }

  return g_string_free (s, FALSE);
}

/* the norm= name of exactly @std ("PAL"), or the list of what it is made
 * of */
gchar *
gst_v4l2_tv_standard_describe (v4l2_std_id std)
{
  const gchar *nick = standard_nick (std);

  return nick ? g_strdup (nick) : gst_v4l2_tv_standard_list (std);
}

/* the element's object, for the interfaces' functions */
static G_DEFINE_QUARK (gst - v4l2 - tv - object, obj);

static void
port_clear (gpointer data)
{
  GstV4l2TvPort *port = data;

  g_free (port->name);
}

/* no driver has that many; a broken one that never ends its list stops
 * here */
#define MAX_PORTS 256

/*
 * With the device lock, when the device opens: the port cache. A driver
 * without ENUMINPUT/ENUMOUTPUT has one nameless port whose standards are
 * unknown; a failure part way is kept in ports_error, for the selection
 * to report.
 */
/* @port from what ENUMINPUT or ENUMOUTPUT said in @p: the same fields,
 * but for the tuner of an input, which is the modulator of an output */
#define PORT_FROM(port, p, tuner_field, tuner_type)                     \
  G_STMT_START {                                                        \
    (port).name = GST_TV_HW_NAME ((p).name);                            \
    (port).type = (p).type;                                             \
    (port).stds = (p).std;                                              \
    (port).audioset = (p).audioset;                                     \
    (port).has_tuner = (p).type == (tuner_type);                        \
    (port).tuner = (p).tuner_field;                                     \
    (port).capabilities = (p).capabilities;                             \
  } G_STMT_END

static void
enumerate_ports (GstV4l2TvObject * obj)
{
  g_autoptr (GError) err = NULL;
  guint32 i;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  g_array_set_size (obj->ports, 0);
  g_clear_error (&obj->ports_error);

  for (i = 0; i < MAX_PORTS; i++) {
    GstV4l2TvPort port = { 0, };

    if (IS_CAPTURE (obj)) {
      struct v4l2_input input;

      if (!gst_tv_hw_device_enum_input (obj->dev, i, &input, &err))
        break;
      PORT_FROM (port, input, tuner, V4L2_INPUT_TYPE_TUNER);
    } else {
      struct v4l2_output output;

      if (!gst_tv_hw_device_enum_output (obj->dev, i, &output, &err))
        break;
      PORT_FROM (port, output, modulator, V4L2_OUTPUT_TYPE_MODULATOR);
    }
    port.index = i;
    GST_DEBUG_OBJECT (obj->element, "port %u: '%s', type %u, standards 0x%"
        G_GINT64_MODIFIER "x, audioset 0x%x", i, port.name, port.type,
        (guint64) port.stds, port.audioset);
    g_array_append_val (obj->ports, port);
  }

  if (err != NULL && obj->ports->len == 0 &&
      g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED)) {
    GstV4l2TvPort port = { 0, };

    GST_DEBUG_OBJECT (obj->element, "no enumeration: %s", err->message);
    port.name = g_strdup ("");
    port.stds = V4L2_STD_ALL;
    g_array_append_val (obj->ports, port);
  } else if (err != NULL) {
    obj->ports_error = g_steal_pointer (&err);
  }
}

const GstV4l2TvPort *
gst_v4l2_tv_object_get_port (GstV4l2TvObject * obj, guint index)
{
  if (index >= obj->ports->len)
    return NULL;
  return &g_array_index (obj->ports, GstV4l2TvPort, index);
}

/* with the device lock: "Television, Composite1, S-Video" */
gchar *
gst_v4l2_tv_object_list_ports (GstV4l2TvObject * obj)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < obj->ports->len; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "",
        gst_v4l2_tv_object_get_port (obj, i)->name);
  return g_string_free (s, FALSE);
}

GstV4l2TvObject *
gst_v4l2_tv_object_new (GstElement * element, GstTvHwNodeKind kind)
{
  GstV4l2TvObject *obj = g_new0 (GstV4l2TvObject, 1);

  /* the interfaces' functions find the object from the element */
  g_object_set_qdata (G_OBJECT (element), obj_quark (), obj);

  obj->element = element;
  obj->kind = kind;
  gst_tv_hw_lock_init (&obj->lock);
  obj->ports = g_array_new (FALSE, TRUE, sizeof (GstV4l2TvPort));
  g_array_set_clear_func (obj->ports, port_clear);
  obj->device = g_strdup (DEFAULT_PROP_DEVICE);
  obj->norm = DEFAULT_PROP_NORM;
  obj->tuner = gst_v4l2_tv_tuner_new (obj);
  obj->balance = gst_v4l2_tv_balance_new (obj);
  obj->orient = gst_v4l2_tv_orient_new (obj);
  obj->extra_ctrls = gst_v4l2_tv_extra_ctrls_new (obj);
  obj->vbi = gst_v4l2_tv_vbi_node_new (obj);

  return obj;
}

gpointer
gst_v4l2_tv_object_new_part (GstV4l2TvObject * obj, gsize size)
{
  GstV4l2TvObject **part;

  g_assert (size >= sizeof (*part));
  part = g_malloc0 (size);
  *part = obj;
  return part;
}

/* the object of v4l2tvsrc or v4l2tvsink @element (the GstTvTuner,
 * GstColorBalance and GstVideoOrientation implementations) */
GstV4l2TvObject *
gst_v4l2_tv_object_from_element (gpointer element)
{
  return g_object_get_qdata (G_OBJECT (element), obj_quark ());
}

void
gst_v4l2_tv_object_free (GstV4l2TvObject * obj)
{
  g_warn_if_fail (obj->dev == NULL);
  g_object_set_qdata (G_OBJECT (obj->element), obj_quark (), NULL);

  gst_v4l2_tv_tuner_free (obj->tuner);
  gst_v4l2_tv_balance_free (obj->balance);
  gst_v4l2_tv_orient_free (obj->orient);
  gst_v4l2_tv_extra_ctrls_free (obj->extra_ctrls);
  g_clear_pointer (&obj->crop, gst_v4l2_tv_crop_free);
  g_clear_pointer (&obj->vbi, gst_v4l2_tv_vbi_node_free);
  g_free (obj->device);
  g_free (obj->port);
  g_free (obj->card);
  g_free (obj->detected_norm);
  g_free (obj->audio_input);
  g_free (obj->port_name);
  g_free (obj->active_port);
  g_array_unref (obj->ports);
  g_clear_error (&obj->ports_error);
  gst_clear_caps (&obj->caps);
  gst_tv_hw_lock_clear (&obj->lock);
  g_free (obj);
}

void
gst_v4l2_tv_object_install_properties (GObjectClass * gobject_class,
    GstTvHwNodeKind kind)
{
  g_object_class_install_property (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_DEVICE,
      g_param_spec_string ("device", "Device",
          "Device location: /dev/videoN for a Video4Linux2 card, or "
          "\"virtual\" or \"virtual:N\" (N = 0-7) for the built-in virtual "
          "TV card, \"virtual:usbtv\", \"virtual:em28xx\", "
          "\"virtual:stk1160\", \"virtual:bttv\" or \"virtual:cx88\" for one "
          "that answers as that kernel driver (docs/cards.md)", DEFAULT_PROP_DEVICE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  g_object_class_install_property (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_DEVICE_NAME,
      g_param_spec_string ("device-name", "Device name",
          "Name of the card as its driver reports it (NULL while the device "
          "is not open)", NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * GstV4l2TvSrc:input:
   *
   * The connector to capture from: its name as the driver reports it
   * (case-insensitive, e.g. "Composite1" or "s-video") or its index. When
   * unset the card keeps the input it was on, so a card set up with
   * `v4l2-ctl -i N` or by a previous pipeline captures from the same input.
   * An unknown name fails with an error that lists the card's inputs;
   * `v4l2-ctl -d /dev/videoN --list-inputs` lists them too.
   *
   * Setting it while playing switches input at the next frame and
   * renegotiates when the frame size changes; an unknown input then only
   * posts a warning and capture goes on from the previous one.
   */
  if (!gst_tv_hw_node_kind_is_output (kind))
    g_object_class_install_property (gobject_class,
        GST_V4L2_TV_OBJECT_PROP_PORT,
        g_param_spec_string ("input", "Input",
            "Input to capture from: its name (case-insensitive, e.g. "
            "\"Composite1\") or its index (\"0\", \"1\", ...); unset keeps "
            "the card's current input. A wrong name gives an error that "
            "lists the inputs (so does 'v4l2-ctl --list-inputs'). Can be "
            "changed while playing", NULL,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_PLAYING));
  else
    g_object_class_install_property (gobject_class,
        GST_V4L2_TV_OBJECT_PROP_PORT,
        g_param_spec_string ("output", "Output",
            "Output to send to: its name (case-insensitive, e.g. "
            "\"S-Video\") or its index (\"0\", \"1\", ...); unset keeps "
            "the card's current output. A wrong name gives an error that "
            "lists the outputs (so does 'v4l2-ctl --list-outputs'). Can be "
            "changed while playing", NULL,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_PLAYING));

  /**
   * GstV4l2TvSrc:norm:
   *
   * The analog TV standard, by the name users know it by: NTSC, PAL,
   * SECAM, PAL-M, NTSC-M-JP, ... The group names (NTSC, PAL, SECAM) let the
   * driver pick the variant. "current" keeps the card's standard. "auto"
   * (v4l2tvsrc only) detects the standard of the input's signal with
   * QUERYSTD when the element starts and at each switch of input;
   * see #GstV4l2TvSrc:detected-norm for how several candidates or no
   * signal are resolved. The
   * standard sets the frame size (720x480 for the 525-line standards NTSC,
   * PAL-M and PAL-60, 720x576 for the others), the frame rate (30000/1001
   * or 25/1) and the field order.
   *
   * A standard the selected input does not accept is an error that lists
   * the ones it does, and so is any standard on an input without standards
   * (a camera or HDMI input). Setting it while playing switches at the
   * next frame and renegotiates when the frame size changes.
   */
  g_object_class_install_property (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_NORM,
      g_param_spec_enum ("norm", "Norm",
          !gst_tv_hw_node_kind_is_output (kind) ?
          "Analog TV standard (NTSC, PAL, SECAM, PAL-M, NTSC-M-JP, ...): sets "
          "frame size, rate and field order; \"current\" keeps the card's, "
          "\"auto\" detects the signal's (QUERYSTD). "
          "It must be one the input accepts (the error lists them). Can be "
          "changed while playing" :
          "Analog TV standard (NTSC, PAL, SECAM, PAL-M, NTSC-M-JP, ...): sets "
          "frame size, rate and field order; \"current\" keeps the card's. "
          "It must be one the output accepts (the error lists them). Can be "
          "changed while playing", GST_TYPE_V4L2_TV_STANDARD,
          DEFAULT_PROP_NORM,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));

  /**
   * GstV4l2TvSrc:detected-norm:
   *
   * With norm=auto: the standard detected on the input when the element
   * started or last switched (QUERYSTD), by its norm name; NULL when
   * there was no signal to detect it from (a warning said which standard
   * was used instead) or norm is not auto. Each detection is also posted
   * as an element message named `v4l2tv-norm-detected`, with the fields
   * `device` (string), `input` (string), `input-index` (guint),
   * `detected` (string: the candidates the driver gave that the input
   * accepts, as norm names, empty without a signal), `detected-bits`
   * (guint64: the same as a v4l2_std_id), `chosen` (string: the standard
   * set) and `fallback` (boolean: TRUE when nothing was detected).
   * Several candidates resolve to the card's current standard when it is
   * one of them, else to the first norm name, in the norm property's
   * order, whose standards are all candidates. Without a signal the card's
   * current standard is kept when the input accepts it, else the first
   * the input accepts.
   */
  /**
   * GstV4l2TvSrc:audio-input:
   *
   * The card's audio input to route to its sound device (S_AUDIO),
   * by name (case-insensitive, e.g. "Line-In") or index; unset keeps the
   * card's choice. It must go with the video input (the input's audioset):
   * otherwise, or when the card has no such audio input, the element fails
   * to start with an error that lists the valid ones. Selected after the
   * video input at start and at each switch of input.
   */
  if (!gst_tv_hw_node_kind_is_output (kind))
    g_object_class_install_property (gobject_class,
        GST_V4L2_TV_OBJECT_PROP_AUDIO_INPUT,
        g_param_spec_string ("audio-input", "Audio input",
            "Audio input to select with the video input: its name "
            "(case-insensitive, e.g. \"Line-In\") or index; unset keeps the "
            "card's. It must be one the video input allows (the error lists "
            "them)", NULL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
            GST_PARAM_MUTABLE_READY));

  if (!gst_tv_hw_node_kind_is_output (kind))
    g_object_class_install_property (gobject_class,
        GST_V4L2_TV_OBJECT_PROP_DETECTED_NORM,
        g_param_spec_string ("detected-norm", "Detected norm",
            "With norm=auto: the standard detected on the input (NULL: no "
            "signal, or norm is not auto)", NULL,
            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_v4l2_tv_tuner_install_properties (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_FREQUENCY, kind);
  gst_v4l2_tv_balance_install_properties (gobject_class);
  gst_v4l2_tv_orient_install_properties (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_VIDEO_DIRECTION);
  gst_v4l2_tv_extra_ctrls_install_property (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_EXTRA_CONTROLS);

  /**
   * GstV4l2TvSrc:vbi-device:
   *
   * The card's VBI node (docs/vbi.md): unset (NULL), the one of the same
   * card as #GstV4l2TvSrc:device is found by itself (/dev/vbiN with the
   * same card and bus, or the virtual card's own); an empty string turns
   * VBI off; anything else is the node to use, which must be a node of
   * the same card (QUERYCAP card and bus_info). A node that is missing
   * (when named here), of another card, busy or refuses the format is one
   * warning, and the video goes on without VBI. Set it in the NULL or
   * READY state.
   */
  g_object_class_install_property (gobject_class,
      GST_V4L2_TV_OBJECT_PROP_VBI_DEVICE,
      g_param_spec_string ("vbi-device", "VBI device",
          "The card's VBI node for captions and widescreen signalling: "
          "unset finds the card's own, \"\" turns VBI off, else a "
          "/dev/vbiN or virtual location. Failures are warnings, the video "
          "goes on", NULL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_READY));

  gst_type_mark_as_plugin_api (GST_TYPE_V4L2_TV_STANDARD, 0);
}

/* with the object lock: ask the streaming thread to switch, and wake it
 * if it waits for a frame (a wake, not a flush: the wait says which) */
static void
request_switch_unlocked (GstV4l2TvObject * obj)
{
  GST_DEBUG_OBJECT (obj->element, "input/output or norm changed while "
      "streaming: a switch at the next frame");
  obj->pending = TRUE;
  gst_tv_hw_device_wake (obj->dev);
}

typedef enum
{
  REQUEST_STORED,               /* closed: used when the device opens */
  REQUEST_PENDING,              /* streaming: the streaming thread switches */
  REQUEST_NOW,                  /* open, not streaming: program it now */
} RequestMode;

/* with both locks */
static RequestMode
request_mode_unlocked (GstV4l2TvObject * obj)
{
  if (obj->dev == NULL)
    return REQUEST_STORED;
  if (obj->started) {
    request_switch_unlocked (obj);
    return REQUEST_PENDING;
  }
  return REQUEST_NOW;
}

/* with the device lock, open and not streaming: programs the card with
 * the properties, warning (not failing) when it refuses; the requests
 * then go back to what is in force */
static gboolean
program_now (GstV4l2TvObject * obj)
{
  if (gst_v4l2_tv_object_select (obj, TRUE))
    return TRUE;
  gst_v4l2_tv_object_revert_request (obj);
  return FALSE;
}

/* with both locks: stores the request @value, TRUE when it changed what
 * was asked */
typedef gboolean (*RequestStore) (GstV4l2TvObject * obj, gconstpointer value);

/* a request of the port or the norm: stored by @store, then carried out
 * as the state says (stored, left to the streaming thread, or programmed
 * now); FALSE when the card refused it now */
static gboolean
request (GstV4l2TvObject * obj, RequestStore store, gconstpointer value)
{
  RequestMode mode = REQUEST_STORED;
  gboolean ret = TRUE;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  GST_OBJECT_LOCK (obj->element);
  if (store (obj, value))
    mode = request_mode_unlocked (obj);
  GST_OBJECT_UNLOCK (obj->element);
  if (mode == REQUEST_NOW)
    ret = program_now (obj);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
  return ret;
}

static gboolean
store_port (GstV4l2TvObject * obj, gconstpointer value)
{
  const gchar *port = value;

  if (g_strcmp0 (port, obj->port) == 0)
    return FALSE;
  g_free (obj->port);
  obj->port = g_strdup (port);
  return TRUE;
}

static gboolean
store_norm (GstV4l2TvObject * obj, gconstpointer value)
{
  v4l2_std_id norm = *(const v4l2_std_id *) value;

  if (norm == obj->norm)
    return FALSE;
  if (obj->norm == GST_V4L2_TV_NORM_AUTO)
    GST_DEBUG_OBJECT (obj->element, "norm %s replaces norm=auto",
        norm ? standard_nick (norm) : "current");
  obj->norm = norm;
  return TRUE;
}

gboolean
gst_v4l2_tv_object_request_port (GstV4l2TvObject * obj, const gchar * port)
{
  return request (obj, store_port, port);
}

gboolean
gst_v4l2_tv_object_request_norm (GstV4l2TvObject * obj, v4l2_std_id norm)
{
  return request (obj, store_norm, &norm);
}

/* the norm property's value for the standard @std in force: its own
 * value when it has one, else @fallback */
static v4l2_std_id
norm_value_of (v4l2_std_id std, v4l2_std_id fallback)
{
  return std != 0 && standard_nick (std) ? std : fallback;
}

void
gst_v4l2_tv_object_revert_request (GstV4l2TvObject * obj)
{
  gboolean port_changed = FALSE, norm_changed = FALSE;

  GST_OBJECT_LOCK (obj->element);
  if (obj->active_port && g_strcmp0 (obj->port, obj->active_port) != 0) {
    g_free (obj->port);
    obj->port = g_strdup (obj->active_port);
    port_changed = TRUE;
  }
  if (obj->norm != GST_V4L2_TV_NORM_AUTO && obj->active_std != 0 &&
      obj->norm != obj->active_std) {
    obj->norm = norm_value_of (obj->active_std, 0);
    norm_changed = TRUE;
  }
  obj->pending = FALSE;
  GST_OBJECT_UNLOCK (obj->element);

  GST_DEBUG_OBJECT (obj->element, "request refused: %s%s back to what is in "
      "force", port_changed ? (IS_CAPTURE (obj) ? "input " : "output ") : "",
      norm_changed ? "norm " : "");
  if (port_changed)
    g_object_notify (G_OBJECT (obj->element),
        IS_CAPTURE (obj) ? "input" : "output");
  if (norm_changed)
    g_object_notify (G_OBJECT (obj->element), "norm");
}

/* a property that cannot change now: a warning that names it, what stays
 * in force and the state to set it in; without the object lock */
static void
refuse_while_open (GstV4l2TvObject * obj, const gchar * property,
    const gchar * in_force, const gchar * wanted, const gchar * state)
{
  g_autofree gchar *from = gst_v4l2_tv_printable (in_force);
  g_autofree gchar *to = gst_v4l2_tv_printable (wanted ? wanted : "(unset)");

  GST_ELEMENT_WARNING (obj->element, RESOURCE, SETTINGS,
      (_("Cannot change %s to '%s' while the element is running: it stays "
              "'%s'. Set it in the %s state."), property, to, from, state),
      ("%s is applied when the element starts; the change was refused",
          property));
}

/* whether the element is past READY (or on its way): the properties that
 * are set when streaming starts stay */
gboolean
gst_v4l2_tv_object_is_running (GstV4l2TvObject * obj)
{
  gboolean running;

  GST_OBJECT_LOCK (obj->element);
  running = GST_STATE (obj->element) > GST_STATE_READY ||
      GST_STATE_PENDING (obj->element) > GST_STATE_READY;
  GST_OBJECT_UNLOCK (obj->element);
  return running;
}

/* the one-property parts (tuner, orient, extra_ctrls): their accessors
 * take the device lock themselves */
typedef struct
{
  guint prop_id;
  void (*set) (GstV4l2TvObject * obj, const GValue * value);
  void (*get) (GstV4l2TvObject * obj, GValue * value);
} PartProperty;

static const PartProperty part_properties[] = {
  {GST_V4L2_TV_OBJECT_PROP_FREQUENCY,
        gst_v4l2_tv_tuner_set_frequency_property,
      gst_v4l2_tv_tuner_get_frequency_property},
  {GST_V4L2_TV_OBJECT_PROP_VIDEO_DIRECTION,
        gst_v4l2_tv_orient_set_direction_property,
      gst_v4l2_tv_orient_get_direction_property},
  {GST_V4L2_TV_OBJECT_PROP_EXTRA_CONTROLS,
        gst_v4l2_tv_extra_ctrls_set_property,
      gst_v4l2_tv_extra_ctrls_get_property},
};

/* sets @prop_id from @set_value, or reads it into @get_value, when it is a
 * property of a part (the balance's four too); FALSE when it is not */
static gboolean
access_part_property (GstV4l2TvObject * obj, guint prop_id,
    const GValue * set_value, GValue * get_value)
{
  guint i;

  if (set_value ? gst_v4l2_tv_balance_set_property (obj, prop_id, set_value)
      : gst_v4l2_tv_balance_get_property (obj, prop_id, get_value))
    return TRUE;
  for (i = 0; i < G_N_ELEMENTS (part_properties); i++) {
    if (part_properties[i].prop_id != prop_id)
      continue;
    if (set_value)
      part_properties[i].set (obj, set_value);
    else
      part_properties[i].get (obj, get_value);
    return TRUE;
  }
  return FALSE;
}

gboolean
gst_v4l2_tv_object_set_property_helper (GstV4l2TvObject * obj,
    guint prop_id, const GValue * value, GParamSpec * pspec)
{
  /* those of the interfaces take the device lock, not the object's */
  if (access_part_property (obj, prop_id, value, NULL))
    return TRUE;
  switch (prop_id) {
    case GST_V4L2_TV_OBJECT_PROP_DEVICE:{
      const gchar *device = g_value_get_string (value);
      g_autofree gchar *in_force = NULL;

      /* the device is open from READY on: it stays until NULL */
      GST_OBJECT_LOCK (obj->element);
      if (obj->dev != NULL && g_strcmp0 (device, obj->device) != 0) {
        in_force = g_strdup (obj->device);
      } else {
        g_free (obj->device);
        obj->device = g_strdup (device);
      }
      GST_OBJECT_UNLOCK (obj->element);
      if (in_force)
        refuse_while_open (obj, "device", in_force, device, "NULL");
      break;
    }
    case GST_V4L2_TV_OBJECT_PROP_AUDIO_INPUT:{
      const gchar *audio = g_value_get_string (value);
      g_autofree gchar *in_force = NULL;
      gboolean started;

      /* empty is unset, as for input */
      if (audio != NULL && *audio == '\0')
        audio = NULL;
      /* selected at start and with each input: it stays while started */
      GST_OBJECT_LOCK (obj->element);
      started = GST_STATE (obj->element) > GST_STATE_READY ||
          GST_STATE_PENDING (obj->element) > GST_STATE_READY;
      if (started && g_strcmp0 (audio, obj->audio_input) != 0) {
        in_force = g_strdup (obj->audio_input ? obj->audio_input : "(unset)");
      } else {
        g_free (obj->audio_input);
        obj->audio_input = g_strdup (audio);
        started = FALSE;
      }
      GST_OBJECT_UNLOCK (obj->element);
      if (started)
        refuse_while_open (obj, "audio-input", in_force, audio,
            "NULL or READY");
      break;
    }
    case GST_V4L2_TV_OBJECT_PROP_PORT:{
      const gchar *port = g_value_get_string (value);

      /* empty is unset (keep the card's), as in a v4l2tv:// URI */
      if (port != NULL && *port == '\0')
        port = NULL;
      gst_v4l2_tv_object_request_port (obj, port);
      break;
    }
    case GST_V4L2_TV_OBJECT_PROP_NORM:
      gst_v4l2_tv_object_request_norm (obj,
          (v4l2_std_id) g_value_get_enum (value));
      break;
    case GST_V4L2_TV_OBJECT_PROP_VBI_DEVICE:{
      const gchar *device = g_value_get_string (value);
      g_autofree gchar *in_force = gst_v4l2_tv_vbi_node_get_device (obj->vbi);

      /* the VBI node opens with the video node */
      if (gst_v4l2_tv_object_is_running (obj) &&
          g_strcmp0 (device, in_force) != 0)
        refuse_while_open (obj, "vbi-device", in_force ? in_force :
            "(unset)", device, "NULL or READY");
      else
        gst_v4l2_tv_vbi_node_set_device (obj->vbi, device);
      break;
    }
    default:
      return FALSE;
  }
  return TRUE;
}

gboolean
gst_v4l2_tv_object_get_property_helper (GstV4l2TvObject * obj,
    guint prop_id, GValue * value, GParamSpec * pspec)
{
  /* those of the interfaces and extra-controls take the device lock, not
   * the object's */
  if (access_part_property (obj, prop_id, NULL, value))
    return TRUE;
  if (prop_id == GST_V4L2_TV_OBJECT_PROP_VBI_DEVICE) {
    g_value_take_string (value, gst_v4l2_tv_vbi_node_get_device (obj->vbi));
    return TRUE;
  }

  GST_OBJECT_LOCK (obj->element);
  switch (prop_id) {
    case GST_V4L2_TV_OBJECT_PROP_DEVICE:
      g_value_set_string (value, obj->device);
      break;
    case GST_V4L2_TV_OBJECT_PROP_DEVICE_NAME:
      g_value_set_string (value, obj->card);
      break;
    case GST_V4L2_TV_OBJECT_PROP_PORT:
      /* what is in force while open: the card's port until a switch
       * asked for lands, and when none was asked for */
      if (obj->active_port && (obj->pending || obj->landing ||
              obj->port == NULL))
        g_value_set_string (value, obj->active_port);
      else
        g_value_set_string (value, obj->port);
      break;
    case GST_V4L2_TV_OBJECT_PROP_DETECTED_NORM:
      g_value_set_string (value, obj->detected_norm);
      break;
    case GST_V4L2_TV_OBJECT_PROP_AUDIO_INPUT:
      g_value_set_string (value, obj->audio_input);
      break;
    case GST_V4L2_TV_OBJECT_PROP_NORM:
      /* likewise; norm=auto stays auto (detected-norm says what it
       * found) */
      if (obj->active_port && obj->norm != GST_V4L2_TV_NORM_AUTO &&
          (obj->pending || obj->landing || obj->norm == 0))
        g_value_set_enum (value, (gint) norm_value_of (obj->active_std,
                obj->norm));
      else
        g_value_set_enum (value, (gint) obj->norm);
      break;
    default:
      GST_OBJECT_UNLOCK (obj->element);
      return FALSE;
  }
  GST_OBJECT_UNLOCK (obj->element);
  return TRUE;
}

/* --- open / close --- */

/* the sentence (and @code) for the errors that say why something failed,
 * whatever it was (gst_v4l2_tv_object_post_hw_error()); NULL for the
 * others. @shown is the device, printable. */
static gchar *
hw_error_why (const GError * err, const gchar * shown, GstResourceError * code)
{
  if (err == NULL || err->domain != GST_TV_HW_ERROR)
    return NULL;
  switch (err->code) {
    case GST_TV_HW_ERROR_BUSY:
      *code = GST_RESOURCE_ERROR_BUSY;
      return g_strdup_printf (_("Device '%s' is busy."), shown);
    case GST_TV_HW_ERROR_DISCONNECTED:
      *code = GST_RESOURCE_ERROR_NOT_FOUND;
      return g_strdup_printf (_("Device '%s' was disconnected."), shown);
    case GST_TV_HW_ERROR_NO_MEMORY:
      *code = GST_RESOURCE_ERROR_NO_SPACE_LEFT;
      return g_strdup_printf (_("Device '%s' ran out of memory."), shown);
    case GST_TV_HW_ERROR_IO:
      return g_strdup_printf (_("Device '%s' had an input/output error."),
          shown);
    default:
      return NULL;
  }
}

static gboolean gst_v4l2_tv_object_adopt (GstV4l2TvObject * obj,
    GstTvHwDevice * dev, gboolean started);

gboolean
gst_v4l2_tv_object_open (GstV4l2TvObject * obj)
{
  g_autoptr (GError) err = NULL;
  g_autofree gchar *location = NULL;
  g_autofree gchar *shown = NULL;
  g_autofree gchar *why = NULL;
  gboolean capture = IS_CAPTURE (obj);
  GstResourceError code;
  gchar *text;
  GstTvHwDevice *dev;

  GST_OBJECT_LOCK (obj->element);
  location = g_strdup (obj->device);
  GST_OBJECT_UNLOCK (obj->element);

  if (location == NULL || *location == '\0')
    goto no_device;

  GST_DEBUG_OBJECT (obj->element, "opening %s", location);
  dev = gst_tv_hw_device_open (location, obj->kind, &err);
  if (dev == NULL)
    goto open_failed;

  return gst_v4l2_tv_object_adopt (obj, dev, FALSE);

  /* ERRORS */
no_device:
  {
    GST_ELEMENT_ERROR (obj->element, RESOURCE, NOT_FOUND,
        (_("No device was given.")), ("the device property is empty"));
    return FALSE;
  }
open_failed:
  {
    /* the device may come from a URI: quote it printable */
    shown = gst_v4l2_tv_printable (location);
    why = gst_v4l2_tv_printable (err->message);
    switch (err->domain == GST_TV_HW_ERROR ? err->code : -1) {
      case GST_TV_HW_ERROR_NOT_FOUND:
        code = GST_RESOURCE_ERROR_NOT_FOUND;
        text = g_strdup_printf (_("Device '%s' does not exist."), shown);
        break;
      case GST_TV_HW_ERROR_PERMISSION:
        code = capture ? GST_RESOURCE_ERROR_OPEN_READ :
            GST_RESOURCE_ERROR_OPEN_WRITE;
        text = g_strdup_printf (capture ?
            _("No permission to open device '%s' for reading.") :
            _("No permission to open device '%s' for writing."), shown);
        break;
      case GST_TV_HW_ERROR_NOT_V4L2:
        /* NOT_FOUND, as sys/v4l2 does: there is no video device there */
        code = GST_RESOURCE_ERROR_NOT_FOUND;
        text = g_strdup_printf (_("Device '%s' is not a Video4Linux2 "
                "device."), shown);
        break;
      case GST_TV_HW_ERROR_WRONG_DIRECTION:
        code = GST_RESOURCE_ERROR_NOT_FOUND;
        text = g_strdup_printf (capture ?
            _("Device '%s' is not a video capture device.") :
            _("Device '%s' is not a video output device."), shown);
        break;
      default:
        /* the hardware layer's reason (busy, disconnected, I/O, ...) */
        code = capture ? GST_RESOURCE_ERROR_OPEN_READ :
            GST_RESOURCE_ERROR_OPEN_WRITE;
        text = hw_error_why (err, shown, &code);
        if (text == NULL)
          text = g_strdup_printf (capture ?
              _("Could not open device '%s' for reading.") :
              _("Could not open device '%s' for writing."), shown);
        break;
    }
    gst_element_message_full (obj->element, GST_MESSAGE_ERROR,
        GST_RESOURCE_ERROR, code, text, g_strdup (why), __FILE__,
        GST_FUNCTION, __LINE__);
    return FALSE;
  }
}

/* the device lock, then the object lock: @dev, opened, becomes the
 * object's and is programmed as the properties say; @started: the element
 * streams (a reopen, see gst_v4l2_tv_object_reopen()). FALSE (closed,
 * the error posted) when the card refuses. */
static gboolean
gst_v4l2_tv_object_adopt (GstV4l2TvObject * obj, GstTvHwDevice * dev,
    gboolean started)
{
  GST_INFO_OBJECT (obj->element, "opened %s: card '%s', driver %s, bus %s, "
      "backend %s", gst_tv_hw_device_get_location (dev),
      gst_tv_hw_device_get_card (dev), gst_tv_hw_device_get_driver (dev),
      gst_tv_hw_device_get_bus_info (dev),
      gst_tv_hw_device_get_backend_name (dev));

  GST_V4L2_TV_DEVICE_LOCK (obj);
  /* from now on, every call into it holds the device lock */
  gst_tv_hw_device_set_lock (dev, &obj->lock);
  GST_OBJECT_LOCK (obj->element);
  obj->dev = dev;
  obj->card = g_strdup (gst_tv_hw_device_get_card (dev));
  obj->pending = FALSE;
  obj->started = started;
  gst_tv_hw_device_set_flushing (dev, obj->flushing);
  GST_OBJECT_UNLOCK (obj->element);

  enumerate_ports (obj);
  gst_v4l2_tv_tuner_opened (obj);
  gst_v4l2_tv_balance_opened (obj);
  gst_v4l2_tv_orient_opened (obj);

  /* the card is programmed as the properties say from READY on, so that
   * what GstTvTuner says and the properties agree: the input or output,
   * the standard, then the tuner's or modulator's frequency; the format
   * follows with the caps */
  if (!gst_v4l2_tv_object_select (obj, FALSE) ||
      !gst_v4l2_tv_tuner_start (obj) || !gst_v4l2_tv_extra_ctrls_opened (obj)) {
    GST_V4L2_TV_DEVICE_UNLOCK (obj);
    gst_v4l2_tv_object_close (obj);
    return FALSE;
  }
  /* the VBI node beside it: a failure there is only a warning */
  gst_v4l2_tv_vbi_node_open (obj->vbi);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  return TRUE;
}

/**
 * gst_v4l2_tv_object_reopen:
 * @obj: a closed object
 * @dev: (transfer full): the same card, opened again (it came back)
 *
 * Takes @dev in place of the device that went away and programs it as
 * at open (input or output, standard, frequency, audio input, colour
 * controls, flips: what the object holds in force), keeping the element
 * started. FALSE (closed, the error posted) when the card refuses.
 */
gboolean
gst_v4l2_tv_object_reopen (GstV4l2TvObject * obj, GstTvHwDevice * dev)
{
  g_return_val_if_fail (obj->dev == NULL, FALSE);

  return gst_v4l2_tv_object_adopt (obj, dev, TRUE);
}

/* never resets the card: input, standard and format stay as they are for
 * the next user, as V4L2 expects */
void
gst_v4l2_tv_object_close (GstV4l2TvObject * obj)
{
  GstTvHwDevice *dev;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  /* the interface lets go of the device first */
  gst_v4l2_tv_tuner_closing (obj);
  gst_v4l2_tv_balance_closing (obj);
  gst_v4l2_tv_orient_closing (obj);
  gst_v4l2_tv_vbi_node_close (obj->vbi);

  GST_OBJECT_LOCK (obj->element);
  dev = obj->dev;
  obj->dev = NULL;
  g_clear_pointer (&obj->card, g_free);
  g_clear_pointer (&obj->active_port, g_free);
  obj->active_std = 0;
  gst_clear_caps (&obj->caps);
  obj->fps_n = 0;
  obj->fps_d = 1;
  obj->pending = FALSE;
  obj->landing = FALSE;
  obj->started = FALSE;
  GST_OBJECT_UNLOCK (obj->element);

  g_clear_pointer (&obj->port_name, g_free);
  g_array_set_size (obj->ports, 0);
  g_clear_error (&obj->ports_error);

  if (dev) {
    GST_DEBUG_OBJECT (obj->element, "closing %s",
        gst_tv_hw_device_get_location (dev));
    gst_tv_hw_device_close (dev);
  }
  GST_V4L2_TV_DEVICE_UNLOCK (obj);
}

gboolean
gst_v4l2_tv_object_change_state_pre (GstV4l2TvObject * obj,
    GstStateChange transition)
{
  switch (transition) {
    case GST_STATE_CHANGE_NULL_TO_READY:
      /* open and programmed from READY on, as with v4l2src: GstTvTuner
       * lists and switches inputs and norms there. Failing here, before
       * GstBaseSrc/GstBaseSink start, keeps their generic "Failed to
       * start" error from following ours, which names the device and the
       * valid choices. */
      return gst_v4l2_tv_object_open (obj);
    case GST_STATE_CHANGE_READY_TO_PAUSED:
      /* from now on the streaming thread owns the buffers and switches:
       * requests from other threads wait for it */
      GST_V4L2_TV_DEVICE_LOCK (obj);
      GST_OBJECT_LOCK (obj->element);
      obj->started = TRUE;
      GST_OBJECT_UNLOCK (obj->element);
      GST_V4L2_TV_DEVICE_UNLOCK (obj);
      return TRUE;
    default:
      return TRUE;
  }
}

GstStateChangeReturn
gst_v4l2_tv_object_change_state_post (GstV4l2TvObject * obj,
    GstStateChange transition, GstStateChangeReturn ret)
{
  gboolean pending;

  switch (transition) {
    case GST_STATE_CHANGE_NULL_TO_READY:
      if (ret == GST_STATE_CHANGE_FAILURE)
        gst_v4l2_tv_object_close (obj);
      break;
    case GST_STATE_CHANGE_READY_TO_PAUSED:
      if (ret != GST_STATE_CHANGE_FAILURE)
        break;
      /* fall through: not started after all */
    case GST_STATE_CHANGE_PAUSED_TO_READY:
      /* streaming has stopped: a switch asked for that never landed is
       * programmed now */
      GST_V4L2_TV_DEVICE_LOCK (obj);
      GST_OBJECT_LOCK (obj->element);
      obj->started = FALSE;
      pending = obj->pending && obj->dev != NULL;
      obj->pending = FALSE;
      GST_OBJECT_UNLOCK (obj->element);
      if (pending)
        program_now (obj);
      GST_V4L2_TV_DEVICE_UNLOCK (obj);
      break;
    case GST_STATE_CHANGE_READY_TO_NULL:
      gst_v4l2_tv_object_close (obj);
      break;
    default:
      break;
  }
  return ret;
}

const gchar *
gst_v4l2_tv_object_get_location (GstV4l2TvObject * obj)
{
  return obj->dev ? gst_tv_hw_device_get_location (obj->dev) : NULL;
}

/* --- inputs / outputs and standards --- */

static gboolean
get_port (GstV4l2TvObject * obj, guint32 * index, GError ** error)
{
  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);
  if (IS_CAPTURE (obj))
    return gst_tv_hw_device_get_input (obj->dev, index, error);
  return gst_tv_hw_device_get_output (obj->dev, index, error);
}

static gboolean
set_port (GstV4l2TvObject * obj, guint32 index, GError ** error)
{
  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);
  if (IS_CAPTURE (obj))
    return gst_tv_hw_device_set_input (obj->dev, index, error);
  return gst_tv_hw_device_set_output (obj->dev, index, error);
}

gboolean
gst_v4l2_tv_object_is_pending (GstV4l2TvObject * obj)
{
  gboolean ret;

  GST_OBJECT_LOCK (obj->element);
  ret = obj->pending;
  GST_OBJECT_UNLOCK (obj->element);

  return ret;
}

void
gst_v4l2_tv_selection_clear (GstV4l2TvSelection * sel)
{
  g_clear_pointer (&sel->port_name, g_free);
}

/* a selection problem: an error before streaming, a warning (and the old
 * setting stays) when it comes from a live change */
#define SELECTION_ERROR GST_V4L2_TV_LIVE_ERROR
#define SELECTION_HW_ERROR GST_V4L2_TV_LIVE_HW_ERROR

/*
 * Takes the requested input/output and norm from the properties and checks
 * them against the card without changing anything: the port must exist
 * (by name, case-insensitive, or by index) and accept the norm. Posts an
 * error (a warning when @live) and returns FALSE if not.
 */
gboolean
gst_v4l2_tv_object_resolve (GstV4l2TvObject * obj, GstV4l2TvSelection * sel,
    gboolean live)
{
  g_autoptr (GError) err = NULL;
  g_autofree gchar *port = NULL;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  const GstV4l2TvPort *p;
  v4l2_std_id norm;
  guint32 index = 0;
  gboolean found = FALSE;
  guint64 number;
  guint i, n_ports = obj->ports->len;

  memset (sel, 0, sizeof (*sel));

  GST_OBJECT_LOCK (obj->element);
  port = g_strdup (obj->port);
  norm = obj->norm;
  obj->pending = FALSE;
  /* until the card has taken them (or refused them), the port and norm
   * properties keep saying what is in force, as the tuner's getters,
   * which wait for the device lock held meanwhile, do */
  obj->landing = TRUE;
  GST_OBJECT_UNLOCK (obj->element);

  if (obj->ports_error)
    goto enum_failed;
  if (n_ports == 0)
    goto no_ports;
  for (i = 0; port && !found && i < n_ports; i++) {
    if (g_ascii_strcasecmp (gst_v4l2_tv_object_get_port (obj, i)->name,
            port) == 0) {
      found = TRUE;
      index = i;
    }
  }

  if (port) {
    if (!found && g_ascii_string_to_unsigned (port, 10, 0, n_ports - 1,
            &number, NULL)) {
      found = TRUE;
      index = number;
    }
    if (!found)
      goto unknown_port;
  } else if (!get_port (obj, &index, &err)) {
    if (!g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED))
      goto get_port_failed;
    index = 0;
  } else if (index >= n_ports) {
    index = 0;
  }

  p = gst_v4l2_tv_object_get_port (obj, index);
  sel->set_port = (port != NULL);
  sel->port_index = index;
  sel->port_name = g_strdup (p->name);
  sel->port_stds = p->stds;
  sel->norm = norm;

  if (norm == GST_V4L2_TV_NORM_AUTO) {
    if (!IS_CAPTURE (obj))
      goto auto_on_output;
    if (sel->port_stds == 0)
      goto no_standards;
    sel->norm = 0;
    sel->auto_norm = TRUE;
  } else if (norm != 0 && sel->port_stds == 0) {
    goto no_standards;
  } else if (norm != 0 && (norm & sel->port_stds) == 0) {
    goto norm_not_supported;
  }

done:
  GST_DEBUG_OBJECT (obj->element, "selection: port %u '%s'%s, norm %s",
      index, sel->port_name, sel->set_port ? "" : " (current)",
      norm ? standard_nick (norm) : "current");
  return TRUE;

  /* ERRORS */
auto_on_output:
  {
    g_autofree gchar *list = gst_v4l2_tv_standard_list (sel->port_stds);

    SELECTION_ERROR (obj, live, SETTINGS,
        (_("norm auto detects the standard of a signal coming in, so an "
                "output cannot have it: output '%s' of device '%s' needs a "
                "norm, one of: %s."), sel->port_name, location, list),
        ("QUERYSTD is for inputs"));
    gst_v4l2_tv_selection_clear (sel);
    return FALSE;
  }
enum_failed:
  {
    SELECTION_HW_ERROR (obj, live, obj->ports_error, SETTINGS,
        (_("Could not list the inputs and outputs of device '%s'."), location));
    return FALSE;
  }
no_ports:
  {
    if (IS_CAPTURE (obj))
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Device '%s' has no inputs."), location),
          ("ENUMINPUT gave EINVAL for index 0: the driver lists no input"));
    else
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Device '%s' has no outputs."), location),
          ("ENUMOUTPUT gave EINVAL for index 0: the driver lists no output"));
    return FALSE;
  }
unknown_port:
  {
    g_autofree gchar *list = gst_v4l2_tv_object_list_ports (obj);
    /* the port and the device may come from a URI: quote them printable */
    g_autofree gchar *shown = gst_v4l2_tv_printable (port);
    g_autofree gchar *dev = gst_v4l2_tv_printable (location);

    if (IS_CAPTURE (obj))
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Device '%s' has no input '%s'; its inputs are: %s."), dev,
              shown, list), ("input \"%s\" is neither an input's name nor "
              "an index below %u", shown, n_ports));
    else
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Device '%s' has no output '%s'; its outputs are: %s."),
              dev, shown, list), ("output \"%s\" is neither an output's "
              "name nor an index below %u", shown, n_ports));
    return FALSE;
  }
get_port_failed:
  {
    SELECTION_HW_ERROR (obj, live, err, SETTINGS,
        (_("Could not read the current settings of device '%s'."), location));
    return FALSE;
  }
no_standards:
  {
    SELECTION_ERROR (obj, live, SETTINGS,
        (IS_CAPTURE (obj) ?
            _("Input '%s' of device '%s' has no analog TV standards, so "
                "norm %s cannot be set; leave norm unset for it.") :
            _("Output '%s' of device '%s' has no analog TV standards, so "
                "norm %s cannot be set; leave norm unset for it."),
            sel->port_name, location, standard_nick (norm)),
        ("%s", IS_CAPTURE (obj) ?
            "the input's standard mask is 0 (a camera or digital input)" :
            "the output's standard mask is 0 (a digital output)"));
    if (live && sel->set_port)
      goto keep_port_norm;
    gst_v4l2_tv_selection_clear (sel);
    return FALSE;
  }
norm_not_supported:
  {
    g_autofree gchar *list = gst_v4l2_tv_standard_list (sel->port_stds);

    SELECTION_ERROR (obj, live, SETTINGS,
        (IS_CAPTURE (obj) ?
            _("Input '%s' of device '%s' does not support norm %s; it "
                "supports: %s.") :
            _("Output '%s' of device '%s' does not support norm %s; it "
                "supports: %s."), sel->port_name, location,
            standard_nick (norm), list),
        ("requested 0x%" G_GINT64_MODIFIER "x, %s accepts 0x%"
            G_GINT64_MODIFIER "x", (guint64) norm,
            IS_CAPTURE (obj) ? "input" : "output", (guint64) sel->port_stds));
    if (live && sel->set_port)
      goto keep_port_norm;
    gst_v4l2_tv_selection_clear (sel);
    return FALSE;
  }
keep_port_norm:
  {
    /* a live switch to a port that does not take the norm asked for
     * still switches (the warning said so), keeping the port's standard:
     * there is no other way from a PAL-only input to an NTSC-only one
     * while playing. The norm property then reads what is in force. */
    sel->norm = 0;
    sel->norm_refused = TRUE;
    goto done;
  }
}

/*
 * In the streaming thread, at a frame boundary: carries out a switch asked
 * for while streaming. The request is resolved against the card; one it
 * refuses only warns, capture or output goes on as it was and the
 * properties read what is in force again. When the port or standard
 * changes, @release_buffers (@user_data) frees the element's buffers
 * first (drivers refuse S_INPUT, S_OUTPUT and S_STD while buffers exist),
 * then the card is programmed; the element renegotiates after DONE.
 */
GstV4l2TvSwitchResult
gst_v4l2_tv_object_switch (GstV4l2TvObject * obj, GFunc release_buffers,
    gpointer user_data)
{
  GstV4l2TvSwitchResult ret = GST_V4L2_TV_SWITCH_NONE;
  GstV4l2TvSelection sel;

  if (!gst_v4l2_tv_object_is_pending (obj))
    return GST_V4L2_TV_SWITCH_NONE;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  if (!gst_v4l2_tv_object_resolve (obj, &sel, TRUE)) {
    gst_v4l2_tv_object_revert_request (obj);
  } else if (gst_v4l2_tv_object_selection_changes (obj, &sel)) {
    GST_INFO_OBJECT (obj->element, "switching to %s %u '%s'",
        IS_CAPTURE (obj) ? "input" : "output", sel.port_index, sel.port_name);
    /* without the lock: freeing the buffers may wait for downstream to
     * let go of a frame it has mapped (the held frames are copied). Other
     * threads can only ask for more switches meanwhile, which stay
     * pending: this thread alone streams. */
    /* the VBI node's buffers go too: drivers refuse S_INPUT and S_STD
     * while either node has some; it restarts with the video */
    gst_v4l2_tv_vbi_node_stop (obj->vbi);
    GST_V4L2_TV_DEVICE_UNLOCK (obj);
    release_buffers (obj, user_data);
    GST_V4L2_TV_DEVICE_LOCK (obj);
    ret = gst_v4l2_tv_object_apply (obj, &sel, FALSE) ?
        GST_V4L2_TV_SWITCH_DONE : GST_V4L2_TV_SWITCH_ERROR;
  }
  gst_v4l2_tv_selection_clear (&sel);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  return ret;
}

/* whether applying @sel would change the card's port or standard */
gboolean
gst_v4l2_tv_object_selection_changes (GstV4l2TvObject * obj,
    const GstV4l2TvSelection * sel)
{
  if (sel->set_port && sel->port_index != obj->port_index)
    return TRUE;
  /* norm=auto: a switch was asked for, detect again */
  if (sel->auto_norm)
    return TRUE;
  return sel->norm != 0 && sel->norm != obj->std;
}

/*
 * norm=auto: the standard of the signal on the port just selected, from
 * QUERYSTD. The driver may answer with several candidates (a
 * 525-line signal whose colour it cannot tell, say): the card's current
 * standard when it is one of them, else the first norm= name, in the
 * order of the property's list (NTSC, NTSC-M, ..., PAL, PAL-BG, ...,
 * SECAM, ...), whose standards are all candidates. Without a signal
 * (QUERYSTD fails or finds nothing the port accepts) a warning, and the
 * card's current standard if the port accepts it, else the first name the
 * port accepts; the warning says when the card cannot detect at all (no
 * QUERYSTD: ENOTTY, as usbtv's driver), for no signal would send the user
 * to the cable. Posts a "v4l2tv-norm-detected" element message either way
 * and returns the standard to set.
 */
static v4l2_std_id
detect_norm (GstV4l2TvObject * obj, const GstV4l2TvSelection * sel)
{
  g_autoptr (GError) err = NULL;
  g_autofree gchar *detected_str = NULL;
  g_autofree gchar *chosen_str = NULL;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  v4l2_std_id detected = 0, current = 0, candidates, pool, chosen = 0;
  gboolean fallback, cannot = FALSE;
  guint i;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  if (!gst_tv_hw_device_query_std (obj->dev, &detected, &err)) {
    GST_DEBUG_OBJECT (obj->element, "QUERYSTD: %s", err->message);
    cannot = g_error_matches (err, GST_TV_HW_ERROR,
        GST_TV_HW_ERROR_NOT_SUPPORTED);
    detected = 0;
  }
  if (!gst_tv_hw_device_get_std (obj->dev, &current, NULL))
    current = 0;
  candidates = detected & sel->port_stds;
  fallback = candidates == 0;

  pool = fallback ? sel->port_stds : candidates;
  if (current != 0 && (current & ~pool) == 0) {
    chosen = current;
  } else {
    for (i = 0; i < gst_tv_hw_n_standards && chosen == 0; i++) {
      v4l2_std_id id = gst_tv_hw_standards[i].id;

      if ((id & ~pool) == 0)
        chosen = id;
    }
    /* bits no name covers */
    if (chosen == 0)
      chosen = pool;
  }

  detected_str =
      candidates ? gst_v4l2_tv_standard_list (candidates) : g_strdup ("");
  chosen_str = gst_v4l2_tv_standard_describe (chosen);
  if (cannot)
    GST_ELEMENT_WARNING (obj->element, RESOURCE, SETTINGS,
        (_("Device '%s' cannot detect the standard of a signal; using %s on "
                "input '%s'. Set norm to the standard of the source."),
            location, chosen_str, sel->port_name),
        ("QUERYSTD is not supported by the driver; the input accepts 0x%"
            G_GINT64_MODIFIER "x", (guint64) sel->port_stds));
  else if (fallback)
    GST_ELEMENT_WARNING (obj->element, RESOURCE, SETTINGS,
        (_("No signal on input '%s' of device '%s' to detect its standard "
                "from; using %s."), sel->port_name, location, chosen_str),
        ("QUERYSTD found 0x%" G_GINT64_MODIFIER "x, the input "
            "accepts 0x%" G_GINT64_MODIFIER "x", (guint64) detected,
            (guint64) sel->port_stds));
  else
    GST_INFO_OBJECT (obj->element, "detected %s on input '%s', using %s",
        detected_str, sel->port_name, chosen_str);

  GST_OBJECT_LOCK (obj->element);
  g_free (obj->detected_norm);
  obj->detected_norm = fallback ? NULL : g_strdup (chosen_str);
  GST_OBJECT_UNLOCK (obj->element);

  gst_element_post_message (obj->element,
      gst_message_new_element (GST_OBJECT_CAST (obj->element),
          gst_structure_new ("v4l2tv-norm-detected",
              "device", G_TYPE_STRING, location,
              "input", G_TYPE_STRING, sel->port_name,
              "input-index", G_TYPE_UINT, sel->port_index,
              "detected", G_TYPE_STRING, detected_str,
              "detected-bits", G_TYPE_UINT64, (guint64) candidates,
              "chosen", G_TYPE_STRING, chosen_str,
              "fallback", G_TYPE_BOOLEAN, fallback, NULL)));

  return chosen;
}

/*
 * Selects the port and standard of @sel (S_INPUT then G_INPUT to confirm,
 * S_STD then G_STD), then reads what the card now produces. Buffers must
 * be freed, since drivers refuse S_INPUT/S_STD while they exist. Posts an
 * error and returns FALSE on failure.
 */
gboolean
gst_v4l2_tv_object_apply (GstV4l2TvObject * obj, const GstV4l2TvSelection * sel,
    gboolean live)
{
  g_autoptr (GError) err = NULL;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  v4l2_std_id std = 0, norm = sel->norm;
  guint32 index = sel->port_index;
  GstCaps *caps;
  gint fps_n, fps_d;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  if (sel->set_port) {
    GST_DEBUG_OBJECT (obj->element, "selecting port %u '%s'", index,
        sel->port_name);
    if (!set_port (obj, index, &err))
      goto set_port_failed;
    if (!get_port (obj, &index, &err)) {
      if (!g_error_matches (err, GST_TV_HW_ERROR,
              GST_TV_HW_ERROR_NOT_SUPPORTED))
        goto set_port_failed;
      g_clear_error (&err);
      index = sel->port_index;
    }
    if (index != sel->port_index)
      goto port_not_taken;
    gst_v4l2_tv_balance_port_changed_unlocked (obj);
  }

  if (sel->auto_norm) {
    norm = detect_norm (obj, sel);
  } else if (IS_CAPTURE (obj)) {
    GST_OBJECT_LOCK (obj->element);
    g_clear_pointer (&obj->detected_norm, g_free);
    GST_OBJECT_UNLOCK (obj->element);
  }
  if (norm) {
    GST_DEBUG_OBJECT (obj->element, "setting standard %s",
        standard_nick (norm));
    if (!gst_tv_hw_device_set_std (obj->dev, norm, &err))
      goto set_std_failed;
    if (!gst_tv_hw_device_get_std (obj->dev, &std, &err)) {
      GST_DEBUG_OBJECT (obj->element, "G_STD: %s", err->message);
      g_clear_error (&err);
      std = norm;
    }
  } else if (sel->port_stds != 0 &&
      !gst_tv_hw_device_get_std (obj->dev, &std, &err)) {
    /* ENODATA: no standards on this port */
    GST_DEBUG_OBJECT (obj->element, "G_STD: %s", err->message);
    g_clear_error (&err);
    std = 0;
  }

  obj->port_index = sel->port_index;
  g_free (obj->port_name);
  obj->port_name = g_strdup (sel->port_name);
  obj->port_stds = sel->port_stds;
  obj->std = std;
  obj->lines = gst_tv_hw_std_lines (std);
  gst_v4l2_tv_caps_pixel_aspect (obj, &obj->par_n, &obj->par_d);
  gst_v4l2_tv_caps_frame_rate (obj, &fps_n, &fps_d);

  if (!gst_v4l2_tv_crop_apply (obj))
    return FALSE;
  caps = gst_v4l2_tv_caps_probe (obj, fps_n, fps_d, &err);

  {
    g_autofree gchar *std_str = gst_v4l2_tv_standard_describe (std);

    GST_INFO_OBJECT (obj->element, "port %u '%s', standard %s (0x%"
        G_GINT64_MODIFIER "x, %u lines), %d/%d fps, caps %" GST_PTR_FORMAT,
        obj->port_index, obj->port_name, std ? std_str : "none",
        (guint64) std, obj->lines, fps_n, fps_d, caps);
  }

  GST_OBJECT_LOCK (obj->element);
  gst_caps_replace (&obj->caps, caps);
  obj->fps_n = fps_n;
  obj->fps_d = fps_d;
  g_free (obj->active_port);
  obj->active_port = g_strdup (obj->port_name);
  obj->active_std = std;
  obj->landing = FALSE;
  GST_OBJECT_UNLOCK (obj->element);
  gst_caps_unref (caps);

  if (gst_caps_is_empty (obj->caps))
    goto no_formats;

  /* the audio input that goes with the video input */
  if (IS_CAPTURE (obj) && !gst_v4l2_tv_audio_apply (obj))
    return FALSE;

  /* the interface's current channel and norm, and its signals */
  gst_v4l2_tv_tuner_applied (obj);

  /* the norm asked for did not fit the port: it reads what is in force */
  if (sel->norm_refused)
    gst_v4l2_tv_object_revert_request (obj);

  return TRUE;

  /* ERRORS */
set_port_failed:
  {
    if (IS_CAPTURE (obj))
      SELECTION_HW_ERROR (obj, live, err, SETTINGS,
          (_("Could not select input '%s' of device '%s'."), sel->port_name,
              location));
    else
      SELECTION_HW_ERROR (obj, live, err, SETTINGS,
          (_("Could not select output '%s' of device '%s'."),
              sel->port_name, location));
    return FALSE;
  }
port_not_taken:
  {
    if (IS_CAPTURE (obj))
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Could not select input '%s' of device '%s'."), sel->port_name,
              location), ("asked for %u, the driver is on %u",
              sel->port_index, index));
    else
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Could not select output '%s' of device '%s'."),
              sel->port_name, location), ("asked for %u, the driver is on %u",
              sel->port_index, index));
    return FALSE;
  }
set_std_failed:
  {
    g_autofree gchar *list = gst_v4l2_tv_standard_list (sel->port_stds);

    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID)
        && IS_CAPTURE (obj))
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Input '%s' of device '%s' does not support norm %s; it "
                  "supports: %s."), sel->port_name, location,
              standard_nick (norm), list), ("%s", err->message));
    else if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_INVALID))
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Output '%s' of device '%s' does not support norm %s; it "
                  "supports: %s."), sel->port_name, location,
              standard_nick (norm), list), ("%s", err->message));
    else
      SELECTION_HW_ERROR (obj, live, err, SETTINGS,
          (_("Could not set norm %s on device '%s'."),
              standard_nick (norm), location));
    return FALSE;
  }
no_formats:
  {
    /* the enumeration failed (a disconnect, an I/O error): say why */
    if (err != NULL)
      SELECTION_HW_ERROR (obj, live, err, SETTINGS,
          (_("Device '%s' offers no video format this element handles."),
              location));
    else
      SELECTION_ERROR (obj, live, SETTINGS,
          (_("Device '%s' offers no video format this element handles."),
              location), ("no format of ENUM_FMT maps to a GstVideoFormat, "
              "or TRY_FMT refused them all"));
    return FALSE;
  }
}

/* takes @text and @debug (GST_RESOURCE_ERROR_SETTINGS) */
void
gst_v4l2_tv_object_queue_warning (GList ** list, GstElement * element,
    gchar * text, gchar * debug)
{
  GError *err = g_error_new_literal (GST_RESOURCE_ERROR,
      GST_RESOURCE_ERROR_SETTINGS, text);

  GST_WARNING_OBJECT (element, "%s (%s)", text, debug);
  *list = g_list_append (*list,
      gst_message_new_warning (GST_OBJECT (element), err, debug));
  g_error_free (err);
  g_free (text);
  g_free (debug);
}

/* posts the messages of @list and frees it; without the lock */
void
gst_v4l2_tv_object_post_messages (GstElement * element, GList * list)
{
  GList *l;

  for (l = list; l; l = l->next)
    gst_element_post_message (element, l->data);
  g_list_free (list);
}

/*
 * Resolves the port and norm the properties ask for and programs the card
 * with them, when it opens or while it is open but not streaming. Posts an
 * error (a warning when @live) and returns FALSE on failure.
 */
gboolean
gst_v4l2_tv_object_select (GstV4l2TvObject * obj, gboolean live)
{
  GstV4l2TvSelection sel;
  gboolean ok;

  GST_V4L2_TV_DEVICE_LOCK (obj);
  ok = gst_v4l2_tv_object_resolve (obj, &sel, live) &&
      gst_v4l2_tv_object_apply (obj, &sel, live);
  gst_v4l2_tv_selection_clear (&sel);
  GST_V4L2_TV_DEVICE_UNLOCK (obj);

  return ok;
}

/* the caps probed by the last _apply(), NULL while closed */
GstCaps *
gst_v4l2_tv_object_get_caps (GstV4l2TvObject * obj)
{
  GstCaps *caps = NULL;

  GST_OBJECT_LOCK (obj->element);
  if (obj->caps)
    caps = gst_caps_ref (obj->caps);
  GST_OBJECT_UNLOCK (obj->element);

  return caps;
}

/* one frame period at the current standard, GST_CLOCK_TIME_NONE if not
 * known */
GstClockTime
gst_v4l2_tv_object_get_frame_duration (GstV4l2TvObject * obj)
{
  GstClockTime ret = GST_CLOCK_TIME_NONE;

  GST_OBJECT_LOCK (obj->element);
  if (obj->fps_n > 0 && obj->fps_d > 0)
    ret = gst_util_uint64_scale_int (GST_SECOND, obj->fps_d, obj->fps_n);
  GST_OBJECT_UNLOCK (obj->element);

  return ret;
}

/* --- errors of the hardware layer --- */

/*
 * Posts @err (see GST_V4L2_TV_HW_ERROR) as a message of @type. Takes
 * @text. The errors that say why something failed, whatever the element
 * was doing, get their own code and sentence:
 * - BUSY: GST_RESOURCE_ERROR_BUSY, the device is busy;
 * - DISCONNECTED (ENODEV while open): GST_RESOURCE_ERROR_NOT_FOUND, the
 *   device was disconnected;
 * - NO_MEMORY (ENOMEM): GST_RESOURCE_ERROR_NO_SPACE_LEFT, as v4l2src says
 *   when it cannot allocate;
 * - IO (EIO): @code (what failed), but the sentence says the device had
 *   an input/output error, not that it refused the request.
 * Any other (INVALID: the driver refused the argument, FAILED, ...)
 * keeps @code and @text.
 */
void
gst_v4l2_tv_object_post_hw_error (GstV4l2TvObject * obj, GstMessageType type,
    const GError * err, GstResourceError code, gchar * text,
    const gchar * file, const gchar * function, gint line)
{
  g_autofree gchar *shown = NULL;
  gchar *why;

  /* on-disconnect=reconnect: the streaming thread rides it out */
  if (type == GST_MESSAGE_ERROR &&
      gst_v4l2_tv_reconnect_intercept (obj->element, err)) {
    g_free (text);
    return;
  }

  shown = gst_v4l2_tv_printable (gst_v4l2_tv_object_get_location (obj));
  why = hw_error_why (err, shown, &code);
  if (why) {
    GST_DEBUG_OBJECT (obj->element, "instead of \"%s\": \"%s\"", text, why);
    g_free (text);
    text = why;
  }

  gst_element_message_full (obj->element, type, GST_RESOURCE_ERROR, code,
      text, g_strdup (err ? err->message : NULL), file, function, line);
}

/* --- waiting for frames --- */

/* (a switch asked for while flushing stays pending in the device's wake) */
void
gst_v4l2_tv_object_set_flushing (GstV4l2TvObject * obj, gboolean flushing)
{
  GST_OBJECT_LOCK (obj->element);
  obj->flushing = flushing;
  if (obj->dev)
    gst_tv_hw_device_set_flushing (obj->dev, flushing);
  GST_OBJECT_UNLOCK (obj->element);
}

/*
 * Waits up to @timeout for a buffer to dequeue, without the device lock
 * (other threads program the card meanwhile). Interrupted by unlock()
 * (FLUSHING) and by a switch request (SWITCH), each by its own means.
 */
GstV4l2TvWaitResult
gst_v4l2_tv_object_wait (GstV4l2TvObject * obj, GstClockTime timeout,
    GError ** error)
{
  g_autoptr (GError) err = NULL;

  if (gst_tv_hw_device_wait (obj->dev,
          GST_CLOCK_TIME_IS_VALID (timeout) ? (gint64) timeout : -1, &err))
    return GST_V4L2_TV_WAIT_READY;

  if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_TIMEOUT))
    return GST_V4L2_TV_WAIT_TIMEOUT;
  if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FLUSHING))
    return GST_V4L2_TV_WAIT_FLUSHING;
  if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_WOKEN))
    return GST_V4L2_TV_WAIT_SWITCH;

  g_propagate_error (error, g_steal_pointer (&err));
  return GST_V4L2_TV_WAIT_ERROR;
}
