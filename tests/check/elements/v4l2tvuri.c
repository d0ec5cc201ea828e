/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the v4l2tv:// URI handler of v4l2tvsrc and v4l2tvsink:
 * the grammar (URIs to properties and back), every error with its
 * GST_URI_ERROR code, gst_element_make_from_uri() and uridecodebin
 * opening the virtual card.
 *
 * The elements are registered in-process with a NULL plugin; that puts
 * their factories, with the URI type and protocols, in the registry, so
 * gst_element_make_from_uri() and uridecodebin (which uses it) find them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>

#include "gstv4l2tvelements.h"
#include "hw/tvhw-virtual.h"
#include "v4l2tv-check.h"

#define CARD 4

static gchar *
norm_nick (GstElement * element)
{
  gchar *nick = NULL;
  GValue v = G_VALUE_INIT;

  g_object_get_property (G_OBJECT (element), "norm", &v);
  nick = g_strdup (g_enum_get_value (G_ENUM_CLASS (g_type_class_peek
              (G_VALUE_TYPE (&v))), g_value_get_enum (&v))->value_nick);
  g_value_unset (&v);

  return nick;
}

static gint
caps_height (GstCaps * caps)
{
  gint height = 0;

  fail_unless (caps != NULL);
  fail_unless (gst_structure_get_int (gst_caps_get_structure (caps, 0),
          "height", &height));
  return height;
}

static gint
caps_width (GstCaps * caps)
{
  gint width = 0;

  fail_unless (gst_structure_get_int (gst_caps_get_structure (caps, 0),
          "width", &width));
  return width;
}

/* --- the handler --- */

GST_START_TEST (test_factories)
{
  const gchar *factories[] = { "v4l2tvsrc", "v4l2tvsink" };
  GstURIType types[] = { GST_URI_SRC, GST_URI_SINK };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (factories); i++) {
    GstElementFactory *f = gst_element_factory_find (factories[i]);
    const gchar *const *protocols;

    fail_unless (f != NULL);
    fail_unless_equals_int (gst_element_factory_get_uri_type (f), types[i]);
    protocols = gst_element_factory_get_uri_protocols (f);
    fail_unless (protocols != NULL);
    fail_unless_equals_string (protocols[0], "v4l2tv");
    fail_unless (protocols[1] == NULL);
    gst_object_unref (f);
  }
  fail_unless (gst_uri_protocol_is_supported (GST_URI_SRC, "v4l2tv"));
  fail_unless (gst_uri_protocol_is_supported (GST_URI_SINK, "v4l2tv"));
}

GST_END_TEST;

typedef struct
{
  const gchar *factory;
  const gchar *uri;
  const gchar *device;
  const gchar *port;            /* input or output */
  const gchar *norm;
  const gchar *canonical;       /* what get_uri answers then */
} RoundTrip;

/* *INDENT-OFF* */
static const RoundTrip round_trips[] = {
  { "v4l2tvsrc", "v4l2tv:///dev/video0", "/dev/video0", NULL, "current",
    "v4l2tv:///dev/video0" },
  { "v4l2tvsrc", "v4l2tv:///dev/video0?input=Composite1&norm=PAL",
    "/dev/video0", "Composite1", "PAL",
    "v4l2tv:///dev/video0?input=Composite1&norm=PAL" },
  { "v4l2tvsrc", "v4l2tv://virtual", "virtual", NULL, "current",
    "v4l2tv://virtual" },
  { "v4l2tvsrc", "v4l2tv://virtual:0", "virtual:0", NULL, "current",
    "v4l2tv://virtual:0" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=S-Video&norm=pal", "virtual:4",
    "S-Video", "PAL", "v4l2tv://virtual:4?input=S-Video&norm=PAL" },
  { "v4l2tvsrc", "V4L2TV://Virtual:04/?NORM=ntsc-m-jp&Input=1&",
    "virtual:4", "1", "NTSC-M-JP",
    "v4l2tv://virtual:4?input=1&norm=NTSC-M-JP" },
  { "v4l2tvsrc", "v4l2tv://virtual:2?norm=current", "virtual:2", NULL,
    "current", "v4l2tv://virtual:2" },
  { "v4l2tvsrc", "v4l2tv:///dev/v4l/by-path/pci-0000%3A00%3A1f.0-video"
    "-index0?input=Tele%20vision", "/dev/v4l/by-path/pci-0000:00:1f.0-video"
    "-index0", "Tele vision", "current", "v4l2tv:///dev/v4l/by-path/pci-0000"
    ":00:1f.0-video-index0?input=Tele%20vision" },
  { "v4l2tvsrc", "v4l2tv:///dev/my%20card%3F?input=a%26b%3Dc",
    "/dev/my card?", "a&b=c", "current",
    "v4l2tv:///dev/my%20card%3F?input=a%26b%3Dc" },
  { "v4l2tvsink", "v4l2tv://virtual:1?output=Composite%20Out&norm=NTSC",
    "virtual:1", "Composite Out", "NTSC",
    "v4l2tv://virtual:1?output=Composite%20Out&norm=NTSC" },
  { "v4l2tvsink", "v4l2tv:///dev/video1?norm=SECAM-Lc", "/dev/video1", NULL,
    "SECAM-Lc", "v4l2tv:///dev/video1?norm=SECAM-Lc" },
};
/* *INDENT-ON* */

