/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for v4l2tvdeviceprovider against the virtual TV cards.
 *
 * The provider and the elements are registered in-process from the
 * static elements library, so the provider probes the same virtual cards
 * the test configures through tvhw-virtual.h. V4L2TV_VIRTUAL_DEVICES is
 * set by each test before it probes. Real /dev/video nodes, if the machine
 * has any, are listed too; the tests look only at the virtual ones, but
 * test_probe_test_device, which looks at $V4L2TV_TEST_DEVICE when it is
 * set (the vivid suite runs this suite against vivid's node, in a VM
 * without udev: the provider probes /dev there).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <gst/check/gstcheck.h>

#include "gstv4l2tvelements.h"
#include "gstv4l2tvudev.h"
#include "hw/tvhw.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define PROVIDER "v4l2tvdeviceprovider"
#define ENV "V4L2TV_VIRTUAL_DEVICES"

#define PAL_CAPS(fmt) "video/x-raw, format=" fmt ", width=720, " \
  "height=576, framerate=25/1, pixel-aspect-ratio=59/54, " \
  "interlace-mode=interleaved, field-order=top-field-first, " \
  "colorimetry=bt601"
#define NTSC_CAPS(fmt) "video/x-raw, format=" fmt ", width=720, " \
  "height=480, framerate=30000/1001, pixel-aspect-ratio=10/11, " \
  "interlace-mode=interleaved, field-order=bottom-field-first, " \
  "colorimetry=bt601"
/* the card's own formats, in its order (no converted ones) */
#define PAL_DEVICE_CAPS PAL_CAPS ("YUY2") "; " PAL_CAPS ("UYVY")
#define NTSC_DEVICE_CAPS NTSC_CAPS ("YUY2") "; " NTSC_CAPS ("UYVY")

/* every norm of an input that takes them all (V4L2_STD_ALL), biggest
 * groups first */
#define ALL_NORMS "NTSC, NTSC-443, PAL, PAL-M, PAL-N, PAL-Nc, PAL-60, SECAM"

/* cards 0 and 1 at power-on defaults, with nothing open on them */
static void
reset_cards (void)
{
  guint i;

  for (i = 0; i < 2; i++)
    fail_unless (gst_tv_hw_virtual_card_reset (gst_tv_hw_virtual_card_get
            (i)), "a handle is still open on card %u", i);
}

static void
check_cards_closed (void)
{
  guint i;

  for (i = 0; i < GST_TV_HW_VIRTUAL_MAX_CARDS; i++)
    fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count
        (gst_tv_hw_virtual_card_get (i)), 0);
}

static void
check_path (GstDevice * device, const gchar * expected)
{
  GstStructure *props = gst_device_get_properties (device);

  fail_unless (props != NULL);
  fail_unless_equals_string (gst_structure_get_string (props, "device.path"),
      expected);
  gst_structure_free (props);
}

/* the virtual devices of @devices (consumed), in order */
static GList *
virtual_only (GList * devices)
{
  GList *ret = NULL, *l;

  for (l = devices; l; l = l->next) {
    GstDevice *device = l->data;
    GstStructure *props = gst_device_get_properties (device);
    const gchar *path = NULL;

    if (props)
      path = gst_structure_get_string (props, "device.path");
    if (path && g_str_has_prefix (path, "virtual:"))
      ret = g_list_append (ret, gst_object_ref (device));
    if (props)
      gst_structure_free (props);
  }
  g_list_free_full (devices, gst_object_unref);
  return ret;
}

/* the provider's devices now, virtual ones only */
static GList *
probe (void)
{
  GstDeviceProvider *provider;
  GList *devices;

  provider = gst_device_provider_factory_get_by_name (PROVIDER);
  fail_unless (provider != NULL);
  devices = virtual_only (gst_device_provider_get_devices (provider));
  gst_object_unref (provider);
  check_cards_closed ();

  return devices;
}

static void
check_string (const GstStructure * s, const gchar * field,
    const gchar * expected)
{
  const gchar *value = gst_structure_get_string (s, field);

  if (expected == NULL) {
    fail_if (gst_structure_has_field (s, field), "%s is set: %s", field, value);
    return;
  }
  fail_unless (value != NULL, "no %s", field);
  fail_unless_equals_string (value, expected);
}

