/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:provider-v4l2tvdeviceprovider
 * @title: v4l2tvdeviceprovider
 *
 * Lists the Video4Linux2 video capture and output nodes for
 * #GstDeviceMonitor (`gst-device-monitor-1.0 Video/Source Video/Sink`),
 * with what an analog TV application needs to know in the device
 * properties: the node's inputs (or outputs), the current one, the TV
 * standards it accepts and the current standard, by the names the
 * elements' `norm` property takes. A capture node becomes a `Video/Source`
 * device that creates a v4l2tvsrc, an output node a `Video/Sink` device
 * that creates a v4l2tvsink; a node that does both is listed twice, once
 * for each. gst-plugins-good's v4l2 provider lists the same nodes: ours
 * carry `device.api=v4l2tv`, and `v4l2tv.analog=true` marks the nodes
 * with at least one input or output that has analog TV standards (the
 * others, webcams for instance, are better served by v4l2src).
 *
 * The built-in virtual TV cards exist only inside the process that uses
 * them, so they are listed only on request: with the environment variable
 * `V4L2TV_VIRTUAL_DEVICES=N` the provider also lists the capture and the
 * output node of `virtual:0` to `virtual:N-1` (at most 8 cards). The
 * cards that answer as a driver does (`virtual:usbtv`, `virtual:em28xx`,
 * ...) are named after it, comma-separated: `V4L2TV_VIRTUAL_DEVICES=1,usbtv`
 * lists `virtual:0` and `virtual:usbtv`.
 *
 * `v4l2tv.audio-device` is the card's ALSA capture device: a capture PCM
 * of the sound card on the same USB device or PCI slot as the node
 * (em28xx-alsa, stk1160, usbtv, saa7134-alsa, cx88-alsa), named by the
 * card's id, such as `hw:CARD=Em28xx,DEV=0`. It is empty when the card
 * has no sound device, on the virtual cards, and when the module was
 * built without libgudev (meson option `gudev`).
 *
 * A capture node whose card has sound (an `v4l2tv.audio-device`, or a
 * virtual card, which has its own) is listed a second time as an
 * `Audio/Source` device, "CARD (sound)", with the same `device.path`: it
 * creates a #v4l2tvaudiosrc for that card, which captures the sound
 * slaved to the card's picture.
 *
 * When udev runs, the provider lists the nodes udev knows and, while it
 * is started (gst_device_monitor_start(), `gst-device-monitor-1.0 -f`),
 * announces the cards plugged in and out with device-added and
 * device-removed messages. Without udev (a container, a minimal VM) or
 * without libgudev it probes the nodes in /dev once and sees no cards
 * plugged in later.
 *
 * ## Example
 * |[
 * V4L2TV_VIRTUAL_DEVICES=1 gst-device-monitor-1.0 Video/Source Video/Sink
 * ]| Lists the TV cards and the virtual card 0, with their inputs, outputs
 * and standards.
 * |[
 * gst-device-monitor-1.0 -f Video/Source
 * ]| Lists the capture nodes, then goes on announcing the cards plugged in
 * and out until stopped (Ctrl-C).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "gstv4l2tvdeviceprovider.h"
#include "gstv4l2tvaudiosrc.h"
#include "gstv4l2tvelements.h"
#include "gstv4l2tvobject.h"
#include "gstv4l2tvsrc.h"
#include "gstv4l2tvsink.h"
#include "gstv4l2tvudev.h"
#include "hw/tvhw-v4l2.h"
#include "hw/tvhw-virtual.h"

