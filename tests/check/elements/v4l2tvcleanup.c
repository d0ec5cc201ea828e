/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A failed assertion fails its suite; it never hangs or crashes it. The
 * element suites whose streaming threads share data with the test (pad
 * probes, "handoff" and tuner signal handlers, bus sync handlers) are run
 * here as they run under valgrind, with CK_FORK=no, where a failure
 * longjmps out of the test function and the checked teardown then stops
 * the pipelines, and with their waits cut short (V4L2TV_CHECK_WAIT_MS,
 * v4l2tv-check.h), so that their tests fail while frames flow. Each must
 * exit, with a status of its own, within CLEANUP_WAIT_S; those whose
 * waits cannot be met fail for sure and must exit with failures.
 *
 * The regression: v4l2tvsrc-signal kept its probe's frames and their
 * mutex in the test function's frame; after a failure the teardown's
 * calls wrote over it, and the streaming thread blocked for ever locking
 * that mutex while the teardown waited for it to stop. The data now
 * lives on the heap (v4l2tv_check_track_data()).
 *
 * The suites are this one's siblings in the build tree
 * ($V4L2TV_CLEANUP_DIR, tests/check/meson.build); they run at once, each
 * with a registry of its own.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gst/check/gstcheck.h>

/* a guard against a hang, not a timing check: the suites take seconds */
#define CLEANUP_WAIT_S 120

/* each wait of the suites: shorter than any of the must_fail suites'
 * first one (ten frames at 29.97 Hz, 300 ms at the least, for
 * v4l2tvsrc-signal; thirty for the loopback's), long enough that frames
 * flow by then */
#define SHORT_WAIT_MS "200"

static const struct
{
  const gchar *name;            /* the test program */
  const gchar *checks;          /* GST_CHECKS: NULL for every test */
  gboolean must_fail;
} suites[] = {
  {"elements_v4l2tvsrc_signal", NULL, TRUE},
  {"pipelines_loopback", "test_two_pipelines", TRUE},
  {"elements_v4l2tvreconnect", NULL, FALSE},
  {"elements_v4l2tvuri", "test_uridecodebin", FALSE},
  {"elements_v4l2tvsrc", "test_timestamps,test_num_buffers_300", FALSE},
  {"elements_v4l2tvtuner", NULL, FALSE},
};

#define N_SUITES G_N_ELEMENTS (suites)

typedef struct
{
  GPid pid;
  gchar *log;                   /* its stdout and stderr */
  gboolean done;
  gint status;
} Child;

/* in the child: killed with us, so that a hung one does not outlive the
 * check */
static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
spawn_suite (guint i, const gchar * dir, Child * child)
{
  gchar *argv[2] = { NULL, NULL };
  gchar **envp = g_get_environ ();
  gchar *registry;
  GError *err = NULL;
  gint fd;

  argv[0] = g_build_filename (dir, suites[i].name, NULL);
  registry = g_strdup_printf ("%s%scleanup-%s.registry", dir,
      G_DIR_SEPARATOR_S, suites[i].name);
  envp = g_environ_setenv (envp, "CK_FORK", "no", TRUE);
  envp = g_environ_setenv (envp, "V4L2TV_CHECK_WAIT_MS", SHORT_WAIT_MS, TRUE);
  envp = g_environ_setenv (envp, "GST_REGISTRY", registry, TRUE);
  envp = g_environ_unsetenv (envp, "CK_RUN_SUITE");
  envp = g_environ_unsetenv (envp, "CK_RUN_CASE");
  if (suites[i].checks)
    envp = g_environ_setenv (envp, "GST_CHECKS", suites[i].checks, TRUE);
  else
    envp = g_environ_unsetenv (envp, "GST_CHECKS");

  fd = g_file_open_tmp ("v4l2tvcleanup-XXXXXX.log", &child->log, &err);
  fail_unless (fd >= 0, "%s", err ? err->message : "");
  fail_unless (g_spawn_async_with_fds (NULL, argv, envp,
          G_SPAWN_DO_NOT_REAP_CHILD, die_with_parent, NULL, &child->pid, -1,
          fd, fd, &err), "%s: %s", argv[0], err ? err->message : "");
  close (fd);

  g_free (registry);
  g_strfreev (envp);
  g_free (argv[0]);
}

