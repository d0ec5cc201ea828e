/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: the audio input of a capture card.
 *
 * Cards with an audio decoder (TV tuner cards, some grabbers) route one
 * of their audio inputs to their sound device; which ones can go with a
 * video input is the input's audioset (struct v4l2_input), one bit per
 * audio input index. The audio-input property names one, by name
 * (case-insensitive) or index; it is selected with S_AUDIO after
 * the video input, at start and at each switch of video input. Unset, the
 * card's choice stays (drivers switch the audio input with the video
 * input themselves).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib/gi18n-lib.h>

#include "gstv4l2tvaudio.h"
#include "v4l2tv-text.h"

GST_DEBUG_CATEGORY_EXTERN (gst_v4l2_tv_debug);
#define GST_CAT_DEFAULT gst_v4l2_tv_debug

/* "TV, Line-In": the names of the audio inputs in @set (all: ~0) */
static gchar *
name_list (GPtrArray * names, guint32 set)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < names->len && i < 32; i++)
    if (set & (1u << i))
      g_string_append_printf (s, "%s%s", s->len ? ", " : "",
          (const gchar *) g_ptr_array_index (names, i));
  return g_string_free (s, FALSE);
}

/*
 * Selects the audio input the property asks for, if any, on the card's
 * current video input (obj->port_index). Posts an error that names the
 * device, the inputs and the valid choices, and returns FALSE, when there
 * is no such audio input or it does not go with the video input.
 */
gboolean
gst_v4l2_tv_audio_apply (GstV4l2TvObject * obj)
{
  g_autoptr (GError) err = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree gchar *want = NULL;
  g_autofree gchar *list = NULL;
  const gchar *location = gst_v4l2_tv_object_get_location (obj);
  const GstV4l2TvPort *port;
  struct v4l2_audio audio;
  guint32 i, index = 0;
  gboolean found = FALSE;
  guint64 number;

  GST_V4L2_TV_DEVICE_LOCK_HELD (obj);

  GST_OBJECT_LOCK (obj->element);
  want = g_strdup (obj->audio_input);
  GST_OBJECT_UNLOCK (obj->element);
  if (want == NULL)
    return TRUE;

  for (i = 0;; i++) {
    if (!gst_tv_hw_device_enum_audio (obj->dev, i, &audio, &err))
      break;
    if (!found && g_ascii_strcasecmp ((const gchar *) audio.name, want) == 0) {
      found = TRUE;
      index = i;
    }
    g_ptr_array_add (names, GST_TV_HW_NAME (audio.name));
  }
  if (err != NULL && !(names->len == 0 && g_error_matches (err,
              GST_TV_HW_ERROR, GST_TV_HW_ERROR_NOT_SUPPORTED)))
    goto enum_failed;
  if (names->len == 0)
    goto no_audio;
  if (!found && g_ascii_string_to_unsigned (want, 10, 0, names->len - 1,
          &number, NULL)) {
    found = TRUE;
    index = number;
  }
  if (!found)
    goto unknown;

  port = gst_v4l2_tv_object_get_port (obj, obj->port_index);
  if (port && index < 32 && !(port->audioset & (1u << index)))
    goto not_allowed;

  GST_DEBUG_OBJECT (obj->element, "audio input %u '%s'", index,
      (const gchar *) g_ptr_array_index (names, index));
  if (!gst_tv_hw_device_set_audio (obj->dev, index, 0, &err))
    goto set_failed;

  return TRUE;

  /* ERRORS */
enum_failed:
  {
    GST_V4L2_TV_HW_ERROR (obj, err, SETTINGS,
        (_("Could not list the audio inputs of device '%s'."), location));
    return FALSE;
  }
no_audio:
  {
    g_autofree gchar *shown = gst_v4l2_tv_printable (want);

    GST_ELEMENT_ERROR (obj->element, RESOURCE, SETTINGS,
        (_("Device '%s' has no audio inputs, so audio-input '%s' cannot be "
                "set; leave it unset."), location, shown), (NULL));
    return FALSE;
  }
unknown:
  {
    g_autofree gchar *shown = gst_v4l2_tv_printable (want);

    list = name_list (names, ~0u);
    GST_ELEMENT_ERROR (obj->element, RESOURCE, SETTINGS,
        (_("Device '%s' has no audio input '%s'; its audio inputs are: %s."),
            location, shown, list),
        ("'%s' is neither an audio input's name nor an index below %u",
            shown, names->len));
    return FALSE;
  }
not_allowed:
  {
    g_autofree gchar *shown = gst_v4l2_tv_printable (want);

    list = name_list (names, port->audioset);
    if (port->audioset == 0)
      GST_ELEMENT_ERROR (obj->element, RESOURCE, SETTINGS,
          (_("Input '%s' of device '%s' has no audio inputs, so audio input "
                  "'%s' cannot go with it; leave audio-input unset."),
              obj->port_name, location, shown), ("audioset 0"));
    else
      GST_ELEMENT_ERROR (obj->element, RESOURCE, SETTINGS,
          (_("Audio input '%s' of device '%s' does not go with input '%s'; "
                  "the audio inputs that do are: %s."),
              (const gchar *) g_ptr_array_index (names, index), location,
              obj->port_name, list), ("audioset 0x%x, audio input %u",
              port->audioset, index));
    return FALSE;
  }
set_failed:
  {
    GST_V4L2_TV_HW_ERROR (obj, err, SETTINGS,
        (_("Could not select audio input '%s' of device '%s'."),
            (const gchar *) g_ptr_array_index (names, index), location));
    return FALSE;
  }
}
