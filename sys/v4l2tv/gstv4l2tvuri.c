/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the GstURIHandler of v4l2tvsrc (GST_URI_SRC) and v4l2tvsink
 * (GST_URI_SINK), so that playbin, uridecodebin and
 * gst_element_make_from_uri() can open a TV card.
 *
 * Grammar (RFC 3986, percent-encoding allowed everywhere):
 *
 *   v4l2tv://PATH[?QUERY]            device=PATH (absolute, /dev/videoN)
 *   v4l2tv://virtual[:N][?QUERY]     device=virtual or virtual:N
 *   QUERY = KEY=VALUE ['&' KEY=VALUE ...]
 *   KEY   = input (v4l2tvsrc) | output (v4l2tvsink) | norm
 *
 * e.g. v4l2tv:///dev/video0?input=Composite1&norm=PAL,
 * v4l2tv://virtual:1?output=Composite%20Out&norm=NTSC. input/output take
 * what the properties take (a name, case-insensitive, or an index); norm
 * takes the nicks of GstV4l2TvStandard, case-insensitive. Keys are
 * case-insensitive and may appear once each.
 *
 * Setting a URI sets the device, input/output and norm properties, all
 * three: a key left out resets its property (no input/output: keep the
 * card's; no norm: "current"). The URI is checked as a whole before any
 * property changes. While the element is not in NULL (its device is open
 * from READY on) the device cannot change (GST_URI_ERROR_BAD_STATE) but
 * input/output and norm can, as their properties can. get_uri builds the canonical URI back from the
 * properties (lower-case keys, input/output before norm, the norm's
 * nick), or NULL for a device a URI cannot name.
 *
 * Whether the card has the input, output or norm asked for is only known
 * once the device is open: the element's start fails then, with the
 * error that lists what the card has.
 *
 * Errors, all in GST_URI_ERROR, with a message that says what is wrong
 * and what is valid: BAD_URI for anything the grammar refuses (malformed
 * URI, user info, fragment, relative or missing path, a path after
 * "virtual", a bad card number, unknown or repeated key, input= on the
 * sink or output= on the src, a key without value, an empty value, bad
 * percent-encoding, an unknown norm), BAD_REFERENCE for a host other than
 * "virtual" (a card on another machine), BAD_STATE for a device change
 * while running. gst_uri_handler_set_uri() itself answers an invalid URI
 * (BAD_URI) and a scheme other than v4l2tv (UNSUPPORTED_PROTOCOL) before
 * calling us.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstv4l2tvuri.h"
#include "gstv4l2tvobject.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

#define SCHEME "v4l2tv"
#define VIRTUAL_HOST "virtual"
#define NORM_KEY "norm"
#define GRAMMAR "v4l2tv:///dev/videoN or v4l2tv://virtual:N, then " \
  "optionally ?%s=NAME&norm=NORM"

static const gchar *const protocols[] = { SCHEME, NULL };

static const gchar *const *
gst_v4l2_tv_uri_get_protocols (GType type)
{
  return protocols;
}

static GstURIType
gst_v4l2_tv_src_uri_get_type (GType type)
{
  return GST_URI_SRC;
}

static GstURIType
gst_v4l2_tv_sink_uri_get_type (GType type)
{
  return GST_URI_SINK;
}

static gboolean
is_src (GstURIHandler * handler)
{
  return gst_uri_handler_get_uri_type (handler) == GST_URI_SRC;
}

static const gchar *
element_name (gboolean src)
{
  return src ? "v4l2tvsrc" : "v4l2tvsink";
}

static const gchar *
port_key (gboolean src)
{
  return src ? "input" : "output";
}

/* "current, NTSC, NTSC-M, ...": every valid norm= value */
static gchar *
norm_list (void)
{
  GEnumClass *klass = g_type_class_ref (GST_TYPE_V4L2_TV_STANDARD);
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < klass->n_values; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "",
        klass->values[i].value_nick);
  g_type_class_unref (klass);

  return g_string_free (s, FALSE);
}