GST_DEBUG_CATEGORY_STATIC (gst_v4l2_tv_device_provider_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_device_provider_debug

/* where the video nodes are */
#define DEV_DIR "/dev"
/* how many virtual cards to list */
#define VIRTUAL_DEVICES_ENV "V4L2TV_VIRTUAL_DEVICES"

/* --- the devices --- */

struct _GstV4l2TvDevice
{
  GstDevice parent;

  gchar *location;
  GstTvHwNodeKind direction;
  gboolean sound;               /* the card's sound: a v4l2tvaudiosrc */
};

enum
{
  PROP_DEVICE_0,
  PROP_DEVICE_PATH,
};

G_DEFINE_TYPE (GstV4l2TvDevice, gst_v4l2_tv_device, GST_TYPE_DEVICE);

static void
gst_v4l2_tv_device_finalize (GObject * object)
{
  GstV4l2TvDevice *self = GST_V4L2_TV_DEVICE (object);

  g_free (self->location);

  G_OBJECT_CLASS (gst_v4l2_tv_device_parent_class)->finalize (object);
}

static void
gst_v4l2_tv_device_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstV4l2TvDevice *self = GST_V4L2_TV_DEVICE (object);

  switch (prop_id) {
    case PROP_DEVICE_PATH:
      g_free (self->location);
      self->location = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_v4l2_tv_device_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstV4l2TvDevice *self = GST_V4L2_TV_DEVICE (object);

  switch (prop_id) {
    case PROP_DEVICE_PATH:
      g_value_set_string (value, self->location);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static const gchar *
element_factory_name (GstV4l2TvDevice * self)
{
  if (self->sound)
    return "v4l2tvaudiosrc";
  return self->direction ==
      GST_TV_HW_NODE_VIDEO_CAPTURE ? "v4l2tvsrc" : "v4l2tvsink";
}

static GstElement *
gst_v4l2_tv_device_create_element (GstDevice * device, const gchar * name)
{
  GstV4l2TvDevice *self = GST_V4L2_TV_DEVICE (device);
  GstElement *element;

  element = gst_element_factory_make (element_factory_name (self), name);
  if (element == NULL) {
    GST_WARNING_OBJECT (self, "could not create a %s",
        element_factory_name (self));
    return NULL;
  }
  g_object_set (element, "device", self->location, NULL);

  return element;
}

/* points a v4l2tvsrc (v4l2tvsink) at this device; the device is opened
 * when the element starts, so it must not be running */
static gboolean
gst_v4l2_tv_device_reconfigure_element (GstDevice * device,
    GstElement * element)
{
  GstV4l2TvDevice *self = GST_V4L2_TV_DEVICE (device);
  GType type = self->sound ? GST_TYPE_V4L2_TV_AUDIO_SRC :
      self->direction == GST_TV_HW_NODE_VIDEO_CAPTURE ?
      GST_TYPE_V4L2_TV_SRC : GST_TYPE_V4L2_TV_SINK;
  GstState state;

  if (!G_TYPE_CHECK_INSTANCE_TYPE (element, type)) {
    GST_DEBUG_OBJECT (self, "%" GST_PTR_FORMAT " is not a %s", element,
        element_factory_name (self));
    return FALSE;
  }

  GST_OBJECT_LOCK (element);
  state = GST_STATE (element);
  GST_OBJECT_UNLOCK (element);
  if (state > GST_STATE_READY) {
    GST_DEBUG_OBJECT (self, "%" GST_PTR_FORMAT " is %s: it keeps its device "
        "until it stops", element, gst_element_state_get_name (state));
    return FALSE;
  }

  g_object_set (element, "device", self->location, NULL);

  return TRUE;
}

static void
gst_v4l2_tv_device_class_init (GstV4l2TvDeviceClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstDeviceClass *device_class = GST_DEVICE_CLASS (klass);

  gobject_class->finalize = gst_v4l2_tv_device_finalize;
  gobject_class->set_property = gst_v4l2_tv_device_set_property;
  gobject_class->get_property = gst_v4l2_tv_device_get_property;

  device_class->create_element = gst_v4l2_tv_device_create_element;
  device_class->reconfigure_element = gst_v4l2_tv_device_reconfigure_element;

  g_object_class_install_property (gobject_class, PROP_DEVICE_PATH,
      g_param_spec_string ("device-path", "Device path",
          "The location the element's device property is set to: "
          "/dev/videoN, or virtual:N for a virtual TV card", NULL,
          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
}

static void
gst_v4l2_tv_device_init (GstV4l2TvDevice * self)
{
  self->direction = GST_TV_HW_NODE_VIDEO_CAPTURE;
}

/* --- the provider --- */

struct _GstV4l2TvDeviceProvider
{
  GstDeviceProvider parent;

  /* between start and stop, when udev runs: cards plugged in and out */
  GstV4l2TvUdevMonitor *monitor;
  /* serialises the listing at start and the monitor's additions, so that
   * a node is listed once */
  GMutex lock;
};

G_DEFINE_TYPE_WITH_CODE (GstV4l2TvDeviceProvider, gst_v4l2_tv_device_provider,
    GST_TYPE_DEVICE_PROVIDER,
    GST_DEBUG_CATEGORY_INIT (gst_v4l2_tv_device_provider_debug,
        "v4l2tvdeviceprovider", 0, "analog TV device provider"));

/*
 * MARGINAL, not NONE like the elements: GstDeviceMonitor only asks
 * providers ranked above NONE. Below gst-plugins-good's PRIMARY v4l2
 * provider, so its devices come first where an application takes the
 * first one; ours are told apart by device.api=v4l2tv.
 */
static gboolean
v4l2_tv_device_provider_register (GstPlugin * plugin)
{
  v4l2_tv_element_init (plugin);

  return gst_device_provider_register (plugin, "v4l2tvdeviceprovider",
      GST_RANK_MARGINAL, GST_TYPE_V4L2_TV_DEVICE_PROVIDER);
}

GST_DEVICE_PROVIDER_REGISTER_DEFINE_CUSTOM (v4l2tvdeviceprovider,
    v4l2_tv_device_provider_register);

/* what the node has, read straight from the hardware layer */
typedef struct
{
  gchar *card;
  gchar *driver;
  gchar *bus_info;
  const gchar *backend;         /* static */
  guint32 device_caps;
} NodeInfo;

static void
node_info_clear (NodeInfo * info)
{
  g_free (info->card);
  g_free (info->driver);
  g_free (info->bus_info);
  memset (info, 0, sizeof (*info));
}

/*
 * Opens @location for @direction and reads QUERYCAP. Returns FALSE without an error for a node that is not of that
 * direction (or a memory-to-memory device: a codec or converter, not a
 * card), with @error when it could not be looked at.
 */
static gboolean
read_node (const gchar * location, GstTvHwNodeKind direction,
    NodeInfo * info, GError ** error)
{
  g_autoptr (GError) err = NULL;
  GstTvHwDevice *dev;

  memset (info, 0, sizeof (*info));

  dev = gst_tv_hw_device_open (location, direction, &err);
  if (dev == NULL)
    goto open_failed;

  info->device_caps = gst_tv_hw_device_get_caps (dev);
  if (info->device_caps & (V4L2_CAP_VIDEO_M2M | V4L2_CAP_VIDEO_M2M_MPLANE))
    goto m2m;

  info->card = g_strdup (gst_tv_hw_device_get_card (dev));
  info->driver = g_strdup (gst_tv_hw_device_get_driver (dev));
  info->bus_info = g_strdup (gst_tv_hw_device_get_bus_info (dev));
  info->backend = gst_tv_hw_device_get_backend_name (dev);
  gst_tv_hw_device_close (dev);
  return TRUE;

  /* ERRORS */
open_failed:
  {
    if (g_error_matches (err, GST_TV_HW_ERROR, GST_TV_HW_ERROR_WRONG_DIRECTION)) {
      GST_LOG ("%s: %s", location, err->message);
      return FALSE;
    }
    g_propagate_error (error, g_steal_pointer (&err));
    return FALSE;
  }
m2m:
  {
    GST_DEBUG ("%s: a memory-to-memory device (device caps 0x%08x)",
        location, info->device_caps);
    gst_tv_hw_device_close (dev);
    return FALSE;
  }
}

/* the current port and standard, and the caps, as the elements find them:
 * through their shared object, opened without asking for an input, output
 * or norm, so nothing on the card changes. The object posts its errors on
 * a bus nobody watches; they are logged here. */
static GstCaps *
read_current (const gchar * location, GstTvHwNodeKind direction,
    gchar ** ports, gboolean * analog, gchar ** port, v4l2_std_id * port_stds,
    v4l2_std_id * std)
{
  GstElement *owner = gst_pipeline_new ("v4l2tvdeviceprovider-probe");
  GstBus *bus = gst_element_get_bus (owner);
  GstV4l2TvObject *obj = gst_v4l2_tv_object_new (owner, direction);
  GValue value = G_VALUE_INIT;
  GstCaps *caps = NULL;
  GstMessage *msg;

  gst_object_ref_sink (owner);

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, location);
  gst_v4l2_tv_object_set_property_helper (obj,
      GST_V4L2_TV_OBJECT_PROP_DEVICE, &value, NULL);
  g_value_unset (&value);

  /* opening programs the card as it is (no input or norm asked for) and
   * reads what it produces */
  if (gst_v4l2_tv_object_open (obj)) {
    const GstV4l2TvPort *p;
    guint i;

    GST_V4L2_TV_DEVICE_LOCK (obj);
    *ports = gst_v4l2_tv_object_list_ports (obj);
    for (i = 0; (p = gst_v4l2_tv_object_get_port (obj, i)) != NULL; i++)
      if (p->stds != 0)
        *analog = TRUE;
    caps = gst_v4l2_tv_object_get_caps (obj);
    *port = g_strdup (obj->port_name);
    *port_stds = obj->port_stds;
    *std = obj->std;
    GST_V4L2_TV_DEVICE_UNLOCK (obj);
    gst_v4l2_tv_object_close (obj);
  }
  gst_v4l2_tv_object_free (obj);

  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ERROR | GST_MESSAGE_WARNING))) {
    g_autoptr (GError) err = NULL;
    g_autofree gchar *debug = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
      gst_message_parse_error (msg, &err, &debug);
    else
      gst_message_parse_warning (msg, &err, &debug);
    GST_INFO ("%s: %s (%s)", location, err->message, debug);
    gst_message_unref (msg);
  }
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  gst_object_unref (owner);

  return caps;
}

/* the device for @location in @direction, NULL when it is not one (or
 * could not be probed: @error) */
static GstDevice *
probe_node (const gchar * location, GstTvHwNodeKind direction, GError ** error)
{
  gboolean capture = direction == GST_TV_HW_NODE_VIDEO_CAPTURE;
  g_autofree gchar *port = NULL;
  g_autofree gchar *ports = NULL;
  g_autofree gchar *display_name = NULL;
  g_autofree gchar *audio = NULL;
  v4l2_std_id port_stds = 0, std = 0;
  gboolean analog = FALSE;
  NodeInfo info;
  GstStructure *props;
  GstCaps *caps;
  GstV4l2TvDevice *device;

  if (!read_node (location, direction, &info, error))
    return NULL;

  caps = read_current (location, direction, &ports, &analog, &port,
      &port_stds, &std);
  if (caps == NULL || gst_caps_is_empty (caps))
    goto no_caps;

  /* the virtual cards have no sound device */
  if (!gst_tv_hw_location_is_virtual (location))
    audio = gst_v4l2_tv_udev_find_audio_device (location);

  props = gst_structure_new ("v4l2tv-proplist",
      "device.path", G_TYPE_STRING, location,
      "device.api", G_TYPE_STRING, "v4l2tv",
      "v4l2.device.card", G_TYPE_STRING, info.card,
      "v4l2.device.driver", G_TYPE_STRING, info.driver,
      "v4l2.device.bus_info", G_TYPE_STRING, info.bus_info,
      "v4l2.device.device_caps", G_TYPE_UINT, info.device_caps,
      "v4l2tv.backend", G_TYPE_STRING, info.backend,
      "v4l2tv.analog", G_TYPE_BOOLEAN, analog,
      capture ? "v4l2tv.inputs" : "v4l2tv.outputs", G_TYPE_STRING, ports,
      "v4l2tv.audio-device", G_TYPE_STRING, audio ? audio : "", NULL);
  if (port)
    gst_structure_set (props, capture ? "v4l2tv.current-input" :
        "v4l2tv.current-output", G_TYPE_STRING, port, NULL);
  if (port_stds != 0) {
    g_autofree gchar *norms = gst_v4l2_tv_standard_list (port_stds);

    gst_structure_set (props, "v4l2tv.norms", G_TYPE_STRING, norms, NULL);
  }
  if (std != 0) {
    g_autofree gchar *norm = gst_v4l2_tv_standard_describe (std);

    gst_structure_set (props, "v4l2tv.current-norm", G_TYPE_STRING, norm, NULL);
  }

  display_name = g_strdup_printf ("%s (%s)", info.card,
      capture ? "capture" : "output");
  device = g_object_new (GST_TYPE_V4L2_TV_DEVICE,
      "display-name", display_name,
      "caps", caps,
      "device-class", capture ? "Video/Source" : "Video/Sink",
      "properties", props, "device-path", location, NULL);
  device->direction = direction;

  GST_INFO ("%s: %s, %" GST_PTR_FORMAT, location, display_name, props);

  gst_structure_free (props);
  gst_caps_unref (caps);
  node_info_clear (&info);

  return GST_DEVICE (device);

  /* ERRORS */
no_caps:
  {
    g_set_error (error, GST_TV_HW_ERROR, GST_TV_HW_ERROR_FAILED,
        "'%s': no caps could be read from the %s node", location,
        capture ? "capture" : "output");
    gst_clear_caps (&caps);
    node_info_clear (&info);
    return NULL;
  }
}

/* the card's sound beside its capture node @video, NULL when the card
 * has none (no ALSA device paired with it; the virtual cards have their
 * own) */
static GstDevice *
sound_device (GstV4l2TvDevice * video)
{
  g_autoptr (GstStructure) props = NULL;
  g_autoptr (GstCaps) caps = NULL;
  g_autofree gchar *display_name = NULL;
  const gchar *audio;
  GstV4l2TvDevice *device;

  props = gst_device_get_properties (GST_DEVICE (video));
  audio = gst_structure_get_string (props, "v4l2tv.audio-device");
  if (!gst_tv_hw_location_is_virtual (video->location) &&
      (audio == NULL || *audio == '\0'))
    return NULL;

  caps = gst_caps_from_string ("audio/x-raw, format = (string) S16LE, "
      "layout = (string) interleaved, rate = (int) 48000, "
      "channels = (int) 2, channel-mask = (bitmask) 0x3");
  display_name = g_strdup_printf ("%s (sound)",
      gst_structure_get_string (props, "v4l2.device.card"));
  gst_structure_remove_fields (props, "v4l2tv.inputs", "v4l2tv.current-input",
      "v4l2tv.norms", "v4l2tv.current-norm", NULL);
  device = g_object_new (GST_TYPE_V4L2_TV_DEVICE,
      "display-name", display_name,
      "caps", caps,
      "device-class", "Audio/Source",
      "properties", props, "device-path", video->location, NULL);
  device->sound = TRUE;
  GST_INFO ("%s: %s", video->location, display_name);
  return GST_DEVICE (device);
}

/* the locations V4L2TV_VIRTUAL_DEVICES asks for: N (virtual:0 to
 * virtual:N-1) and driver profile names (virtual:NAME), comma-separated;
 * none when unset */
static GPtrArray *
virtual_locations (void)
{
  const gchar *env = g_getenv (VIRTUAL_DEVICES_ENV);
  GPtrArray *locations = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) items = NULL;
  guint i;

  if (env == NULL || *env == '\0')
    return locations;
  items = g_strsplit (env, ",", -1);
  for (i = 0; items[i]; i++) {
    const gchar *item = g_strstrip (items[i]);
    guint64 n, k;

    if (*item == '\0')
      continue;
    if (g_ascii_isdigit (*item)) {
      if (!g_ascii_string_to_unsigned (item, 10, 0, G_MAXUINT, &n, NULL)) {
        GST_WARNING ("ignoring '%s' in %s=%s: not a number of cards",
            item, VIRTUAL_DEVICES_ENV, env);
        continue;
      }
      if (n > GST_TV_HW_VIRTUAL_MAX_CARDS)
        GST_WARNING ("%s=%s: there are %u numbered virtual cards",
            VIRTUAL_DEVICES_ENV, env, GST_TV_HW_VIRTUAL_MAX_CARDS);
      for (k = 0; k < MIN (n, GST_TV_HW_VIRTUAL_MAX_CARDS); k++)
        g_ptr_array_add (locations, g_strdup_printf ("virtual:%u", (guint) k));
    } else {
      g_ptr_array_add (locations, g_strdup_printf ("virtual:%s", item));
    }
  }
  return locations;
}

