/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * v4l2tv VBI library: closed captions (CEA-608) and the widescreen signal
 * (WSS, ETSI EN 300 294) from and to the vertical blanking interval.
 *
 * Pure computation, no device access: the raw line slicers and
 * synthesisers (one line of 8-bit luma samples described by a struct
 * v4l2_vbi_format), the sliced VBI records (struct v4l2_sliced_vbi_data),
 * a frame-level view over both, and CEA-608 text helpers. It depends on
 * GLib and the bundled V4L2 uapi header only, so that both the hardware
 * layer (the virtual card generates VBI with it) and the elements (they
 * decode what a card captures) can link it. A static library, not
 * installed, no API promise.
 *
 * Copyright (C) 2026 the v4l2tv authors
 */
#ifndef __GST_TV_VBI_H__
#define __GST_TV_VBI_H__

#include <glib.h>

#include "ext/videodev2.h"

G_BEGIN_DECLS

#define GST_TV_VBI_ERROR (gst_tv_vbi_error_quark ())
GQuark gst_tv_vbi_error_quark (void);

/**
 * GstTvVbiError:
 * @GST_TV_VBI_ERROR_FORMAT: a raw VBI format the library cannot read
 * @GST_TV_VBI_ERROR_TEXT: a caption text that CEA-608 cannot carry
 * @GST_TV_VBI_ERROR_ARGUMENT: any other bad value
 */
typedef enum
{
  GST_TV_VBI_ERROR_FORMAT,
  GST_TV_VBI_ERROR_TEXT,
  GST_TV_VBI_ERROR_ARGUMENT,
} GstTvVbiError;

/**
 * GstTvVbiResult:
 * @GST_TV_VBI_NONE: no signal of the service on the line (blank, noise,
 *   another service, a broken waveform)
 * @GST_TV_VBI_OK: data found and its parity is right
 * @GST_TV_VBI_PARITY_ERROR: the waveform is there but a parity check
 *   failed: the data must be dropped (and counted)
 */
typedef enum
{
  GST_TV_VBI_NONE,
  GST_TV_VBI_OK,
  GST_TV_VBI_PARITY_ERROR,
} GstTvVbiResult;

/* the line numbers of the services, counted from the start of each field
 * (V4L2's sliced numbering); in ITU numbering field 2's caption line is
 * 284 (525 lines), a 625-line field 2 line L is L + 313 */
#define GST_TV_VBI_CAPTION_LINE 21
#define GST_TV_VBI_WSS_LINE 23

/* sample levels of the synthesised lines (8-bit luma, 16 black, 235
 * white): the blanking level, CEA-608's 50 IRE data level and WSS's 500 mV
 * (of 700 mV) data level */
#define GST_TV_VBI_LEVEL_BLANK 16
#define GST_TV_VBI_LEVEL_CC 126
#define GST_TV_VBI_LEVEL_WSS 172

/* --- raw VBI: formats and lines --- */

/* whether the library can read and write raw VBI in @fmt: 8-bit samples
 * (V4L2_PIX_FMT_GREY), a sampling rate of 5 .. 100 MHz, 256 .. 8192
 * samples a line, non-negative counts; FALSE with a GST_TV_VBI_ERROR_FORMAT
 * error naming the field and the accepted values otherwise */
gboolean gst_tv_vbi_raw_format_check (const struct v4l2_vbi_format *fmt,
    GError ** error);
/* the size in bytes of one raw VBI frame (both fields) in @fmt */
gsize gst_tv_vbi_raw_frame_size (const struct v4l2_vbi_format *fmt);
/* the byte offset of line @line of field @field (0 or 1; @line counted
 * from the field's start, as GST_TV_VBI_CAPTION_LINE) in a raw frame of
 * @fmt for a @system_lines (525 or 625) standard; -1 when the frame does
 * not hold that line (or start[field] is 0, unknown) */