static void
check_caps (GstDevice * device, const gchar * expected)
{
  GstCaps *caps = gst_device_get_caps (device);
  GstCaps *want = gst_caps_from_string (expected);
  gchar *str;

  fail_unless (caps != NULL);
  str = gst_caps_to_string (caps);
  fail_unless (gst_caps_is_strictly_equal (caps, want), "caps %s, expected %s",
      str, expected);
  g_free (str);
  gst_caps_unref (want);
  gst_caps_unref (caps);
}

static gboolean
get_analog (GstDevice * device)
{
  GstStructure *props = gst_device_get_properties (device);
  gboolean analog = FALSE;

  fail_unless (gst_structure_get_boolean (props, "v4l2tv.analog", &analog));
  gst_structure_free (props);
  return analog;
}

/* two cards: a source, its sound and a sink each, with the cards' inputs,
 * outputs and standards */
GST_START_TEST (test_probe_virtual)
{
  GList *devices;
  GstDevice *device;
  GstStructure *props;
  gchar *name;
  guint i;

  reset_cards ();
  g_setenv (ENV, "2", TRUE);
  devices = probe ();
  fail_unless_equals_int (g_list_length (devices), 6);

  for (i = 0; i < 2; i++) {
    gchar *path = g_strdup_printf ("virtual:%u", i);
    gchar *card = g_strdup_printf ("Virtual TV card %u", i);
    gchar *display;

    device = v4l2tv_check_find_device (devices, path, "Video/Source");
    fail_unless (gst_device_has_classes (device, "Video/Source"));
    fail_if (gst_device_has_classes (device, "Sink"));
    name = gst_device_get_display_name (device);
    display = g_strdup_printf ("%s (capture)", card);
    fail_unless_equals_string (name, display);
    g_free (display);
    g_free (name);
    check_caps (device, PAL_DEVICE_CAPS);
    props = gst_device_get_properties (device);
    check_string (props, "device.path", path);
    check_string (props, "device.api", "v4l2tv");
    check_string (props, "v4l2.device.card", card);
    check_string (props, "v4l2.device.driver", "tvhw-virtual");
    check_string (props, "v4l2tv.backend", "virtual");
    check_string (props, "v4l2tv.inputs",
        "Television, Composite1, S-Video, Composite2");
    check_string (props, "v4l2tv.current-input", "Television");
    check_string (props, "v4l2tv.norms", ALL_NORMS);
    check_string (props, "v4l2tv.current-norm", "PAL");
    check_string (props, "v4l2tv.outputs", NULL);
    fail_unless (get_analog (device));
    gst_structure_free (props);

    /* the card's sound: its own, on the virtual card */
    device = v4l2tv_check_find_device (devices, path, "Audio/Source");
    fail_if (gst_device_has_classes (device, "Video"));
    name = gst_device_get_display_name (device);
    display = g_strdup_printf ("%s (sound)", card);
    fail_unless_equals_string (name, display);
    g_free (display);
    g_free (name);
    props = gst_device_get_properties (device);
    check_string (props, "device.path", path);
    check_string (props, "device.api", "v4l2tv");
    check_string (props, "v4l2.device.card", card);
    check_string (props, "v4l2tv.inputs", NULL);
    gst_structure_free (props);

    device = v4l2tv_check_find_device (devices, path, "Video/Sink");
    fail_if (gst_device_has_classes (device, "Source"));
    name = gst_device_get_display_name (device);
    display = g_strdup_printf ("%s (output)", card);
    fail_unless_equals_string (name, display);
    g_free (display);
    g_free (name);
    check_caps (device, PAL_DEVICE_CAPS);
    props = gst_device_get_properties (device);
    check_string (props, "device.path", path);
    check_string (props, "device.api", "v4l2tv");
    check_string (props, "v4l2tv.outputs",
        "Composite Out, S-Video Out, RF Modulator");
    check_string (props, "v4l2tv.current-output", "Composite Out");
    check_string (props, "v4l2tv.norms", ALL_NORMS);
    check_string (props, "v4l2tv.current-norm", "PAL");
    check_string (props, "v4l2tv.inputs", NULL);
    fail_unless (get_analog (device));
    gst_structure_free (props);

    g_free (card);
    g_free (path);
  }

  /* cards in order, the capture node first */
  check_path (devices->data, "virtual:0");
  fail_unless (gst_device_has_classes (devices->data, "Video/Source"));
  check_path (g_list_last (devices)->data, "virtual:1");
  fail_unless (gst_device_has_classes (g_list_last (devices)->data,
          "Video/Sink"));

  g_list_free_full (devices, gst_object_unref);
  g_unsetenv (ENV);
}

