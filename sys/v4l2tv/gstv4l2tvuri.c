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
 * v4l2tv://virtual:1?output=Composite%20Out&norm=NTSC.
 *
 * One grammar with the properties: a value means in the URI what it means
 * in the property of the same name. input/output take what the properties
 * take (a name, case-insensitive, or an index), and an empty one is unset
 * in both (keep the card's). norm takes the nicks of GstV4l2TvStandard,
 * case-sensitive as the property's are in gst-launch (norm=PAL, not
 * norm=pal: a wrong case is refused with the right spelling). N of
 * virtual:N is a card that exists (0 up to the number of virtual cards -
 * 1). Keys and the scheme and host names are case-insensitive (they are
 * the URI's syntax, not values); each key may appear once.
 *
 * The URI is untrusted input (a playlist, a web page), so the handler
 * parses it itself, strictly: every byte must be one RFC 3986 allows
 * (others, such as spaces, control characters and raw non-ASCII bytes,
 * must be percent-encoded), every '%' must start an escape of two
 * hexadecimal digits and no escape may give a NUL byte (which would cut
 * a device path short and open another file). What a message quotes from
 * the URI goes through gst_v4l2_tv_printable(), so it is valid UTF-8
 * without control characters.
 *
 * Setting a URI sets the device, input/output and norm properties, all
 * three: a key left out resets its property (no input/output: keep the
 * card's; no norm: "current"). The URI is checked as a whole before any
 * property changes. While the element is not in NULL (its device is open
 * from READY on) the device cannot change (GST_URI_ERROR_BAD_STATE) but
 * input/output and norm can, as their properties can. get_uri builds the
 * canonical URI back from the properties (lower-case keys, input/output
 * before norm, the norm's nick), or NULL for a device a URI cannot name
 * (a relative path, a virtual card that does not exist); set_uri takes
 * every URI get_uri gives and sets the same properties.
 *
 * Whether the card has the input, output or norm asked for is only known
 * once the device is open: the element's start fails then, with the
 * error that lists what the card has.
 *
 * Errors, all in GST_URI_ERROR, with a message that says what is wrong
 * and what is valid: BAD_URI for anything the grammar refuses (malformed
 * URI, a character a URI cannot hold, user info, fragment, relative or
 * missing path, a path after "virtual", a card number that is not one of
 * the virtual cards, unknown or repeated key, input= on the sink or
 * output= on the src, a key without value, an empty norm, bad
 * percent-encoding, an unknown norm), BAD_REFERENCE for a host other than
 * "virtual" (a card on another machine), BAD_STATE for a device change
 * while running. gst_uri_handler_set_uri() itself answers a URI without
 * a scheme (BAD_URI) and a scheme other than v4l2tv
 * (UNSUPPORTED_PROTOCOL) before calling us.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "gstv4l2tvuri.h"
#include "gstv4l2tvobject.h"
#include "v4l2tv-text.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

#define SCHEME "v4l2tv"
#define VIRTUAL_HOST "virtual"
#define NORM_KEY "norm"
/* how a URI is written, with the port key for %s (grammar_error) */
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

/* a message that quotes outside text (the URI, a part of it, a device):
 * the message is made printable as a whole (gst_v4l2_tv_printable), which
 * is each quoted argument made printable, as the formats are plain
 * printable ASCII without backslashes */
static void
set_error (GError ** error, gint code, const gchar * format, ...)
G_GNUC_PRINTF (3, 4);

     static void
         set_error (GError ** error, gint code, const gchar * format, ...)
{
  va_list args;
  gchar *message, *printable;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  printable = gst_v4l2_tv_printable (message);
  g_set_error_literal (error, GST_URI_ERROR, code, printable);
  g_free (printable);
  g_free (message);
}

/* BAD_URI: what is wrong (@format), then how a URI is written; returns
 * FALSE */
static gboolean
grammar_error (GError ** error, gboolean src, const gchar * format, ...)
G_GNUC_PRINTF (3, 4);

     static gboolean
         grammar_error (GError ** error, gboolean src, const gchar * format,
    ...)
{
  va_list args;
  g_autofree gchar *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  set_error (error, GST_URI_ERROR_BAD_URI, "%s; write " GRAMMAR, what,
      port_key (src));
  return FALSE;
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

/* the nicks, case-sensitive as the norm property's are in gst-launch */
static gboolean
parse_norm (const gchar * name, const gchar * uri, gint * norm, GError ** error)
{
  GEnumClass *klass = g_type_class_ref (GST_TYPE_V4L2_TV_STANDARD);
  const gchar *other_case = NULL;
  gboolean found = FALSE;
  guint i;

  for (i = 0; i < klass->n_values && !found; i++) {
    if (strcmp (name, klass->values[i].value_nick) == 0) {
      *norm = klass->values[i].value;
      found = TRUE;
    } else if (g_ascii_strcasecmp (name, klass->values[i].value_nick) == 0) {
      other_case = klass->values[i].value_nick;
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

    if (other_case)
      set_error (error, GST_URI_ERROR_BAD_URI,
          "'%s' in URI '%s' is not a norm: norm names are case-sensitive, "
          "as the norm property's are; write norm=%s", name, uri, other_case);
    else
      set_error (error, GST_URI_ERROR_BAD_URI,
          "'%s' in URI '%s' is not a norm; the norms are (case-sensitive): "
          "%s", name, uri, list);
    return FALSE;
  }
}

/* [start, end) percent-decoded, or NULL for a '%' not followed by two
 * hexadecimal digits or an escape that gives a NUL byte */
static gchar *
unescape (const gchar * start, const gchar * end)
{
  return g_uri_unescape_segment (start, end, NULL);
}

/* RFC 3986 section 2: unreserved, reserved and '%' */
static gboolean
is_uri_char (guchar c)
{
  return g_ascii_isalnum (c) || strchr ("-._~:/?#[]@!$&'()*+,;=%", c) != NULL;
}

/* every byte of @uri is one a URI may hold */
static gboolean
check_chars (const gchar * uri, GError ** error)
{
  const guchar *p;

  for (p = (const guchar *) uri; *p; p++)
    if (!is_uri_char (*p))
      goto bad_char;

  return TRUE;

  /* ERRORS */
bad_char:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "URI '%s' holds a character a URI cannot (byte 0x%02X at offset "
      "%u): spaces, control characters and non-ASCII characters must be "
      "percent-encoded (%%%02X)", uri, *p, (guint) (p - (const guchar *) uri),
      *p);
  return FALSE;
}

/* the card number of "virtual:N", as written in the authority: decimal
 * digits naming a card that exists */
static gboolean
parse_virtual (const gchar * uri, const gchar * port, gchar ** device,
    GError ** error)
{
  guint n_cards = gst_tv_hw_virtual_n_cards ();
  const gchar *p;
  guint64 n;

  if (port == NULL) {
    *device = g_strdup (VIRTUAL_HOST);
    return TRUE;
  }
  if (*port == '\0')
    goto bad_card;
  for (p = port; *p; p++)
    if (!g_ascii_isdigit (*p))
      goto bad_card;
  if (!g_ascii_string_to_unsigned (port, 10, 0, n_cards - 1, &n, NULL))
    goto no_such_card;
  *device = g_strdup_printf (VIRTUAL_HOST ":%u", (guint) n);

  return TRUE;

  /* ERRORS */
bad_card:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "'%s' in URI '%s' is not a virtual card number: write "
      "v4l2tv://virtual:N with N the card's number, in decimal (0 to %u)",
      port, uri, n_cards - 1);
  return FALSE;
no_such_card:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "URI '%s' names virtual card %s, which does not exist: there are %u "
      "virtual cards, v4l2tv://virtual:0 to v4l2tv://virtual:%u", uri, port,
      n_cards, n_cards - 1);
  return FALSE;
}

/* the raw query of @uri: KEY=VALUE pairs split on '&' and the first '=',
 * each part percent-decoded here, so that a repeated key or a bad escape
 * is an error */
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
    key = unescape (pair, eq ? eq : pair + strlen (pair));
    if (key == NULL)
      goto bad_escape;
    if (eq == NULL)
      goto no_value;
    value = unescape (eq + 1, NULL);
    if (value == NULL)
      goto bad_escape;

    if (g_ascii_strcasecmp (key, port_key (src)) == 0) {
      if (have_port)
        goto repeated;
      have_port = TRUE;
      g_free (*port);
      /* empty: unset, as the property takes it */
      *port = *value ? g_steal_pointer (&value) : NULL;
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
  set_error (error, GST_URI_ERROR_BAD_URI,
      "'%s' in the query of URI '%s' is not valid percent-encoding: '%%' "
      "must be followed by two hexadecimal digits, and %%00 is not "
      "allowed", pairs[i], uri);
  return FALSE;
no_value:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "'%s' in the query of URI '%s' has no value: %s takes %s=NAME and "
      "norm=NORM", key, uri, element_name (src), port_key (src));
  return FALSE;
repeated:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "'%s' appears more than once in the query of URI '%s': give it once",
      key, uri);
  return FALSE;
empty_norm:
  {
    g_autofree gchar *list = norm_list ();

    set_error (error, GST_URI_ERROR_BAD_URI,
        "norm= is empty in URI '%s': give one of %s, or leave norm= out",
        uri, list);
    return FALSE;
  }
wrong_direction:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "%s= in URI '%s' is for %s: %s has %ss, so it takes %s= (and norm=)",
      key, uri, element_name (!src), element_name (src), port_key (src),
      port_key (src));
  return FALSE;
