/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The translations reach the user: v4l2tvsrc's errors in German and
 * French, from the catalogues built in the build tree (po/, made from
 * po/<lang>.po), and in English for a language without one.
 *
 * The elements bind their text domain to the install prefix's locale
 * directory when they are registered; this test binds it again, to the
 * build tree's (the directory meson passes as V4L2TV_TEST_LOCALEDIR), as
 * an application may. glibc honours LANGUAGE only outside the "C" locale,
 * so the test runs in C.UTF-8 (always there, no locale to generate).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <locale.h>
#include <glib/gi18n-lib.h>
#include <gst/check/gstcheck.h>

#include "gstv4l2tvelements.h"
#include "v4l2tv-check.h"

#define NB "\302\240"           /* U+00A0, French spacing around quotes */

/* the virtual card's inputs at power-on (hw/tvhw-virtual.h) */
#define INPUTS "Television, Composite1, S-Video, Composite2"

/* *INDENT-OFF* */
static const struct
{
  const gchar *language;
  const gchar *message;
} errors[] = {
  { "de", "Gerät „virtual“ hat keinen Eingang „nope“; seine Eingänge sind: "
      INPUTS "." },
  { "fr", "Le périphérique «" NB "virtual" NB "» n'a pas d'entrée «" NB
      "nope" NB "»" NB "; ses entrées sont" NB ": " INPUTS "." },
  /* no catalogue: the English original */
  { "ja", "Device 'virtual' has no input 'nope'; its inputs are: "
      INPUTS "." },
  /* a fallback list, as users write it: the first with a catalogue */
  { "ja:fr:de", "Le périphérique «" NB "virtual" NB "» n'a pas d'entrée «"
      NB "nope" NB "»" NB "; ses entrées sont" NB ": " INPUTS "." },
};
/* *INDENT-ON* */

/* messages in @language from now on, from the build tree's catalogues */
static void
use_language (const gchar * language)
{
  const gchar *dir = g_getenv ("V4L2TV_TEST_LOCALEDIR");
  gchar *mo;

  fail_unless (dir != NULL && *dir, "V4L2TV_TEST_LOCALEDIR is not set "
      "(run the test with meson test)");
  /* the catalogue of at least the language the test is about is built */
  mo = g_build_filename (dir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  fail_unless (g_file_test (mo, G_FILE_TEST_IS_REGULAR), "no %s", mo);
  g_free (mo);

  g_setenv ("LANGUAGE", language, TRUE);
  fail_unless (setlocale (LC_ALL, "C.UTF-8") != NULL,
      "the C.UTF-8 locale is missing");
  fail_unless (bindtextdomain (GETTEXT_PACKAGE, dir) != NULL);
  fail_unless (bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8") != NULL);
  /* gettext keeps what it translated by locale, not by LANGUAGE: setting
   * the text domain (the same one) makes it forget, as the gettext manual
   * says to after a change of LANGUAGE (all the cases run in one process
   * with CK_FORK=no, under valgrind) */
  fail_unless (textdomain (textdomain (NULL)) != NULL);
}

GST_START_TEST (test_error_translated)
{
  GstElement *pipeline;
  GstMessage *msg;
  GError *err = NULL;
  gchar *debug = NULL;
  GstBus *bus;

  v4l2tv_check_setup_card (0, GST_TV_HW_VIRTUAL_PACING_MANUAL);
  use_language (errors[__i__].language);

  pipeline = gst_parse_launch ("v4l2tvsrc device=virtual input=nope ! "
      "fakesink", NULL);
  fail_unless (pipeline != NULL);
  v4l2tv_check_track (pipeline);
  bus = gst_element_get_bus (pipeline);
  fail_unless_equals_int (gst_element_set_state (pipeline,
          GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error");
  gst_message_parse_error (msg, &err, &debug);
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_SETTINGS));
  fail_unless_equals_string (err->message, errors[__i__].message);
  /* the details are for developers: never translated */
  fail_unless (debug != NULL && strstr (debug, "\"nope\" is neither an "
          "input's name") != NULL, "%s", debug);
  g_clear_error (&err);
  g_free (debug);
  gst_message_unref (msg);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  v4l2tv_check_card_closed (0);
}

GST_END_TEST;

static Suite *
v4l2tvi18n_suite (void)
{
  Suite *s = suite_create ("v4l2tvi18n");
  TCase *tc = tcase_create ("general");

  GST_ELEMENT_REGISTER (v4l2tvsrc, NULL);
  suite_add_tcase (s, tc);
  v4l2tv_check_add_teardown (tc);
  tcase_add_loop_test (tc, test_error_translated, 0, G_N_ELEMENTS (errors));

  return s;
}

GST_CHECK_MAIN (v4l2tvi18n);