GST_END_TEST;

/* the current input and standard as the card has them now; nothing on
 * the card changes by probing */
GST_START_TEST (test_probe_current)
{
  GstTvHwDevice *dev;
  GList *devices;
  GstDevice *device;
  GstStructure *props;
  v4l2_std_id std = 0;
  guint32 index = 0;

  reset_cards ();
  dev = gst_tv_hw_device_open ("virtual:1", GST_TV_HW_NODE_VIDEO_CAPTURE, NULL);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_input (dev, 1, NULL));
  fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_NTSC_M, NULL));
  gst_tv_hw_device_close (dev);
  dev = gst_tv_hw_device_open ("virtual:1", GST_TV_HW_NODE_VIDEO_OUTPUT, NULL);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_output (dev, 2, NULL));
  fail_unless (gst_tv_hw_device_set_std (dev, V4L2_STD_SECAM_L, NULL));
  gst_tv_hw_device_close (dev);

  g_setenv (ENV, "2", TRUE);
  devices = probe ();

  device = v4l2tv_check_find_device (devices, "virtual:1", "Video/Source");
  check_caps (device, NTSC_DEVICE_CAPS);
  props = gst_device_get_properties (device);
  check_string (props, "v4l2tv.current-input", "Composite1");
  check_string (props, "v4l2tv.current-norm", "NTSC-M");
  gst_structure_free (props);

  device = v4l2tv_check_find_device (devices, "virtual:1", "Video/Sink");
  props = gst_device_get_properties (device);
  check_string (props, "v4l2tv.current-output", "RF Modulator");
  check_string (props, "v4l2tv.current-norm", "SECAM-L");
  gst_structure_free (props);

  /* card 0 is untouched */
  device = v4l2tv_check_find_device (devices, "virtual:0", "Video/Source");
  props = gst_device_get_properties (device);
  check_string (props, "v4l2tv.current-input", "Television");
  gst_structure_free (props);
  g_list_free_full (devices, gst_object_unref);

  /* and the probe left card 1 as it was */
  dev = gst_tv_hw_device_open ("virtual:1", GST_TV_HW_NODE_VIDEO_CAPTURE, NULL);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_get_input (dev, &index, NULL));
  fail_unless_equals_int (index, 1);
  fail_unless (gst_tv_hw_device_get_std (dev, &std, NULL));
  fail_unless_equals_uint64 (std, V4L2_STD_NTSC_M);
  gst_tv_hw_device_close (dev);

  g_unsetenv (ENV);
}

GST_END_TEST;

/* a PAL-only tuner and an input without standards (HDMI) */
static const GstTvHwVirtualInput mixed_inputs[] = {
  {"Tuner", V4L2_INPUT_TYPE_TUNER, V4L2_STD_PAL, V4L2_STD_PAL_BG, 0x1},
  {"HDMI", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0x2},
};

/* inputs without standards only: not an analog capture device */
static const GstTvHwVirtualInput digital_inputs[] = {
  {"HDMI", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0x2},
  {"Camera", V4L2_INPUT_TYPE_CAMERA, 0, 0, 0x2},
};