/* the number N of a node /dev/videoN (or its name, videoN), -1 if @path
 * is not one */
static gint64
node_number (const gchar * path)
{
  const gchar *name = strrchr (path, '/') ? strrchr (path, '/') + 1 : path;

  return gst_tv_hw_v4l2_video_node_number (name);
}

/* the video nodes /dev/videoN, by N: those udev knows when it runs,
 * those in /dev otherwise */
static GPtrArray *
list_nodes (void)
{
  g_autoptr (GError) err = NULL;
  GPtrArray *nodes;
  guint i;

  if (gst_v4l2_tv_udev_is_active ()) {
    g_autoptr (GPtrArray) known = gst_v4l2_tv_udev_list_nodes ();

    nodes = g_ptr_array_new_with_free_func (g_free);
    for (i = 0; i < known->len; i++) {
      const gchar *path = g_ptr_array_index (known, i);

      if (node_number (path) >= 0)
        g_ptr_array_add (nodes, g_strdup (path));
    }
    gst_tv_hw_v4l2_sort_nodes (nodes, gst_tv_hw_v4l2_video_node_number);
    return nodes;
  }

  nodes = gst_tv_hw_v4l2_list_nodes (DEV_DIR,
      gst_tv_hw_v4l2_video_node_number, &err);
  if (nodes == NULL) {
    GST_WARNING ("cannot list %s: %s", DEV_DIR, err->message);
    nodes = g_ptr_array_new_with_free_func (g_free);
  }
  return nodes;
}

