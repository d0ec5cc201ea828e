/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the frequency tables of the tuner library
 * (gst/tuner/tvtunerfrequencies.c): lookups in every table against the
 * published channel plans, case and leading zeros, the reverse lookup with
 * a fine-tuning offset, the errors and the lists they give, and every
 * table's shape.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/tuner/tuner.h>

#define KHZ(x) ((gulong) (x) * 1000)

static const gchar *const all_tables[] = {
  "us-bcast", "us-cable", "us-cable-hrc", "us-cable-irc", "japan-bcast",
  "japan-cable", "europe-west", "europe-east", "italy", "newzealand",
  "australia", "ireland", "france", "china-bcast", "southafrica",
  "argentina", "australia-optus", "russia"
};

/* channels of each table and their visual carriers in kHz, from the
 * published plans (first, last and a few in between of every band),
 * written out here independently of the library's band layout */
typedef struct
{
  const gchar *table;
  const gchar *channel;
  guint khz;
} Known;

static const Known known[] = {
  {"europe-west", "E2", 48250},
  {"europe-west", "E4", 62250},
  {"europe-west", "S01", 69250},
  {"europe-west", "S03", 83250},
  {"europe-west", "E5", 175250},
  {"europe-west", "E7", 189250},
  {"europe-west", "E12", 224250},
  {"europe-west", "SE1", 105250},
  {"europe-west", "SE10", 168250},
  {"europe-west", "SE11", 231250},
  {"europe-west", "SE12", 238250},
  {"europe-west", "SE20", 294250},
  {"europe-west", "S21", 303250},
  {"europe-west", "S41", 463250},
  {"europe-west", "21", 471250},
  {"europe-west", "E21", 471250},
  {"europe-west", "E69", 855250},
  {"europe-east", "R1", 49750},
  {"europe-east", "R2", 59250},
  {"europe-east", "R3", 77250},
  {"europe-east", "R5", 93250},
  {"europe-east", "R6", 175250},
  {"europe-east", "R12", 223250},
  {"europe-east", "SR1", 111250},
  {"europe-east", "SR8", 167250},
  {"europe-east", "SR11", 231250},
  {"europe-east", "SR19", 295250},
  {"europe-east", "E2", 48250},
  {"europe-east", "E12", 224250},
  {"europe-east", "SE20", 294250},
  {"europe-east", "S41", 463250},
  {"europe-east", "69", 855250},
  {"russia", "R1", 49750},
  {"russia", "R12", 223250},
  {"russia", "SR1", 111250},
  {"russia", "SR19", 295250},
  {"russia", "21", 471250},
  {"russia", "69", 855250},
  {"italy", "A", 53750},
  {"italy", "B", 62250},
  {"italy", "C", 82250},
  {"italy", "D", 175250},
  {"italy", "E", 183750},
  {"italy", "G", 201250},
  {"italy", "H", 210250},
  {"italy", "H1", 217250},
  {"italy", "H2", 224250},
  {"italy", "E21", 471250},
  {"ireland", "A0", 45750},
  {"ireland", "A1", 48000},
  {"ireland", "A6", 175250},
  {"ireland", "A17", 216000},
  {"ireland", "A19", 232000},
  {"ireland", "A20", 248000},
  {"ireland", "A29", 320000},
  {"ireland", "A31", 352000},
  {"ireland", "A33", 416000},
  {"ireland", "A36", 520000},
  {"ireland", "69", 855250},
  {"france", "K01", 47750},
  {"france", "K03", 60500},
  {"france", "K04", 63750},
  {"france", "K05", 176000},
  {"france", "K10", 216000},
  {"france", "KB", 116750},
  {"france", "KF", 164750},
  {"france", "KG", 176750},
  {"france", "KQ", 296750},
  {"france", "H01", 303250},
  {"france", "H19", 447250},
  {"france", "21", 471250},
  {"newzealand", "1", 45250},
  {"newzealand", "2", 55250},
  {"newzealand", "3", 62250},
  {"newzealand", "4", 175250},
  {"newzealand", "11", 224250},
  {"newzealand", "21", 471250},
  {"southafrica", "4", 175250},
  {"southafrica", "13", 247250},
  {"southafrica", "69", 855250},
  {"us-bcast", "2", 55250},
  {"us-bcast", "4", 67250},
  {"us-bcast", "5", 77250},
  {"us-bcast", "6", 83250},
  {"us-bcast", "7", 175250},
  {"us-bcast", "13", 211250},
  {"us-bcast", "14", 471250},
  {"us-bcast", "83", 885250},
  {"us-cable", "1", 73250},
  {"us-cable", "2", 55250},
  {"us-cable", "6", 83250},
  {"us-cable", "7", 175250},
  {"us-cable", "14", 121250},
  {"us-cable", "22", 169250},
  {"us-cable", "23", 217250},
  {"us-cable", "94", 643250},
  {"us-cable", "95", 91250},
  {"us-cable", "99", 115250},
  {"us-cable", "100", 649250},
  {"us-cable", "125", 799250},
  {"us-cable-hrc", "1", 72000},
  {"us-cable-hrc", "2", 54000},
  {"us-cable-hrc", "5", 78000},
  {"us-cable-hrc", "6", 84000},
  {"us-cable-hrc", "14", 120000},
  {"us-cable-hrc", "95", 90000},
  {"us-cable-hrc", "125", 798000},
  {"us-cable-irc", "1", 73250},
  {"us-cable-irc", "5", 79250},
  {"us-cable-irc", "6", 85250},
  {"us-cable-irc", "14", 121150},
  {"us-cable-irc", "22", 169150},
  {"us-cable-irc", "23", 217250},
  {"us-cable-irc", "125", 799250},
  {"japan-bcast", "1", 91250},
  {"japan-bcast", "3", 103250},
  {"japan-bcast", "4", 171250},
  {"japan-bcast", "7", 189250},
  {"japan-bcast", "8", 193250},
  {"japan-bcast", "12", 217250},
  {"japan-bcast", "13", 471250},
  {"japan-bcast", "62", 765250},
  {"japan-cable", "13", 109250},
  {"japan-cable", "21", 157250},
  {"japan-cable", "22", 165250},
  {"japan-cable", "23", 223250},
  {"japan-cable", "24", 231250},
  {"japan-cable", "27", 249250},
  {"japan-cable", "28", 253250},
  {"japan-cable", "63", 463250},
  {"china-bcast", "1", 49750},
  {"china-bcast", "3", 65750},
  {"china-bcast", "4", 77250},
  {"china-bcast", "5", 85250},
  {"china-bcast", "6", 112250},
  {"china-bcast", "13", 168250},
  {"china-bcast", "49", 456250},
  {"china-bcast", "50", 463250},
  {"china-bcast", "51", 471250},
  {"china-bcast", "62", 559250},
  {"china-bcast", "63", 607250},
  {"china-bcast", "94", 855250},
  {"argentina", "001", 56250},
  {"argentina", "005", 84250},
  {"argentina", "006", 176250},
  {"argentina", "012", 212250},
  {"argentina", "013", 122250},
  {"argentina", "021", 170250},
  {"argentina", "022", 218250},
  {"argentina", "093", 644250},
  {"australia", "0", 46250},
  {"australia", "1", 57250},
  {"australia", "2", 64250},
  {"australia", "3", 86250},
  {"australia", "5", 102250},
  {"australia", "5A", 138250},
  {"australia", "6", 175250},
  {"australia", "9", 196250},
  {"australia", "10", 209250},
  {"australia", "11", 216250},
  {"australia", "28", 527250},
  {"australia", "36", 583250},
  {"australia", "37", 590250},
  {"australia", "38", 597250},
  {"australia", "39", 604250},
  {"australia", "69", 814250},
  {"australia-optus", "1", 138250},
  {"australia-optus", "2", 147250},
  {"australia-optus", "3", 154250},
  {"australia-optus", "9", 196250},
  {"australia-optus", "10", 209250},
  {"australia-optus", "12", 224250},
  {"australia-optus", "13", 231250},
  {"australia-optus", "22", 294250},
  {"australia-optus", "23", 303250},
  {"australia-optus", "26", 324250},
  {"australia-optus", "27", 338250},
  {"australia-optus", "55", 534250},
};