gssize gst_tv_vbi_raw_line_offset (const struct v4l2_vbi_format *fmt,
    guint system_lines, guint field, guint line);

/* --- CEA-608 (line 21) --- */

/* @b with its bit 7 set so that the byte has odd parity */
guint8 gst_tv_vbi_cc_parity (guint8 b);
/* whether @b (with its parity bit) has odd parity */
gboolean gst_tv_vbi_cc_parity_ok (guint8 b);

/* slices one raw line for a CEA-608 waveform: clock run-in, the start
 * bit, two bytes. The bytes come back as sent, parity bits included; OK
 * when both have odd parity, PARITY_ERROR when one has not, NONE when no
 * caption waveform is on the line. The bit rate is measured on the
 * run-in, so a rate within 10 % of 32 fH and any position in the line
 * decode. @line has fmt->samples_per_line samples. */
GstTvVbiResult gst_tv_vbi_cc_decode_line (const struct v4l2_vbi_format *fmt,
    const guint8 * line, guint8 * b1, guint8 * b2);
/* writes a whole raw line (fmt->samples_per_line samples): blanking
 * level, then a CEA-608 waveform of @b1, @b2 as given (apply
 * gst_tv_vbi_cc_parity() first; these are sent unchanged so that tests
 * can send bad parity): 7 cycles of sine run-in at 32 fH, two 0 bits, the
 * start bit, 16 bits LSB first. The run-in starts 10.5 us after 0H, or
 * earlier when the line is too short to hold the waveform from there (as
 * vivid's 1440 samples at 27 MHz). */
void gst_tv_vbi_cc_encode_line (const struct v4l2_vbi_format *fmt,
    guint8 * line, guint8 b1, guint8 b2);

/* --- WSS (625 lines, line 23) --- */

/**
 * GstTvVbiWssAspect:
 * The aspect-ratio group of WSS (bits b0..b3, b3 its odd parity bit); the
 * values are the group's code with b0 as bit 0.
 */
typedef enum
{
  GST_TV_VBI_WSS_INVALID = 0x0, /* a code with the wrong parity */
  GST_TV_VBI_WSS_4_3_FULL = 0x8,
  GST_TV_VBI_WSS_14_9_LETTERBOX_CENTRE = 0x1,
  GST_TV_VBI_WSS_14_9_LETTERBOX_TOP = 0x2,
  GST_TV_VBI_WSS_16_9_LETTERBOX_CENTRE = 0xb,
  GST_TV_VBI_WSS_16_9_LETTERBOX_TOP = 0x4,
  GST_TV_VBI_WSS_ABOVE_16_9_LETTERBOX_CENTRE = 0xd,
  GST_TV_VBI_WSS_14_9_FULL = 0xe,
  GST_TV_VBI_WSS_16_9_ANAMORPHIC = 0x7,
} GstTvVbiWssAspect;

/* the 14 bits of a WSS word, b0 as bit 0 */
#define GST_TV_VBI_WSS_MASK 0x3fff

/* the aspect-ratio group of @word, INVALID when its parity is wrong */
GstTvVbiWssAspect gst_tv_vbi_wss_aspect (guint16 word);
/* "4:3 full format", "16:9 full format (anamorphic)", ...; "invalid" */
const gchar *gst_tv_vbi_wss_aspect_name (GstTvVbiWssAspect aspect);
/* the WSS word of @aspect with every other group 0 */
guint16 gst_tv_vbi_wss_word (GstTvVbiWssAspect aspect);
/* slices one raw 625-line line 23 for WSS: run-in and start code at
 * 5 MHz, 14 biphase bits. @word gets the 14 bits (when not NONE); OK when
 * the aspect group's parity is right, PARITY_ERROR when not, NONE when
 * no WSS waveform is there or a bit breaks the biphase code. */
GstTvVbiResult gst_tv_vbi_wss_decode_line (const struct v4l2_vbi_format *fmt,
    const guint8 * line, guint16 * word);
