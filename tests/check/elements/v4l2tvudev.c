/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The cards' sound devices and hotplug, through libgudev, against a sysfs
 * mocked by umockdev: a USB grabber like an em28xx (a video4linux node on
 * one interface, a sound card on another), a grabber without sound, a PCI
 * card with its sound on another function (cx88), and other sound cards
 * that belong to none of them.
 *
 * Runs with umockdev's preload library (LD_PRELOAD, tests/check/meson.build),
 * which redirects /sys and /dev to each test's testbed and carries its
 * uevents. The mocked nodes cannot be opened as video devices, so the
 * tests make virtual cards answer at their device files
 * (gst_tv_hw_virtual_card_set_node): the provider finds the nodes through
 * udev and probes them through the hardware layer as it would a kernel's.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <gst/check/gstcheck.h>
#include <umockdev.h>

#include "gstv4l2tvelements.h"
#include "gstv4l2tvudev.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define PROVIDER "v4l2tvdeviceprovider"
#define ENV "V4L2TV_VIRTUAL_DEVICES"
/* how long a uevent may take to reach the provider: a hang guard, well
 * below the test's timeout (60 s, tests/check/meson.build) so that a lost
 * message fails with its assertion */
#define UEVENT_WAIT (V4L2TV_CHECK_WAIT / 4)

static UMockdevTestbed *testbed;

static void
setup_testbed (void)
{
  /* (umockdev_in_mock_environment() of Debian 12's umockdev says FALSE
   * even under umockdev-wrapper) */
  fail_unless (strstr (GST_STR_NULL (g_getenv ("LD_PRELOAD")),
          "libumockdev-preload") != NULL,
      "not running with libumockdev-preload (LD_PRELOAD)");
  testbed = umockdev_testbed_new ();
  g_unsetenv (ENV);
}

static void
teardown_testbed (void)
{
  guint i;

  for (i = 0; i < 2; i++)
    gst_tv_hw_virtual_card_set_node (gst_tv_hw_virtual_card_get (i), NULL);
  g_clear_object (&testbed);
  g_unsetenv (ENV);
}

/* a video4linux device @name (node /dev/@name, char 81:@minor) under
 * @parent; returns its sysfs path. umockdev_testbed_add_device() records
 * the node's numbers but makes no file for it (only its text records do):
 * the file is made here, a plain file that umockdev's stat() shows as the
 * character device. */
static gchar *
add_video_node (const gchar * name, guint minor, const gchar * parent)
{
  g_autofree gchar *devname = g_strdup_printf ("/dev/%s", name);
  g_autofree gchar *dev = g_strdup_printf ("81:%u", minor);
  g_autofree gchar *root = umockdev_testbed_get_root_dir (testbed);
  g_autofree gchar *file = g_build_filename (root, "dev", name, NULL);
  g_autoptr (GError) err = NULL;
  gchar *path;

  path = umockdev_testbed_add_device (testbed, "video4linux", name, parent,
      "name", "EM2861", "dev", dev, NULL, "DEVNAME", devname, NULL);
  fail_unless (path != NULL);
  fail_unless (g_file_set_contents (file, "", 0, &err), "%s: %s", file,
      err ? err->message : "?");
  return path;
}

/* a USB device with the video node /dev/video@minor on its interface 0
 * and, if @sound_id, sound card @card_no on its interface 1 with a
 * capture PCM (and a playback one on device 1); returns the video node's
 * sysfs path */
static gchar *
add_usb_grabber (const gchar * port, guint minor, const gchar * sound_id,
    guint card_no)
{
  g_autofree gchar *usb = NULL;
  g_autofree gchar *iface0 = NULL;
  g_autofree gchar *iface0_name = g_strdup_printf ("%s:1.0", port);
  g_autofree gchar *video_name = g_strdup_printf ("video%u", minor);

  usb = umockdev_testbed_add_device (testbed, "usb", port, NULL,
      "idVendor", "eb1a", "idProduct", "2861", NULL,
      "DEVTYPE", "usb_device", NULL);
  iface0 = umockdev_testbed_add_device (testbed, "usb", iface0_name, usb,
      "bInterfaceNumber", "00", NULL, "DEVTYPE", "usb_interface", NULL);

  if (sound_id) {
    g_autofree gchar *iface1_name = g_strdup_printf ("%s:1.1", port);
    g_autofree gchar *iface1 = NULL;
    g_autofree gchar *card = NULL;
    g_autofree gchar *card_name = g_strdup_printf ("card%u", card_no);
    g_autofree gchar *number = g_strdup_printf ("%u", card_no);
    g_autofree gchar *pcm = g_strdup_printf ("pcmC%uD0c", card_no);
    g_autofree gchar *play = g_strdup_printf ("pcmC%uD1p", card_no);
    g_autofree gchar *ctl = g_strdup_printf ("controlC%u", card_no);

    iface1 = umockdev_testbed_add_device (testbed, "usb", iface1_name, usb,
        "bInterfaceNumber", "01", NULL, "DEVTYPE", "usb_interface", NULL);
    card = umockdev_testbed_add_device (testbed, "sound", card_name, iface1,
        "id", sound_id, "number", number, NULL, NULL);
    g_free (umockdev_testbed_add_device (testbed, "sound", ctl, card,
            NULL, NULL));
    g_free (umockdev_testbed_add_device (testbed, "sound", play, card,
            NULL, NULL));
    g_free (umockdev_testbed_add_device (testbed, "sound", pcm, card,
            NULL, NULL));
  }

  /* the node last: a grabber's drivers register sound and video in
   * either order, hotplug tests announce the node when all is there */
  return add_video_node (video_name, minor, iface0);
}