unknown_key:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "unknown key '%s' in the query of URI '%s': %s takes %s= and norm= "
      "only", key, uri, element_name (src), port_key (src));
  return FALSE;
}

/*
 * Splits @uri as RFC 3986 does (scheme ":" ["//" authority] path ["?"
 * query] ["#" fragment]) and turns it into the device, port and norm.
 * GstUri is not used: GStreamer 1.22's gst_uri_from_string() puts a NULL
 * key in its query table for a key whose escape is bad (and crashes on
 * it) and silently cuts a path at a bad escape.
 */
static gboolean
parse_uri (const gchar * uri, gboolean src, gchar ** device, gchar ** port,
    gint * norm, GError ** error)
{
  g_autofree gchar *hier = NULL;
  g_autofree gchar *host = NULL;
  g_autofree gchar *card = NULL;
  g_autofree gchar *path = NULL;
  const gchar *colon, *query, *fragment, *path_start, *authority_end;
  const gchar *at, *host_end;

  if (!check_chars (uri, error))
    return FALSE;

  colon = strchr (uri, ':');
  if (colon == NULL || (gsize) (colon - uri) != strlen (SCHEME) ||
      g_ascii_strncasecmp (uri, SCHEME, strlen (SCHEME)) != 0)
    goto wrong_scheme;

  fragment = strchr (colon, '#');
  if (fragment != NULL)
    goto fragment;
  query = strchr (colon, '?');
  hier = g_strndup (colon + 1, query ? (gsize) (query - colon - 1) :
      strlen (colon + 1));

  if (g_str_has_prefix (hier, "//")) {
    const gchar *authority = hier + 2;

    authority_end = authority + strcspn (authority, "/");
    path_start = authority_end;
    at = memchr (authority, '@', authority_end - authority);
    if (at != NULL)
      goto userinfo;
    if (*authority == '[') {
      /* an IP literal: a card on another machine, if well-formed */
      host_end = memchr (authority, ']', authority_end - authority);
      if (host_end == NULL)
        goto malformed;
      host = g_strndup (authority, host_end + 1 - authority);
      goto remote_host;
    }
    host_end = memchr (authority, ':', authority_end - authority);
    if (host_end == NULL)
      host_end = authority_end;
    else
      card = g_strndup (host_end + 1, authority_end - host_end - 1);
    host = unescape (authority, host_end);
    if (host == NULL)
      goto bad_host_escape;
  } else {
    path_start = hier;
  }

  path = unescape (path_start, NULL);
  if (path == NULL)
    goto bad_path_escape;

  if (host == NULL || *host == '\0') {
    if (card != NULL)
      goto malformed;
    if (*path == '\0' || strcmp (path, "/") == 0)
      goto no_device;
    if (path[0] != '/')
      goto relative_path;
    *device = g_steal_pointer (&path);
  } else if (g_ascii_strcasecmp (host, VIRTUAL_HOST) == 0) {
    if (*path != '\0' && strcmp (path, "/") != 0)
      goto path_after_virtual;
    if (!parse_virtual (uri, card, device, error))
      return FALSE;
  } else {
    goto remote_host;
  }

  if (query != NULL && !parse_query (uri, query + 1, src, port, norm, error)) {
    g_clear_pointer (device, g_free);
    return FALSE;
  }

  return TRUE;

  /* ERRORS */
malformed:
  return grammar_error (error, src, "'%s' is not a valid URI", uri);
wrong_scheme:
  return grammar_error (error, src, "URI '%s' does not start with v4l2tv:",
      uri);
userinfo:
  {
    g_autofree gchar *raw = g_strndup (hier + 2, at - hier - 2);

    return grammar_error (error, src, "URI '%s' has a user name ('%s@'), "
        "which v4l2tv URIs do not take", uri, raw);
  }
fragment:
  return grammar_error (error, src, "URI '%s' has a fragment ('%s'), which "
      "v4l2tv URIs do not take", uri, fragment);
bad_host_escape:
bad_path_escape:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "the device part of URI '%s' is not valid percent-encoding: '%%' "
      "must be followed by two hexadecimal digits, and %%00 is not "
      "allowed (it would cut the device path short)", uri);
  return FALSE;
