/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the libFuzzer harnesses (see fuzz-common.h).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "gstv4l2tvelements.h"

/* warnings and messages are expected (bad input gets a clear error) and
 * would only slow the fuzzer down; criticals are bugs: abort, so that
 * libFuzzer reports the input */
/* UBSan reports and goes on by default: a fuzzer must stop at the first
 * report, as at a crash, so that the input is saved (UBSAN_OPTIONS in the
 * environment still wins) */
const char *__ubsan_default_options (void);

const char *
__ubsan_default_options (void)
{
  return "halt_on_error=1:print_stacktrace=1";
}

static gint tolerate_criticals;

void
fuzz_tolerate_criticals (gboolean tolerate)
{
  g_atomic_int_set (&tolerate_criticals, tolerate);
}

static void
log_handler (const gchar * domain, GLogLevelFlags level, const gchar * msg,
    gpointer user_data)
{
  if ((level & G_LOG_LEVEL_ERROR) || ((level & G_LOG_LEVEL_CRITICAL) &&
          !g_atomic_int_get (&tolerate_criticals))) {
    fprintf (stderr, "%s-CRITICAL: %s\n", domain ? domain : "?", msg);
    abort ();
  }
  if (g_getenv ("V4L2TV_FUZZ_VERBOSE"))
    fprintf (stderr, "%s: %s\n", domain ? domain : "?", msg);
}

void
fuzz_init (void)
{
  static gboolean done = FALSE;

  if (done)
    return;
  done = TRUE;

  /* no plugin from disk (no registry scan, no plugin scanner): the
   * harnesses need only our elements, registered below, and GStreamer's
   * core */
  g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", "", TRUE);
  g_setenv ("GST_PLUGIN_PATH_1_0", "", TRUE);
  g_setenv ("GST_REGISTRY_UPDATE", "no", TRUE);
  g_setenv ("GST_REGISTRY_1_0", "/nonexistent/v4l2tv-fuzz.registry", TRUE);
  /* frames only when a harness emits them: nothing sleeps */
  g_setenv ("V4L2TV_VIRTUAL_PACING", "manual", TRUE);

  /* the handler aborts on criticals itself (unless tolerated), so that
   * a critical is not fatal where it is expected */
  g_log_set_default_handler (log_handler, NULL);
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR);

  gst_init (NULL, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  GST_ELEMENT_REGISTER (v4l2tvsink, NULL);
}

void
fuzz_reader_init (FuzzReader * r, const guint8 * data, gsize size)
{
  r->data = data;
  r->size = size;
  r->pos = 0;
}

gboolean
fuzz_reader_done (const FuzzReader * r)
{
  return r->pos >= r->size;
}

guint8
fuzz_u8 (FuzzReader * r)
{
  return r->pos < r->size ? r->data[r->pos++] : 0;
}

guint16
fuzz_u16 (FuzzReader * r)
{
  guint16 v = fuzz_u8 (r);

  return v | (fuzz_u8 (r) << 8);
}

guint32
fuzz_u32 (FuzzReader * r)
{
  guint32 v = fuzz_u16 (r);

  return v | ((guint32) fuzz_u16 (r) << 16);
}

guint64
fuzz_u64 (FuzzReader * r)
{
  guint64 v = fuzz_u32 (r);

  return v | ((guint64) fuzz_u32 (r) << 32);
}

gchar *
fuzz_string (FuzzReader * r)
{
  const guint8 *start = r->data + r->pos;
  const guint8 *nul;
  gsize len;

  if (r->pos >= r->size)
    return g_strdup ("");
  nul = memchr (start, 0, r->size - r->pos);
  len = nul ? (gsize) (nul - start) : r->size - r->pos;
  r->pos += len + (nul ? 1 : 0);

  return g_strndup ((const gchar *) start, len);
}

void
fuzz_reset_cards (GstTvHwVirtualPacing pacing)
{
  guint i;

  for (i = 0; i < FUZZ_N_CARDS; i++) {
    GstTvHwVirtualCard *card = gst_tv_hw_virtual_card_get (i);

    if (!gst_tv_hw_virtual_card_reset (card)) {
      fprintf (stderr, "virtual:%u: %u handle(s) still open\n", i,
          gst_tv_hw_virtual_card_get_open_count (card));
      abort ();
    }
    gst_tv_hw_virtual_card_set_pacing (card, pacing);
  }
}

void
fuzz_element_to_null (GstElement * element, const gchar * what)
{
  if (gst_element_set_state (element, GST_STATE_NULL) !=
      GST_STATE_CHANGE_SUCCESS) {
    fprintf (stderr, "%s: could not go to NULL\n", what);
    abort ();
  }
}
