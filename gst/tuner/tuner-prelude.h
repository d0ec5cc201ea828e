/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: export macro
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TV_TUNER_PRELUDE_H__
#define __GST_TV_TUNER_PRELUDE_H__

#include <gst/gst.h>

/* The library is built with -fvisibility=hidden and BUILDING_GST_TV_TUNER
 * defined; only the symbols marked GST_TV_TUNER_API are exported. */
#ifndef GST_TV_TUNER_API
# ifdef BUILDING_GST_TV_TUNER
#  define GST_TV_TUNER_API GST_API_EXPORT
# else
#  define GST_TV_TUNER_API GST_API_IMPORT
# endif
#endif

#endif /* __GST_TV_TUNER_PRELUDE_H__ */