GST_START_TEST (test_probe_standards)
{
  GstTvHwVirtualCard *card;
  GstTvHwDevice *dev;
  GList *devices;
  GstDevice *device;
  GstStructure *props;

  reset_cards ();
  card = gst_tv_hw_virtual_card_get (0);
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, mixed_inputs,
          G_N_ELEMENTS (mixed_inputs)));
  card = gst_tv_hw_virtual_card_get (1);
  fail_unless (gst_tv_hw_virtual_card_set_inputs (card, digital_inputs,
          G_N_ELEMENTS (digital_inputs)));
  g_setenv (ENV, "2", TRUE);

  /* on the PAL tuner: its norms only */
  devices = probe ();
  device = v4l2tv_check_find_device (devices, "virtual:0", "Video/Source");
  props = gst_device_get_properties (device);
  check_string (props, "v4l2tv.inputs", "Tuner, HDMI");
  check_string (props, "v4l2tv.current-input", "Tuner");
  check_string (props, "v4l2tv.norms", "PAL");
  check_string (props, "v4l2tv.current-norm", "PAL");
  fail_unless (get_analog (device));
  gst_structure_free (props);

  /* a card without any standard is listed, but not as analog */
  device = v4l2tv_check_find_device (devices, "virtual:1", "Video/Source");
  props = gst_device_get_properties (device);
  check_string (props, "v4l2tv.inputs", "HDMI, Camera");
  check_string (props, "v4l2tv.norms", NULL);
  check_string (props, "v4l2tv.current-norm", NULL);
  fail_if (get_analog (device));
  gst_structure_free (props);
  g_list_free_full (devices, gst_object_unref);

  /* on HDMI: no norms now, still an analog card */
  dev = gst_tv_hw_device_open ("virtual:0", GST_TV_HW_NODE_VIDEO_CAPTURE, NULL);
  fail_unless (dev != NULL);
  fail_unless (gst_tv_hw_device_set_input (dev, 1, NULL));
  gst_tv_hw_device_close (dev);
  devices = probe ();
  device = v4l2tv_check_find_device (devices, "virtual:0", "Video/Source");
  props = gst_device_get_properties (device);
  check_string (props, "v4l2tv.current-input", "HDMI");
  check_string (props, "v4l2tv.norms", NULL);
  check_string (props, "v4l2tv.current-norm", NULL);
  fail_unless (get_analog (device));
  gst_structure_free (props);
  g_list_free_full (devices, gst_object_unref);

  g_unsetenv (ENV);
  reset_cards ();
}

GST_END_TEST;

/* the node under test ($V4L2TV_TEST_DEVICE; virtual:0 when unset) is
 * listed with its sound device: none on vivid and on the virtual cards;
 * on a real card the one the udev lookup finds. A v4l2tvsrc on it says
 * the same from READY on. */
GST_START_TEST (test_probe_test_device)
{
  const gchar *location = g_getenv ("V4L2TV_TEST_DEVICE");
  g_autofree gchar *expected = NULL;
  g_autofree gchar *audio = NULL;
  GstDeviceProvider *provider;
  GstStructure *props;
  GstDevice *device;
  GstElement *src;
  GList *devices;

  if (location == NULL || *location == '\0') {
    location = "virtual:0";
    reset_cards ();
  }
  g_setenv (ENV, "1", TRUE);
  provider = gst_device_provider_factory_get_by_name (PROVIDER);
  fail_unless (provider != NULL);
  devices = gst_device_provider_get_devices (provider);
  gst_object_unref (provider);
  device = v4l2tv_check_find_device (devices, location, "Video/Source");
  props = gst_device_get_properties (device);
  if (!gst_tv_hw_location_is_virtual (location))
    expected = gst_v4l2_tv_udev_find_audio_device (location);
  if (expected == NULL)
    expected = g_strdup ("");
  if (g_strcmp0 (gst_structure_get_string (props, "v4l2.device.driver"),
          "vivid") == 0)
    fail_unless_equals_string (expected, "");
  check_string (props, "v4l2tv.audio-device", expected);
  check_string (props, "v4l2tv.backend",
      gst_tv_hw_location_is_virtual (location) ? "virtual" : "v4l2");
  gst_structure_free (props);

  src = gst_device_create_element (device, NULL);
  fail_unless (src != NULL);
  v4l2tv_check_track (src);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_get (src, "audio-device", &audio, NULL);
  fail_unless_equals_string (audio, expected);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);

  g_list_free_full (devices, gst_object_unref);
  g_unsetenv (ENV);
}

GST_END_TEST;

/* no virtual devices unless asked for */
GST_START_TEST (test_probe_unset)
{
  const gchar *values[] = { "0", "", "two", "-1" };
  GList *devices;
  guint i;

  reset_cards ();
  g_unsetenv (ENV);
  devices = probe ();
  fail_unless (devices == NULL);

  for (i = 0; i < G_N_ELEMENTS (values); i++) {
    g_setenv (ENV, values[i], TRUE);
    devices = probe ();
    fail_unless (devices == NULL, "%s=%s lists virtual devices", ENV,
        values[i]);
  }
  g_unsetenv (ENV);
}

GST_END_TEST;