/* adds the device of @location in @direction to @devices, if it is one;
 * @usable is cleared when the node cannot be used in any direction (not a
 * V4L2 device, gone, no permission) */
static GList *
add_node (GList * devices, const gchar * location, GstTvHwNodeKind direction,
    gboolean * usable)
{
  g_autoptr (GError) err = NULL;
  GstDevice *device;

  device = probe_node (location, direction, &err);
  if (device) {
    GstDevice *sound = direction == GST_TV_HW_NODE_VIDEO_CAPTURE ?
        sound_device (GST_V4L2_TV_DEVICE (device)) : NULL;

    devices = g_list_prepend (devices, device);
    if (sound)
      devices = g_list_prepend (devices, sound);
    return devices;
  }
  if (err) {
    GST_INFO ("skipping %s (%s): %s", location,
        direction == GST_TV_HW_NODE_VIDEO_CAPTURE ? "capture" : "output",
        err->message);
    if (usable && err->domain == GST_TV_HW_ERROR
        && (err->code == GST_TV_HW_ERROR_NOT_V4L2
            || err->code == GST_TV_HW_ERROR_NOT_FOUND
            || err->code == GST_TV_HW_ERROR_PERMISSION))
      *usable = FALSE;
  }
  return devices;
}

/* adds the devices of the node @location (its capture and output
 * sides) to @devices */
