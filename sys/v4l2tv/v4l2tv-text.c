/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: text from outside made safe to quote in messages.
 *
 * A URI, and so a property set from one, can carry any byte: invalid
 * UTF-8, or control characters (ESC starts a terminal escape sequence).
 * Quoted raw in a bus message or a GError, such bytes make GStreamer warn
 * that the string is not valid UTF-8 and reach the user's terminal as
 * they are. gst_v4l2_tv_printable() gives a rendering that is valid,
 * printable UTF-8 and says which bytes were there.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "v4l2tv-text.h"

/**
 * gst_v4l2_tv_printable:
 * @str: (nullable): any bytes, NUL-terminated
 *
 * Printable characters of valid UTF-8 are kept; a backslash becomes
 * `\\`, a control character or other non-printable character U+XXXX
 * becomes `\uXXXX` (`\x1B` for the C0 controls and DEL), and a byte that
 * is not part of valid UTF-8 becomes `\xHH`. NULL gives "(NULL)".
 *
 * Returns: (transfer full): valid UTF-8 without control characters
 */
gchar *
gst_v4l2_tv_printable (const gchar * str)
{
  GString *s;
  const gchar *p;

  if (str == NULL)
    return g_strdup ("(NULL)");

  s = g_string_sized_new (strlen (str));
  for (p = str; *p;) {
    gunichar c = g_utf8_get_char_validated (p, -1);

    if (c == (gunichar) - 1 || c == (gunichar) - 2) {
      g_string_append_printf (s, "\\x%02X", (guchar) * p);
      p++;
      continue;
    }
    if (c == '\\')
      g_string_append (s, "\\\\");
    else if (c < 0x20 || c == 0x7f)
      g_string_append_printf (s, "\\x%02X", c);
    else if (!g_unichar_isprint (c) && c != ' ')
      g_string_append_printf (s, "\\u%04X", c);
    else
      g_string_append_unichar (s, c);
    p = g_utf8_next_char (p);
  }

  return g_string_free (s, FALSE);
}