/* more cards asked for than there are: all of them */
GST_START_TEST (test_probe_too_many)
{
  GList *devices;

  reset_cards ();
  g_setenv (ENV, "100", TRUE);
  devices = probe ();
  fail_unless_equals_int (g_list_length (devices),
      3 * GST_TV_HW_VIRTUAL_MAX_CARDS);
  g_list_free_full (devices, gst_object_unref);
  g_unsetenv (ENV);
}

GST_END_TEST;

/* the cards that answer as a driver, by name, beside the numbered ones;
 * a name that is no profile is skipped */
GST_START_TEST (test_probe_profiles)
{
  const gchar *want[] = { "virtual:usbtv", "virtual:0", "virtual:stk1160",
    "virtual:em28xx"
  };
  GList *devices, *l;
  guint i = 0;

  reset_cards ();
  g_setenv (ENV, "usbtv, 1,nope,stk1160,,em28xx", TRUE);
  devices = probe ();
  for (l = devices; l; l = l->next) {
    GstDevice *device = l->data;
    g_autofree gchar *klass = gst_device_get_device_class (device);

    /* each card's capture node, in the order asked for */
    if (!g_str_equal (klass, "Video/Source"))
      continue;
    fail_unless (i < G_N_ELEMENTS (want), "one card too many");
    check_path (device, want[i]);
    i++;
  }
  fail_unless_equals_int (i, G_N_ELEMENTS (want));
  g_list_free_full (devices, gst_object_unref);
  /* probed and closed again */
  for (i = 0; i < G_N_ELEMENTS (want); i++)
    if (!g_ascii_isdigit (want[i][strlen ("virtual:")]))
      fail_unless_equals_int (gst_tv_hw_virtual_card_get_open_count
          (gst_tv_hw_virtual_card_get_profile (want[i] +
                  strlen ("virtual:"))), 0);
  g_unsetenv (ENV);
}

GST_END_TEST;

static GstMessage *
run_to_eos (GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, V4L2TV_CHECK_WAIT,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "timeout");
  gst_object_unref (bus);
  return msg;
}

static gint frames;

static GstPadProbeReturn
count_frame (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  g_atomic_int_inc (&frames);
  return GST_PAD_PROBE_OK;
}

/* the source's element captures, and cannot be moved to another device
 * while it does */
