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
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=S-Video&norm=PAL", "virtual:4",
    "S-Video", "PAL", "v4l2tv://virtual:4?input=S-Video&norm=PAL" },
  { "v4l2tvsrc", "V4L2TV://Virtual:04/?NORM=NTSC-M-JP&Input=1&",
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
  /* an empty input/output is unset, as the property's is */
  { "v4l2tvsrc", "v4l2tv://virtual:4?input=&norm=PAL", "virtual:4", NULL,
    "PAL", "v4l2tv://virtual:4?norm=PAL" },
  { "v4l2tvsink", "v4l2tv://virtual:7?output=", "virtual:7", NULL,
    "current", "v4l2tv://virtual:7" },
  /* bytes a message must not quote raw are fine in a value */
  { "v4l2tvsrc", "v4l2tv:///dev/caf%C3%A9%1B%FF?input=%1B%5B31m%FF",
    "/dev/caf\xc3\xa9\x1b\xff", "\x1b[31m\xff", "current",
    "v4l2tv:///dev/caf%C3%A9%1B%FF?input=%1B%5B31m%FF" },
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

/* the norm property's GEnum */
static GType
norm_type (void)
{
  GstElementFactory *f = gst_element_factory_find ("v4l2tvsrc");
  GstElementClass *klass;
  GType type;

  fail_unless (f != NULL);
  klass = g_type_class_ref (gst_element_factory_get_element_type (f));
  type = G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property
      (G_OBJECT_CLASS (klass), "norm"));
  g_type_class_unref (klass);
  gst_object_unref (f);
  return type;
}

/* get_uri -> set_uri gives back the same properties (and the same URI)
 * for every combination of device, input/output and norm, or get_uri
 * gives no URI for a device a URI cannot name */
static const struct
{
  const gchar *device;
  const gchar *as_set;          /* what set_uri gives back, NULL: no URI */
} rt_devices[] = {
  {"/dev/video0", "/dev/video0"},
  {"/dev/v4l/by-path/pci-0000:00:1f.0-video-index0",
      "/dev/v4l/by-path/pci-0000:00:1f.0-video-index0"},
  {"/dev/my card?#%&=;@[]", "/dev/my card?#%&=;@[]"},
  {"/dev/caf\xc3\xa9\x1b\xff", "/dev/caf\xc3\xa9\x1b\xff"},
  {"//dev/video0", "//dev/video0"},
  {"virtual", "virtual"},
  {"virtual:0", "virtual:0"},
  {"virtual:07", "virtual:7"},
  {"virtual:7", "virtual:7"},
  {"virtual:8", NULL},
  {"virtual:65535", NULL},
  {"virtual:x", NULL},
  {"video0", NULL},
  {"/", NULL},
  {"", NULL},
};

static const gchar *const rt_ports[] = {
  NULL, "", "0", "12", "Composite1", "Composite 1", "S-Video",
  "a&b=c%d#e?f+g/h", "T\xc3\xa9l\xc3\xa9", "\x1b[31m", "\xff", " ", "=",
};