static gboolean
parse_norm (const gchar * name, const gchar * uri, gint * norm, GError ** error)
{
  GEnumClass *klass = g_type_class_ref (GST_TYPE_V4L2_TV_STANDARD);
  gboolean found = FALSE;
  guint i;

  for (i = 0; i < klass->n_values && !found; i++) {
    if (g_ascii_strcasecmp (name, klass->values[i].value_nick) == 0) {
      *norm = klass->values[i].value;
      found = TRUE;
    }
  }
  g_type_class_unref (klass);
  if (!found)
    goto unknown_norm;

  return TRUE;

  /* ERRORS */
unknown_norm:
  {
    g_autofree gchar *list = norm_list ();

    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "'%s' in URI '%s' is not a norm; the norms are (case-insensitive): "
        "%s", name, uri, list);
    return FALSE;
  }
}

/* the card number of "virtual:N", read from the authority as written, as
 * GstUri cannot tell "virtual" from "virtual:0" */
static gboolean
parse_virtual (const gchar * uri, gchar ** device, GError ** error)
{
  const gchar *start = strstr (uri, "://");
  g_autofree gchar *authority = NULL;
  const gchar *colon;
  guint64 n;

  if (start == NULL)
    goto no_authority;
  start += 3;
  authority = g_strndup (start, strcspn (start, "/?#"));
  colon = strrchr (authority, ':');
  if (colon == NULL) {
    *device = g_strdup (VIRTUAL_HOST);
    return TRUE;
  }
  if (!g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT16, &n, NULL))
    goto bad_card;
  *device = g_strdup_printf (VIRTUAL_HOST ":%u", (guint) n);

  return TRUE;

  /* ERRORS */
no_authority:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "URI '%s' names the virtual card without '//': write "
        "v4l2tv://virtual or v4l2tv://virtual:N", uri);
    return FALSE;
  }
bad_card:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "'%s' in URI '%s' is not a virtual card number: write "
        "v4l2tv://virtual:N with N the card's number, in decimal", colon + 1,
        uri);
    return FALSE;
  }
}

/* the raw query of @uri: KEY=VALUE pairs, percent-decoded here so that a
 * repeated key or a bad escape is an error, not lost in GstUri's table */
static gboolean
parse_query (const gchar * uri, const gchar * query, gboolean src,
    gchar ** port, gint * norm, GError ** error)
{
  g_auto (GStrv) pairs = g_strsplit (query, "&", -1);
  g_autofree gchar *key = NULL;
  g_autofree gchar *value = NULL;
  gboolean have_port = FALSE, have_norm = FALSE;
  const gchar *eq = NULL;
  guint i;

  for (i = 0; pairs[i]; i++) {
    const gchar *pair = pairs[i];

    if (*pair == '\0')
      continue;
    g_clear_pointer (&key, g_free);
    g_clear_pointer (&value, g_free);

    eq = strchr (pair, '=');
    {
      g_autofree gchar *raw = eq ? g_strndup (pair, eq - pair) :
          g_strdup (pair);

      key = g_uri_unescape_string (raw, NULL);
    }
    if (key == NULL)
      goto bad_escape;
    if (eq == NULL)
      goto no_value;
    value = g_uri_unescape_string (eq + 1, NULL);
    if (value == NULL)
      goto bad_escape;

    if (g_ascii_strcasecmp (key, port_key (src)) == 0) {
      if (have_port)
        goto repeated;
      if (*value == '\0')
        goto empty_port;
      have_port = TRUE;
      g_free (*port);
      *port = g_steal_pointer (&value);
    } else if (g_ascii_strcasecmp (key, port_key (!src)) == 0) {
      goto wrong_direction;
    } else if (g_ascii_strcasecmp (key, NORM_KEY) == 0) {
      if (have_norm)
        goto repeated;
      if (*value == '\0')
        goto empty_norm;
      have_norm = TRUE;
      if (!parse_norm (value, uri, norm, error))
        return FALSE;
    } else {
      goto unknown_key;
    }
  }

  return TRUE;

  /* ERRORS */
bad_escape:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "'%s' in the query of URI '%s' is not valid percent-encoding: '%%' "
        "must be followed by two hexadecimal digits, and %%00 is not "
        "allowed", pairs[i], uri);
    return FALSE;
  }
no_value:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "'%s' in the query of URI '%s' has no value: %s takes %s=NAME and "
        "norm=NORM", key, uri, element_name (src), port_key (src));
    return FALSE;
  }