/* the number of channels of each table (v4l-utils' counts; us-cable*
 * without the 8 return channels T7-T14, australia with 37 and 38) */
static const struct
{
  const gchar *table;
  guint count;
} counts[] = {
  {"us-bcast", 82},
  {"us-cable", 125},
  {"us-cable-hrc", 125},
  {"us-cable-irc", 125},
  {"japan-bcast", 62},
  {"japan-cable", 51},
  {"europe-west", 104},
  {"europe-east", 133},
  {"italy", 59},
  {"newzealand", 60},
  {"australia", 55},
  {"ireland", 86},
  {"france", 94},
  {"china-bcast", 94},
  {"southafrica", 59},
  {"argentina", 93},
  {"australia-optus", 55},
  {"russia", 78},
};

GST_START_TEST (test_list_tables)
{
  g_auto (GStrv) names = gst_tv_tuner_list_frequency_tables ();
  guint i;

  fail_unless_equals_int (g_strv_length (names), G_N_ELEMENTS (all_tables));
  for (i = 0; i < G_N_ELEMENTS (all_tables); i++)
    fail_unless (g_strv_contains ((const gchar * const *) names,
            all_tables[i]), "no table %s", all_tables[i]);
}

GST_END_TEST;

/* each of @k found with its frequency, without an error */
static void
check_lookups (const Known * k, guint n)
{
  guint i;

  for (i = 0; i < n; i++) {
    GError *err = NULL;
    gulong f = 0;

    fail_unless (gst_tv_tuner_frequency_table_lookup (k[i].table,
            k[i].channel, &f, &err), "%s %s: %s", k[i].table, k[i].channel,
        err ? err->message : "no error");
    fail_unless (err == NULL);
    fail_unless (f == KHZ (k[i].khz), "%s %s: %lu Hz, not %u kHz",
        k[i].table, k[i].channel, f, k[i].khz);
  }
}