static GList *
add_location (GstDeviceProvider * provider, GList * devices,
    const gchar * location)
{
  gboolean usable = TRUE;
  GStatBuf st;

  if (g_stat (location, &st) < 0 || !S_ISCHR (st.st_mode)) {
    GST_DEBUG_OBJECT (provider, "%s is not a character device", location);
    return devices;
  }
  devices = add_node (devices, location, GST_TV_HW_NODE_VIDEO_CAPTURE, &usable);
  if (usable)
    devices = add_node (devices, location, GST_TV_HW_NODE_VIDEO_OUTPUT, NULL);
  return devices;
}

static GList *
gst_v4l2_tv_device_provider_probe (GstDeviceProvider * provider)
{
  g_autoptr (GPtrArray) nodes = list_nodes ();
  GList *devices = NULL;
  g_autoptr (GPtrArray) virtual = virtual_locations ();
  guint i;

  for (i = 0; i < nodes->len; i++)
    devices = add_location (provider, devices, g_ptr_array_index (nodes, i));

  for (i = 0; i < virtual->len; i++) {
    const gchar *location = g_ptr_array_index (virtual, i);
    g_autoptr (GError) err = NULL;
    GstDevice *device;

    /* a card that is not there (past the last numbered one, a driver
     * with no profile): said once in the log */
    device = probe_node (location, GST_TV_HW_NODE_VIDEO_CAPTURE, &err);
    if (device == NULL && g_error_matches (err, GST_TV_HW_ERROR,
            GST_TV_HW_ERROR_NOT_FOUND)) {
      GST_WARNING_OBJECT (provider, "%s asks for %s, which is not there: %s",
          VIRTUAL_DEVICES_ENV, location, err->message);
      continue;
    }
    if (device) {
      GstDevice *sound = sound_device (GST_V4L2_TV_DEVICE (device));

      devices = g_list_prepend (devices, device);
      if (sound)
        devices = g_list_prepend (devices, sound);
    } else if (err)
      GST_INFO_OBJECT (provider, "skipping %s (capture): %s", location,
          err->message);
    devices = add_node (devices, location, GST_TV_HW_NODE_VIDEO_OUTPUT, NULL);
  }

  return g_list_reverse (devices);
}