repeated:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "'%s' appears more than once in the query of URI '%s': give it once",
        key, uri);
    return FALSE;
  }
empty_port:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "%s= is empty in URI '%s': give the %s's name or index, or leave "
        "%s= out to keep the card's current %s", key, uri, port_key (src),
        port_key (src), port_key (src));
    return FALSE;
  }
empty_norm:
  {
    g_autofree gchar *list = norm_list ();

    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "norm= is empty in URI '%s': give one of %s, or leave norm= out",
        uri, list);
    return FALSE;
  }
wrong_direction:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "%s= in URI '%s' is for %s: %s has %ss, so it takes %s= (and norm=)",
        key, uri, element_name (!src), element_name (src), port_key (src),
        port_key (src));
    return FALSE;
  }
unknown_key:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "unknown key '%s' in the query of URI '%s': %s takes %s= and norm= "
        "only", key, uri, element_name (src), port_key (src));
    return FALSE;
  }
}

static gboolean
gst_v4l2_tv_uri_set_uri (GstURIHandler * handler, const gchar * uri,
    GError ** error)
{
  GstElement *element = GST_ELEMENT (handler);
  gboolean src = is_src (handler);
  g_autoptr (GstUri) u = NULL;
  g_autofree gchar *device = NULL;
  g_autofree gchar *port = NULL;
  g_autofree gchar *current = NULL;
  g_autofree gchar *path = NULL;
  const gchar *scheme, *host, *query;
  gint norm = GST_V4L2_TV_STANDARD_CURRENT;
  GstState state, pending;
  gboolean running;

  u = gst_uri_from_string (uri);
  if (u == NULL)
    goto malformed;
  scheme = gst_uri_get_scheme (u);
  if (scheme == NULL || g_ascii_strcasecmp (scheme, SCHEME) != 0)
    goto wrong_scheme;
  if (gst_uri_get_userinfo (u) != NULL)
    goto userinfo;
  if (gst_uri_get_fragment (u) != NULL)
    goto fragment;

  host = gst_uri_get_host (u);
  path = gst_uri_get_path (u);
  if (host == NULL || *host == '\0') {
    if (path == NULL || *path == '\0')
      goto no_device;
    if (path[0] != '/')
      goto relative_path;
    device = g_strdup (path);
  } else if (g_ascii_strcasecmp (host, VIRTUAL_HOST) == 0) {
    if (path != NULL && *path != '\0' && strcmp (path, "/") != 0)
      goto path_after_virtual;
    if (!parse_virtual (uri, &device, error))
      return FALSE;
  } else {
    goto remote_host;
  }

  query = strchr (uri, '?');
  if (query != NULL && !parse_query (uri, query + 1, src, &port, &norm, error))
    return FALSE;

  GST_OBJECT_LOCK (element);
  state = GST_STATE (element);
  pending = GST_STATE_PENDING (element);
  GST_OBJECT_UNLOCK (element);
  /* the device is open from READY on */
  running = state > GST_STATE_NULL || pending > GST_STATE_NULL;

  g_object_get (element, "device", &current, NULL);
  if (running && g_strcmp0 (current, device) != 0)
    goto device_busy;

  GST_DEBUG_OBJECT (element, "URI '%s': device '%s', %s '%s', norm 0x%x",
      uri, device, port_key (src), GST_STR_NULL (port), norm);
  if (!running)
    g_object_set (element, "device", device, NULL);
  g_object_set (element, port_key (src), port, "norm", norm, NULL);

  return TRUE;

  /* ERRORS */
malformed:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "'%s' is not a valid URI; write " GRAMMAR, uri, port_key (src));
    return FALSE;
  }
wrong_scheme:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "URI '%s' does not start with v4l2tv:; write " GRAMMAR, uri,
        port_key (src));
    return FALSE;
  }
userinfo:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "URI '%s' has a user name ('%s@'), which v4l2tv URIs do not take; "
        "write " GRAMMAR, uri, gst_uri_get_userinfo (u), port_key (src));
    return FALSE;
  }
fragment:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "URI '%s' has a fragment ('#%s'), which v4l2tv URIs do not take; "
        "write " GRAMMAR, uri, gst_uri_get_fragment (u), port_key (src));
    return FALSE;
  }