no_device:
  return grammar_error (error, src, "URI '%s' names no device", uri);
relative_path:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "the device path '%s' in URI '%s' is not absolute; write the whole "
      "path after v4l2tv://, as in v4l2tv:///dev/video0", path, uri);
  return FALSE;
path_after_virtual:
  set_error (error, GST_URI_ERROR_BAD_URI,
      "URI '%s' has a path ('%s') after the virtual card; write "
      "v4l2tv://virtual or v4l2tv://virtual:N, or v4l2tv:///dev/videoN "
      "for a Video4Linux2 device", uri, path);
  return FALSE;
remote_host:
  set_error (error, GST_URI_ERROR_BAD_REFERENCE,
      "URI '%s' names host '%s': only local cards can be opened, write "
      "v4l2tv:///dev/videoN (three slashes) or v4l2tv://virtual:N", uri, host);
  return FALSE;
}

static gboolean
gst_v4l2_tv_uri_set_uri (GstURIHandler * handler, const gchar * uri,
    GError ** error)
{
  GstElement *element = GST_ELEMENT (handler);
  gboolean src = is_src (handler);
  g_autofree gchar *device = NULL;
  g_autofree gchar *port = NULL;
  g_autofree gchar *current = NULL;
  gint norm = GST_V4L2_TV_STANDARD_CURRENT;
  GstState state, pending;
  gboolean running;

  if (uri == NULL)
    goto no_uri;
  if (!parse_uri (uri, src, &device, &port, &norm, error))
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

  GST_DEBUG_OBJECT (element, "URI: device '%s', %s '%s', norm 0x%x",
      device, port_key (src), GST_STR_NULL (port), norm);
  if (!running)
    g_object_set (element, "device", device, NULL);
  g_object_set (element, port_key (src), port, "norm", norm, NULL);

  return TRUE;

  /* ERRORS */
no_uri:
  return grammar_error (error, src, "no URI given");
device_busy:
  set_error (error, GST_URI_ERROR_BAD_STATE,
      "%s cannot change device from '%s' to '%s' while %s; set the URI in "
      "the NULL state (only %s= and norm= can change while "
      "running)", GST_ELEMENT_NAME (element), current, device,
      gst_element_state_get_name (MAX (state, pending)), port_key (src));
  return FALSE;
}