/* a PCI device @slot.@function with a sound card with a capture PCM */
static void
add_pci_sound (const gchar * slot, guint function, const gchar * id,
    guint card_no)
{
  g_autofree gchar *name = g_strdup_printf ("%s.%u", slot, function);
  g_autofree gchar *pci = NULL;
  g_autofree gchar *card = NULL;
  g_autofree gchar *card_name = g_strdup_printf ("card%u", card_no);
  g_autofree gchar *pcm = g_strdup_printf ("pcmC%uD0c", card_no);

  pci = umockdev_testbed_add_device (testbed, "pci", name, NULL,
      "vendor", "0x14f1", NULL, NULL);
  card = umockdev_testbed_add_device (testbed, "sound", card_name, pci,
      "id", id, NULL, NULL);
  g_free (umockdev_testbed_add_device (testbed, "sound", pcm, card,
          NULL, NULL));
}

/* onboard sound with a lower card number: belongs to no grabber */
static void
add_onboard_sound (void)
{
  add_pci_sound ("0000:00:1f", 3, "PCH", 0);
}

static void
check_audio (const gchar * node, const gchar * expected)
{
  g_autofree gchar *audio = gst_v4l2_tv_udev_find_audio_device (node);

  fail_unless_equals_string (audio, expected);
}

/* the grabber's own sound card, not the onboard one, by its ALSA id */
GST_START_TEST (test_audio_usb)
{
  g_autofree gchar *video = NULL;

  add_onboard_sound ();
  video = add_usb_grabber ("1-1", 0, "Em28xx", 1);
  fail_unless (video != NULL);

  check_audio ("/dev/video0", "hw:CARD=Em28xx,DEV=0");
}

GST_END_TEST;

/* a grabber without sound, beside one with: nothing */
GST_START_TEST (test_audio_none)
{
  add_onboard_sound ();
  g_free (add_usb_grabber ("1-1", 0, "Em28xx", 1));
  g_free (add_usb_grabber ("1-2", 1, NULL, 0));

  check_audio ("/dev/video1", NULL);
  check_audio ("/dev/video0", "hw:CARD=Em28xx,DEV=0");
  /* not a node udev knows */
  check_audio ("/dev/video7", NULL);
}

GST_END_TEST;

/* cx88: the video node on function 0 of the slot, the sound card on
 * function 1; another card's sound on another slot does not match */
GST_START_TEST (test_audio_pci_function)
{
  g_autofree gchar *pci = NULL;

  add_onboard_sound ();
  add_pci_sound ("0000:04:00", 1, "Other", 1);
  add_pci_sound ("0000:03:00", 1, "CX8801", 2);
  pci = umockdev_testbed_add_device (testbed, "pci", "0000:03:00.0", NULL,
      "vendor", "0x14f1", NULL, NULL);
  g_free (add_video_node ("video2", 2, pci));

  check_audio ("/dev/video2", "hw:CARD=CX8801,DEV=0");
}

GST_END_TEST;

/* a sound card without an id attribute: named by its number */
GST_START_TEST (test_audio_no_id)
{
  g_autofree gchar *usb = NULL;
  g_autofree gchar *card = NULL;

  usb = umockdev_testbed_add_device (testbed, "usb", "2-1", NULL, NULL,
      "DEVTYPE", "usb_device", NULL);
  card = umockdev_testbed_add_device (testbed, "sound", "card3", usb,
      NULL, NULL);
  g_free (umockdev_testbed_add_device (testbed, "sound", "pcmC3D2c", card,
          NULL, NULL));
  g_free (add_video_node ("video4", 4, usb));

  check_audio ("/dev/video4", "hw:3,2");
}