GST_START_TEST (test_round_trip_properties)
{
  const gchar *factories[] = { "v4l2tvsrc", "v4l2tvsink" };
  GEnumClass *norms = g_type_class_ref (norm_type ());
  guint f, d, p, n, checked = 0;

  for (f = 0; f < G_N_ELEMENTS (factories); f++) {
    const gchar *key = f == 0 ? "input" : "output";
    GstElement *a = gst_element_factory_make (factories[f], NULL);
    GstElement *b = gst_element_factory_make (factories[f], NULL);

    for (d = 0; d < G_N_ELEMENTS (rt_devices); d++) {
      for (p = 0; p < G_N_ELEMENTS (rt_ports); p++) {
        for (n = 0; n < norms->n_values; n++) {
          gint norm = norms->values[n].value, norm_b = 0;
          gchar *uri, *again, *device_b, *port_b;
          GError *err = NULL;

          g_object_set (a, "device", rt_devices[d].device, key, rt_ports[p],
              "norm", norm, NULL);
          uri = gst_uri_handler_get_uri (GST_URI_HANDLER (a));
          if (rt_devices[d].as_set == NULL) {
            fail_unless (uri == NULL, "'%s' gave %s", rt_devices[d].device,
                uri);
            continue;
          }
          fail_unless (uri != NULL, "no URI for '%s'", rt_devices[d].device);
          /* something to overwrite */
          g_object_set (b, "device", "/dev/other", key, "other", NULL);
          gst_util_set_object_arg (G_OBJECT (b), "norm", "PAL-Nc");
          fail_unless (gst_uri_handler_set_uri (GST_URI_HANDLER (b), uri,
                  &err), "%s: %s refused: %s", factories[f], uri,
              err ? err->message : "");
          g_object_get (b, "device", &device_b, key, &port_b, "norm",
              &norm_b, NULL);
          fail_unless_equals_string (device_b, rt_devices[d].as_set);
          if (rt_ports[p] == NULL || *rt_ports[p] == '\0')
            fail_unless (port_b == NULL, "%s: %s gave %s '%s'", factories[f],
                uri, key, port_b);
          else
            fail_unless_equals_string (port_b, rt_ports[p]);
          fail_unless_equals_int (norm_b, norm);
          again = gst_uri_handler_get_uri (GST_URI_HANDLER (b));
          fail_unless_equals_string (again, uri);
          g_free (again);
          g_free (port_b);
          g_free (device_b);
          g_free (uri);
          checked++;
        }
      }
    }
    gst_object_unref (a);
    gst_object_unref (b);
  }
  g_type_class_unref (norms);
  GST_INFO ("%u round trips", checked);
  fail_unless (checked > 0);
}

GST_END_TEST;

/* one grammar: a norm= value the URI takes is one the norm property takes
 * (as gst-launch sets it), and the other way round */