GST_START_TEST (test_create_source)
{
  GstDevice *device, *other;
  GstElement *pipeline, *src, *sink;
  GstMessage *msg;
  GList *devices;
  GstPad *pad;
  gchar *location = NULL;

  reset_cards ();
  gst_tv_hw_virtual_card_set_pacing (gst_tv_hw_virtual_card_get (1),
      GST_TV_HW_VIRTUAL_PACING_FREERUN);
  g_setenv (ENV, "2", TRUE);
  devices = probe ();
  device = v4l2tv_check_find_device (devices, "virtual:1", "Video/Source");
  other = v4l2tv_check_find_device (devices, "virtual:0", "Video/Source");

  src = gst_device_create_element (device, "tvsrc");
  fail_unless (src != NULL);
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory (src)),
      "v4l2tvsrc");
  fail_unless_equals_string (GST_OBJECT_NAME (src), "tvsrc");
  g_object_get (src, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:1");
  g_free (location);
  g_object_set (src, "num-buffers", 2, NULL);

  pipeline = gst_pipeline_new (NULL);
  v4l2tv_check_track (pipeline);
  sink = gst_element_factory_make ("fakesink", NULL);
  fail_unless (sink != NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  fail_unless (gst_element_link (src, sink));
  frames = 0;
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_frame, NULL, NULL);
  gst_object_unref (pad);

  msg = run_to_eos (pipeline);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  fail_unless_equals_int (g_atomic_int_get (&frames), 2);

  /* playing: its device stays */
  fail_if (gst_device_reconfigure_element (other, src));
  g_object_get (src, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:1");
  g_free (location);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
  g_list_free_full (devices, gst_object_unref);
  check_cards_closed ();
  g_unsetenv (ENV);
}

GST_END_TEST;

/* the sink's element plays out */
GST_START_TEST (test_create_sink)
{
  GstDevice *device;
  GstElement *pipeline, *src, *sink;
  GstMessage *msg;
  GList *devices;
  gchar *location = NULL;
  guint32 displayed = 0;

  reset_cards ();
  gst_tv_hw_virtual_card_set_pacing (gst_tv_hw_virtual_card_get (0),
      GST_TV_HW_VIRTUAL_PACING_FREERUN);
  g_setenv (ENV, "1", TRUE);
  devices = probe ();
  fail_unless_equals_int (g_list_length (devices), 3);
  device = v4l2tv_check_find_device (devices, "virtual:0", "Video/Sink");

  sink = gst_device_create_element (device, NULL);
  fail_unless (sink != NULL);
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory
          (sink)), "v4l2tvsink");
  g_object_get (sink, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:0");
  g_free (location);
  g_object_set (sink, "sync", FALSE, NULL);

  pipeline = gst_pipeline_new (NULL);
  v4l2tv_check_track (pipeline);
  src = gst_element_factory_make ("videotestsrc", NULL);
  fail_unless (src != NULL);
  g_object_set (src, "num-buffers", 2, NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  fail_unless (gst_element_link (src, sink));

  msg = run_to_eos (pipeline);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_tv_hw_virtual_card_get_output_counts (gst_tv_hw_virtual_card_get (0),
      &displayed, NULL);
  fail_unless (displayed >= 1, "the card displayed nothing");

  gst_object_unref (pipeline);
  g_list_free_full (devices, gst_object_unref);
  check_cards_closed ();
  g_unsetenv (ENV);
}

GST_END_TEST;

/* the sound's element captures the card's sound */
GST_START_TEST (test_create_sound)
{
  GstDevice *device;
  GstElement *pipeline, *src, *sink;
  GstMessage *msg;
  GList *devices;
  gchar *location = NULL;

  reset_cards ();
  g_setenv (ENV, "1", TRUE);
  devices = probe ();
  device = v4l2tv_check_find_device (devices, "virtual:0", "Audio/Source");

  src = gst_device_create_element (device, NULL);
  fail_unless (src != NULL);
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory
          (src)), "v4l2tvaudiosrc");
  g_object_get (src, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:0");
  g_free (location);
  g_object_set (src, "num-buffers", 3, NULL);

  pipeline = gst_pipeline_new (NULL);
  v4l2tv_check_track (pipeline);
  sink = gst_element_factory_make ("fakesink", NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  fail_unless (gst_element_link (src, sink));
  msg = run_to_eos (pipeline);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);

  gst_object_unref (pipeline);
  g_list_free_full (devices, gst_object_unref);
  check_cards_closed ();
  g_unsetenv (ENV);
}

GST_END_TEST;

/* alsa-device: another ALSA device than the card's; one that is not
 * there is an error that names it and the card */
