/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv hardware layer: the virtual TV card's picture generator and the
 * decoder of its marks (gst_tv_hw_virtual_decode).
 *
 * Every frame has two parts:
 *
 * - the picture, for people: one test pattern per input (0: 75% colour
 *   bars over a grey scale, 1: horizontal colour bars, 2: a colour plane,
 *   3 and up: a checkerboard; a tuner input shows pattern n for station n
 *   of the channel plan, 4: a grey ramp under colour bars) with a white
 *   box that moves a little every field, so interlacing shows as combing
 *   on its edges; a weak signal gives the picture without colour, an
 *   input without signal gives snow (luma noise, different every frame);
 *
 * - the marks, for tests: the first MARK_WIDTH columns of every line form
 *   a barcode of MARK_BITS blocks, MARK_BLOCK pixels wide each, luma 16
 *   (bit 0) or 235 (bit 1) and neutral chroma. From left to right (most
 *   significant first) a line carries:
 *
 *     4 bits  magic 1011
 *     1 bit   field parity: 0 on the top field (even lines), 1 on the
 *             bottom field (odd lines)
 *     3 bits  word number w (0 .. MARK_WORDS - 1)
 *     8 bits  word w: 0 = input number (bits 0-3) | station (bits 4-6) |
 *             no-signal (bit 7), 1..4 = the frame's sequence number,
 *             least significant byte first
 *     4 bits  check: the xor of the data nibbles, of w | parity << 3 and
 *             of 0x6
 *
 *   Line j of a field carries word j % MARK_WORDS, so every field holds
 *   its whole payload many times. The decoder reads the middle two
 *   samples of each block against a threshold halfway between 16 and 235:
 *   rounding, chroma subsampling and chroma bleeding at block edges do not
 *   reach it.
 *
 * The static part of each pattern is drawn once per format, size and
 * input and copied into every frame; only the box and the marks are drawn
 * per frame.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "hw/tvhw-virtual-priv.h"

#define MARK_BLOCK 4
#define MARK_BITS 20
#define MARK_WIDTH GST_TV_HW_VIRTUAL_MARK_WIDTH
G_STATIC_ASSERT (MARK_WIDTH == MARK_BLOCK * MARK_BITS);
#define MARK_MAGIC 0xb
#define MARK_WORDS 5
#define MARK_CHECK_SALT 0x6
#define MARK_NO_SIGNAL 0x80
#define MARK_STATION_SHIFT 4
#define MARK_STATION_MASK 0x7

#define LUMA_LOW 16
#define LUMA_HIGH 235
/* both samples summed, halfway between 2 x 16 and 2 x 235 */
#define LUMA_THRESHOLD2 (LUMA_LOW + LUMA_HIGH)

#define BOX_WIDTH 64
#define BOX_LINES 64
#define BOX_MARGIN 16
#define BOX_STEP 6              /* pixels per field */

struct _GstTvHwVirtualGen
{
  /* the static picture for this key */
  guint8 *picture;
  guint32 pixelformat;
  guint width, height, stride;
  guint pattern;
};

typedef struct
{
  guint8 y, u, v;
} Colour;

/* 75% colour bars, BT.601 limited range */
static const Colour bars[8] = {
  {180, 128, 128},              /* white */
  {162, 44, 142},               /* yellow */
  {131, 156, 44},               /* cyan */
  {112, 72, 58},                /* green */
  {84, 184, 198},               /* magenta */
  {65, 100, 212},               /* red */
  {35, 212, 114},               /* blue */
  {16, 128, 128},               /* black */
};

GstTvHwVirtualGen *
gst_tv_hw_virtual_gen_new (void)
{
  return g_new0 (GstTvHwVirtualGen, 1);
}

void
gst_tv_hw_virtual_gen_free (GstTvHwVirtualGen * gen)
{
  if (gen == NULL)
    return;
  g_free (gen->picture);
  g_free (gen);
}

/* one pixel pair: two luma samples sharing one chroma sample; YUYV and
 * UYVY only swap the luma and chroma bytes */
static inline void
put_pair (guint8 * p, gboolean uyvy, guint8 y0, guint8 y1, guint8 u, guint8 v)
{
  guint8 *luma = uyvy ? p + 1 : p;
  guint8 *chroma = uyvy ? p : p + 1;

  luma[0] = y0;
  luma[2] = y1;
  chroma[0] = u;
  chroma[2] = v;
}