/* reaps whichever children are done; TRUE once all are */
static gboolean
reap (Child * children)
{
  gboolean all = TRUE;
  guint i;

  for (i = 0; i < N_SUITES; i++) {
    pid_t r;

    if (children[i].done)
      continue;
    r = waitpid (children[i].pid, &children[i].status, WNOHANG);
    fail_if (r < 0, "waitpid: %s", g_strerror (errno));
    if (r == children[i].pid)
      children[i].done = TRUE;
    else
      all = FALSE;
  }
  return all;
}

/* the child's output in the log, its summary line returned */
static gchar *
show_log (Child * child, const gchar * name)
{
  gchar *text = NULL, *summary = NULL, *line;

  if (!g_file_get_contents (child->log, &text, NULL, NULL))
    return g_strdup ("(no output)");
  g_print ("---- %s ----\n%s---- %s: end ----\n", name, text, name);
  if ((line = strstr (text, "%: Checks:")) != NULL) {
    while (line > text && line[-1] != '\n')
      line--;
    summary = g_strndup (line, strcspn (line, "\n"));
  }
  g_free (text);
  return summary ? summary : g_strdup ("(no summary)");
}

GST_START_TEST (test_failures_fail)
{
  const gchar *dir = g_getenv ("V4L2TV_CLEANUP_DIR");
  Child children[N_SUITES] = { {0,}, };
  gchar *summaries[N_SUITES];
  gint64 end;
  guint i;

  fail_unless (dir != NULL, "V4L2TV_CLEANUP_DIR is not set");
  for (i = 0; i < N_SUITES; i++)
    spawn_suite (i, dir, &children[i]);

  end = g_get_monotonic_time () + CLEANUP_WAIT_S * G_TIME_SPAN_SECOND;
  while (!reap (children) && g_get_monotonic_time () < end)
    g_usleep (10 * 1000);
  /* the hung ones */
  for (i = 0; i < N_SUITES; i++) {
    if (children[i].done)
      continue;
    kill (children[i].pid, SIGKILL);
    waitpid (children[i].pid, NULL, 0);
  }

  /* every log first, then the verdicts */
  for (i = 0; i < N_SUITES; i++) {
    summaries[i] = show_log (&children[i], suites[i].name);
    g_unlink (children[i].log);
    g_free (children[i].log);
  }
  for (i = 0; i < N_SUITES; i++) {
    Child *c = &children[i];

    fail_unless (c->done, "%s hung (killed after %d s): %s", suites[i].name,
        CLEANUP_WAIT_S, summaries[i]);
    fail_unless (WIFEXITED (c->status), "%s died of signal %d: %s",
        suites[i].name, WTERMSIG (c->status), summaries[i]);
    if (suites[i].must_fail)
      fail_unless (WEXITSTATUS (c->status) != 0, "%s did not fail: %s",
          suites[i].name, summaries[i]);
    g_print ("%s: exit status %d, %s\n", suites[i].name,
        WEXITSTATUS (c->status), summaries[i]);
  }
  for (i = 0; i < N_SUITES; i++)
    g_free (summaries[i]);
}

GST_END_TEST;

static Suite *
v4l2tvcleanup_suite (void)
{
  Suite *s = suite_create ("v4l2tvcleanup");
  TCase *tc = tcase_create ("cleanup");

  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, CLEANUP_WAIT_S + 60);
  tcase_add_test (tc, test_failures_fail);

  return s;
}

GST_CHECK_MAIN (v4l2tvcleanup);
