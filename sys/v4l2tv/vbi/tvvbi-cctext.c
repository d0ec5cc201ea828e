/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: CEA-608 caption text. An encoder that turns a short
 * text into the byte pairs of a pop-on or roll-up caption, and a small
 * decoder (one data channel of one field) that keeps the caption screen
 * and says what it shows: enough for tests to check that captions decode
 * back to the text a card sent, and for the virtual card to send them.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "vbi/tvvbi.h"

/* miscellaneous control codes (second byte, first byte 0x14 / 0x1c) */
#define CC_RCL 0x20             /* resume caption loading: pop-on */
#define CC_BS 0x21              /* backspace */
#define CC_DER 0x24             /* delete to end of row */
#define CC_RU2 0x25             /* roll-up, 2 rows */
#define CC_RU3 0x26
#define CC_RU4 0x27
#define CC_RDC 0x29             /* resume direct captioning: paint-on */
#define CC_EDM 0x2c             /* erase displayed memory */
#define CC_CR 0x2d              /* carriage return */
#define CC_ENM 0x2e             /* erase non-displayed memory */
#define CC_EOC 0x2f             /* end of caption: flip memories */

#define MAX_TEXT_ROWS 4

/* the basic characters that are not ASCII's */
static const struct
{
  guint8 code;
  gunichar c;
} basic_special[] = {
  {0x2a, 0x00e1},               /* á */
  {0x5c, 0x00e9},               /* é */
  {0x5e, 0x00ed},               /* í */
  {0x5f, 0x00f3},               /* ó */
  {0x60, 0x00fa},               /* ú */
  {0x7b, 0x00e7},               /* ç */
  {0x7c, 0x00f7},               /* ÷ */
  {0x7d, 0x00d1},               /* Ñ */
  {0x7e, 0x00f1},               /* ñ */
  {0x7f, 0x2588},               /* █ */
};

/* the special characters, 0x11 / 0x19 then 0x30 + index */
static const gunichar special[16] = {
  0x00ae, 0x00b0, 0x00bd, 0x00bf, 0x2122, 0x00a2, 0x00a3, 0x266a,
  0x00e0, 0x00a0, 0x00e8, 0x00e2, 0x00ea, 0x00ee, 0x00f4, 0x00fb,
};

/* rows 1..15 of a preamble address code: first byte (channel 1) and
 * whether the second byte is in its upper half */
static const struct
{
  guint8 b1;
  gboolean upper;
} pac_rows[GST_TV_VBI_CC_ROWS + 1] = {
  {0, 0},
  {0x11, 0}, {0x11, 1}, {0x12, 0}, {0x12, 1}, {0x15, 0}, {0x15, 1},
  {0x16, 0}, {0x16, 1}, {0x17, 0}, {0x17, 1}, {0x10, 0}, {0x13, 0},
  {0x13, 1}, {0x14, 0}, {0x14, 1},
};

/* the row a PAC's first byte (without the channel bit) and second byte
 * name */
static guint
pac_row (guint8 c1, guint8 c2)
{
  static const guint rows[8] = { 11, 1, 3, 12, 14, 5, 7, 9 };
  guint row = rows[c1 & 7];

  if ((c1 & 7) != 0 && (c2 & 0x20))
    row++;
  return row;
}

/* a basic character's code, or 0 when @c is not one */
static guint8
basic_code (gunichar c)
{
  guint i;

  if (c >= 0x20 && c < 0x7f && !strchr ("*\\^_`{|}~", (gchar) c))
    return (guint8) c;
  for (i = 0; i < G_N_ELEMENTS (basic_special); i++) {
    if (basic_special[i].c == c)
      return basic_special[i].code;
  }
  return 0;
}

static gunichar
basic_char (guint8 code)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (basic_special); i++) {
    if (basic_special[i].code == code)
      return basic_special[i].c;
  }
  return code;
}

static gint
special_index (gunichar c)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (special); i++) {
    if (special[i] == c)
      return i;
  }
  return -1;
}

/* --- the encoder --- */

static void
add_pair (GByteArray * out, guint8 b1, guint8 b2)
{
  guint8 pair[2];

  pair[0] = gst_tv_vbi_cc_parity (b1);
  pair[1] = gst_tv_vbi_cc_parity (b2);
  g_byte_array_append (out, pair, 2);
}

/* control codes go twice; @b1 is channel 1's, the channel bit is added */
static void
add_control (GByteArray * out, guint channel, guint8 b1, guint8 b2)
{
  if (channel == 2)
    b1 |= 0x08;
  add_pair (out, b1, b2);
  add_pair (out, b1, b2);
}

static void
add_pac (GByteArray * out, guint channel, guint row)
{
  add_control (out, channel, pac_rows[row].b1,
      0x40 | (pac_rows[row].upper ? 0x20 : 0));
}