static Colour
pattern_colour (guint pattern, guint x, guint y, guint width, guint height)
{
  guint w = width - MARK_WIDTH;
  guint px = x - MARK_WIDTH;
  Colour c;

  switch (pattern) {
    case 0:
      /* bars over an 8-step grey scale */
      if (y < height * 3 / 4)
        return bars[MIN (px * 8 / w, 7)];
      c.y = LUMA_LOW + (LUMA_HIGH - LUMA_LOW) * MIN (px * 8 / w, 7) / 7;
      c.u = c.v = 128;
      return c;
    case 1:
      /* horizontal bars */
      return bars[MIN (y * 8 / height, 7)];
    case 2:
      /* colour plane: blue-yellow across, red-cyan down */
      c.y = 110 + 40 * px / w;
      c.u = 40 + 176 * px / w;
      c.v = 40 + 176 * y / height;
      return c;
    case 4:
      /* a grey ramp under a band of the colour bars in reverse */
      if (y < height / 4)
        return bars[7 - MIN (px * 8 / w, 7)];
      c.y = LUMA_LOW + (LUMA_HIGH - LUMA_LOW) * px / w;
      c.u = c.v = 128;
      return c;
    default:
      /* checkerboard of 40 pixel squares */
      if (((px / 40) ^ (y / 40)) & 1) {
        c.y = 200;
        c.u = 90;
        c.v = 140;
      } else {
        c.y = 40;
        c.u = 150;
        c.v = 110;
      }
      return c;
  }
}

static void
draw_picture (GstTvHwVirtualGen * gen)
{
  gboolean uyvy = gen->pixelformat == V4L2_PIX_FMT_UYVY;
  guint x, y;

  for (y = 0; y < gen->height; y++) {
    guint8 *line = gen->picture + (gsize) y * gen->stride;

    for (x = 0; x + 1 < gen->width; x += 2) {
      Colour a, b;

      if (x < MARK_WIDTH) {
        /* under the marks */
        put_pair (line + x * 2, uyvy, LUMA_LOW, LUMA_LOW, 128, 128);
        continue;
      }
      a = pattern_colour (gen->pattern, x, y, gen->width, gen->height);
      b = pattern_colour (gen->pattern, x + 1, y, gen->width, gen->height);
      put_pair (line + x * 2, uyvy, a.y, b.y, (a.u + b.u + 1) / 2,
          (a.v + b.v + 1) / 2);
    }
  }
}

static void
ensure_picture (GstTvHwVirtualGen * gen, guint32 pixelformat, guint width,
    guint height, guint stride, guint pattern)
{
  if (gen->picture && gen->pixelformat == pixelformat &&
      gen->width == width && gen->height == height &&
      gen->stride == stride && gen->pattern == pattern)
    return;

  g_free (gen->picture);
  gen->picture = g_malloc0 ((gsize) stride * height);
  gen->pixelformat = pixelformat;
  gen->width = width;
  gen->height = height;
  gen->stride = stride;
  gen->pattern = pattern;
  draw_picture (gen);
  GST_DEBUG ("static picture %u for %" GST_FOURCC_FORMAT " %ux%u drawn",
      pattern, GST_FOURCC_ARGS (pixelformat), width, height);
}

/* the box's left edge in field @t (2 x sequence + parity): it travels
 * back and forth between the marks and the right edge */
static guint
box_position (guint width, guint64 t)
{
  guint left = MARK_WIDTH + BOX_MARGIN;
  guint range = width - left - BOX_MARGIN - BOX_WIDTH;
  guint64 pos = (t * BOX_STEP) % (2 * (guint64) range);

  if (pos > range)
    pos = 2 * range - pos;
  return (left + (guint) pos) & ~1u;
}

static void
draw_box (guint8 * data, gboolean uyvy, guint width, guint height,
    guint stride, guint32 sequence)
{
  guint top = (height - BOX_LINES) / 2;
  guint x0[2], y, x;

  if (width < MARK_WIDTH + 2 * BOX_MARGIN + BOX_WIDTH + 2 || height < BOX_LINES)
    return;

  x0[0] = box_position (width, 2 * (guint64) sequence);
  x0[1] = box_position (width, 2 * (guint64) sequence + 1);
  for (y = top; y < top + BOX_LINES; y++) {
    guint8 *line = data + (gsize) y * stride;

    for (x = x0[y & 1]; x < x0[y & 1] + BOX_WIDTH; x += 2)
      put_pair (line + x * 2, uyvy, LUMA_HIGH, LUMA_HIGH, 128, 128);
  }
}