GST_START_TEST (test_norm_same_as_property)
{
  GEnumClass *norms = g_type_class_ref (norm_type ());
  GstElement *e = gst_element_factory_make ("v4l2tvsrc", NULL);
  guint n, c, checked = 0;

  for (n = 0; n < norms->n_values; n++) {
    const gchar *nick = norms->values[n].value_nick;
    gchar *spellings[] = { g_strdup (nick), g_ascii_strdown (nick, -1),
      g_ascii_strup (nick, -1)
    };

    for (c = 0; c < G_N_ELEMENTS (spellings); c++) {
      GValue v = G_VALUE_INIT;
      gchar *uri = g_strdup_printf ("v4l2tv://virtual?norm=%s",
          spellings[c]);
      gboolean by_property, by_uri;

      g_value_init (&v, norm_type ());
      by_property = gst_value_deserialize (&v, spellings[c]);
      by_uri = gst_uri_handler_set_uri (GST_URI_HANDLER (e), uri, NULL);
      fail_unless_equals_int (by_uri, by_property);
      if (by_uri) {
        gint norm = 0;

        g_object_get (e, "norm", &norm, NULL);
        fail_unless_equals_int (norm, g_value_get_enum (&v));
      }
      g_value_unset (&v);
      g_free (uri);
      g_free (spellings[c]);
      checked++;
    }
  }
  fail_unless (checked == 3 * norms->n_values);
  gst_object_unref (e);
  g_type_class_unref (norms);
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
    "are (case-sensitive): current, auto, NTSC, NTSC-M, NTSC-M-JP, "
    "NTSC-M-KR, "
    "NTSC-443, PAL, PAL-BG, PAL-B, PAL-B1, PAL-G, PAL-H, PAL-I, PAL-DK, "
    "PAL-D, PAL-D1, PAL-K, PAL-M, PAL-N, PAL-Nc, PAL-60, SECAM, SECAM-B, "
    "SECAM-G, SECAM-H, SECAM-DK, SECAM-D, SECAM-K, SECAM-K1, SECAM-L, "
    "SECAM-Lc" },
  { "v4l2tvsink", "v4l2tv://virtual:4?norm=", GST_URI_ERROR_BAD_URI,
    "norm= is empty" },
  /* norm names are case-sensitive, as the property's are in gst-launch */
  { "v4l2tvsrc", "v4l2tv://virtual:4?norm=pal", GST_URI_ERROR_BAD_URI,
    "norm names are case-sensitive, as the norm property's are; write "
    "norm=PAL" },
  { "v4l2tvsink", "v4l2tv://virtual:4?norm=secam-lc", GST_URI_ERROR_BAD_URI,
    "write norm=SECAM-Lc" },
  /* the cards that exist, not any number */
  { "v4l2tvsrc", "v4l2tv://virtual:8", GST_URI_ERROR_BAD_URI,
    "names virtual card 8, which does not exist: there are 8 virtual cards, "
    "v4l2tv://virtual:0 to v4l2tv://virtual:7" },
  { "v4l2tvsink", "v4l2tv://virtual:65535", GST_URI_ERROR_BAD_URI,
    "virtual card 65535, which does not exist" },
  { "v4l2tvsrc", "v4l2tv://virtual:+1", GST_URI_ERROR_BAD_URI,
    "'+1' in URI 'v4l2tv://virtual:+1' is not a virtual card number" },
  /* the device path: a bad escape never cuts it short */
  { "v4l2tvsrc", "v4l2tv:///dev/video0%00.bak", GST_URI_ERROR_BAD_URI,
    "%00 is not allowed (it would cut the device path short)" },
  { "v4l2tvsrc", "v4l2tv:///dev/video0%", GST_URI_ERROR_BAD_URI,
    "the device part of URI 'v4l2tv:///dev/video0%' is not valid" },
  { "v4l2tvsrc", "v4l2tv:///dev/vi%zzdeo0", GST_URI_ERROR_BAD_URI,
    "not valid percent-encoding" },
  /* raw bytes a URI cannot hold, quoted printable */
  { "v4l2tvsrc", "v4l2tv://virtual?input=\x1b[31m", GST_URI_ERROR_BAD_URI,
    "URI 'v4l2tv://virtual?input=\\x1B[31m' holds a character a URI cannot "
    "(byte 0x1B at offset 23)" },
  { "v4l2tvsrc", "v4l2tv:///dev/video0?input=S Video", GST_URI_ERROR_BAD_URI,
    "percent-encoded (%20)" },
  { "v4l2tvsrc", "v4l2tv:///dev/video\xff", GST_URI_ERROR_BAD_URI,
    "'v4l2tv:///dev/video\\xFF' holds a character a URI cannot" },
  /* decoded bytes, quoted printable */
  { "v4l2tvsrc", "v4l2tv://virtual?norm=%1B%FF", GST_URI_ERROR_BAD_URI,
    "'\\x1B\\xFF' in URI 'v4l2tv://virtual?norm=%1B%FF' is not a norm" },
  { "v4l2tvsink", "v4l2tv://virtual?%1B%5Bm=1", GST_URI_ERROR_BAD_URI,
    "unknown key '\\x1B[m'" },
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

/* valid UTF-8 without control characters: what a message may show */
static void
check_printable (const gchar * what, const gchar * msg)
{
  const gchar *p;

  if (msg == NULL)
    return;
  fail_unless (g_utf8_validate (msg, -1, NULL), "%s is not valid UTF-8", what);
  for (p = msg; *p; p++)
    fail_if ((guchar) * p < 0x20 && *p != '\n', "%s holds control "
        "character 0x%02x", what, (guchar) * p);
  fail_if (strchr (msg, 0x7f) != NULL, "%s holds DEL", what);
}

/* every malformed URI: BAD_URI with a printable message, for set_uri and
 * gst_element_make_from_uri(), from either element, never a crash */