/* "virtual" or "virtual:N" with N decimal digits naming a card that
 * exists; the number of "virtual:N" in canonical form in @canonical */
static gboolean
is_virtual_device (const gchar * device, gchar ** canonical)
{
  const gchar *p;
  guint64 n;

  if (strcmp (device, VIRTUAL_HOST) == 0) {
    *canonical = g_strdup (device);
    return TRUE;
  }
  if (!g_str_has_prefix (device, VIRTUAL_HOST ":"))
    return FALSE;
  p = device + strlen (VIRTUAL_HOST ":");
  if (*p == '\0')
    return FALSE;
  if (strspn (p, "0123456789") != strlen (p))
    return FALSE;
  if (!g_ascii_string_to_unsigned (p, 10, 0, gst_tv_hw_virtual_n_cards () - 1,
          &n, NULL))
    return FALSE;
  *canonical = g_strdup_printf (VIRTUAL_HOST ":%u", (guint) n);
  return TRUE;
}

static gchar *
gst_v4l2_tv_uri_get_uri (GstURIHandler * handler)
{
  GstElement *element = GST_ELEMENT (handler);
  gboolean src = is_src (handler);
  g_autofree gchar *device = NULL;
  g_autofree gchar *port = NULL;
  g_autofree gchar *virtual_card = NULL;
  GString *s;
  gint norm = 0;
  gchar sep = '?';

  g_object_get (element, "device", &device, port_key (src), &port, "norm",
      &norm, NULL);
  if (device == NULL || *device == '\0')
    return NULL;

  s = g_string_new (SCHEME "://");
  if (is_virtual_device (device, &virtual_card)) {
    g_string_append (s, virtual_card);
  } else if (device[0] == '/' && device[1] != '\0') {
    g_string_append_uri_escaped (s, device,
        G_URI_RESERVED_CHARS_ALLOWED_IN_PATH, FALSE);
  } else {
    GST_DEBUG_OBJECT (element, "no URI for device '%s'", device);
    g_string_free (s, TRUE);
    return NULL;
  }

  if (port != NULL && *port != '\0') {
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