/* monochrome noise, a function of the sequence number only */
static void
draw_snow (guint8 * data, gboolean uyvy, guint width, guint height,
    guint stride, guint32 sequence)
{
  guint32 state = (sequence + 1) * 2654435761u ^ 0x5bd1e995u;
  guint x, y;

  if (state == 0)
    state = 1;

  for (y = 0; y < height; y++) {
    guint8 *line = data + (gsize) y * stride;

    for (x = 0; x + 1 < width; x += 2) {
      guint8 y0, y1;

      /* xorshift32 */
      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      y0 = LUMA_LOW + ((state & 0xff) * (LUMA_HIGH - LUMA_LOW) >> 8);
      y1 = LUMA_LOW + (((state >> 8) & 0xff) * (LUMA_HIGH - LUMA_LOW) >> 8);
      put_pair (line + x * 2, uyvy, y0, y1, 128, 128);
    }
  }
}

static guint
mark_check (guint parity, guint w, guint data)
{
  return ((data >> 4) ^ data ^ (w | parity << 3) ^ MARK_CHECK_SALT) & 0xf;
}

static guint8
mark_word (guint w, guint input, guint station, gboolean no_signal,
    guint32 sequence)
{
  if (w == 0)
    return (input & 0xf) | (station & MARK_STATION_MASK) << MARK_STATION_SHIFT
        | (no_signal ? MARK_NO_SIGNAL : 0);
  return (sequence >> (8 * (w - 1))) & 0xff;
}

static void
draw_marks (guint8 * data, gboolean uyvy, guint width, guint height,
    guint stride, guint input, guint station, gboolean no_signal,
    guint32 sequence)
{
  guint y, i;

  if (width < MARK_WIDTH)
    return;

  for (y = 0; y < height; y++) {
    guint8 *line = data + (gsize) y * stride;
    guint parity = y & 1;
    guint w = (y / 2) % MARK_WORDS;
    guint d = mark_word (w, input, station, no_signal, sequence);
    guint32 bits;

    bits = MARK_MAGIC << 16 | parity << 15 | w << 12 | d << 4 |
        mark_check (parity, w, d);
    for (i = 0; i < MARK_BITS; i++) {
      guint8 l = (bits >> (MARK_BITS - 1 - i)) & 1 ? LUMA_HIGH : LUMA_LOW;
      guint8 *p = line + i * MARK_BLOCK * 2;
      guint k;

      for (k = 0; k < MARK_BLOCK; k += 2)
        put_pair (p + k * 2, uyvy, l, l, 128, 128);
    }
  }
}

void
gst_tv_hw_virtual_gen_kill_colour (guint8 * data, guint32 pixelformat,
    guint width, guint height, guint stride)
{
  guint first = pixelformat == V4L2_PIX_FMT_UYVY ? 0 : 1;
  guint x, y;

  for (y = 0; y < height; y++) {
    guint8 *line = data + (gsize) y * stride;

    for (x = MARK_WIDTH * 2 + first; x < width * 2; x += 2)
      line[x] = 128;
  }
}

void
gst_tv_hw_virtual_gen_flash (guint8 * data, guint32 pixelformat,
    guint width, guint height, guint stride)
{
  guint luma = pixelformat == V4L2_PIX_FMT_UYVY ? 1 : 0;
  guint x, y;

  for (y = 0; y < height; y++) {
    guint8 *line = data + (gsize) y * stride;

    for (x = MARK_WIDTH * 2; x < width * 2; x++)
      line[x] = (x & 1) == luma ? 235 : 128;
  }
}

void
gst_tv_hw_virtual_gen_fill (GstTvHwVirtualGen * gen, guint8 * data,
    guint32 pixelformat, guint width, guint height, guint stride,
    guint input, guint pattern, guint station,
    GstTvHwVirtualQuality quality, guint32 sequence)
{
  gboolean uyvy = pixelformat == V4L2_PIX_FMT_UYVY;
  gboolean snow = quality == GST_TV_HW_VIRTUAL_QUALITY_SNOW;

  if (snow) {
    draw_snow (data, uyvy, width, height, stride, sequence);
    station = 0;
  } else {
    ensure_picture (gen, pixelformat, width, height, stride, MIN (pattern, 4));
    memcpy (data, gen->picture, (gsize) stride * height);
    draw_box (data, uyvy, width, height, stride, sequence);
    if (quality == GST_TV_HW_VIRTUAL_QUALITY_GRAY)
      gst_tv_hw_virtual_gen_kill_colour (data, pixelformat, width, height,
          stride);
  }
  draw_marks (data, uyvy, width, height, stride, input, station, snow,
      sequence);
}