/* the characters of one row; a lone basic character waits in @pending
 * for a partner */
static void
add_row (GByteArray * out, guint channel, const gunichar * chars, guint n)
{
  gint pending = -1;
  guint i;

  for (i = 0; i < n; i++) {
    guint8 code = basic_code (chars[i]);

    if (code != 0) {
      if (pending < 0) {
        pending = code;
      } else {
        add_pair (out, pending, code);
        pending = -1;
      }
      continue;
    }
    if (pending >= 0) {
      add_pair (out, pending, 0);
      pending = -1;
    }
    add_control (out, channel, 0x11, 0x30 + special_index (chars[i]));
  }
  if (pending >= 0)
    add_pair (out, pending, 0);
}

/**
 * gst_tv_vbi_cc_encode_text:
 * @text: UTF-8, rows separated by '\n'
 * @mode: pop-on or roll-up
 * @channel: 1 or 2
 * @error: where to put why @text cannot be sent
 *
 * Returns: (transfer full) (nullable): the byte pairs, parity applied
 */
GByteArray *
gst_tv_vbi_cc_encode_text (const gchar * text, GstTvVbiCcMode mode,
    guint channel, GError ** error)
{
  gunichar rows[MAX_TEXT_ROWS][GST_TV_VBI_CC_COLUMNS];
  guint lengths[MAX_TEXT_ROWS] = { 0 };
  guint n_rows = 0, r, i;
  GByteArray *out;
  const gchar *p;

  if (text == NULL) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT,
        "no caption text given");
    return NULL;
  }
  if (channel != 1 && channel != 2) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_ARGUMENT,
        "caption data channel %u does not exist: 1 or 2 (CC1/CC3, CC2/CC4)",
        channel);
    return NULL;
  }
  if (mode != GST_TV_VBI_CC_POP_ON && mode != GST_TV_VBI_CC_ROLL_UP) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_ARGUMENT,
        "caption mode %d unknown: pop-on (%d) or roll-up (%d)", mode,
        GST_TV_VBI_CC_POP_ON, GST_TV_VBI_CC_ROLL_UP);
    return NULL;
  }
  if (!g_utf8_validate (text, -1, NULL)) {
    g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT,
        "caption text is not valid UTF-8");
    return NULL;
  }

  if (*text != '\0')
    n_rows = 1;
  for (p = text; *p != '\0'; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);

    if (c == '\n') {
      if (n_rows == MAX_TEXT_ROWS) {
        g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT,
            "caption text has more than %u rows", MAX_TEXT_ROWS);
        return NULL;
      }
      n_rows++;
      continue;
    }
    if (basic_code (c) == 0 && special_index (c) < 0) {
      gchar buf[8] = { 0 };

      g_unichar_to_utf8 (c, buf);
      g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT,
          "caption row %u, column %u: U+%04X '%s' is not a CEA-608 basic or "
          "special character (printable ASCII but * \\ ^ _ ` { | } ~, and "
          "\u00e1 \u00e9 \u00ed \u00f3 \u00fa \u00e7 \u00f7 \u00d1 \u00f1 "
          "\u2588 \u00ae \u00b0 \u00bd \u00bf \u2122 \u00a2 \u00a3 \u266a "
          "\u00e0 \u00e8 \u00e2 \u00ea \u00ee \u00f4 \u00fb, U+00A0)",
          n_rows, lengths[n_rows - 1] + 1, c, g_unichar_isprint (c) ? buf :
          "?");
      return NULL;
    }
    if (lengths[n_rows - 1] == GST_TV_VBI_CC_COLUMNS) {
      g_set_error (error, GST_TV_VBI_ERROR, GST_TV_VBI_ERROR_TEXT,
          "caption row %u is longer than %u characters", n_rows,
          GST_TV_VBI_CC_COLUMNS);
      return NULL;
    }
    rows[n_rows - 1][lengths[n_rows - 1]++] = c;
  }

  out = g_byte_array_new ();
  if (mode == GST_TV_VBI_CC_POP_ON) {
    add_control (out, channel, 0x14, CC_RCL);
    add_control (out, channel, 0x14, CC_ENM);
    /* the rows at the bottom of the screen */
    for (r = 0; r < n_rows; r++) {
      add_pac (out, channel, GST_TV_VBI_CC_ROWS - n_rows + 1 + r);
      add_row (out, channel, rows[r], lengths[r]);
    }
    add_control (out, channel, 0x14, CC_EOC);
  } else {
    add_control (out, channel, 0x14, CC_RU2 + CLAMP (n_rows, 2, 4) - 2);
    for (r = 0; r < n_rows; r++) {
      add_control (out, channel, 0x14, CC_CR);
      add_pac (out, channel, GST_TV_VBI_CC_ROWS);
      add_row (out, channel, rows[r], lengths[r]);
    }
  }
  for (i = 0; i < out->len; i++)
    g_assert (gst_tv_vbi_cc_parity_ok (out->data[i]));
  return out;
}

