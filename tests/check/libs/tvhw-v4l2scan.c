/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit tests for the kernel backend's search for a card's VBI node
 * (hw/tvhw-v4l2.h), without a kernel device: the nodes are empty files
 * in a temporary directory and QUERYCAP is a table keyed by file name.
 * The same search on vivid's real nodes runs in the vivid suite
 * (tests/vivid/vivid-vbi.c).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gst/check/gstcheck.h>

#include "hw/tvhw-v4l2.h"

#define VBI_CAP (V4L2_CAP_VBI_CAPTURE | V4L2_CAP_SLICED_VBI_CAPTURE)

/* one fake node: its file name and what QUERYCAP answers */
typedef struct
{
  const gchar *name;
  gint error;                   /* -errno, or 0 */
  const gchar *card;
  const gchar *bus_info;
  guint32 caps;                 /* capabilities without DEVICE_CAPS */
  guint32 device_caps;          /* when not 0: V4L2_CAP_DEVICE_CAPS set */
} FakeNode;

typedef struct
{
  const FakeNode *nodes;
  guint n_nodes;
  GPtrArray *asked;             /* names QUERYCAP was asked, in order */
} Fake;

static gint
fake_querycap (const gchar * path, struct v4l2_capability *cap,
    gpointer user_data)
{
  Fake *fake = user_data;
  g_autofree gchar *name = g_path_get_basename (path);
  guint i;

  g_ptr_array_add (fake->asked, g_strdup (name));
  for (i = 0; i < fake->n_nodes; i++) {
    const FakeNode *n = &fake->nodes[i];

    if (strcmp (n->name, name) != 0)
      continue;
    if (n->error)
      return n->error;
    g_strlcpy ((gchar *) cap->card, n->card, sizeof (cap->card));
    g_strlcpy ((gchar *) cap->bus_info, n->bus_info, sizeof (cap->bus_info));
    g_strlcpy ((gchar *) cap->driver, "fake", sizeof (cap->driver));
    cap->capabilities = n->caps;
    if (n->device_caps) {
      cap->capabilities |= n->device_caps | V4L2_CAP_DEVICE_CAPS;
      cap->device_caps = n->device_caps;
    }
    return 0;
  }
  return -ENOTTY;               /* a file that is not a V4L2 node */
}

/* a temporary directory with an empty file for each of @names */
static gchar *
make_dir (const gchar * const *names)
{
  g_autoptr (GError) err = NULL;
  gchar *dir = g_dir_make_tmp ("tvhw-v4l2scan-XXXXXX", &err);

  fail_unless (dir != NULL, "%s", err ? err->message : "");
  for (; *names; names++) {
    g_autofree gchar *path = g_build_filename (dir, *names, NULL);

    fail_unless (g_file_set_contents (path, "", 0, &err), "%s",
        err ? err->message : "");
  }
  return dir;
}

static void
remove_dir (gchar * dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const gchar *name;

  fail_unless (d != NULL);
  while ((name = g_dir_read_name (d))) {
    g_autofree gchar *path = g_build_filename (dir, name, NULL);

    g_unlink (path);
  }
  g_dir_close (d);
  g_rmdir (dir);
  g_free (dir);
}

static gchar *
asked_string (Fake * fake)
{
  g_ptr_array_add (fake->asked, NULL);
  return g_strjoinv (" ", (gchar **) fake->asked->pdata);
}

/* @nodes are @dir/@want[0], @dir/@want[1] ... in this order */
static void
check_nodes (GPtrArray * nodes, const gchar * dir, const gchar * const *want,
    guint n_want)
{
  guint i;

  fail_unless_equals_int (nodes->len, n_want);
  for (i = 0; i < nodes->len; i++) {
    g_autofree gchar *path = g_build_filename (dir, want[i], NULL);

    fail_unless_equals_string (g_ptr_array_index (nodes, i), path);
  }
}

GST_START_TEST (test_node_number)
{
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi0"), 0);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi10"), 10);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi01"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi-1"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi1a"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("vbi+1"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("video0"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_number ("xvbi0"), -1);
}