/* --- decoding --- */

static gboolean
decode_line (const guint8 * line, guint step, guint * parity, guint * w,
    guint * d)
{
  guint32 bits = 0;
  guint i;

  for (i = 0; i < MARK_BITS; i++) {
    const guint8 *s = line + (gsize) (i * MARK_BLOCK + 1) * step;
    guint sum = s[0] + s[step];

    bits = bits << 1 | (sum > LUMA_THRESHOLD2 ? 1 : 0);
  }
  if ((bits >> 16) != MARK_MAGIC)
    return FALSE;
  *parity = (bits >> 15) & 1;
  *w = (bits >> 12) & 7;
  *d = (bits >> 4) & 0xff;
  if (*w >= MARK_WORDS)
    return FALSE;
  return (bits & 0xf) == mark_check (*parity, *w, *d);
}

/**
 * gst_tv_hw_virtual_decode:
 * @luma: the first luma sample of the frame
 * @luma_step: bytes from one luma sample to the next on a line
 * @width: pixels per line
 * @height: lines
 * @stride: bytes from one line to the next
 * @info: (out caller-allocates): what the marks say
 *
 * Reads back the marks the virtual card draws into every frame (see the
 * top of this file). A field decodes when at least half of its lines carry
 * valid marks and together they hold the whole payload. It is "ok" when
 * every one of its lines carries
 * valid marks with that field's parity and all its lines agree on the
 * payload; the bottom field is also not ok when its payload differs from
 * the top field's (fields of two different frames). @info describes the
 * top field when it decodes, else the bottom field.
 *
 * Returns: FALSE when neither field carries a complete payload (not a
 * frame of the virtual card, or too damaged)
 */
gboolean
gst_tv_hw_virtual_decode (const guint8 * luma, guint luma_step, guint width,
    guint height, guint stride, GstTvHwVirtualFrameInfo * info)
{
  guint8 words[2][MARK_WORDS];
  guint seen[2] = { 0, 0 };
  guint valid[2] = { 0, 0 };
  gboolean bad[2] = { FALSE, FALSE };
  gboolean complete[2];
  guint y, f, use;

  g_return_val_if_fail (luma != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  memset (info, 0, sizeof (*info));
  if (width < MARK_WIDTH || luma_step == 0)
    return FALSE;

  for (y = 0; y < height; y++) {
    guint parity, w, d;

    f = y & 1;
    if (!decode_line (luma + (gsize) y * stride, luma_step, &parity, &w, &d)) {
      bad[f] = TRUE;
      continue;
    }
    valid[f]++;
    if (parity != f)
      bad[f] = TRUE;
    if (seen[f] & (1u << w)) {
      if (words[f][w] != d)
        bad[f] = TRUE;
    } else {
      words[f][w] = d;
      seen[f] |= 1u << w;
    }
  }

  /* most lines of a field must carry marks: a few lines of noise that
   * happen to look like marks are not a frame of ours */
  for (f = 0; f < 2; f++) {
    complete[f] = seen[f] == (1u << MARK_WORDS) - 1 &&
        valid[f] * 2 >= (height + 1 - f) / 2;
  }
  if (complete[0])
    use = 0;
  else if (complete[1])
    use = 1;
  else
    return FALSE;

  info->top_field_ok = complete[0] && !bad[0];
  info->bottom_field_ok = complete[1] && !bad[1];
  if (complete[0] && complete[1] &&
      memcmp (words[0], words[1], MARK_WORDS) != 0)
    info->bottom_field_ok = FALSE;

  info->input = words[use][0] & 0xf;
  info->station = (words[use][0] >> MARK_STATION_SHIFT) & MARK_STATION_MASK;
  info->no_signal = (words[use][0] & MARK_NO_SIGNAL) != 0;
  info->sequence = (guint32) words[use][1] | (guint32) words[use][2] << 8 |
      (guint32) words[use][3] << 16 | (guint32) words[use][4] << 24;

  return TRUE;
}
