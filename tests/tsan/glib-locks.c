/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ThreadSanitizer annotations for GLib's locks, preloaded into the tests of
 * a -Db_sanitize=thread build (tests/tsan/meson.build).
 *
 * GLib 2.74 implements GMutex, GRecMutex and GCond on Linux with futexes,
 * which ThreadSanitizer does not see: every access protected by a GMutex
 * (GST_OBJECT_LOCK, our device and queue locks) would be reported as a
 * race. These wrappers stand in for GLib's lock functions (the preloaded
 * library comes before libglib in symbol lookup), call GLib's own through
 * dlsym (RTLD_NEXT) and tell ThreadSanitizer about each acquire and
 * release. Calls inside libglib itself do not come through here (GLib is
 * linked with -Bsymbolic-functions): reports entirely inside GLib are
 * suppressed instead (tests/tsan/tsan.supp).
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <glib.h>
#include <sanitizer/tsan_interface.h>

#define REAL(ret, name, args) \
  static ret (*real_##name) args; \
  if (real_##name == NULL) \
    real_##name = dlsym (RTLD_NEXT, #name)

void
g_mutex_lock (GMutex * mutex)
{
  REAL (void, g_mutex_lock, (GMutex *));
  __tsan_mutex_pre_lock (mutex, 0);
  real_g_mutex_lock (mutex);
  __tsan_mutex_post_lock (mutex, 0, 0);
}

gboolean
g_mutex_trylock (GMutex * mutex)
{
  gboolean ret;
  REAL (gboolean, g_mutex_trylock, (GMutex *));

  __tsan_mutex_pre_lock (mutex, __tsan_mutex_try_lock);
  ret = real_g_mutex_trylock (mutex);
  __tsan_mutex_post_lock (mutex, __tsan_mutex_try_lock |
      (ret ? 0 : __tsan_mutex_try_lock_failed), 0);
  return ret;
}

void
g_mutex_unlock (GMutex * mutex)
{
  REAL (void, g_mutex_unlock, (GMutex *));
  __tsan_mutex_pre_unlock (mutex, 0);
  real_g_mutex_unlock (mutex);
  __tsan_mutex_post_unlock (mutex, 0);
}

void
g_rec_mutex_lock (GRecMutex * mutex)
{
  REAL (void, g_rec_mutex_lock, (GRecMutex *));
  __tsan_mutex_pre_lock (mutex, 0);
  real_g_rec_mutex_lock (mutex);
  __tsan_mutex_post_lock (mutex, 0, 0);
}

gboolean
g_rec_mutex_trylock (GRecMutex * mutex)
{
  gboolean ret;
  REAL (gboolean, g_rec_mutex_trylock, (GRecMutex *));

  __tsan_mutex_pre_lock (mutex, __tsan_mutex_try_lock);
  ret = real_g_rec_mutex_trylock (mutex);
  __tsan_mutex_post_lock (mutex, __tsan_mutex_try_lock |
      (ret ? 0 : __tsan_mutex_try_lock_failed), 0);
  return ret;
}

void
g_rec_mutex_unlock (GRecMutex * mutex)
{
  REAL (void, g_rec_mutex_unlock, (GRecMutex *));
  __tsan_mutex_pre_unlock (mutex, 0);
  real_g_rec_mutex_unlock (mutex);
  __tsan_mutex_post_unlock (mutex, 0);
}

/* a wait releases the mutex and takes it again */
void
g_cond_wait (GCond * cond, GMutex * mutex)
{
  REAL (void, g_cond_wait, (GCond *, GMutex *));
  __tsan_mutex_pre_unlock (mutex, 0);
  __tsan_mutex_post_unlock (mutex, 0);
  real_g_cond_wait (cond, mutex);
  __tsan_mutex_pre_lock (mutex, 0);
  __tsan_mutex_post_lock (mutex, 0, 0);
}

gboolean
g_cond_wait_until (GCond * cond, GMutex * mutex, gint64 end_time)
{
  gboolean ret;
  REAL (gboolean, g_cond_wait_until, (GCond *, GMutex *, gint64));

  __tsan_mutex_pre_unlock (mutex, 0);
  __tsan_mutex_post_unlock (mutex, 0);
  ret = real_g_cond_wait_until (cond, mutex, end_time);
  __tsan_mutex_pre_lock (mutex, 0);
  __tsan_mutex_post_lock (mutex, 0, 0);
  return ret;
}