/* the devices listed now, of @location (any location if NULL).
 * Not gst_device_provider_get_devices(): it takes the lock that
 * GstDeviceProvider holds around start and stop, which wait for the
 * monitor's thread. */
static GList *
listed_devices (GstDeviceProvider * provider, const gchar * location)
{
  GList *devices = NULL, *l;

  GST_OBJECT_LOCK (provider);
  for (l = provider->devices; l; l = l->next) {
    GstV4l2TvDevice *device = l->data;

    if (location == NULL || g_strcmp0 (device->location, location) == 0)
      devices = g_list_prepend (devices, gst_object_ref (device));
  }
  GST_OBJECT_UNLOCK (provider);
  return g_list_reverse (devices);
}

/* whether the provider lists @location in @direction (its sound:
 * @sound) already */
static gboolean
is_listed (GstDeviceProvider * provider, const gchar * location,
    GstTvHwNodeKind direction, gboolean sound)
{
  GList *devices = listed_devices (provider, location);
  gboolean found = FALSE;
  GList *l;

  for (l = devices; l; l = l->next)
    found |= GST_V4L2_TV_DEVICE (l->data)->direction == direction &&
        GST_V4L2_TV_DEVICE (l->data)->sound == sound;
  g_list_free_full (devices, gst_object_unref);
  return found;
}