no_device:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "URI '%s' names no device; write " GRAMMAR, uri, port_key (src));
    return FALSE;
  }
relative_path:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "the device path '%s' in URI '%s' is not absolute; write the whole "
        "path after v4l2tv://, as in v4l2tv:///dev/video0", path, uri);
    return FALSE;
  }
path_after_virtual:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "URI '%s' has a path ('%s') after the virtual card; write "
        "v4l2tv://virtual or v4l2tv://virtual:N, or v4l2tv:///dev/videoN "
        "for a Video4Linux2 device", uri, path);
    return FALSE;
  }
remote_host:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_REFERENCE,
        "URI '%s' names host '%s': only local cards can be opened, write "
        "v4l2tv:///dev/videoN (three slashes) or v4l2tv://virtual:N", uri,
        host);
    return FALSE;
  }
device_busy:
  {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_STATE,
        "%s cannot change device from '%s' to '%s' while %s; set the URI in "
        "the NULL state (only %s= and norm= can change while "
        "running)", GST_ELEMENT_NAME (element), GST_STR_NULL (current),
        device, gst_element_state_get_name (MAX (state, pending)),
        port_key (src));
    return FALSE;
  }
}

/* "virtual" or "virtual:N" with N decimal digits only */
static gboolean
is_virtual_device (const gchar * device)
{
  const gchar *p;

  if (strcmp (device, VIRTUAL_HOST) == 0)
    return TRUE;
  if (!g_str_has_prefix (device, VIRTUAL_HOST ":"))
    return FALSE;
  p = device + strlen (VIRTUAL_HOST ":");
  if (*p == '\0')
    return FALSE;
  for (; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

static gchar *
gst_v4l2_tv_uri_get_uri (GstURIHandler * handler)
{
  GstElement *element = GST_ELEMENT (handler);
  gboolean src = is_src (handler);
  g_autofree gchar *device = NULL;
  g_autofree gchar *port = NULL;
  GString *s;
  gint norm = 0;
  gchar sep = '?';

  g_object_get (element, "device", &device, port_key (src), &port, "norm",
      &norm, NULL);
  if (device == NULL || *device == '\0')
    return NULL;

  s = g_string_new (SCHEME "://");
  if (is_virtual_device (device)) {
    g_string_append (s, device);
  } else if (device[0] == '/') {
    g_string_append_uri_escaped (s, device,
        G_URI_RESERVED_CHARS_ALLOWED_IN_PATH, FALSE);
  } else {
    GST_DEBUG_OBJECT (element, "no URI for device '%s'", device);
    g_string_free (s, TRUE);
    return NULL;
  }

  if (port != NULL) {
    g_string_append_printf (s, "%c%s=", sep, port_key (src));
    g_string_append_uri_escaped (s, port, NULL, FALSE);
    sep = '&';
  }
  if (norm != GST_V4L2_TV_STANDARD_CURRENT) {
    GEnumClass *klass = g_type_class_ref (GST_TYPE_V4L2_TV_STANDARD);
    GEnumValue *v = g_enum_get_value (klass, norm);

    if (v != NULL)
      g_string_append_printf (s, "%c" NORM_KEY "=%s", sep, v->value_nick);
    g_type_class_unref (klass);
  }

  return g_string_free (s, FALSE);
}

static void
uri_handler_init (GstURIHandlerInterface * iface)
{
  iface->get_protocols = gst_v4l2_tv_uri_get_protocols;
  iface->get_uri = gst_v4l2_tv_uri_get_uri;
  iface->set_uri = gst_v4l2_tv_uri_set_uri;
}

void
gst_v4l2_tv_src_uri_handler_init (gpointer g_iface, gpointer iface_data)
{
  GstURIHandlerInterface *iface = g_iface;

  uri_handler_init (iface);
  iface->get_type = gst_v4l2_tv_src_uri_get_type;
}

void
gst_v4l2_tv_sink_uri_handler_init (gpointer g_iface, gpointer iface_data)
{
  GstURIHandlerInterface *iface = g_iface;

  uri_handler_init (iface);
  iface->get_type = gst_v4l2_tv_sink_uri_get_type;
}
