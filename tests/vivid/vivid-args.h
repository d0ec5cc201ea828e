/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The command line of the vivid suite's probes (tvhw-diff, vivid-vbi):
 * -d DEVICE and -o OUTPUT-DEVICE, by default the nodes vivid-run exports
 * ($V4L2TV_TEST_DEVICE, $V4L2TV_TEST_OUTPUT_DEVICE), plus the program's
 * own @extra options.
 */
#ifndef __VIVID_ARGS_H__
#define __VIVID_ARGS_H__

#include <glib.h>

/* 0 when *@location (g_free()) is set, 2 on a bad command line, 77 (skip)
 * when there is no capture device; *@out_location may stay NULL */
static inline gint
vivid_parse_args (gint * argc, gchar *** argv, const gchar * prog,
    const gchar * summary, const GOptionEntry * extra, gchar ** location,
    gchar ** out_location)
{
  const gchar *env_cap = g_getenv ("V4L2TV_TEST_DEVICE");
  const gchar *env_out = g_getenv ("V4L2TV_TEST_OUTPUT_DEVICE");
  GOptionEntry entries[] = {
    {"device", 'd', 0, G_OPTION_ARG_STRING, location,
        "vivid's video capture node (default: $V4L2TV_TEST_DEVICE)", "DEVICE"},
    {"output-device", 'o', 0, G_OPTION_ARG_STRING, out_location,
          "vivid's video output node (default: $V4L2TV_TEST_OUTPUT_DEVICE; "
          "none: no output checks)", "DEVICE"},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new (summary);
  GError *err = NULL;

  *location = *out_location = NULL;
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (extra)
    g_option_context_add_main_entries (ctx, extra, NULL);
  if (!g_option_context_parse (ctx, argc, argv, &err)) {
    g_printerr ("%s: %s\n", prog, err->message);
    g_error_free (err);
    g_option_context_free (ctx);
    return 2;
  }
  g_option_context_free (ctx);
  if (*location == NULL && env_cap != NULL && *env_cap != '\0')
    *location = g_strdup (env_cap);
  if (*out_location == NULL && env_out != NULL && *env_out != '\0')
    *out_location = g_strdup (env_out);
  if (*location == NULL) {
    g_print ("%s: no device (-d, or V4L2TV_TEST_DEVICE): skipped\n", prog);
    return 77;
  }
  return 0;
}

#endif /* __VIVID_ARGS_H__ */