GST_END_TEST;

static void
check_device_audio (GstDevice * device, const gchar * expected)
{
  GstStructure *props = gst_device_get_properties (device);

  fail_unless_equals_string (gst_structure_get_string (props,
          "v4l2tv.audio-device"), expected);
  gst_structure_free (props);
}

/* a v4l2tvsrc of @device: no audio-device before READY, @expected in
 * READY */
static void
check_src_audio (GstDevice * device, const gchar * expected)
{
  GstElement *src = gst_device_create_element (device, NULL);
  gchar *audio = NULL;

  fail_unless (src != NULL);
  v4l2tv_check_track (src);
  g_object_get (src, "audio-device", &audio, NULL);
  fail_unless (audio == NULL, "audio-device %s in NULL", audio);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_get (src, "audio-device", &audio, NULL);
  fail_unless_equals_string (audio, expected);
  g_free (audio);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
}

/* what udev knows is listed, each device with its card's sound device
 * (or an empty one; the virtual cards have none); a card with sound (an
 * ALSA device, or a virtual card's own) has its Audio/Source device */
GST_START_TEST (test_provider_lists)
{
  static const struct
  {
    const gchar *path, *klass, *audio;
  } want[] = {
    {"/dev/video0", "Video/Source", "hw:CARD=Em28xx,DEV=0"},
    {"/dev/video0", "Video/Sink", "hw:CARD=Em28xx,DEV=0"},
    {"/dev/video0", "Audio/Source", "hw:CARD=Em28xx,DEV=0"},
    {"/dev/video1", "Video/Source", ""},
    {"/dev/video1", "Video/Sink", ""},
    {"virtual:0", "Video/Source", ""},
    {"virtual:0", "Video/Sink", ""},
    {"virtual:0", "Audio/Source", ""},
  };
  GstDeviceProvider *provider;
  GList *devices;
  guint i;

  v4l2tv_check_setup_card (0, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  v4l2tv_check_setup_card (1, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  add_onboard_sound ();
  g_free (add_usb_grabber ("1-1", 0, "Em28xx", 1));
  g_free (add_usb_grabber ("1-2", 1, NULL, 0));
  gst_tv_hw_virtual_card_set_node (gst_tv_hw_virtual_card_get (0),
      "/dev/video0");
  gst_tv_hw_virtual_card_set_node (gst_tv_hw_virtual_card_get (1),
      "/dev/video1");
  g_setenv (ENV, "1", TRUE);

  provider = gst_device_provider_factory_get_by_name (PROVIDER);
  fail_unless (provider != NULL);
  fail_unless (gst_device_provider_start (provider));
  devices = gst_device_provider_get_devices (provider);
  /* two nodes and virtual:0, a source and a sink each, and the sound of
   * the two cards that have one */
  fail_unless_equals_int (g_list_length (devices), 8);

  /* each device with its card's sound; a source made from it knows the
   * same from READY on */
  for (i = 0; i < G_N_ELEMENTS (want); i++) {
    GstDevice *device = v4l2tv_check_find_device (devices, want[i].path,
        want[i].klass);

    check_device_audio (device, want[i].audio);
    if (gst_device_has_classes (device, "Video/Source"))
      check_src_audio (device, want[i].audio);
  }

  g_list_free_full (devices, gst_object_unref);
  gst_device_provider_stop (provider);
  gst_object_unref (provider);
  v4l2tv_check_card_closed (0);
  v4l2tv_check_card_closed (1);
}

GST_END_TEST;

/* the device of the next device-added or device-removed message of
 * @bus, which must be of @type and for @path */
static GstDevice *
next_device (GstBus * bus, GstMessageType type, const gchar * path)
{
  GstMessage *msg;
  GstDevice *device = NULL;
  GstStructure *props;

  msg = gst_bus_timed_pop_filtered (bus, UEVENT_WAIT,
      GST_MESSAGE_DEVICE_ADDED | GST_MESSAGE_DEVICE_REMOVED);
  fail_unless (msg != NULL, "no device message");
  fail_unless_equals_string (GST_MESSAGE_TYPE_NAME (msg),
      gst_message_type_get_name (type));
  if (type == GST_MESSAGE_DEVICE_ADDED)
    gst_message_parse_device_added (msg, &device);
  else
    gst_message_parse_device_removed (msg, &device);
  gst_message_unref (msg);
  props = gst_device_get_properties (device);
  fail_unless_equals_string (gst_structure_get_string (props, "device.path"),
      path);
  gst_structure_free (props);
  return device;
}

/* a grabber plugged in while the provider runs is announced with its
 * sound device, and its removal too; a node that is no video node (a VBI
 * node) is not */
GST_START_TEST (test_hotplug)
{
  GstDeviceProvider *provider;
  GstDevice *device;
  GstBus *bus;
  GList *devices;
  g_autofree gchar *video = NULL;
  g_autofree gchar *vbi = NULL;
  gboolean source = FALSE, sink = FALSE, sound = FALSE;
  guint i;

  v4l2tv_check_setup_card (1, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  add_onboard_sound ();
  provider = gst_device_provider_factory_get_by_name (PROVIDER);
  fail_unless (provider != NULL);
  bus = gst_device_provider_get_bus (provider);
  fail_unless (gst_device_provider_start (provider));
  devices = gst_device_provider_get_devices (provider);
  fail_unless (devices == NULL, "%u devices before any card is plugged in",
      g_list_length (devices));

  /* a VBI node first: no message for it, so the first one is the video
   * node's */
  vbi = add_video_node ("vbi0", 9, NULL);
  umockdev_testbed_uevent (testbed, vbi, "add");

  gst_tv_hw_virtual_card_set_node (gst_tv_hw_virtual_card_get (1),
      "/dev/video5");
  video = add_usb_grabber ("3-1", 5, "Grabber", 2);
  umockdev_testbed_uevent (testbed, video, "add");

  for (i = 0; i < 3; i++) {
    device = next_device (bus, GST_MESSAGE_DEVICE_ADDED, "/dev/video5");
    check_device_audio (device, "hw:CARD=Grabber,DEV=0");
    source |= gst_device_has_classes (device, "Video/Source");
    sink |= gst_device_has_classes (device, "Video/Sink");
    sound |= gst_device_has_classes (device, "Audio/Source");
    gst_object_unref (device);
  }
  fail_unless (source && sink && sound);
  devices = gst_device_provider_get_devices (provider);
  fail_unless_equals_int (g_list_length (devices), 3);
  g_list_free_full (devices, gst_object_unref);

  /* announced twice (a second "add"): listed once */
  umockdev_testbed_uevent (testbed, video, "add");
  umockdev_testbed_uevent (testbed, video, "remove");
  for (i = 0; i < 3; i++)
    gst_object_unref (next_device (bus, GST_MESSAGE_DEVICE_REMOVED,
            "/dev/video5"));
  umockdev_testbed_remove_device (testbed, video);
  devices = gst_device_provider_get_devices (provider);
  fail_unless (devices == NULL, "%u devices left after the removal",
      g_list_length (devices));

  gst_device_provider_stop (provider);
  fail_if (gst_bus_have_pending (bus), "a message for the VBI node or the "
      "second add");
  gst_object_unref (bus);
  gst_object_unref (provider);
  v4l2tv_check_card_closed (1);
}

GST_END_TEST;

/* started and stopped again and again: no thread or client is left */
GST_START_TEST (test_start_stop)
{
  GstDeviceProvider *provider;
  guint i;

  provider = gst_device_provider_factory_get_by_name (PROVIDER);
  fail_unless (provider != NULL);
  for (i = 0; i < 20; i++) {
    fail_unless (gst_device_provider_start (provider));
    gst_device_provider_stop (provider);
  }
  gst_object_unref (provider);
}

GST_END_TEST;

static Suite *
v4l2tvudev_suite (void)
{
  Suite *s = suite_create ("v4l2tvudev");
  TCase *tc_audio = tcase_create ("audio");
  TCase *tc_provider = tcase_create ("provider");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);
  GST_ELEMENT_REGISTER (v4l2tvaudiosrc, NULL);
  GST_DEVICE_PROVIDER_REGISTER (v4l2tvdeviceprovider, NULL);

  suite_add_tcase (s, tc_audio);
  tcase_add_checked_fixture (tc_audio, setup_testbed, teardown_testbed);
  tcase_add_test (tc_audio, test_audio_usb);
  tcase_add_test (tc_audio, test_audio_none);
  tcase_add_test (tc_audio, test_audio_pci_function);
  tcase_add_test (tc_audio, test_audio_no_id);

  suite_add_tcase (s, tc_provider);
  tcase_add_checked_fixture (tc_provider, setup_testbed, teardown_testbed);
  v4l2tv_check_add_teardown (tc_provider);
  tcase_add_test (tc_provider, test_provider_lists);
  tcase_add_test (tc_provider, test_hotplug);
  tcase_add_test (tc_provider, test_start_stop);

  return s;
}

GST_CHECK_MAIN (v4l2tvudev);
