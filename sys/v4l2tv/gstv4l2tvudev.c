/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What udev knows of the cards, through libgudev.
 *
 * A USB grabber or a TV card shows up as several devices under one parent:
 * the video4linux node (/dev/videoN, em28xx, stk1160, usbtv, saa7134,
 * cx88) and, from the card's ALSA driver (em28xx-alsa, saa7134-alsa,
 * cx88-alsa...), a sound card with PCM devices. The shared parent is the
 * USB device (each function is one of its interfaces) or the PCI device
 * (cx88 puts its sound on another function of the same slot, so PCI
 * devices match by slot). The sound card's `id` attribute names it for
 * ALSA: a capture PCM pcmC<card>D<dev>c becomes "hw:CARD=<id>,DEV=<dev>",
 * which stays right when cards are plugged in another order.
 *
 * Only sysfs is read here (libudev reads sysfs and udev's database), so a
 * lookup works without udev running; watching cards come and go needs the
 * udev daemon (or a umockdev testbed standing in for it). No ioctl: only
 * the hardware layer talks to a device.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>
#include <gst/gst.h>

#ifdef HAVE_GUDEV
#include <gudev/gudev.h>
#endif

#include "gstv4l2tvudev.h"
#include "v4l2tv-debug.h"

GST_DEBUG_CATEGORY_STATIC (v4l2tv_udev_debug);
#define GST_CAT_DEFAULT v4l2tv_udev_debug

/* udev's control socket: there while the udev daemon runs (what libudev
 * itself looks at) */
#define UDEV_CONTROL "/run/udev/control"
/* set by umockdev to its testbed's root: the testbed sends the uevents */
#define UMOCKDEV_ENV "UMOCKDEV_DIR"

static void
debug_init (void)
{
  V4L2TV_DEBUG_INIT_ONCE (v4l2tv_udev_debug, "v4l2tvudev",
      "udev: the cards' nodes, sound devices and hotplug");
}

/**
 * gst_v4l2_tv_udev_is_active:
 *
 * Returns: whether udev can be asked for the nodes and watched for cards
 * plugged in and out: built with libgudev, and the udev daemon runs (or a
 * umockdev testbed is in place)
 */
gboolean
gst_v4l2_tv_udev_is_active (void)
{
  debug_init ();
#ifdef HAVE_GUDEV
  if (g_getenv (UMOCKDEV_ENV) != NULL)
    return TRUE;
  if (g_file_test (UDEV_CONTROL, G_FILE_TEST_EXISTS))
    return TRUE;
  GST_DEBUG ("no %s: udev is not running", UDEV_CONTROL);
#else
  GST_DEBUG ("built without libgudev");
#endif
  return FALSE;
}

#ifdef HAVE_GUDEV

static const gchar *const video_subsystems[] = { "video4linux", NULL };

/* the device a card's functions hang from: its USB device, or its PCI
 * device; NULL for any other bus (vivid is a platform device, without
 * sound) */
static GUdevDevice *
find_card_parent (GUdevDevice * device)
{
  GUdevDevice *d = g_object_ref (device);

  while (d) {
    const gchar *subsystem = g_udev_device_get_subsystem (d);
    GUdevDevice *parent;

    if (g_strcmp0 (subsystem, "pci") == 0)
      return d;
    if (g_strcmp0 (subsystem, "usb") == 0 &&
        g_strcmp0 (g_udev_device_get_devtype (d), "usb_device") == 0)
      return d;
    parent = g_udev_device_get_parent (d);
    g_object_unref (d);
    d = parent;
  }
  return NULL;
}

/* what two functions of one card have in common: the USB device's path,
 * or the PCI device's path without its function number */
static gchar *
card_key (GUdevDevice * device)
{
  g_autoptr (GUdevDevice) parent = find_card_parent (device);
  const gchar *path;
  const gchar *dot;

  if (parent == NULL)
    return NULL;
  path = g_udev_device_get_sysfs_path (parent);
  if (g_strcmp0 (g_udev_device_get_subsystem (parent), "pci") == 0 &&
      (dot = strrchr (path, '.')) != NULL && strchr (dot, '/') == NULL)
    return g_strndup (path, dot - path);
  return g_strdup (path);
}

/* the card and device numbers of a capture PCM, "pcmC1D0c" */
static gboolean
parse_capture_pcm (const gchar * name, guint * card, guint * dev)
{
  gchar kind = 0;
  gint end = -1;

  if (name == NULL ||
      sscanf (name, "pcmC%uD%u%c%n", card, dev, &kind, &end) != 3 ||
      end < 0 || name[end] != '\0')
    return FALSE;
  return kind == 'c';
}

/* the ALSA name of the capture PCM @pcm, of card @card_no */
static gchar *
alsa_name (GUdevDevice * pcm, guint card_no, guint dev_no)
{
  g_autoptr (GUdevDevice) card = g_udev_device_get_parent (pcm);
  const gchar *id = NULL;

  if (card)
    id = g_udev_device_get_sysfs_attr (card, "id");
  if (id == NULL || *id == '\0') {
    GST_DEBUG ("%s: the sound card has no id, using its number",
        g_udev_device_get_sysfs_path (pcm));
    return g_strdup_printf ("hw:%u,%u", card_no, dev_no);
  }
  return g_strdup_printf ("hw:CARD=%s,DEV=%u", id, dev_no);
}

static gchar *
find_audio_device (GUdevClient * client, GUdevDevice * video)
{
  g_autofree gchar *key = card_key (video);
  GList *sound, *l;
  GUdevDevice *best = NULL;
  guint best_card = 0, best_dev = 0;
  gchar *ret = NULL;

  if (key == NULL) {
    GST_DEBUG ("%s: not on a USB or PCI device",
        g_udev_device_get_sysfs_path (video));
    return NULL;
  }

  sound = g_udev_client_query_by_subsystem (client, "sound");
  for (l = sound; l; l = l->next) {
    GUdevDevice *pcm = l->data;
    g_autofree gchar *pcm_key = NULL;
    guint card_no, dev_no;

    if (!parse_capture_pcm (g_udev_device_get_name (pcm), &card_no, &dev_no))
      continue;
    pcm_key = card_key (pcm);
    if (g_strcmp0 (pcm_key, key) != 0)
      continue;
    /* the first capture PCM of the first card */
    if (best == NULL || card_no < best_card ||
        (card_no == best_card && dev_no < best_dev)) {
      best = pcm;
      best_card = card_no;
      best_dev = dev_no;
    }
  }
  if (best)
    ret = alsa_name (best, best_card, best_dev);
  GST_DEBUG ("%s (card %s): sound %s", g_udev_device_get_sysfs_path (video),
      key, GST_STR_NULL (ret));
  g_list_free_full (sound, g_object_unref);

  return ret;
}

#endif /* HAVE_GUDEV */

/**
 * gst_v4l2_tv_udev_list_nodes:
 *
 * Returns: (transfer full): the device files of the video4linux nodes udev
 * knows ("/dev/videoN", "/dev/vbiN", "/dev/radioN"...), in no particular
 * order; empty without libgudev
 */
GPtrArray *
gst_v4l2_tv_udev_list_nodes (void)
{
  GPtrArray *nodes = g_ptr_array_new_with_free_func (g_free);
#ifdef HAVE_GUDEV
  g_autoptr (GUdevClient) client = NULL;
  GList *devices, *l;

  debug_init ();
  client = g_udev_client_new (video_subsystems);
  devices = g_udev_client_query_by_subsystem (client, "video4linux");
  for (l = devices; l; l = l->next) {
    const gchar *file = g_udev_device_get_device_file (l->data);

    if (file)
      g_ptr_array_add (nodes, g_strdup (file));
  }
  g_list_free_full (devices, g_object_unref);
  GST_DEBUG ("udev knows %u video4linux nodes", nodes->len);
#endif
  return nodes;
}

/**
 * gst_v4l2_tv_udev_find_audio_device:
 * @node: a device file, "/dev/videoN"
 *
 * Finds the ALSA capture device of the card that @node belongs to: a
 * capture PCM of a sound card on the same USB device, or on the same PCI
 * slot. Needs sysfs, not the udev daemon.
 *
 * Returns: (transfer full) (nullable): "hw:CARD=<id>,DEV=<n>", or %NULL
 * when the card has no sound device (or @node is not a device udev knows,
 * or there is no libgudev)
 */
gchar *
gst_v4l2_tv_udev_find_audio_device (const gchar * node)
{
#ifdef HAVE_GUDEV
  g_autoptr (GUdevClient) client = NULL;
  GList *devices, *l;
  gchar *ret = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (node != NULL, NULL);

  debug_init ();
  /* by name among the video4linux devices: the node's own numbers
   * (g_udev_client_query_by_device_file) would need a stat() of it */
  client = g_udev_client_new (NULL);
  devices = g_udev_client_query_by_subsystem (client, "video4linux");
  for (l = devices; l && !found; l = l->next) {
    if (g_strcmp0 (g_udev_device_get_device_file (l->data), node) == 0) {
      ret = find_audio_device (client, l->data);
      found = TRUE;
    }
  }
  g_list_free_full (devices, g_object_unref);
  if (!found)
    GST_DEBUG ("%s: not a video4linux node udev knows", node);
  return ret;
#else
  return NULL;
#endif
}

/* --- hotplug --- */

struct _GstV4l2TvUdevMonitor
{
  GstV4l2TvUdevFunc func;
  gpointer user_data;

  GMainContext *context;
  GMainLoop *loop;
  GThread *thread;

  /* the thread is listening */
  GMutex lock;
  GCond cond;
  gboolean ready;
};

#ifdef HAVE_GUDEV
static void
on_uevent (GUdevClient * client, const gchar * action, GUdevDevice * device,
    gpointer user_data)
{
  GstV4l2TvUdevMonitor *monitor = user_data;
  const gchar *file = g_udev_device_get_device_file (device);

  GST_DEBUG ("%s %s (%s)", action, g_udev_device_get_sysfs_path (device),
      GST_STR_NULL (file));
  if (file == NULL)
    return;
  if (g_strcmp0 (action, "add") == 0)
    monitor->func (file, TRUE, monitor->user_data);
  else if (g_strcmp0 (action, "remove") == 0)
    monitor->func (file, FALSE, monitor->user_data);
}

/* the client lives and dispatches in this thread's own context */
static gpointer
monitor_thread (gpointer data)
{
  GstV4l2TvUdevMonitor *monitor = data;
  GUdevClient *client;

  g_main_context_push_thread_default (monitor->context);
  client = g_udev_client_new (video_subsystems);
  g_signal_connect (client, "uevent", G_CALLBACK (on_uevent), monitor);

  g_mutex_lock (&monitor->lock);
  monitor->ready = TRUE;
  g_cond_signal (&monitor->cond);
  g_mutex_unlock (&monitor->lock);

  g_main_loop_run (monitor->loop);

  g_signal_handlers_disconnect_by_data (client, monitor);
  g_object_unref (client);
  g_main_context_pop_thread_default (monitor->context);

  return NULL;
}
#endif

/**
 * gst_v4l2_tv_udev_monitor_new:
 * @func: called for each video4linux node plugged in or removed, from the
 * monitor's thread
 * @user_data: for @func
 *
 * Starts watching udev for video4linux nodes in a thread of its own; it
 * listens when this returns.
 *
 * Returns: (transfer full) (nullable): the monitor, %NULL without libgudev
 */
GstV4l2TvUdevMonitor *
gst_v4l2_tv_udev_monitor_new (GstV4l2TvUdevFunc func, gpointer user_data)
{
#ifdef HAVE_GUDEV
  GstV4l2TvUdevMonitor *monitor = g_new0 (GstV4l2TvUdevMonitor, 1);

  debug_init ();
  monitor->func = func;
  monitor->user_data = user_data;
  monitor->context = g_main_context_new ();
  monitor->loop = g_main_loop_new (monitor->context, FALSE);
  g_mutex_init (&monitor->lock);
  g_cond_init (&monitor->cond);

  monitor->thread = g_thread_new ("v4l2tv-udev", monitor_thread, monitor);
  g_mutex_lock (&monitor->lock);
  while (!monitor->ready)
    g_cond_wait (&monitor->cond, &monitor->lock);
  g_mutex_unlock (&monitor->lock);
  GST_DEBUG ("watching video4linux nodes");

  return monitor;
#else
  return NULL;
#endif
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/**
 * gst_v4l2_tv_udev_monitor_free:
 * @monitor: (transfer full): a monitor
 *
 * Stops watching and joins the thread: once this returns, the callback is
 * not called any more.
 */
void
gst_v4l2_tv_udev_monitor_free (GstV4l2TvUdevMonitor * monitor)
{
  if (monitor == NULL)
    return;

  /* through the loop's context: a quit before the loop runs would be lost */
  g_main_context_invoke (monitor->context, quit_loop, monitor->loop);
  g_thread_join (monitor->thread);

  g_main_loop_unref (monitor->loop);
  g_main_context_unref (monitor->context);
  g_mutex_clear (&monitor->lock);
  g_cond_clear (&monitor->cond);
  g_free (monitor);
}
