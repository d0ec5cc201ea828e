/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: a debug category made on first use, from whichever thread gets
 * there first (the parts of the object, the hardware layer and udev have
 * no class_init or plugin_init of their own to make theirs in).
 */
#ifndef __V4L2TV_DEBUG_H__
#define __V4L2TV_DEBUG_H__

#include <gst/gst.h>

/* GST_DEBUG_CATEGORY_INIT (@cat, @name, 0, @description), once */
#define V4L2TV_DEBUG_INIT_ONCE(cat, name, description) G_STMT_START {     \
  static gsize v4l2tv_debug_done = 0;                                     \
                                                                          \
  if (g_once_init_enter (&v4l2tv_debug_done)) {                           \
    GST_DEBUG_CATEGORY_INIT (cat, name, 0, description);                  \
    g_once_init_leave (&v4l2tv_debug_done, 1);                            \
  }                                                                       \
} G_STMT_END

#endif /* __V4L2TV_DEBUG_H__ */