GST_START_TEST (test_sound_alsa_device_missing)
{
  GstElement *src;
  GstBus *bus;
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL, *alsa = NULL;

  reset_cards ();
  src = gst_element_factory_make ("v4l2tvaudiosrc", NULL);
  fail_unless (src != NULL);
  v4l2tv_check_track (src);
  g_object_set (src, "device", "virtual:0", "alsa-device",
      "hw:CARD=V4l2tvNoSuchCard,DEV=0", NULL);
  g_object_get (src, "alsa-device", &alsa, NULL);
  fail_unless_equals_string (alsa, "hw:CARD=V4l2tvNoSuchCard,DEV=0");
  g_free (alsa);
  bus = gst_bus_new ();
  gst_element_set_bus (src, bus);
  fail_unless_equals_int (gst_element_set_state (src, GST_STATE_PAUSED),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error");
  gst_message_parse_error (msg, &err, &debug);
#ifdef HAVE_ALSA
  fail_unless (strstr (err->message, "'hw:CARD=V4l2tvNoSuchCard,DEV=0'") !=
      NULL, "%s", err->message);
#else
  fail_unless (strstr (err->message, "no ALSA support") != NULL, "%s",
      err->message);
#endif
  fail_unless (strstr (err->message, "'virtual:0'") != NULL, "%s",
      err->message);
  g_error_free (err);
  g_free (debug);
  gst_message_unref (msg);
  gst_element_set_state (src, GST_STATE_NULL);
  gst_element_set_bus (src, NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  check_cards_closed ();
}

GST_END_TEST;

GST_START_TEST (test_reconfigure_element)
{
  GstDevice *src_device, *sink_device;
  GstElement *src, *sink;
  GList *devices;
  gchar *location = NULL;

  reset_cards ();
  g_setenv (ENV, "2", TRUE);
  devices = probe ();
  src_device = v4l2tv_check_find_device (devices, "virtual:1", "Video/Source");
  sink_device = v4l2tv_check_find_device (devices, "virtual:1", "Video/Sink");

  src = gst_element_factory_make ("v4l2tvsrc", NULL);
  v4l2tv_check_track (src);
  sink = gst_element_factory_make ("v4l2tvsink", NULL);
  v4l2tv_check_track (sink);
  fail_unless (src != NULL && sink != NULL);
  g_object_set (src, "device", "virtual:0", NULL);
  g_object_set (sink, "device", "virtual:0", NULL);

  fail_unless (gst_device_reconfigure_element (src_device, src));
  g_object_get (src, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:1");
  g_free (location);

  fail_unless (gst_device_reconfigure_element (sink_device, sink));
  g_object_get (sink, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:1");
  g_free (location);

  /* not the element of that class */
  g_object_set (src, "device", "virtual:0", NULL);
  fail_if (gst_device_reconfigure_element (sink_device, src));
  fail_if (gst_device_reconfigure_element (src_device, sink));
  g_object_get (src, "device", &location, NULL);
  fail_unless_equals_string (location, "virtual:0");
  g_free (location);

  gst_object_unref (src);
  gst_object_unref (sink);
  g_list_free_full (devices, gst_object_unref);
  g_unsetenv (ENV);
}

GST_END_TEST;

/* what applications use: a monitor for sources sees the virtual sources,
 * and no sinks */
GST_START_TEST (test_monitor)
{
  GstDeviceMonitor *monitor;
  GList *devices, *l;
  guint sources = 0;
  gchar **providers;

  reset_cards ();
  g_setenv (ENV, "2", TRUE);
  monitor = gst_device_monitor_new ();
  fail_unless (gst_device_monitor_add_filter (monitor, "Video/Source",
          NULL) > 0);
  fail_unless (gst_device_monitor_start (monitor));

  providers = gst_device_monitor_get_providers (monitor);
  fail_unless (providers != NULL);
  fail_unless (g_strv_contains ((const gchar * const *) providers, PROVIDER),
      "the monitor does not use " PROVIDER);
  g_strfreev (providers);

  devices = virtual_only (gst_device_monitor_get_devices (monitor));
  for (l = devices; l; l = l->next) {
    fail_unless (gst_device_has_classes (l->data, "Video/Source"));
    sources++;
  }
  fail_unless_equals_int (sources, 2);
  v4l2tv_check_find_device (devices, "virtual:0", "Video/Source");
  v4l2tv_check_find_device (devices, "virtual:1", "Video/Source");
  g_list_free_full (devices, gst_object_unref);

  gst_device_monitor_stop (monitor);
  gst_object_unref (monitor);
  check_cards_closed ();
  g_unsetenv (ENV);
}

GST_END_TEST;

static Suite *
v4l2tvdeviceprovider_suite (void)
{
  Suite *s = suite_create ("v4l2tvdeviceprovider");
  TCase *tc_probe = tcase_create ("probe");
  TCase *tc_elements = tcase_create ("elements");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);
  GST_ELEMENT_REGISTER (v4l2tvaudiosrc, NULL);
  GST_DEVICE_PROVIDER_REGISTER (v4l2tvdeviceprovider, NULL);

  suite_add_tcase (s, tc_probe);

  v4l2tv_check_add_teardown (tc_probe);
  tcase_add_test (tc_probe, test_probe_virtual);
  tcase_add_test (tc_probe, test_probe_current);
  tcase_add_test (tc_probe, test_probe_standards);
  tcase_add_test (tc_probe, test_probe_unset);
  tcase_add_test (tc_probe, test_probe_too_many);
  tcase_add_test (tc_probe, test_probe_profiles);
  tcase_add_test (tc_probe, test_probe_test_device);
  tcase_add_test (tc_probe, test_monitor);

  suite_add_tcase (s, tc_elements);

  v4l2tv_check_add_teardown (tc_elements);
  tcase_add_test (tc_elements, test_create_source);
  tcase_add_test (tc_elements, test_create_sink);
  tcase_add_test (tc_elements, test_create_sound);
  tcase_add_test (tc_elements, test_sound_alsa_device_missing);
  tcase_add_test (tc_elements, test_reconfigure_element);

  return s;
}

GST_CHECK_MAIN (v4l2tvdeviceprovider);