GST_START_TEST (test_round_trip)
{
  const RoundTrip *rt = &round_trips[__i__];
  gboolean src = g_str_equal (rt->factory, "v4l2tvsrc");
  GstElement *e = gst_element_factory_make (rt->factory, NULL);
  GError *err = NULL;
  gchar *device, *port, *norm, *uri, *again;

  fail_unless (e != NULL);
  /* something to overwrite: a key left out resets its property */
  g_object_set (e, src ? "input" : "output", "2", NULL);
  gst_util_set_object_arg (G_OBJECT (e), "norm", "SECAM");

  fail_unless (gst_uri_handler_set_uri (GST_URI_HANDLER (e), rt->uri, &err),
      "%s: %s", rt->uri, err ? err->message : "no error");
  g_object_get (e, "device", &device, src ? "input" : "output", &port, NULL);
  norm = norm_nick (e);
  fail_unless_equals_string (device, rt->device);
  fail_unless_equals_string (port, rt->port);
  fail_unless_equals_string (norm, rt->norm);

  uri = gst_uri_handler_get_uri (GST_URI_HANDLER (e));
  fail_unless_equals_string (uri, rt->canonical);

  /* the canonical URI gives the same properties and itself back */
  fail_unless (gst_uri_handler_set_uri (GST_URI_HANDLER (e), uri, NULL));
  again = gst_uri_handler_get_uri (GST_URI_HANDLER (e));
  fail_unless_equals_string (again, uri);

  g_free (again);
  g_free (uri);
  g_free (norm);
  g_free (port);
  g_free (device);
  gst_object_unref (e);
}

GST_END_TEST;

/* get_uri follows the properties, however they were set */
GST_START_TEST (test_uri_from_properties)
{
  GstElement *e = gst_element_factory_make ("v4l2tvsrc", NULL);
  gchar *uri;

  /* the default device */
  uri = gst_uri_handler_get_uri (GST_URI_HANDLER (e));
  fail_unless_equals_string (uri, "v4l2tv:///dev/video0");
  g_free (uri);

  g_object_set (e, "device", "virtual:3", "input", "Composite 1", NULL);
  gst_util_set_object_arg (G_OBJECT (e), "norm", "PAL-M");
  uri = gst_uri_handler_get_uri (GST_URI_HANDLER (e));
  fail_unless_equals_string (uri,
      "v4l2tv://virtual:3?input=Composite%201&norm=PAL-M");
  g_free (uri);

  /* devices a URI cannot name */
  g_object_set (e, "device", "video0", NULL);
  fail_unless (gst_uri_handler_get_uri (GST_URI_HANDLER (e)) == NULL);
  g_object_set (e, "device", NULL, NULL);
  fail_unless (gst_uri_handler_get_uri (GST_URI_HANDLER (e)) == NULL);

  gst_object_unref (e);
}

GST_END_TEST;

/* --- errors --- */

typedef struct
{
  const gchar *factory;
  const gchar *uri;
  gint code;
  const gchar *says;            /* a part of the message */
} UriError;

