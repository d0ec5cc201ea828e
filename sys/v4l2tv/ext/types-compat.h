/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv: basic kernel types for the bundled V4L2 uapi headers.
 *
 * The uapi headers in this folder are copies of the kernel's
 * (linux-libc-dev 6.1) so that the build never depends on the host's
 * videodev2.h. Only the fixed-width integer types and the ioctl number
 * macros still come from the C library's kernel headers, which every
 * Linux toolchain has.
 */
#ifndef __V4L2TV_TYPES_COMPAT_H__
#define __V4L2TV_TYPES_COMPAT_H__

#include <linux/types.h>
#include <linux/const.h>

#ifndef __user
#define __user
#endif

#endif /* __V4L2TV_TYPES_COMPAT_H__ */