GST_END_TEST;

/* numeric order, not the directory's or the names' */
GST_START_TEST (test_list_order)
{
  const gchar *names[] = { "vbi10", "video0", "vbi2", "vbi0", "vbi", "vbi01",
    "vbi1x", "radio0", "vbi1", NULL
  };
  gchar *dir = make_dir (names);
  g_autoptr (GPtrArray) nodes = gst_tv_hw_v4l2_list_vbi_nodes (dir);
  const gchar *want[] = { "vbi0", "vbi1", "vbi2", "vbi10" };

  check_nodes (nodes, dir, want, G_N_ELEMENTS (want));
  remove_dir (dir);
}

GST_END_TEST;

GST_START_TEST (test_list_missing_dir)
{
  g_autoptr (GPtrArray) nodes =
      gst_tv_hw_v4l2_list_vbi_nodes ("/nonexistent/tvhw-v4l2scan");

  fail_unless_equals_int (nodes->len, 0);
}

GST_END_TEST;

GST_START_TEST (test_video_node_number)
{
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video0"), 0);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video12"), 12);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video-1"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video+1"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video1a"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("vbi0"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("xvideo0"), -1);
  fail_unless_equals_int (gst_tv_hw_v4l2_video_node_number ("video99999999999"),
      -1);
}

GST_END_TEST;

/* the video nodes of a directory, by number; the other names left out */
GST_START_TEST (test_list_video_nodes)
{
  const gchar *names[] = { "video10", "vbi0", "video2", "video", "video0",
    "video1x", "radio1", NULL
  };
  gchar *dir = make_dir (names);
  g_autoptr (GError) err = NULL;
  g_autoptr (GPtrArray) nodes = gst_tv_hw_v4l2_list_nodes (dir,
      gst_tv_hw_v4l2_video_node_number, &err);
  const gchar *want[] = { "video0", "video2", "video10" };

  g_assert_no_error (err);
  fail_unless (nodes != NULL);
  check_nodes (nodes, dir, want, G_N_ELEMENTS (want));
  remove_dir (dir);
}

GST_END_TEST;