/* --- the decoder --- */

typedef enum
{
  MODE_POP_ON,
  MODE_ROLL_UP,
  MODE_PAINT_ON,
} Mode;

typedef gunichar Row[GST_TV_VBI_CC_COLUMNS];
typedef Row Screen[GST_TV_VBI_CC_ROWS + 1];

struct _GstTvVbiCcDecoder
{
  guint channel;
  /* the channel the last control code was for (0: none yet), or XDS */
  guint selected;
  gboolean xds;
  /* the last control code, waiting for its repeat (0: none) */
  guint8 last[2];

  Mode mode;
  guint depth;                  /* roll-up rows */
  guint row, col;               /* the cursor, row 1..15 */
  /* rows 1..15 (row 0 unused); 0 is an empty cell */
  Screen mem[2];
  guint displayed;              /* which of mem[] is on screen */
  gboolean changed;
  guint parity_errors;
};

GstTvVbiCcDecoder *
gst_tv_vbi_cc_decoder_new (guint channel)
{
  GstTvVbiCcDecoder *dec;

  g_return_val_if_fail (channel == 1 || channel == 2, NULL);

  dec = g_new0 (GstTvVbiCcDecoder, 1);
  dec->channel = channel;
  dec->mode = MODE_POP_ON;
  dec->depth = 2;
  dec->row = GST_TV_VBI_CC_ROWS;
  return dec;
}

void
gst_tv_vbi_cc_decoder_free (GstTvVbiCcDecoder * dec)
{
  g_free (dec);
}

static Row *
on_screen (GstTvVbiCcDecoder * dec)
{
  return dec->mem[dec->displayed];
}

/* the memory characters go to in the current mode */
static Row *
target (GstTvVbiCcDecoder * dec)
{
  if (dec->mode == MODE_POP_ON)
    return dec->mem[!dec->displayed];
  return dec->mem[dec->displayed];
}

static void
touch (GstTvVbiCcDecoder * dec, Row * mem)
{
  if (mem == on_screen (dec))
    dec->changed = TRUE;
}

static void
put_char (GstTvVbiCcDecoder * dec, gunichar c)
{
  Row *mem = target (dec);

  mem[dec->row][dec->col] = c;
  touch (dec, mem);
  if (dec->col < GST_TV_VBI_CC_COLUMNS - 1)
    dec->col++;
}

static void
clear_rows (Row * mem, guint from, guint to)
{
  guint r;

  for (r = from; r <= to; r++)
    memset (mem[r], 0, sizeof (mem[r]));
}

static void
roll_up (GstTvVbiCcDecoder * dec)
{
  Row *mem = on_screen (dec);
  guint top = dec->row >= dec->depth ? dec->row - dec->depth + 1 : 1;
  guint r;

  for (r = top; r < dec->row; r++)
    memcpy (mem[r], mem[r + 1], sizeof (mem[r]));
  clear_rows (mem, dec->row, dec->row);
  if (top > 1)
    clear_rows (mem, 1, top - 1);
  dec->col = 0;
  dec->changed = TRUE;
}

static void
misc_control (GstTvVbiCcDecoder * dec, guint8 c2)
{
  Row *mem;

  switch (c2) {
    case CC_RCL:
      dec->mode = MODE_POP_ON;
      break;
    case CC_RDC:
      dec->mode = MODE_PAINT_ON;
      break;
    case CC_RU2:
    case CC_RU3:
    case CC_RU4:
      if (dec->mode != MODE_ROLL_UP) {
        /* from another style: both memories go, the base row is 15 */
        clear_rows (dec->mem[0], 1, GST_TV_VBI_CC_ROWS);
        clear_rows (dec->mem[1], 1, GST_TV_VBI_CC_ROWS);
        dec->changed = TRUE;
        dec->row = GST_TV_VBI_CC_ROWS;
        dec->col = 0;
      }
      dec->mode = MODE_ROLL_UP;
      dec->depth = c2 - CC_RU2 + 2;
      break;
    case CC_BS:
      if (dec->col > 0) {
        mem = target (dec);
        dec->col--;
        mem[dec->row][dec->col] = 0;
        touch (dec, mem);
      }
      break;
    case CC_DER:
      mem = target (dec);
      memset (&mem[dec->row][dec->col], 0,
          (GST_TV_VBI_CC_COLUMNS - dec->col) * sizeof (gunichar));
      touch (dec, mem);
      break;
    case CC_EDM:
      clear_rows (on_screen (dec), 1, GST_TV_VBI_CC_ROWS);
      dec->changed = TRUE;
      break;
    case CC_ENM:
      clear_rows (dec->mem[!dec->displayed], 1, GST_TV_VBI_CC_ROWS);
      break;
    case CC_EOC:
      dec->displayed = !dec->displayed;
      dec->changed = TRUE;
      dec->mode = MODE_POP_ON;
      break;
    case CC_CR:
      if (dec->mode == MODE_ROLL_UP)
        roll_up (dec);
      break;
    default:
      /* AOF, AON, FON, TR, RTD: nothing on a caption screen */
      break;
  }
}

