/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tvhw-compliance: a conformance suite for the hardware layer, modelled on
 * v4l2-compliance. The same checks run against the virtual card and a
 * real kernel driver (vivid, or a TV card), through the tvhw API only.
 *
 * Each test_<area> (dev) returns 0 (pass), ENOTTY (the device does not
 * have the feature) or -1 (a check failed; fail_on_test printed where).
 */
#ifndef __TVHW_COMPLIANCE_H__
#define __TVHW_COMPLIANCE_H__

#include "hw/tvhw.h"

extern gboolean compliance_verbose;

void compliance_fail (const gchar * file, gint line, const gchar * cond);

#define fail_on_test(cond) G_STMT_START {                    \
    if (cond) {                                              \
      compliance_fail (__FILE__, __LINE__, #cond);           \
      return -1;                                             \
    }                                                        \
  } G_STMT_END

/* fail_on_test, with the GError of a failed call */
#define fail_on_error(call, err) G_STMT_START {              \
    if (!(call)) {                                           \
      compliance_fail (__FILE__, __LINE__, (err) ?           \
          (err)->message : #call);                           \
      g_clear_error (&(err));                                \
      return -1;                                             \
    }                                                        \
  } G_STMT_END

#define info(...) G_STMT_START {                             \
    if (compliance_verbose)                                  \
      g_print ("\t\tinfo: " __VA_ARGS__);                    \
  } G_STMT_END

/* true when @err carries @code; clears it */
gboolean compliance_error_is (GError ** err, GstTvHwError code);

/* 1 when every byte of @p is zero */
gboolean compliance_is_zero (gconstpointer p, gsize size);

/* the number of inputs (capture) or outputs (output) */
guint compliance_count_inputs (GstTvHwDevice * dev);
guint compliance_count_outputs (GstTvHwDevice * dev);

gint test_querycap (GstTvHwDevice * dev);
gint test_enum_input (GstTvHwDevice * dev);
gint test_g_s_input (GstTvHwDevice * dev);
gint test_enum_output (GstTvHwDevice * dev);
gint test_g_s_output (GstTvHwDevice * dev);
gint test_enumstd (GstTvHwDevice * dev);
gint test_g_s_std (GstTvHwDevice * dev);
gint test_querystd (GstTvHwDevice * dev);
gint test_enum_fmt (GstTvHwDevice * dev);
gint test_g_s_try_fmt (GstTvHwDevice * dev);
gint test_std_geometry (GstTvHwDevice * dev);
gint test_cropcap (GstTvHwDevice * dev);
gint test_selection (GstTvHwDevice * dev);
gint test_reqbufs (GstTvHwDevice * dev);
gint test_streaming (GstTvHwDevice * dev);
gint test_busy_while_streaming (GstTvHwDevice * dev);
gint test_flushing (GstTvHwDevice * dev);

#endif /* __TVHW_COMPLIANCE_H__ */