/* writes a whole raw line: blanking, then the WSS waveform of @word (its
 * 14 low bits, sent as given) starting 11.0 us after 0H */
void gst_tv_vbi_wss_encode_line (const struct v4l2_vbi_format *fmt,
    guint8 * line, guint16 word);

/* --- one frame's VBI data, raw or sliced --- */

/**
 * GstTvVbiData:
 * @has_caption: whether field 1 ([0]) / field 2 ([1]) carried a caption
 *   byte pair with the right parity
 * @caption: the pairs, parity bits included (as CEA-608 cc_data and
 *   S334-1A want them)
 * @has_wss: whether line 23 carried WSS with the right aspect parity
 * @wss: the 14-bit word
 */
typedef struct
{
  gboolean has_caption[2];
  guint8 caption[2][2];
  gboolean has_wss;
  guint16 wss;
} GstTvVbiData;

/**
 * GstTvVbiStats:
 * Counters a decoder and the VBI node add to (never resets): what was
 * found, and what was dropped or lost.
 */
typedef struct
{
  guint captions;               /* byte pairs delivered */
  guint caption_parity_errors;  /* pairs dropped for a parity error */
  guint wss;                    /* WSS words delivered */
  guint wss_parity_errors;      /* words dropped for the aspect parity */
  guint frames_lost;            /* frames a transient driver error lost */
} GstTvVbiStats;

/* slices a raw frame of @fmt (@size bytes) of a @system_lines standard:
 * line 21 of both fields for 525, line 23 for 625. @data is cleared
 * first; @stats (may be NULL) is added to. FALSE with an error when @fmt
 * is unusable or @size too small for it. */
gboolean gst_tv_vbi_raw_decode_frame (const struct v4l2_vbi_format *fmt,
    guint system_lines, const guint8 * frame, gsize size,
    GstTvVbiData * data, GstTvVbiStats * stats, GError ** error);
/* synthesises a raw frame: every line at blanking level, then the
 * services @data has on the lines @fmt holds */
gboolean gst_tv_vbi_raw_encode_frame (const struct v4l2_vbi_format *fmt,
    guint system_lines, guint8 * frame, gsize size,
    const GstTvVbiData * data, GError ** error);

/* --- sliced VBI --- */

/* one V4L2_SLICED_CAPTION_525 record of field @field (0, 1), line 21 */
void gst_tv_vbi_sliced_pack_caption (struct v4l2_sliced_vbi_data *rec,
    guint field, guint8 b1, guint8 b2);
/* one V4L2_SLICED_WSS_625 record, field 0, line 23: data[0] b0..b7,
 * data[1] b8..b13 */
void gst_tv_vbi_sliced_pack_wss (struct v4l2_sliced_vbi_data *rec,
    guint16 word);
/* FALSE unless @rec is a caption record (line 21, or 0: unknown) */
gboolean gst_tv_vbi_sliced_unpack_caption (const struct v4l2_sliced_vbi_data
    *rec, guint * field, guint8 * b1, guint8 * b2);
/* FALSE unless @rec is a WSS record of field 0 (line 23, or 0) */
gboolean gst_tv_vbi_sliced_unpack_wss (const struct v4l2_sliced_vbi_data
    *rec, guint16 * word);
/* the records of @data into @recs (at most @n_recs, the rest zeroed, as
 * a driver leaves unused records): returns how many were written */
guint gst_tv_vbi_sliced_encode_frame (const GstTvVbiData * data,
    struct v4l2_sliced_vbi_data *recs, guint n_recs);
/* reads @n_recs records (id 0 ones are empty and skipped): captions with
 * a parity error and WSS with a bad aspect parity are dropped and
 * counted in @stats (may be NULL) */
void gst_tv_vbi_sliced_decode_frame (const struct v4l2_sliced_vbi_data
    *recs, guint n_recs, GstTvVbiData * data, GstTvVbiStats * stats);