static const gchar *const malformed[] = {
  /* GStreamer 1.22's gst_uri_from_string() crashed on these */
  "v4l2tv://virtual?%zz=1",
  "v4l2tv://virtual?norm=PAL&%=x",
  "v4l2tv:///dev/video0?%4",
  "v4l2tv://virtual:1?%=",
  "v4l2tv://virtual?%",
  "v4l2tv://virtual?=%zz",
  "v4l2tv://virtual?norm=%zz",
  /* a path that opened another device */
  "v4l2tv:///dev/video0%00.bak",
  "v4l2tv:///dev/video0%zz",
  "v4l2tv:///dev/video0%",
  "v4l2tv:///dev/video0%0",
  "v4l2tv:///dev/%2",
  /* bad escapes elsewhere */
  "v4l2tv://virt%zzual",
  "v4l2tv://virtual%00",
  "v4l2tv://virtual:%34",
  "v4l2tv://virtual?input=a%00b",
  "v4l2tv://virtual?%00=x",
  "v4l2tv://virtual#%zz",
  "v4l2tv://virtual#",
  /* raw bytes a URI cannot hold */
  "v4l2tv://virtual?input=\x1b[31mred",
  "v4l2tv://virtual?input=\xff\xfe",
  "v4l2tv:///dev/video\xc3\x28",
  "v4l2tv:///dev/video0\t",
  "v4l2tv:///dev/video0?input=S Video",
  "v4l2tv://virtual\x7f",
  /* values */
  "v4l2tv://virtual?norm=pal",
  "v4l2tv://virtual?norm=Pal-M",
  "v4l2tv://virtual?norm=%1B",
  "v4l2tv://virtual?norm=%FF%FE",
  "v4l2tv://virtual?norm=",
  "v4l2tv://virtual?norm=PAL&norm=NTSC",
  "v4l2tv://virtual?%1B=x",
  "v4l2tv://virtual?foo",
  "v4l2tv://virtual?&&input&&",
  /* card numbers */
  "v4l2tv://virtual:8",
  "v4l2tv://virtual:9",
  "v4l2tv://virtual:65535",
  "v4l2tv://virtual:65536",
  "v4l2tv://virtual:99999999999999999999999",
  "v4l2tv://virtual:-1",
  "v4l2tv://virtual:+1",
  "v4l2tv://virtual:1:2",
  "v4l2tv://virtual:",
  "v4l2tv://virtual:0x1",
  /* structure */
  "v4l2tv:",
  "v4l2tv://",
  "v4l2tv:///",
  "v4l2tv:?input=1",
  "v4l2tv:dev/video0",
  "v4l2tv://:4/dev/video0",
  "v4l2tv://[virtual",
  "v4l2tv://me@virtual",
  "v4l2tv://virtual/dev/video0",
  "v4l2tv://virtual:1#frag",
};

GST_START_TEST (test_malformed)
{
  const gchar *uri = malformed[__i__];
  const gchar *factories[] = { "v4l2tvsrc", "v4l2tvsink" };
  GstURIType types[] = { GST_URI_SRC, GST_URI_SINK };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (factories); i++) {
    GstElement *e = gst_element_factory_make (factories[i], NULL);
    GError *err = NULL;
    gchar *device = NULL;

    g_object_set (e, "device", "virtual:7", NULL);
    fail_if (gst_uri_handler_set_uri (GST_URI_HANDLER (e), uri, &err),
        "%s: a malformed URI was taken", factories[i]);
    fail_unless (err != NULL);
    check_printable ("the message", err->message);
    GST_INFO ("%s: %s", factories[i], err->message);
    fail_unless (g_error_matches (err, GST_URI_ERROR, GST_URI_ERROR_BAD_URI),
        "%s: %s", factories[i], err->message);
    g_clear_error (&err);
    g_object_get (e, "device", &device, NULL);
    fail_unless_equals_string (device, "virtual:7");
    g_free (device);
    gst_object_unref (e);

    fail_unless (gst_element_make_from_uri (types[i], uri, NULL, &err) ==
        NULL, "%s made from a malformed URI", factories[i]);
    fail_unless (g_error_matches (err, GST_URI_ERROR, GST_URI_ERROR_BAD_URI),
        "%s: %s", factories[i], err ? err->message : "no error");
    check_printable ("the message", err->message);
    g_clear_error (&err);
  }
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