/* *INDENT-OFF* */
static const UriError uri_errors[] = {
  /* answered by gst_uri_handler_set_uri() before the element sees it */
  { "v4l2tvsrc", "http://example.com/dev/video0",
    GST_URI_ERROR_UNSUPPORTED_PROTOCOL, "http" },
  { "v4l2tvsrc", "/dev/video0", GST_URI_ERROR_BAD_URI, "/dev/video0" },
  /* the element's */
  { "v4l2tvsrc", "v4l2tv://virtual:x", GST_URI_ERROR_BAD_URI,
    "v4l2tv://virtual:N" },
  { "v4l2tvsrc", "v4l2tv://[virtual", GST_URI_ERROR_BAD_URI,
    "not a valid URI" },
  { "v4l2tvsrc", "v4l2tv://virtual:", GST_URI_ERROR_BAD_URI,
    "not a virtual card number" },
  { "v4l2tvsrc", "v4l2tv:", GST_URI_ERROR_BAD_URI, "names no device" },
  { "v4l2tvsrc", "v4l2tv:dev/video0", GST_URI_ERROR_BAD_URI,
    "is not absolute" },
  { "v4l2tvsrc", "v4l2tv://me@virtual:4", GST_URI_ERROR_BAD_URI,
    "user name ('me@')" },
  { "v4l2tvsrc", "v4l2tv://virtual:4#tv", GST_URI_ERROR_BAD_URI,
    "fragment ('#tv')" },
  { "v4l2tvsrc", "v4l2tv://virtual/dev/video0", GST_URI_ERROR_BAD_URI,
    "has a path ('/dev/video0') after the virtual card" },
  { "v4l2tvsrc", "v4l2tv://tvbox/dev/video0", GST_URI_ERROR_BAD_REFERENCE,
    "names host 'tvbox'" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=S-Video&volume=3",
    GST_URI_ERROR_BAD_URI, "unknown key 'volume'" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?output=Composite%20Out",
    GST_URI_ERROR_BAD_URI, "v4l2tvsrc has inputs, so it takes input=" },
  { "v4l2tvsink", "v4l2tv://virtual:4?input=Composite1",
    GST_URI_ERROR_BAD_URI, "v4l2tvsink has outputs, so it takes output=" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?norm=PALM", GST_URI_ERROR_BAD_URI,
    "'PALM' in URI 'v4l2tv://virtual:4?norm=PALM' is not a norm; the norms "
    "are (case-insensitive): current, auto, NTSC, NTSC-M, NTSC-M-JP, "
    "NTSC-M-KR, "
    "NTSC-443, PAL, PAL-BG, PAL-H, PAL-I, PAL-DK, PAL-M, PAL-N, PAL-Nc, "
    "PAL-60, SECAM, SECAM-B, SECAM-G, SECAM-H, SECAM-DK, SECAM-L, "
    "SECAM-Lc" },
  { "v4l2tvsink", "v4l2tv://virtual:4?norm=", GST_URI_ERROR_BAD_URI,
    "norm= is empty" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=", GST_URI_ERROR_BAD_URI,
    "input= is empty" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input", GST_URI_ERROR_BAD_URI,
    "'input' in the query of URI 'v4l2tv://virtual:4?input' has no value" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=1&norm=PAL&INPUT=2",
    GST_URI_ERROR_BAD_URI, "'INPUT' appears more than once" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=Composite%2", GST_URI_ERROR_BAD_URI,
    "'input=Composite%2' in the query" },
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=a%00b", GST_URI_ERROR_BAD_URI,
    "not valid percent-encoding" },
};
/* *INDENT-ON* */