/* --- SMPTE S334-1 Annex A (GstVideoCaptionMeta CEA608_S334_1A) --- */

/* the bytes of one S334-1A triplet per caption field @data has (at most
 * 2 x 3 = 6 bytes in @out): the first byte is 0x80 for field 1 (0x00 for
 * field 2) | the line offset, 12 for line 21 / 284 (from line 9 / 272 of
 * a 525-line picture); then the pair as received. Returns the bytes
 * written. */
guint gst_tv_vbi_s334_1a_pack (const GstTvVbiData * data, guint8 * out);
/* the caption pairs of @size bytes of S334-1A triplets into @data (its
 * captions cleared first, WSS untouched): a triplet for a line other than
 * 21 / 284 is skipped, the last one of a field wins. FALSE when @size is
 * not a multiple of 3. */
gboolean gst_tv_vbi_s334_1a_unpack (const guint8 * in, gsize size,
    GstTvVbiData * data);

/* --- CEA-608 text (for tests and the virtual card) --- */

/**
 * GstTvVbiCcMode:
 * @GST_TV_VBI_CC_POP_ON: the caption is loaded off screen (RCL, ENM), its
 *   rows placed by preamble address codes, and shown at once (EOC)
 * @GST_TV_VBI_CC_ROLL_UP: each row is written at the bottom (RU2..RU4,
 *   a PAC for row 15) and rolled up (CR)
 */
typedef enum
{
  GST_TV_VBI_CC_POP_ON,
  GST_TV_VBI_CC_ROLL_UP,
} GstTvVbiCcMode;

/* the caption screen: 15 rows of 32 columns */
#define GST_TV_VBI_CC_ROWS 15
#define GST_TV_VBI_CC_COLUMNS 32

/* the byte pairs (parity applied, 2 bytes each) that put UTF-8 @text on
 * caption data channel @channel (1 or 2: CC1/CC2 on field 1, CC3/CC4 on
 * field 2) in @mode. Rows are separated by '\n', at most 4, each at most
 * 32 characters of CEA-608's basic and special character sets; control
 * codes and special characters are sent twice, as CEA-608 asks. NULL
 * with a GST_TV_VBI_ERROR_TEXT error naming the row, the character and
 * what is allowed otherwise. */
GByteArray *gst_tv_vbi_cc_encode_text (const gchar * text,
    GstTvVbiCcMode mode, guint channel, GError ** error);

typedef struct _GstTvVbiCcDecoder GstTvVbiCcDecoder;

/* a caption decoder of data channel @channel (1 or 2) of one field's
 * byte pairs: pop-on, roll-up and paint-on, preamble address codes, tab
 * offsets, backspace and the erase codes, basic and special characters
 * (extended characters are left to their basic fallback); XDS packets
 * (field 2) and the other channel are skipped; a control code repeated
 * in the next pair is taken once */
GstTvVbiCcDecoder *gst_tv_vbi_cc_decoder_new (guint channel);
void gst_tv_vbi_cc_decoder_free (GstTvVbiCcDecoder * dec);
/* one byte pair as received (with parity): a pair with a parity error is
 * ignored (and forgets a control code waiting for its repeat). TRUE when
 * the text on screen changed. */
gboolean gst_tv_vbi_cc_decoder_feed (GstTvVbiCcDecoder * dec, guint8 b1,
    guint8 b2);
/* the text on screen (UTF-8): the rows that hold anything, top to bottom,
 * each without leading and trailing spaces, joined by '\n'; "" when the
 * screen is empty. Free with g_free(). */
gchar *gst_tv_vbi_cc_decoder_get_text (GstTvVbiCcDecoder * dec);
/* how many pairs were ignored for a parity error */
guint gst_tv_vbi_cc_decoder_get_parity_errors (GstTvVbiCcDecoder * dec);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GstTvVbiCcDecoder, gst_tv_vbi_cc_decoder_free)

G_END_DECLS

#endif /* __GST_TV_VBI_H__ */