GST_START_TEST (test_lookup_known)
{
  check_lookups (known, G_N_ELEMENTS (known));
}

GST_END_TEST;

/* every table has a known channel above */
GST_START_TEST (test_every_table_checked)
{
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (all_tables); i++) {
    guint n = 0;

    for (j = 0; j < G_N_ELEMENTS (known); j++)
      if (strcmp (known[j].table, all_tables[i]) == 0)
        n++;
    fail_unless (n >= 3, "%s: %u known channels", all_tables[i], n);
  }
}

GST_END_TEST;

/* other spellings of the channels: in any case, with leading zeros,
 * "E21" for the CCIR UHF 21 */
static const Known spellings[] = {
  {"europe-west", "e5", 175250},
  {"europe-west", "se12", 238250},
  {"EUROPE-WEST", "Se12", 238250},
  {"europe-west", "e21", 471250},
  {"europe-west", "e069", 855250},
  {"us-bcast", "3", 61250},
  {"us-bcast", "03", 61250},
  {"europe-west", "S1", 69250},
  {"europe-west", "E05", 175250},
  {"argentina", "7", 182250},
  {"france", "k1", 47750},
  {"france", "h5", 335250},
  {"australia", "5a", 138250},
  {"russia", "sr11", 231250},
  /* italy's E is a channel of its own, E21 the UHF 21 */
  {"italy", "e", 183750},
  {"italy", "e21", 471250},
};

GST_START_TEST (test_lookup_case_and_zeros)
{
  check_lookups (spellings, G_N_ELEMENTS (spellings));
  /* the frequency is optional */
  fail_unless (gst_tv_tuner_frequency_table_lookup ("russia", "R1", NULL,
          NULL));
}

