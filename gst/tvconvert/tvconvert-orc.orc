# SPDX-License-Identifier: LGPL-2.1-or-later
#
# ORC kernels of the tvconvert library. Each function converts one line
# (n = macropixels, that is width / 2); tvconvert.c walks the lines, picks
# which lines go together (progressive or per field) and handles an odd
# last column. Streaming note: every kernel reads ONE source line from
# memory; a second source, when there is one, is a line of chroma already
# in L1 (the tmp line written by a split kernel, or a 4:2:0 chroma line
# that the previous output line used). Two memory streams read in the same
# loop run at less than half the speed (see docs/tvconvert-benchmark.md).
#
# Byte order reminder: in a 16-bit word loaded from UYVY (U Y0 V Y1) the
# low byte is chroma and the high byte is luma; in YUY2 (Y0 U Y1 V) it is
# the other way round. splitwb d1, d2, s puts the high byte in d1.


# --- packed 4:2:2 -> 4:2:0 (I420, YV12, NV12), two passes per line pair ---

# first line of a pair: luma out, chroma (U V, 2 bytes) into a tmp line
.function tv_convert_orc_split_UYVY
.dest 2 y guint8
.dest 2 c guint8
.source 4 s guint8

x2 splitwb y, c, s


.function tv_convert_orc_split_YUY2
.dest 2 y guint8
.dest 2 c guint8
.source 4 s guint8

x2 splitwb c, y, s


# second line of a pair: luma out, chroma = (tmp + this line + 1) >> 1
.function tv_convert_orc_merge_UYVY_I420
.dest 2 y guint8
.dest 1 u guint8
.dest 1 v guint8
.source 4 s guint8
.source 2 c1 guint8
.temp 2 yy
.temp 2 c

x2 splitwb yy, c, s
storew y, yy
x2 avgub c, c, c1
splitwb v, u, c


.function tv_convert_orc_merge_YUY2_I420
.dest 2 y guint8
.dest 1 u guint8
.dest 1 v guint8
.source 4 s guint8
.source 2 c1 guint8
.temp 2 yy
.temp 2 c

x2 splitwb c, yy, s
storew y, yy
x2 avgub c, c, c1
splitwb v, u, c


.function tv_convert_orc_merge_UYVY_NV12
.dest 2 y guint8
.dest 2 uv guint8
.source 4 s guint8
.source 2 c1 guint8
.temp 2 yy
.temp 2 c

x2 splitwb yy, c, s
storew y, yy
x2 avgub uv, c, c1


.function tv_convert_orc_merge_YUY2_NV12
.dest 2 y guint8
.dest 2 uv guint8
.source 4 s guint8
.source 2 c1 guint8
.temp 2 yy
.temp 2 c

x2 splitwb c, yy, s
storew y, yy
x2 avgub uv, c, c1


# --- packed 4:2:2 -> planar 4:2:2 (Y42B) and UYVY <-> YUY2 ---

# Y42B in two passes over the line, chroma then luma (the second from L1):
# two output streams at a time run faster than three (libyuv does the same)
.function tv_convert_orc_split_UV_UYVY
.dest 1 u guint8
.dest 1 v guint8
.source 4 s guint8
.temp 2 c

x2 select0wb c, s
splitwb v, u, c


.function tv_convert_orc_split_UV_YUY2
.dest 1 u guint8
.dest 1 v guint8
.source 4 s guint8
.temp 2 c

x2 select1wb c, s
splitwb v, u, c


.function tv_convert_orc_split_Y_UYVY
.dest 2 y guint8
.source 4 s guint8

x2 select1wb y, s


.function tv_convert_orc_split_Y_YUY2
.dest 2 y guint8
.source 4 s guint8

x2 select0wb y, s


# swapping the bytes of every word turns UYVY into YUY2 and back
.function tv_convert_orc_convert_UYVY_YUY2
.dest 4 d guint8
.source 4 s guint8

x2 swapw d, s


# --- packed 4:2:2 -> 32-bit RGB (one kernel per byte order) ---
#
# Fixed point with 6 fraction bits in signed 16-bit lanes:
#   luma   = (Y * 257 * ky) >> 16 + yoff        (yoff has the -16 and the +32
#                                                of the final rounding)
#   chroma = ((C - 128) << 8) * k >> 16         (k0/k1 in 5 fraction bits,
#                                                doubled; kg0/kg1 in 6)
#   out    = clamp ((luma + chroma) >> 6)
# The params hold the matrix (tvconvert.c: BT.601 limited range), so that
# other matrices need no new kernel. Lane 0 holds U, or V after the swapw of
# the R-first orders, lane 1 the other one: k0/k1 give the first and third
# colour bytes (B and R, or R and B), kg0/kg1 the two G terms of lane 0 and
# lane 1. The 4th byte (x or A) is always 255.
#
# Per macropixel: p = [c0 c2 c0 c2] + [y0 y0 y1 y1] (words),
# q = [g X g X] + [y0 y0 y1 y1] with X = 0x7fff, which saturates to 255;
# bytes(p) mergebw bytes(q) gives c0 g c2 255 c0 g c2 255 (the x-first
# orders merge the other way round, with q = [X g X g]).
# (ORC 0.4.33's SSE rule for swapwl is wrong, so G is summed with splitlw.)