/* an unreadable directory is an error, not an empty list */
GST_START_TEST (test_list_nodes_missing_dir)
{
  g_autoptr (GError) err = NULL;
  GPtrArray *nodes = gst_tv_hw_v4l2_list_nodes ("/nonexistent/tvhw-v4l2scan",
      gst_tv_hw_v4l2_video_node_number, &err);

  fail_unless (nodes == NULL);
  g_assert_error (err, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

GST_END_TEST;

/* paths and bare names are sorted by the number of their name */
GST_START_TEST (test_sort_nodes)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  const gchar *want[] = { "video1", "/dev/video3", "/x/video20", "video100" };
  guint i;

  g_ptr_array_add (paths, (gpointer) "video100");
  g_ptr_array_add (paths, (gpointer) "/x/video20");
  g_ptr_array_add (paths, (gpointer) "video1");
  g_ptr_array_add (paths, (gpointer) "/dev/video3");
  gst_tv_hw_v4l2_sort_nodes (paths, gst_tv_hw_v4l2_video_node_number);
  fail_unless_equals_int (paths->len, G_N_ELEMENTS (want));
  for (i = 0; i < paths->len; i++)
    fail_unless_equals_string (g_ptr_array_index (paths, i), want[i]);
}

GST_END_TEST;

/* against a node of "vivid" at "platform:vivid-000" with raw and sliced
 * VBI capture in its device caps */
static const struct
{
  const gchar *card, *bus_info;
  guint32 capability;
  gboolean matches;
} match_cases[] = {
  {"vivid", "platform:vivid-000", V4L2_CAP_VBI_CAPTURE, TRUE},
  {"vivid", "platform:vivid-000", V4L2_CAP_SLICED_VBI_CAPTURE, TRUE},
  /* in the driver's capabilities, not in the node's device caps */
  {"vivid", "platform:vivid-000", V4L2_CAP_VBI_OUTPUT, FALSE},
  {"vivid", "platform:vivid-000", V4L2_CAP_SLICED_VBI_OUTPUT, FALSE},
  /* another card, another bus, a prefix of either */
  {"vivid2", "platform:vivid-000", V4L2_CAP_VBI_CAPTURE, FALSE},
  {"vivi", "platform:vivid-000", V4L2_CAP_VBI_CAPTURE, FALSE},
  {"vivid", "platform:vivid-001", V4L2_CAP_VBI_CAPTURE, FALSE},
  {"vivid", "platform:vivid-00", V4L2_CAP_VBI_CAPTURE, FALSE},
  {NULL, NULL, V4L2_CAP_VBI_CAPTURE, FALSE},
};

GST_START_TEST (test_matches)
{
  struct v4l2_capability cap;
  guint i;

  memset (&cap, 0, sizeof (cap));
  g_strlcpy ((gchar *) cap.card, "vivid", sizeof (cap.card));
  g_strlcpy ((gchar *) cap.bus_info, "platform:vivid-000",
      sizeof (cap.bus_info));
  cap.capabilities = V4L2_CAP_DEVICE_CAPS | V4L2_CAP_VBI_CAPTURE |
      V4L2_CAP_SLICED_VBI_CAPTURE | V4L2_CAP_VBI_OUTPUT |
      V4L2_CAP_SLICED_VBI_OUTPUT;
  cap.device_caps = V4L2_CAP_VBI_CAPTURE | V4L2_CAP_SLICED_VBI_CAPTURE;
  for (i = 0; i < G_N_ELEMENTS (match_cases); i++) {
    GST_INFO ("case %u: '%s' '%s' 0x%x", i, match_cases[i].card,
        match_cases[i].bus_info, match_cases[i].capability);
    fail_unless_equals_int (gst_tv_hw_v4l2_vbi_node_matches (&cap,
            match_cases[i].card, match_cases[i].bus_info,
            match_cases[i].capability), match_cases[i].matches);
  }
  /* without DEVICE_CAPS the capabilities count */
  cap.capabilities = V4L2_CAP_SLICED_VBI_OUTPUT;
  cap.device_caps = V4L2_CAP_VBI_CAPTURE;
  fail_unless (gst_tv_hw_v4l2_vbi_node_matches (&cap, "vivid",
          "platform:vivid-000", V4L2_CAP_SLICED_VBI_OUTPUT));
  fail_if (gst_tv_hw_v4l2_vbi_node_matches (&cap, "vivid",
          "platform:vivid-000", V4L2_CAP_VBI_CAPTURE));
  /* strings filled to the last byte, without a NUL */
  memset (cap.card, 'c', sizeof (cap.card));
  {
    gchar full[sizeof (cap.card) + 1];

    memset (full, 'c', sizeof (cap.card));
    full[sizeof (cap.card)] = '\0';
    fail_unless (gst_tv_hw_v4l2_vbi_node_matches (&cap, full,
            "platform:vivid-000", V4L2_CAP_SLICED_VBI_OUTPUT));
  }
}

GST_END_TEST;

/* two cards, busy and forbidden nodes, a node that is not V4L2: the
 * first node in numeric order of the card with the capability, each node
 * asked once, in order, up to the match */
static const FakeNode two_cards[] = {
  {"vbi0", 0, "Other", "PCI:0000:03:00.0", 0, VBI_CAP},
  {"vbi1", -EBUSY, NULL, NULL, 0, 0},
  {"vbi2", -EACCES, NULL, NULL, 0, 0},
  {"vbi3", 0, "vivid", "platform:vivid-000", 0, V4L2_CAP_SLICED_VBI_OUTPUT},
  /* vbi4: a plain file (ENOTTY) */
  {"vbi10", 0, "vivid", "platform:vivid-000", 0, VBI_CAP},
  {"vbi11", 0, "vivid", "platform:vivid-000", 0, VBI_CAP},
};

static gchar *
scan (const FakeNode * nodes, guint n_nodes, const gchar * const *files,
    const gchar * card, const gchar * bus_info, guint32 capability,
    gchar ** asked)
{
  Fake fake = { nodes, n_nodes, g_ptr_array_new_with_free_func (g_free) };
  gchar *dir = make_dir (files);
  gchar *found, *name = NULL;

  found = gst_tv_hw_v4l2_scan_vbi_nodes (dir, card, bus_info, capability,
      fake_querycap, &fake);
  if (found) {
    fail_unless (g_str_has_prefix (found, dir));
    name = g_path_get_basename (found);
    g_free (found);
  }
  *asked = asked_string (&fake);
  g_ptr_array_free (fake.asked, TRUE);
  remove_dir (dir);
  return name;
}

static const gchar *const two_card_files[] = { "vbi11", "vbi4", "vbi10",
  "vbi3", "vbi2", "vbi1", "vbi0", "video0", NULL
};

/* [card, bus_info, capability, the node found (NULL: none), the nodes
 * asked, in order] */
static const struct
{
  const gchar *card, *bus_info;
  guint32 capability;
  const gchar *found, *asked;
} scan_cases[] = {
  {"vivid", "platform:vivid-000", V4L2_CAP_VBI_CAPTURE, "vbi10",
      "vbi0 vbi1 vbi2 vbi3 vbi4 vbi10"},
  {"vivid", "platform:vivid-000", V4L2_CAP_SLICED_VBI_OUTPUT, "vbi3",
      "vbi0 vbi1 vbi2 vbi3"},
  {"Other", "PCI:0000:03:00.0", V4L2_CAP_SLICED_VBI_CAPTURE, "vbi0", "vbi0"},
  /* nothing matches: every node asked */
  {"Other", "PCI:0000:03:00.0", V4L2_CAP_VBI_OUTPUT, NULL,
      "vbi0 vbi1 vbi2 vbi3 vbi4 vbi10 vbi11"},
  /* a card whose node could be vbi1 (busy) or vbi2 (no permission) */
  {"Busy", "usb-1", V4L2_CAP_VBI_CAPTURE, NULL,
      "vbi0 vbi1 vbi2 vbi3 vbi4 vbi10 vbi11"},
};

GST_START_TEST (test_scan)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (scan_cases); i++) {
    g_autofree gchar *asked = NULL;
    g_autofree gchar *found = scan (two_cards, G_N_ELEMENTS (two_cards),
        two_card_files, scan_cases[i].card, scan_cases[i].bus_info,
        scan_cases[i].capability, &asked);

    GST_INFO ("case %u: found %s after %s", i, found, asked);
    fail_unless_equals_string (found, scan_cases[i].found);
    fail_unless_equals_string (asked, scan_cases[i].asked);
  }
}

GST_END_TEST;

/* no VBI node at all */
GST_START_TEST (test_scan_no_nodes)
{
  g_autofree gchar *asked = NULL;
  g_autofree gchar *found = NULL;
  const gchar *no_files[] = { "video0", "video1", NULL };

  found = scan (two_cards, G_N_ELEMENTS (two_cards), no_files, "vivid",
      "platform:vivid-000", V4L2_CAP_VBI_CAPTURE, &asked);
  fail_unless (found == NULL);
  fail_unless_equals_string (asked, "");
}

GST_END_TEST;

static Suite *
tvhw_v4l2scan_suite (void)
{
  Suite *s = suite_create ("tvhw-v4l2scan");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_node_number);
  tcase_add_test (tc, test_list_order);
  tcase_add_test (tc, test_list_missing_dir);
  tcase_add_test (tc, test_video_node_number);
  tcase_add_test (tc, test_list_video_nodes);
  tcase_add_test (tc, test_list_nodes_missing_dir);
  tcase_add_test (tc, test_sort_nodes);
  tcase_add_test (tc, test_matches);
  tcase_add_test (tc, test_scan);
  tcase_add_test (tc, test_scan_no_nodes);
  return s;
}

GST_CHECK_MAIN (tvhw_v4l2scan);
