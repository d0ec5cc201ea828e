/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: the header applications include
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifndef __GST_TUNER_TUNER_H__
#define __GST_TUNER_TUNER_H__

#include <gst/tuner/tuner-prelude.h>
#include <gst/tuner/tuner-enumtypes.h>
#include <gst/tuner/tvtunerchannel.h>
#include <gst/tuner/tvtunernorm.h>
#include <gst/tuner/tvtuner.h>
#include <gst/tuner/tvtunerfrequencies.h>

#endif /* __GST_TUNER_TUNER_H__ */