GST_START_TEST (test_error)
{
  const UriError *ue = &uri_errors[__i__];
  GstElement *e = gst_element_factory_make (ue->factory, NULL);
  gboolean src = g_str_equal (ue->factory, "v4l2tvsrc");
  GError *err = NULL;
  gchar *device, *port, *norm;

  g_object_set (e, "device", "virtual:7", src ? "input" : "output", "0", NULL);
  gst_util_set_object_arg (G_OBJECT (e), "norm", "NTSC");

  fail_if (gst_uri_handler_set_uri (GST_URI_HANDLER (e), ue->uri, &err),
      "%s was taken", ue->uri);
  fail_unless (err != NULL);
  GST_INFO ("%s: %s", ue->uri, err->message);
  fail_unless (err->domain == GST_URI_ERROR, "%s: domain %s", ue->uri,
      g_quark_to_string (err->domain));
  fail_unless_equals_int (err->code, ue->code);
  fail_unless (strstr (err->message, ue->says) != NULL,
      "'%s' not in '%s'", ue->says, err->message);
  g_error_free (err);

  /* nothing changed */
  g_object_get (e, "device", &device, src ? "input" : "output", &port, NULL);
  norm = norm_nick (e);
  fail_unless_equals_string (device, "virtual:7");
  fail_unless_equals_string (port, "0");
  fail_unless_equals_string (norm, "NTSC");
  g_free (norm);
  g_free (port);
  g_free (device);
  gst_object_unref (e);
}

GST_END_TEST;

/* --- opening the card --- */

static GstBuffer *
pull_frame (GstHarness * h)
{
  GstBuffer *buf = gst_harness_pull (h);

  fail_unless (buf != NULL, "no frame came out");
  return buf;
}

/* the example: a source made from a URI captures; while it runs
 * the device cannot change but the input and the norm can */
GST_START_TEST (test_make_from_uri)
{
  GError *err = NULL;
  GstElement *e;
  GstHarness *h;
  GstBuffer *buf;
  GstCaps *caps;
  gchar *input, *uri;
  gint i, height = 0;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  e = gst_element_make_from_uri (GST_URI_SRC,
      "v4l2tv://virtual:4?input=S-Video&norm=PAL", NULL, &err);
  fail_unless (e != NULL, "%s", err ? err->message : "no element");
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory (e)),
      "v4l2tvsrc");

  h = gst_harness_new_with_element (e, NULL, "src");
  v4l2tv_check_track (h->element);
  gst_harness_play (h);
  buf = pull_frame (h);
  gst_buffer_unref (buf);
  caps = gst_pad_get_current_caps (h->sinkpad);
  fail_unless_equals_int (caps_width (caps), 720);
  fail_unless_equals_int (caps_height (caps), 576);
  gst_caps_unref (caps);

  /* another device: refused while playing, nothing changes */
  fail_if (gst_uri_handler_set_uri (GST_URI_HANDLER (e),
          "v4l2tv://virtual:5?input=S-Video&norm=PAL", &err));
  fail_unless (g_error_matches (err, GST_URI_ERROR, GST_URI_ERROR_BAD_STATE));
  fail_unless (strstr (err->message, "from 'virtual:4' to 'virtual:5' while "
          "PLAYING") != NULL, "%s", err->message);
  g_clear_error (&err);
  uri = gst_uri_handler_get_uri (GST_URI_HANDLER (e));
  fail_unless_equals_string (uri, "v4l2tv://virtual:4?input=S-Video&norm=PAL");
  g_free (uri);

  /* the same device: a live switch to Composite1 at NTSC */
  fail_unless (gst_uri_handler_set_uri (GST_URI_HANDLER (e),
          "v4l2tv://virtual:4?input=Composite1&norm=NTSC", &err), "%s",
      err ? err->message : "");
  g_object_get (e, "input", &input, NULL);
  fail_unless_equals_string (input, "Composite1");
  g_free (input);
  for (i = 0; i < 50 && height != 480; i++) {
    buf = pull_frame (h);
    gst_buffer_unref (buf);
    caps = gst_pad_get_current_caps (h->sinkpad);
    height = caps_height (caps);
    gst_caps_unref (caps);
  }
  fail_unless_equals_int (height, 480);

  gst_harness_teardown (h);
  gst_object_unref (e);
  v4l2tv_check_card_closed (CARD);

  /* a sink from a URI */
  e = gst_element_make_from_uri (GST_URI_SINK,
      "v4l2tv://virtual:4?output=Composite%20Out&norm=NTSC", NULL, &err);
  fail_unless (e != NULL, "%s", err ? err->message : "no element");
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory (e)),
      "v4l2tvsink");
  gst_object_unref (gst_object_ref_sink (e));

  /* and a bad one */
  fail_unless (gst_element_make_from_uri (GST_URI_SRC,
          "v4l2tv://virtual:4?norm=PALM", NULL, &err) == NULL);
  fail_unless (g_error_matches (err, GST_URI_ERROR, GST_URI_ERROR_BAD_URI));
  g_clear_error (&err);
}