GST_END_TEST;

GST_START_TEST (test_lookup_not_a_channel)
{
  /* near misses of real names */
  static const gchar *const bad[] = { "E", "E1", "E13", "E20", "E70", "S",
    "S4", "S20", "S42", "SE0", "SE21", "SE", "20", "70", "E 5", " E5", "E5 ",
    "+5", "-5", "5x", "E0005x", "S000001", "", "R1", "21E"
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++) {
    GError *err = NULL;
    gulong f = 12345;

    fail_if (gst_tv_tuner_frequency_table_lookup ("europe-west", bad[i], &f,
            &err), "'%s' found", bad[i]);
    fail_unless (err != NULL);
    fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
            GST_RESOURCE_ERROR_NOT_FOUND));
    fail_unless_equals_uint64 (f, 12345);
    g_error_free (err);
  }
  /* each table's own names only */
  fail_if (gst_tv_tuner_frequency_table_lookup ("us-bcast", "1", NULL, NULL));
  fail_if (gst_tv_tuner_frequency_table_lookup ("us-bcast", "84", NULL, NULL));
  fail_if (gst_tv_tuner_frequency_table_lookup ("us-cable", "T7", NULL, NULL));
  fail_if (gst_tv_tuner_frequency_table_lookup ("russia", "E5", NULL, NULL));
  fail_if (gst_tv_tuner_frequency_table_lookup ("europe-east", "SR9", NULL,
          NULL));
  fail_if (gst_tv_tuner_frequency_table_lookup ("australia", "5B", NULL, NULL));
}

GST_END_TEST;

GST_START_TEST (test_error_texts)
{
  GError *err = NULL;
  gchar **names;
  gulong f;

  /* a wrong channel lists the table's channels */
  fail_if (gst_tv_tuner_frequency_table_lookup ("europe-west", "E99", &f,
          &err));
  fail_unless (g_str_has_prefix (err->message,
          "no channel 'E99' in europe-west; its channels: E2, E3, E4, S01, "
          "S02, S03, E5, E6, "), "%s", err->message);
  fail_unless (strstr (err->message, ", SE12, ") != NULL);
  fail_unless (g_str_has_suffix (err->message, ", 68, 69"), "%s", err->message);
  g_clear_error (&err);

  fail_if (gst_tv_tuner_frequency_table_lookup ("us-bcast", "1", &f, &err));
  fail_unless_equals_string (err->message,
      "no channel '1' in us-bcast; its channels: 2, 3, 4, 5, 6, 7, 8, 9, 10, "
      "11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, "
      "28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, "
      "45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, "
      "62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, "
      "79, 80, 81, 82, 83");
  g_clear_error (&err);

  /* the table name is the canonical one in the message */
  fail_if (gst_tv_tuner_frequency_table_lookup ("ITALY", "Z", &f, &err));
  fail_unless (g_str_has_prefix (err->message,
          "no channel 'Z' in italy; its channels: A, B, C, D, E, F, G, H, "
          "H1, H2, 21, "), "%s", err->message);
  g_clear_error (&err);

  /* a wrong table lists the tables, in every call that takes one */
#define TABLES "us-bcast, us-cable, us-cable-hrc, us-cable-irc, " \
    "japan-bcast, japan-cable, europe-west, europe-east, italy, " \
    "newzealand, australia, ireland, france, china-bcast, southafrica, " \
    "argentina, australia-optus, russia"
  fail_if (gst_tv_tuner_frequency_table_lookup ("europe", "E5", &f, &err));
  fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND));
  fail_unless_equals_string (err->message,
      "no frequency table 'europe'; the tables: " TABLES);
  g_clear_error (&err);

  names = gst_tv_tuner_frequency_table_list_channels ("pal", &err);
  fail_unless (names == NULL);
  fail_unless_equals_string (err->message,
      "no frequency table 'pal'; the tables: " TABLES);
  g_clear_error (&err);

  fail_unless (gst_tv_tuner_frequency_table_find ("", 175250000, NULL,
          &err) == NULL);
  fail_unless_equals_string (err->message,
      "no frequency table ''; the tables: " TABLES);
  g_clear_error (&err);