/* adds @devices (consumed) that are not listed yet; with the lock */
static void
announce (GstDeviceProvider * provider, GList * devices)
{
  GList *l;

  for (l = devices; l; l = l->next) {
    GstV4l2TvDevice *device = l->data;

    if (is_listed (provider, device->location, device->direction,
            device->sound))
      gst_object_unref (gst_object_ref_sink (device));
    else
      gst_device_provider_device_add (provider, GST_DEVICE (device));
  }
  g_list_free (devices);
}

/* the monitor's thread: a node plugged in or removed */
static void
on_node (const gchar * location, gboolean added, gpointer user_data)
{
  GstV4l2TvDeviceProvider *self = user_data;
  GstDeviceProvider *provider = GST_DEVICE_PROVIDER (self);
  GList *devices, *l;

  if (node_number (location) < 0)
    return;

  g_mutex_lock (&self->lock);
  if (added) {
    GST_INFO_OBJECT (self, "%s plugged in", location);
    announce (provider, add_location (provider, NULL, location));
    g_mutex_unlock (&self->lock);
    return;
  }

  GST_INFO_OBJECT (self, "%s removed", location);
  devices = listed_devices (provider, location);
  for (l = devices; l; l = l->next)
    gst_device_provider_device_remove (provider, GST_DEVICE (l->data));
  g_list_free_full (devices, gst_object_unref);
  g_mutex_unlock (&self->lock);
}

