/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: v4l2tvaudiosrc, a TV card's sound (GstPushSrc).
 */
#ifndef __GST_V4L2_TV_AUDIO_SRC_H__
#define __GST_V4L2_TV_AUDIO_SRC_H__

#include <gst/base/gstpushsrc.h>

G_BEGIN_DECLS

#define GST_TYPE_V4L2_TV_AUDIO_SRC (gst_v4l2_tv_audio_src_get_type ())
G_DECLARE_FINAL_TYPE (GstV4l2TvAudioSrc, gst_v4l2_tv_audio_src, GST,
    V4L2_TV_AUDIO_SRC, GstPushSrc)

G_END_DECLS

#endif /* __GST_V4L2_TV_AUDIO_SRC_H__ */