.function tv_convert_orc_convert_UYVY_BGRA
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb yy, uv, s
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, gl, 0x7fff
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, pb, qb


.function tv_convert_orc_convert_UYVY_RGBA
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb yy, uv, s
swapw uv, uv
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, gl, 0x7fff
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, pb, qb


.function tv_convert_orc_convert_UYVY_ARGB
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb yy, uv, s
swapw uv, uv
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, 0x7fff, gl
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, qb, pb


.function tv_convert_orc_convert_UYVY_ABGR
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb yy, uv, s
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, 0x7fff, gl
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, qb, pb


.function tv_convert_orc_convert_YUY2_BGRA
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb uv, yy, s
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, gl, 0x7fff
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, pb, qb


.function tv_convert_orc_convert_YUY2_RGBA
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb uv, yy, s
swapw uv, uv
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, gl, 0x7fff
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, pb, qb


.function tv_convert_orc_convert_YUY2_ARGB
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb uv, yy, s
swapw uv, uv
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, 0x7fff, gl
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, qb, pb


.function tv_convert_orc_convert_YUY2_ABGR
.dest 8 d guint8
.source 4 s guint8
.param 2 k0
.param 2 k1
.param 2 kg0
.param 2 kg1
.param 2 ky
.param 2 yoff
.temp 2 yy
.temp 2 uv
.temp 8 y4
.temp 4 c
.temp 4 k
.temp 4 pc
.temp 4 gc
.temp 2 gh
.temp 2 gl
.temp 8 p
.temp 8 q
.temp 4 pb
.temp 4 qb

x2 splitwb uv, yy, s
x2 splatbl y4, yy
x4 mulhuw y4, y4, ky
x4 addw y4, y4, yoff
x2 mergebw c, 0, uv
x2 xorw c, c, 0x8000
mergewl k, k0, k1
x2 mulhsw pc, c, k
x2 shlw pc, pc, 1
mergewl k, kg0, kg1
x2 mulhsw gc, c, k
splitlw gh, gl, gc
addw gl, gl, gh
mergewl gc, 0x7fff, gl
mergelq p, pc, pc
x4 addssw p, y4, p
mergelq q, gc, gc
x4 addssw q, y4, q
x4 shrsw p, p, 6
x4 shrsw q, q, 6
x4 convsuswb pb, p
x4 convsuswb qb, q
x4 mergebw d, qb, pb


# --- 4:2:0 -> packed 4:2:2 (for the sink) ---
#
# The output line's chroma is (3 * a + b + 2) >> 2 where a is the chroma
# line nearest to it (same field when interlaced) and b the next nearest;
# with the chroma sample centred between two luma lines that is linear
# interpolation. a == b at the top and bottom edges. In bytes, exactly:
# (3a + b + 2) >> 2 == avg (a, (a + b) >> 1) with avg (x, y) = (x + y + 1)
# >> 1 (avgub), and (a + b) >> 1 == avg (a, b) - ((a ^ b) & 1).

.function tv_convert_orc_convert_I420_UYVY
.dest 4 d guint8
.source 2 y guint8
.source 1 ua guint8
.source 1 va guint8
.source 1 ub guint8
.source 1 vb guint8
.temp 2 ca
.temp 2 cb
.temp 2 t
.temp 2 x

mergebw ca, ua, va
mergebw cb, ub, vb
x2 avgub t, ca, cb
x2 xorb x, ca, cb
x2 andb x, x, 1
x2 subb t, t, x
x2 avgub t, ca, t
x2 mergebw d, t, y


.function tv_convert_orc_convert_I420_YUY2
.dest 4 d guint8
.source 2 y guint8
.source 1 ua guint8
.source 1 va guint8
.source 1 ub guint8
.source 1 vb guint8
.temp 2 ca
.temp 2 cb
.temp 2 t
.temp 2 x

mergebw ca, ua, va
mergebw cb, ub, vb
x2 avgub t, ca, cb
x2 xorb x, ca, cb
x2 andb x, x, 1
x2 subb t, t, x
x2 avgub t, ca, t
x2 mergebw d, y, t


.function tv_convert_orc_convert_NV12_UYVY
.dest 4 d guint8
.source 2 y guint8
.source 2 ca guint8
.source 2 cb guint8
.temp 2 t
.temp 2 x

x2 avgub t, ca, cb
x2 xorb x, ca, cb
x2 andb x, x, 1
x2 subb t, t, x
x2 avgub t, ca, t
x2 mergebw d, t, y


.function tv_convert_orc_convert_NV12_YUY2
.dest 4 d guint8
.source 2 y guint8
.source 2 ca guint8
.source 2 cb guint8
.temp 2 t
.temp 2 x

x2 avgub t, ca, cb
x2 xorb x, ca, cb
x2 andb x, x, 1
x2 subb t, t, x
x2 avgub t, ca, t
x2 mergebw d, y, t