#undef TABLES
}

GST_END_TEST;

/* frequencies, in Hz, and the channel nearest to each with the offset */
static const struct
{
  const gchar *table;
  gulong frequency;
  const gchar *channel;
  glong offset;
} nearest[] = {
  /* on the channel */
  {"europe-west", 189250000, "E7", 0},
  /* fine-tuned stations, above and below */
  {"europe-west", 189500000, "E7", 250000},
  {"europe-west", 237000000, "SE12", -1250000},
  {"us-cable", 91312500, "95", 62500},
  /* the UHF channels under their names in the table */
  {"europe-west", 855250000, "69", 0},
  /* outside the table: the nearest channel, far off */
  {"us-bcast", 0, "2", -55250000},
  {"us-bcast", 958000000, "83", 72750000},
  /* the same frequency in two channels: the first in the table's order */
  {"europe-east", 175250000, "R6", 0},
  /* half way between two: the first (E5 175.25, E6 182.25 MHz) */
  {"europe-west", 178750000, "E5", 3500000},
};

GST_START_TEST (test_find)
{
  gchar *name;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (nearest); i++) {
    GError *err = NULL;
    glong offset = 1;

    name = gst_tv_tuner_frequency_table_find (nearest[i].table,
        nearest[i].frequency, &offset, &err);
    fail_unless (err == NULL);
    fail_unless_equals_string (name, nearest[i].channel);
    fail_unless (offset == nearest[i].offset, "%s %lu Hz: offset %ld, not %ld",
        nearest[i].table, nearest[i].frequency, offset, nearest[i].offset);
    g_free (name);
  }

  /* the offset is optional */
  name = gst_tv_tuner_frequency_table_find ("france", 47800000, NULL, NULL);
  fail_unless_equals_string (name, "K01");
  g_free (name);
}

GST_END_TEST;

/* where a table's numbers run on but the plan starts again lower (the US
 * cable plans put 1 between 4 and 5, 14-22 below 7-13 and 95-99 below
 * 23-94; Argentina's is the same) */
static const Known restarts[] = {
  {"us-cable", "2", 0}, {"us-cable", "14", 0}, {"us-cable", "95", 0},
  {"us-cable-hrc", "2", 0}, {"us-cable-hrc", "14", 0},
  {"us-cable-hrc", "95", 0},
  {"us-cable-irc", "2", 0}, {"us-cable-irc", "14", 0},
  {"us-cable-irc", "95", 0},
  {"argentina", "013", 0},
};

static gboolean
is_restart (const gchar * table, const gchar * channel)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (restarts); i++)
    if (strcmp (restarts[i].table, table) == 0
        && strcmp (restarts[i].channel, channel) == 0)
      return TRUE;
  return FALSE;
}

/* every channel of every table: a lookup by its listed name finds it, and
 * the reverse lookup of its frequency finds it back (or, in europe-east,
 * the OIRT channel at the same frequency); the names are unique (in any
 * case), the frequencies within 40-900 MHz, multiples of 50 kHz, unique
 * but in europe-east, and increasing from one channel number to the next
 * with the same prefix (within a band), but where a plan starts again */
