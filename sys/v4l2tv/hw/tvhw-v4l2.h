/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the parts of the kernel backend that can be
 * tested without a kernel device. Its search for a card's VBI node, split
 * from the op (gst_tv_hw_v4l2_ops.find_node) so that the scan order and
 * the matching can be tested (tests/check/libs/tvhw-v4l2scan.c); its
 * table of driver quirks and their lookup
 * (tests/check/libs/tvhw-v4l2quirks.c).
 */
#ifndef __GST_TV_HW_V4L2_H__
#define __GST_TV_HW_V4L2_H__

#include "hw/tvhw.h"

G_BEGIN_DECLS

/* QUERYCAP of the node at @path: 0 or -errno (EBUSY, EACCES, ENOTTY ...) */
typedef gint (*GstTvHwV4l2QuerycapFunc) (const gchar * path,
    struct v4l2_capability * cap, gpointer user_data);

/* the number N of a node's name in /dev ("videoN", "vbiN"), -1 if @name
 * is not a node of the kind */
typedef gint64 (*GstTvHwV4l2NodeNumberFunc) (const gchar * name);

/* the number N of a name "videoN" (a decimal without sign), -1 if @name
 * is not one */
gint64 gst_tv_hw_v4l2_video_node_number (const gchar * name);

/* the number N of a name "vbiN" (a decimal without sign or leading zero),
 * -1 if @name is not one */
gint64 gst_tv_hw_v4l2_vbi_node_number (const gchar * name);

/* sorts @paths (DIR/NAME, or NAME) by the number @number gives each NAME
 * (video2 before video10) */
void gst_tv_hw_v4l2_sort_nodes (GPtrArray * paths,
    GstTvHwV4l2NodeNumberFunc number);

/* the paths @dir/NAME of the names in @dir that @number gives a number,
 * sorted by it (g_free() is the array's free function); NULL with @error
 * set if @dir cannot be read */
GPtrArray *gst_tv_hw_v4l2_list_nodes (const gchar * dir,
    GstTvHwV4l2NodeNumberFunc number, GError ** error);

/* the paths @dir/vbiN, sorted by N (vbi2 before vbi10); an empty array if
 * @dir cannot be read */
GPtrArray *gst_tv_hw_v4l2_list_vbi_nodes (const gchar * dir);

/* whether @cap (a VBI node's QUERYCAP) is of the card whose video node
 * reported @card and @bus_info, and has @capability (a V4L2_CAP_* bit) in
 * its device caps (its capabilities when the driver sets no
 * V4L2_CAP_DEVICE_CAPS) */
gboolean gst_tv_hw_v4l2_vbi_node_matches (const struct v4l2_capability * cap,
    const gchar * card, const gchar * bus_info, guint32 capability);

/* the first node of gst_tv_hw_v4l2_list_vbi_nodes (@dir) that matches
 * (QUERYCAP through @querycap; a node it cannot query is skipped with a
 * debug line), NULL if none does; g_free() it */
gchar *gst_tv_hw_v4l2_scan_vbi_nodes (const gchar * dir, const gchar * card,
    const gchar * bus_info, guint32 capability,
    GstTvHwV4l2QuerycapFunc querycap, gpointer user_data);

/* --- driver quirks --- */

/* One row of the kernel backend's quirk table: one behaviour (one
 * GstTvHwQuirks flag) of one driver, with where the driver's source shows
 * it. A driver with two behaviours has two rows. */
typedef struct
{
  const gchar *driver;          /* QUERYCAP's driver, exactly */
  const gchar *card;            /* QUERYCAP's card, exactly; NULL: any */
  GstTvHwQuirks quirk;          /* one flag */
  const gchar *source;          /* the kernel file and function (6.1) */
} GstTvHwV4l2Quirk;

/* the kernel backend's table, ended by a row whose driver is NULL */
extern const GstTvHwV4l2Quirk gst_tv_hw_v4l2_quirks[];

/* the flags of every row of @table (ended by a NULL driver) whose driver
 * is @driver and whose card is NULL or @card; GST_TV_HW_QUIRK_NONE for a
 * driver without rows (or a NULL @driver) */
GstTvHwQuirks gst_tv_hw_v4l2_lookup_quirks (const GstTvHwV4l2Quirk * table,
    const gchar * driver, const gchar * card);

G_END_DECLS

#endif /* __GST_TV_HW_V4L2_H__ */
