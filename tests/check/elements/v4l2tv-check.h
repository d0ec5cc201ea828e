/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the element suites (elements/v4l2tv*.c,
 * pipelines/loopback.c), which register the elements in-process and drive
 * the virtual cards they share with the test. They fail the current check
 * on error, as gst-check's assertions do.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __V4L2TV_CHECK_H__
#define __V4L2TV_CHECK_H__

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>

#include "hw/tvhw-virtual.h"

G_BEGIN_DECLS

GstTvHwVirtualCard * v4l2tv_check_setup_card   (guint index,
                                                GstTvHwVirtualPacing pacing);

void                 v4l2tv_check_card_closed  (guint index);

GstBuffer *          v4l2tv_check_pull_frame   (GstHarness * h,
                                                GstTvHwVirtualCard * card);

void                 v4l2tv_check_stream_errors_only (GstBus * bus,
                                                const gchar * launch);

G_END_DECLS

#endif /* __V4L2TV_CHECK_H__ */