GST_START_TEST (test_tables_well_formed)
{
  g_auto (GStrv) tables = gst_tv_tuner_list_frequency_tables ();
  gchar **t;

  for (t = tables; *t != NULL; t++) {
    GError *err = NULL;
    g_auto (GStrv) names =
        gst_tv_tuner_frequency_table_list_channels (*t, &err);
    GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal,
        g_free, NULL);
    GHashTable *freqs = g_hash_table_new (g_direct_hash, g_direct_equal);
    gboolean shared = strcmp (*t, "europe-east") == 0;
    gulong prev_f = 0;
    gchar *prev_prefix = NULL;
    glong prev_n = -1;
    guint i;

    fail_unless (names != NULL, "%s: %s", *t, err ? err->message : "");
    fail_unless (names[0] != NULL, "%s is empty", *t);

    for (i = 0; names[i] != NULL; i++) {
      gchar *folded = g_ascii_strup (names[i], -1);
      gulong f = 0, f2 = 0;
      glong offset = 1;
      gchar *found;
      const gchar *digits;
      gchar *prefix;
      glong n;

      fail_if (g_hash_table_contains (seen, folded), "%s: %s twice", *t,
          names[i]);
      g_hash_table_add (seen, folded);

      fail_unless (gst_tv_tuner_frequency_table_lookup (*t, names[i], &f,
              &err), "%s %s: %s", *t, names[i], err ? err->message : "");
      fail_unless (f >= 40000000 && f <= 900000000, "%s %s: %lu Hz", *t,
          names[i], f);
      fail_unless (f % 50000 == 0, "%s %s: %lu Hz", *t, names[i], f);
      if (!shared) {
        fail_if (g_hash_table_contains (freqs, GSIZE_TO_POINTER (f)),
            "%s %s: %lu Hz twice", *t, names[i], f);
        g_hash_table_add (freqs, GSIZE_TO_POINTER (f));
      }

      found = gst_tv_tuner_frequency_table_find (*t, f, &offset, &err);
      fail_unless (found != NULL);
      fail_unless_equals_int64 (offset, 0);
      if (shared) {
        fail_unless (gst_tv_tuner_frequency_table_lookup (*t, found, &f2,
                NULL));
        fail_unless (f2 == f, "%s %s: found %s", *t, names[i], found);
      } else {
        fail_unless_equals_string (found, names[i]);
      }
      g_free (found);

      /* split the name into prefix and number */
      digits = names[i] + strlen (names[i]);
      while (digits > names[i] && g_ascii_isdigit (digits[-1]))
        digits--;
      prefix = g_strndup (names[i], digits - names[i]);
      n = *digits ? (glong) g_ascii_strtoll (digits, NULL, 10) : -1;
      if (prev_prefix != NULL && n >= 0 && n == prev_n + 1
          && strcmp (prefix, prev_prefix) == 0 && !is_restart (*t, names[i]))
        fail_unless (f > prev_f, "%s %s: %lu Hz after %lu", *t, names[i], f,
            prev_f);
      g_free (prev_prefix);
      prev_prefix = prefix;
      prev_n = n;
      prev_f = f;
    }
    g_free (prev_prefix);
    g_hash_table_unref (seen);
    g_hash_table_unref (freqs);
  }
}

GST_END_TEST;

GST_START_TEST (test_channel_counts)
{
  guint i;

  fail_unless_equals_int (G_N_ELEMENTS (counts), G_N_ELEMENTS (all_tables));
  for (i = 0; i < G_N_ELEMENTS (counts); i++) {
    g_auto (GStrv) names =
        gst_tv_tuner_frequency_table_list_channels (counts[i].table, NULL);

    fail_unless (names != NULL, "%s", counts[i].table);
    fail_unless (g_strv_length (names) == counts[i].count,
        "%s: %u channels, not %u", counts[i].table, g_strv_length (names),
        counts[i].count);
  }
}

GST_END_TEST;

static Suite *
tvtuner_frequencies_suite (void)
{
  Suite *s = suite_create ("tvtuner-frequencies");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_list_tables);
  tcase_add_test (tc, test_lookup_known);
  tcase_add_test (tc, test_every_table_checked);
  tcase_add_test (tc, test_lookup_case_and_zeros);
  tcase_add_test (tc, test_lookup_not_a_channel);
  tcase_add_test (tc, test_error_texts);
  tcase_add_test (tc, test_find);
  tcase_add_test (tc, test_tables_well_formed);
  tcase_add_test (tc, test_channel_counts);

  return s;
}

GST_CHECK_MAIN (tvtuner_frequencies);