/* lists the devices; when udev runs, watches for cards plugged in and out
 * until stop (the watch starts first, so that no card plugged in during
 * the listing is missed) */
static gboolean
gst_v4l2_tv_device_provider_start (GstDeviceProvider * provider)
{
  GstV4l2TvDeviceProvider *self = GST_V4L2_TV_DEVICE_PROVIDER (provider);

  if (gst_v4l2_tv_udev_is_active ())
    self->monitor = gst_v4l2_tv_udev_monitor_new (on_node, self);
  else
    GST_INFO_OBJECT (self, "udev is not running (or not built in): the "
        "nodes in " DEV_DIR " are listed once, cards plugged in later are "
        "not seen");

  g_mutex_lock (&self->lock);
  announce (provider, gst_v4l2_tv_device_provider_probe (provider));
  g_mutex_unlock (&self->lock);

  return TRUE;
}

static void
gst_v4l2_tv_device_provider_stop (GstDeviceProvider * provider)
{
  GstV4l2TvDeviceProvider *self = GST_V4L2_TV_DEVICE_PROVIDER (provider);

  g_clear_pointer (&self->monitor, gst_v4l2_tv_udev_monitor_free);
}

static void
gst_v4l2_tv_device_provider_finalize (GObject * object)
{
  GstV4l2TvDeviceProvider *self = GST_V4L2_TV_DEVICE_PROVIDER (object);

  g_clear_pointer (&self->monitor, gst_v4l2_tv_udev_monitor_free);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_v4l2_tv_device_provider_parent_class)->finalize (object);
}

static void
gst_v4l2_tv_device_provider_class_init (GstV4l2TvDeviceProviderClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstDeviceProviderClass *provider_class = GST_DEVICE_PROVIDER_CLASS (klass);

  gobject_class->finalize = gst_v4l2_tv_device_provider_finalize;
  provider_class->probe = gst_v4l2_tv_device_provider_probe;
  provider_class->start = gst_v4l2_tv_device_provider_start;
  provider_class->stop = gst_v4l2_tv_device_provider_stop;

  gst_device_provider_class_set_static_metadata (provider_class,
      "Analog TV device provider",
      "Source/Sink/Video/Audio",
      "Lists the video capture and output nodes of Video4Linux2 cards with "
      "their inputs, outputs and analog TV standards (device.api=v4l2tv), "
      "the cards' sound (Audio/Source, v4l2tvaudiosrc), and, when the "
      "environment variable V4L2TV_VIRTUAL_DEVICES=N is set, "
      "the virtual TV cards virtual:0 to virtual:N-1", "The v4l2tv authors");
}

static void
gst_v4l2_tv_device_provider_init (GstV4l2TvDeviceProvider * self)
{
  g_mutex_init (&self->lock);
}