GST_END_TEST;

/* an input the card lacks passes the URI and fails at start, with the
 * element's error that lists the inputs */
GST_START_TEST (test_unknown_input_at_start)
{
  GstElement *pipeline;
  GstMessage *msg;
  GError *err = NULL;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = gst_parse_launch ("v4l2tvsrc name=src ! fakesink", &err);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL);
  {
    GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");

    fail_unless (gst_uri_handler_set_uri (GST_URI_HANDLER (src),
            "v4l2tv://virtual:4?input=Radio", NULL));
    gst_object_unref (src);
  }
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      V4L2TV_CHECK_WAIT, GST_MESSAGE_ERROR | GST_MESSAGE_ASYNC_DONE);
  fail_unless (msg != NULL);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
  gst_message_parse_error (msg, &err, NULL);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS), "%s", err->message);
  g_clear_error (&err);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* uridecodebin finds v4l2tvsrc through the registry and exposes its raw
 * video */
GST_START_TEST (test_uridecodebin)
{
  GstElement *pipeline, *sink, *source = NULL;
  GstMessage *msg;
  GstCaps *caps;
  GstPad *pad;
  GError *err = NULL;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = gst_parse_launch ("uridecodebin name=dec "
      "uri=\"v4l2tv://virtual:4?input=Composite1&norm=NTSC\" "
      "! fakesink name=sink", &err);
  v4l2tv_check_track (pipeline);
  fail_unless (pipeline != NULL, "%s", err ? err->message : "");
  fail_unless (err == NULL, "%s", err ? err->message : "");

  /* live: no preroll in PAUSED, the sink prerolls on the way to PLAYING */
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      V4L2TV_CHECK_WAIT, GST_MESSAGE_ERROR | GST_MESSAGE_ASYNC_DONE);
  fail_unless (msg != NULL, "no preroll");
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("error: %s (%s)", err->message, GST_STR_NULL (dbg));
  }
  gst_message_unref (msg);

  {
    GstElement *dec = gst_bin_get_by_name (GST_BIN (pipeline), "dec");

    g_object_get (dec, "source", &source, NULL);
    gst_object_unref (dec);
  }
  fail_unless (source != NULL);
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory
          (source)), "v4l2tvsrc");
  gst_object_unref (source);

  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  pad = gst_element_get_static_pad (sink, "sink");
  caps = gst_pad_get_current_caps (pad);
  fail_unless (caps != NULL);
  fail_unless (gst_structure_has_name (gst_caps_get_structure (caps, 0),
          "video/x-raw"));
  fail_unless_equals_int (caps_width (caps), 720);
  fail_unless_equals_int (caps_height (caps), 480);
  gst_caps_unref (caps);
  gst_object_unref (pad);
  gst_object_unref (sink);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

static Suite *
v4l2tvuri_suite (void)
{
  Suite *s = suite_create ("v4l2tvuri");
  TCase *tc_grammar = tcase_create ("grammar");
  TCase *tc_errors = tcase_create ("errors");
  TCase *tc_open = tcase_create ("open");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);

  suite_add_tcase (s, tc_grammar);

  v4l2tv_check_add_teardown (tc_grammar);
  tcase_add_test (tc_grammar, test_factories);
  tcase_add_loop_test (tc_grammar, test_round_trip, 0,
      G_N_ELEMENTS (round_trips));
  tcase_add_test (tc_grammar, test_uri_from_properties);

  suite_add_tcase (s, tc_errors);

  v4l2tv_check_add_teardown (tc_errors);
  tcase_add_loop_test (tc_errors, test_error, 0, G_N_ELEMENTS (uri_errors));

  suite_add_tcase (s, tc_open);

  v4l2tv_check_add_teardown (tc_open);
  tcase_add_test (tc_open, test_make_from_uri);
  tcase_add_test (tc_open, test_unknown_input_at_start);
  tcase_add_test (tc_open, test_uridecodebin);

  return s;
}

GST_CHECK_MAIN (v4l2tvuri);