static void
pac (GstTvVbiCcDecoder * dec, guint8 c1, guint8 c2)
{
  guint row = pac_row (c1, c2);

  if (dec->mode == MODE_ROLL_UP && row != dec->row) {
    /* the roll-up window moves to its new base row */
    Row *mem = on_screen (dec);
    Screen moved = { {0}
    };
    guint r, d = MIN (dec->depth, MIN (row, dec->row));

    row = MAX (row, dec->depth);
    for (r = 0; r < d; r++)
      memcpy (moved[row - r], mem[dec->row - r], sizeof (moved[0]));
    memcpy (mem, moved, sizeof (moved));
    dec->changed = TRUE;
  }
  dec->row = row;
  dec->col = (c2 & 0x10) ? ((c2 & 0x0e) >> 1) * 4 : 0;
}

gboolean
gst_tv_vbi_cc_decoder_feed (GstTvVbiCcDecoder * dec, guint8 b1, guint8 b2)
{
  guint8 c1 = b1 & 0x7f, c2 = b2 & 0x7f;

  g_return_val_if_fail (dec != NULL, FALSE);

  dec->changed = FALSE;
  if (!gst_tv_vbi_cc_parity_ok (b1) || !gst_tv_vbi_cc_parity_ok (b2)) {
    dec->parity_errors++;
    dec->last[0] = 0;
    return FALSE;
  }

  if (c1 >= 0x10 && c1 <= 0x1f) {
    guint8 base = c1 & ~0x08;

    /* the repeat of a control code is not a second one */
    if (dec->last[0] == c1 && dec->last[1] == c2) {
      dec->last[0] = 0;
      return FALSE;
    }
    dec->last[0] = c1;
    dec->last[1] = c2;
    dec->selected = (c1 & 0x08) ? 2 : 1;
    dec->xds = FALSE;
    if (dec->selected != dec->channel || c2 < 0x20)
      return FALSE;

    if (c2 >= 0x40) {
      pac (dec, base, c2);
    } else if ((base == 0x14 || base == 0x15) && c2 <= 0x2f) {
      misc_control (dec, c2);
    } else if (base == 0x17 && c2 >= 0x21 && c2 <= 0x23) {
      dec->col = MIN (dec->col + (c2 - 0x20), GST_TV_VBI_CC_COLUMNS - 1);
    } else if (base == 0x11 && c2 >= 0x30 && c2 <= 0x3f) {
      put_char (dec, special[c2 - 0x30]);
    } else if (base == 0x11 && c2 <= 0x2f) {
      /* a mid-row code takes a space */
      put_char (dec, ' ');
    }
    /* extended characters and attributes: their basic fallback stays */
    return dec->changed;
  }

  dec->last[0] = 0;
  if (c1 >= 0x01 && c1 <= 0x0f) {
    /* XDS, until the next control code */
    dec->xds = TRUE;
    return FALSE;
  }
  if (dec->xds || dec->selected != dec->channel)
    return FALSE;
  if (c1 >= 0x20)
    put_char (dec, basic_char (c1));
  if (c2 >= 0x20)
    put_char (dec, basic_char (c2));
  return dec->changed;
}

gchar *
gst_tv_vbi_cc_decoder_get_text (GstTvVbiCcDecoder * dec)
{
  Row *mem;
  GString *s;
  guint r, c;

  g_return_val_if_fail (dec != NULL, NULL);

  mem = on_screen (dec);
  s = g_string_new (NULL);
  for (r = 1; r <= GST_TV_VBI_CC_ROWS; r++) {
    gint first = -1, last = -1;

    for (c = 0; c < GST_TV_VBI_CC_COLUMNS; c++) {
      if (mem[r][c] != 0 && mem[r][c] != ' ') {
        if (first < 0)
          first = c;
        last = c;
      }
    }
    if (first < 0)
      continue;
    if (s->len > 0)
      g_string_append_c (s, '\n');
    for (c = first; c <= (guint) last; c++)
      g_string_append_unichar (s, mem[r][c] != 0 ? mem[r][c] : ' ');
  }
  return g_string_free (s, FALSE);
}

guint
gst_tv_vbi_cc_decoder_get_parity_errors (GstTvVbiCcDecoder * dec)
{
  g_return_val_if_fail (dec != NULL, 0);

  return dec->parity_errors;
}