/* the issue's example: a source made from a URI captures; while it runs
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
  for (i = 0; i < 50 && height != 480; i++) {
    buf = pull_frame (h);
    gst_buffer_unref (buf);
    caps = gst_pad_get_current_caps (h->sinkpad);
    height = caps_height (caps);
    gst_caps_unref (caps);
  }
  fail_unless_equals_int (height, 480);
  /* (the property says what is in force, once the switch landed) */
  g_object_get (e, "input", &input, NULL);
  fail_unless_equals_string (input, "Composite1");
  g_free (input);

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

/* bytes from a URI that a message cannot show raw (ESC, invalid UTF-8)
 * reach the element's errors at start escaped */
static const gchar *const unprintable_uris[] = {
  "v4l2tv://virtual:4?input=%1B%5B31m%FF",
  "v4l2tv:///dev/no-such-card%1B%5B31m%FF",
};

GST_START_TEST (test_unprintable_at_start)
{
  GstElement *pipeline, *src, *sink;
  GstMessage *msg;
  GError *err = NULL;
  gchar *dbg = NULL;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = gst_pipeline_new (NULL);
  src = gst_element_make_from_uri (GST_URI_SRC, unprintable_uris[__i__],
      NULL, &err);
  fail_unless (src != NULL, "%s", err ? err->message : "");
  sink = gst_element_factory_make ("fakesink", NULL);
  gst_bin_add_many (GST_BIN (pipeline), src, sink, NULL);
  fail_unless (gst_element_link (src, sink));
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      30 * GST_SECOND, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error");
  gst_message_parse_error (msg, &err, &dbg);
  GST_INFO ("%s (%s)", err->message, dbg);
  check_printable ("the error", err->message);
  check_printable ("the debug text", dbg);
  fail_unless (strstr (err->message, "\\x1B[31m\\xFF") != NULL, "%s",
      err->message);
  g_clear_error (&err);
  g_free (dbg);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* uridecodebin finds v4l2tvsrc through the registry and exposes its raw
 * video. The sink is async=false and the test waits for frames, not for
 * the pipeline's ASYNC_DONE: GStreamer 1.22's uridecodebin, around a live
 * source, now and then forwards its inner decodebin's ASYNC_START to the
 * pipeline after it has committed its own state, and never the matching
 * ASYNC_DONE ("nothing pending" in bin_handle_async_done), so the pipeline
 * waits for ever (seen about once in a hundred runs, with any live source).
 * An async sink would then wait in preroll for ever too. */
typedef struct
{
  GMutex lock;
  GCond cond;
  guint frames;
} Frames;

static void
on_frame (GstElement * sink, GstBuffer * buf, GstPad * pad, Frames * f)
{
  g_mutex_lock (&f->lock);
  f->frames++;
  g_cond_broadcast (&f->cond);
  g_mutex_unlock (&f->lock);
}

static void
frames_clear (gpointer data)
{
  Frames *f = data;

  g_mutex_clear (&f->lock);
  g_cond_clear (&f->cond);
}

GST_START_TEST (test_uridecodebin)
{
  GstElement *pipeline, *sink, *source = NULL;
  GstMessage *msg;
  GstCaps *caps;
  GstPad *pad;
  GError *err = NULL;
  Frames *f;
  gint64 end = g_get_monotonic_time () + V4L2TV_CHECK_WAIT_US;

  v4l2tv_check_setup_card (CARD, GST_TV_HW_VIRTUAL_PACING_FREERUN);
  pipeline = gst_parse_launch ("uridecodebin name=dec "
      "uri=\"v4l2tv://virtual:4?input=Composite1&norm=NTSC\" "
      "! fakesink name=sink async=false signal-handoffs=true", &err);
  fail_unless (pipeline != NULL, "%s", err ? err->message : "");
  fail_unless (err == NULL, "%s", err ? err->message : "");
  v4l2tv_check_track (pipeline);
  f = v4l2tv_check_track_data (pipeline, sizeof (Frames), frames_clear);
  g_mutex_init (&f->lock);
  g_cond_init (&f->cond);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_signal_connect (sink, "handoff", G_CALLBACK (on_frame), f);

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  g_mutex_lock (&f->lock);
  while (f->frames < 3) {
    if (!g_cond_wait_until (&f->cond, &f->lock, end))
      break;
  }
  g_mutex_unlock (&f->lock);
  msg = gst_bus_pop_filtered (GST_ELEMENT_BUS (pipeline), GST_MESSAGE_ERROR);
  if (msg != NULL) {
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("error: %s (%s)", err->message, GST_STR_NULL (dbg));
  }
  fail_unless (f->frames >= 3, "%u frames came", f->frames);

  {
    GstElement *dec = gst_bin_get_by_name (GST_BIN (pipeline), "dec");

    g_object_get (dec, "source", &source, NULL);
    gst_object_unref (dec);
  }
  fail_unless (source != NULL);
  fail_unless_equals_string (GST_OBJECT_NAME (gst_element_get_factory
          (source)), "v4l2tvsrc");
  gst_object_unref (source);

  pad = gst_element_get_static_pad (sink, "sink");
  caps = gst_pad_get_current_caps (pad);
  fail_unless (caps != NULL);
  fail_unless (gst_structure_has_name (gst_caps_get_structure (caps, 0),
          "video/x-raw"));
  fail_unless_equals_int (caps_width (caps), 720);
  fail_unless_equals_int (caps_height (caps), 480);
  gst_caps_unref (caps);
  gst_object_unref (pad);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (CARD);
}

GST_END_TEST;

/* the issue's crash: uridecodebin and playbin given a URI whose query
 * key does not decode get an error, not a segfault */
static const gchar *const crash_uris[] = {
  "v4l2tv://virtual?%zz=1",
  "v4l2tv://virtual?norm=PAL&%=x",
  "v4l2tv:///dev/video0?%4",
};

GST_START_TEST (test_uridecodebin_malformed)
{
  const gchar *bins[] = { "uridecodebin", "playbin" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bins); i++) {
    GstElement *pipeline = gst_pipeline_new (NULL);
    GstElement *bin = gst_element_factory_make (bins[i], NULL);
    GstMessage *msg;
    GError *err = NULL;

    if (bin == NULL) {
      GST_INFO ("no %s here", bins[i]);
      gst_object_unref (pipeline);
      continue;
    }
    g_object_set (bin, "uri", crash_uris[__i__], NULL);
    if (i == 1)
      g_object_set (bin, "video-sink", gst_element_factory_make ("fakesink",
              NULL), "audio-sink", gst_element_factory_make ("fakesink",
              NULL), NULL);
    gst_bin_add (GST_BIN (pipeline), bin);
    gst_element_set_state (pipeline, GST_STATE_PAUSED);
    msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
        30 * GST_SECOND, GST_MESSAGE_ERROR | GST_MESSAGE_ASYNC_DONE);
    fail_unless (msg != NULL, "%s: no answer", bins[i]);
    fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
    gst_message_parse_error (msg, &err, NULL);
    GST_INFO ("%s: %s", bins[i], err->message);
    check_printable ("the error", err->message);
    g_clear_error (&err);
    gst_message_unref (msg);
    gst_element_set_state (pipeline, GST_STATE_NULL);
    gst_object_unref (pipeline);
  }
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
  tcase_add_test (tc_grammar, test_round_trip_properties);
  tcase_add_test (tc_grammar, test_norm_same_as_property);

  suite_add_tcase (s, tc_errors);

  v4l2tv_check_add_teardown (tc_errors);
  tcase_add_loop_test (tc_errors, test_error, 0, G_N_ELEMENTS (uri_errors));
  tcase_add_loop_test (tc_errors, test_malformed, 0, G_N_ELEMENTS (malformed));

  suite_add_tcase (s, tc_open);

  v4l2tv_check_add_teardown (tc_open);
  tcase_add_test (tc_open, test_make_from_uri);
  tcase_add_test (tc_open, test_unknown_input_at_start);
  tcase_add_loop_test (tc_open, test_unprintable_at_start, 0,
      G_N_ELEMENTS (unprintable_uris));
  tcase_add_test (tc_open, test_uridecodebin);
  tcase_add_loop_test (tc_open, test_uridecodebin_malformed, 0,
      G_N_ELEMENTS (crash_uris));

  return s;
}

GST_CHECK_MAIN (v4l2tvuri);
