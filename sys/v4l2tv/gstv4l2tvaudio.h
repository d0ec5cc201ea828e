/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the audio-input property of v4l2tvsrc (ENUMAUDIO,
 * S_AUDIO), checked against the video input's audioset.
 */
#ifndef __GST_V4L2_TV_AUDIO_H__
#define __GST_V4L2_TV_AUDIO_H__

#include "gstv4l2tvobject.h"

G_BEGIN_DECLS

G_GNUC_INTERNAL gboolean gst_v4l2_tv_audio_apply (GstV4l2TvObject * obj);

G_END_DECLS

#endif /* __GST_V4L2_TV_AUDIO_H__ */
