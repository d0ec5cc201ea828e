/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GStreamer analog TV tuner interface: the standard frequency tables
 *
 * Copyright (C) 2026 the v4l2tv authors
 */

/*
 * The analog broadcast and cable channel plans, channel name -> visual
 * (picture) carrier frequency, under the table names v4l-utils, xawtv and
 * tvtime users know ("europe-west", "us-cable", ...). The numbers are the
 * published channel plans (ITU-R BT.470's channel arrangements and the
 * national plans), as v4l-utils carries them in
 * utils/libv4l2util/frequencies.c (checked against its copy of
 * 2026-03-17, commit 95ad25f6) and tvtime in src/bands.h; each table says
 * where it deviates from them and why.
 *
 * The plans are regular runs of channels (CCIR UHF: channel N at
 * 471.25 MHz + (N - 21) x 8 MHz), so a table is a list of bands, each a
 * run of numbered channels with a first carrier and a spacing, or one
 * channel with a name of its own ("5A", "KB").
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "tvtunerfrequencies.h"

/* a band: channels PREFIX<first> .. PREFIX<last> (numbers zero-padded to
 * @digits), the first at @khz, each next one @step_khz higher; or, with
 * @first at NAMED, one channel named @prefix alone at @khz. @alias is
 * another prefix a lookup accepts ("E21" for the CCIR UHF channel 21). */
typedef struct
{
  const gchar *prefix;
  gint first;
  gint last;
  guint digits;
  guint khz;
  guint step_khz;
  const gchar *alias;
} TvBand;

#define NAMED (-1)

typedef struct
{
  const gchar *name;
  const TvBand *const *bands;   /* NULL-terminated */
} TvFrequencyTable;

/* ----------------------------------------------------------------------
 * Europe: the CCIR (western) and OIRT (eastern) VHF plans, the cable
 * special channels and the UHF plan they share (ITU-R BT.470; v4l-utils'
 * FREQ_CCIR_*, FREQ_OIRT_* and FREQ_UHF; tvtime's "VHF E2-E12",
 * "VHF S1-S41", "VHF Russia" and "UHF")
 * ---------------------------------------------------------------------- */

/* band I */
static const TvBand ccir_e2_e4 = { "E", 2, 4, 0, 48250, 7000 };

/* cable special channels in band II (also known as X, Y, Z) */
static const TvBand ccir_s01_s03 = { "S", 1, 3, 2, 69250, 7000 };

/* band III */
static const TvBand ccir_e5_e12 = { "E", 5, 12, 0, 175250, 7000 };

/* cable special channels: lower (SE1-SE10) and upper (SE11-SE20) */
static const TvBand ccir_se1_se10 = { "SE", 1, 10, 0, 105250, 7000 };
static const TvBand ccir_se11_se20 = { "SE", 11, 20, 0, 231250, 7000 };

/* cable hyperband */
static const TvBand ccir_s21_s41 = { "S", 21, 41, 0, 303250, 8000 };

/* bands IV and V, named "21" as in v4l-utils and xawtv, "E21" accepted */
static const TvBand uhf_21_69 = { "", 21, 69, 0, 471250, 8000, "E" };

/* OIRT band I (R1, R2 irregular), band II and band III */
static const TvBand oirt_r1 = { "R", 1, 1, 0, 49750, 0 };
static const TvBand oirt_r2 = { "R", 2, 2, 0, 59250, 0 };
static const TvBand oirt_r3_r5 = { "R", 3, 5, 0, 77250, 8000 };
static const TvBand oirt_r6_r12 = { "R", 6, 12, 0, 175250, 8000 };

/* OIRT cable channels, lower and upper (there is no SR9, SR10) */
static const TvBand oirt_sr1_sr8 = { "SR", 1, 8, 0, 111250, 8000 };
static const TvBand oirt_sr11_sr19 = { "SR", 11, 19, 0, 231250, 8000 };

static const TvBand *const europe_west[] = {
  &ccir_e2_e4, &ccir_s01_s03, &ccir_e5_e12, &ccir_se1_se10, &ccir_se11_se20,
  &ccir_s21_s41, &uhf_21_69, NULL
};

/* the OIRT channels, then the CCIR ones (both were in use in the east) */
static const TvBand *const europe_east[] = {
  &oirt_r1, &oirt_r2, &oirt_r3_r5, &oirt_r6_r12, &oirt_sr1_sr8,
  &oirt_sr11_sr19, &ccir_e2_e4, &ccir_s01_s03, &ccir_e5_e12, &ccir_se1_se10,
  &ccir_se11_se20, &ccir_s21_s41, &uhf_21_69, NULL
};

/* Russia: the OIRT VHF and cable channels and UHF 21-69 (tvtime's "East":
 * "VHF Russia" and "UHF"; the OIRT part of v4l-utils' europe-east) */
static const TvBand *const russia[] = {
  &oirt_r1, &oirt_r2, &oirt_r3_r5, &oirt_r6_r12, &oirt_sr1_sr8,
  &oirt_sr11_sr19, &uhf_21_69, NULL
};

/* Italy: VHF A-H2 (v4l-utils' pal_italy, tvtime's "VHF Italy") */
static const TvBand italy_a = { "A", NAMED, 0, 0, 53750 };
static const TvBand italy_b = { "B", NAMED, 0, 0, 62250 };
static const TvBand italy_c = { "C", NAMED, 0, 0, 82250 };
static const TvBand italy_d = { "D", NAMED, 0, 0, 175250 };
static const TvBand italy_e = { "E", NAMED, 0, 0, 183750 };
static const TvBand italy_f = { "F", NAMED, 0, 0, 192250 };
static const TvBand italy_g = { "G", NAMED, 0, 0, 201250 };
static const TvBand italy_h = { "H", NAMED, 0, 0, 210250 };
static const TvBand italy_h1 = { "H1", NAMED, 0, 0, 217250 };
static const TvBand italy_h2 = { "H2", NAMED, 0, 0, 224250 };

static const TvBand *const italy[] = {
  &italy_a, &italy_b, &italy_c, &italy_d, &italy_e, &italy_f, &italy_g,
  &italy_h, &italy_h1, &italy_h2, &uhf_21_69, NULL
};

/* Ireland: the broadcast channels (45.75, 53.75, ... MHz) and the cable
 * ones between them, A0-A36 (v4l-utils' pal_ireland) */
static const TvBand ireland_a0 = { "A", 0, 0, 0, 45750 };
static const TvBand ireland_a1 = { "A", 1, 1, 0, 48000 };
static const TvBand ireland_a2 = { "A", 2, 2, 0, 53750 };
static const TvBand ireland_a3 = { "A", 3, 3, 0, 56000 };
static const TvBand ireland_a4 = { "A", 4, 4, 0, 61750 };
static const TvBand ireland_a5 = { "A", 5, 5, 0, 64000 };
static const TvBand ireland_a6 = { "A", 6, 6, 0, 175250 };
static const TvBand ireland_a7 = { "A", 7, 7, 0, 176000 };
static const TvBand ireland_a8 = { "A", 8, 8, 0, 183250 };
static const TvBand ireland_a9 = { "A", 9, 9, 0, 184000 };
static const TvBand ireland_a10 = { "A", 10, 10, 0, 191250 };
static const TvBand ireland_a11 = { "A", 11, 11, 0, 192000 };
static const TvBand ireland_a12 = { "A", 12, 12, 0, 199250 };
static const TvBand ireland_a13 = { "A", 13, 13, 0, 200000 };
static const TvBand ireland_a14 = { "A", 14, 14, 0, 207250 };
static const TvBand ireland_a15 = { "A", 15, 15, 0, 208000 };
static const TvBand ireland_a16 = { "A", 16, 16, 0, 215250 };
static const TvBand ireland_a17 = { "A", 17, 17, 0, 216000 };
static const TvBand ireland_a18 = { "A", 18, 18, 0, 224000 };
static const TvBand ireland_a19 = { "A", 19, 19, 0, 232000 };
static const TvBand ireland_a20_a29 = { "A", 20, 29, 0, 248000, 8000 };
static const TvBand ireland_a30_a31 = { "A", 30, 31, 0, 344000, 8000 };
static const TvBand ireland_a32_a33 = { "A", 32, 33, 0, 408000, 8000 };
static const TvBand ireland_a34 = { "A", 34, 34, 0, 448000 };
static const TvBand ireland_a35 = { "A", 35, 35, 0, 480000 };
static const TvBand ireland_a36 = { "A", 36, 36, 0, 520000 };

static const TvBand *const ireland[] = {
  &ireland_a0, &ireland_a1, &ireland_a2, &ireland_a3, &ireland_a4,
  &ireland_a5, &ireland_a6, &ireland_a7, &ireland_a8, &ireland_a9,
  &ireland_a10, &ireland_a11, &ireland_a12, &ireland_a13, &ireland_a14,
  &ireland_a15, &ireland_a16, &ireland_a17, &ireland_a18, &ireland_a19,
  &ireland_a20_a29, &ireland_a30_a31, &ireland_a32_a33, &ireland_a34,
  &ireland_a35, &ireland_a36, &uhf_21_69, NULL
};

/* France: SECAM-L VHF K01-K10, the cable channels KB-KQ and H01-H19
 * (v4l-utils' secam_france, tvtime's "VHF France") */
static const TvBand france_k01 = { "K", 1, 1, 2, 47750 };
static const TvBand france_k02 = { "K", 2, 2, 2, 55750 };
static const TvBand france_k03 = { "K", 3, 3, 2, 60500 };
static const TvBand france_k04 = { "K", 4, 4, 2, 63750 };
static const TvBand france_k05_k10 = { "K", 5, 10, 2, 176000, 8000 };
static const TvBand france_kb = { "KB", NAMED, 0, 0, 116750 };
static const TvBand france_kc = { "KC", NAMED, 0, 0, 128750 };
static const TvBand france_kd = { "KD", NAMED, 0, 0, 140750 };
static const TvBand france_ke = { "KE", NAMED, 0, 0, 159750 };
static const TvBand france_kf = { "KF", NAMED, 0, 0, 164750 };
static const TvBand france_kg = { "KG", NAMED, 0, 0, 176750 };
static const TvBand france_kh = { "KH", NAMED, 0, 0, 188750 };
static const TvBand france_ki = { "KI", NAMED, 0, 0, 200750 };
static const TvBand france_kj = { "KJ", NAMED, 0, 0, 212750 };
static const TvBand france_kk = { "KK", NAMED, 0, 0, 224750 };
static const TvBand france_kl = { "KL", NAMED, 0, 0, 236750 };
static const TvBand france_km = { "KM", NAMED, 0, 0, 248750 };
static const TvBand france_kn = { "KN", NAMED, 0, 0, 260750 };
static const TvBand france_ko = { "KO", NAMED, 0, 0, 272750 };
static const TvBand france_kp = { "KP", NAMED, 0, 0, 284750 };
static const TvBand france_kq = { "KQ", NAMED, 0, 0, 296750 };
static const TvBand france_h01_h19 = { "H", 1, 19, 2, 303250, 8000 };

static const TvBand *const france[] = {
  &france_k01, &france_k02, &france_k03, &france_k04, &france_k05_k10,
  &france_kb, &france_kc, &france_kd, &france_ke, &france_kf, &france_kg,
  &france_kh, &france_ki, &france_kj, &france_kk, &france_kl, &france_km,
  &france_kn, &france_ko, &france_kp, &france_kq, &france_h01_h19,
  &uhf_21_69, NULL
};

/* New Zealand: VHF 1-11 (v4l-utils' pal_newzealand) */
static const TvBand newzealand_1 = { "", 1, 1, 0, 45250 };
static const TvBand newzealand_2_3 = { "", 2, 3, 0, 55250, 7000 };
static const TvBand newzealand_4_11 = { "", 4, 11, 0, 175250, 7000 };

static const TvBand *const newzealand[] = {
  &newzealand_1, &newzealand_2_3, &newzealand_4_11, &uhf_21_69, NULL
};

/* South Africa: VHF 4-13 (v4l-utils' pal_bcast_za) */
static const TvBand southafrica_4_13 = { "", 4, 13, 0, 175250, 8000 };

static const TvBand *const southafrica[] = {
  &southafrica_4_13, &uhf_21_69, NULL
};

/* ----------------------------------------------------------------------
 * The Americas and Asia: 6 MHz plans (v4l-utils' ntsc_*, argentina;
 * tvtime's "US Broadcast", "US Cable", "US Cable 100", "Japan ...")
 * ---------------------------------------------------------------------- */

/* US broadcast (FCC): VHF 2-13, UHF 14-83 */
static const TvBand us_bcast_2_4 = { "", 2, 4, 0, 55250, 6000 };
static const TvBand us_bcast_5_6 = { "", 5, 6, 0, 77250, 6000 };
static const TvBand us_bcast_7_13 = { "", 7, 13, 0, 175250, 6000 };
static const TvBand us_bcast_14_83 = { "", 14, 83, 0, 471250, 6000 };

static const TvBand *const us_bcast[] = {
  &us_bcast_2_4, &us_bcast_5_6, &us_bcast_7_13, &us_bcast_14_83, NULL
};

/* US cable (EIA-542 standard plan): 1-125. The sub-band return channels
 * T7-T14 (8.25-50.25 MHz) that v4l-utils lists too are left out: they
 * carry the upstream, below what a TV tuner receives. */
static const TvBand us_cable_1 = { "", 1, 1, 0, 73250 };
static const TvBand us_cable_14_22 = { "", 14, 22, 0, 121250, 6000 };
static const TvBand us_cable_23_94 = { "", 23, 94, 0, 217250, 6000 };
static const TvBand us_cable_95_99 = { "", 95, 99, 0, 91250, 6000 };
static const TvBand us_cable_100_125 = { "", 100, 125, 0, 649250, 6000 };

static const TvBand *const us_cable[] = {
  &us_cable_1, &us_bcast_2_4, &us_bcast_5_6, &us_bcast_7_13,
  &us_cable_14_22, &us_cable_23_94, &us_cable_95_99, &us_cable_100_125,
  NULL
};

/* US cable, harmonically related carriers: the standard plan 1.25 MHz
 * lower, but 5 and 6 0.75 MHz higher (v4l-utils' ntsc_hrc) */
static const TvBand us_hrc_1 = { "", 1, 1, 0, 72000 };
static const TvBand us_hrc_2_4 = { "", 2, 4, 0, 54000, 6000 };
static const TvBand us_hrc_5_6 = { "", 5, 6, 0, 78000, 6000 };
static const TvBand us_hrc_7_13 = { "", 7, 13, 0, 174000, 6000 };
static const TvBand us_hrc_14_22 = { "", 14, 22, 0, 120000, 6000 };
static const TvBand us_hrc_23_94 = { "", 23, 94, 0, 216000, 6000 };
static const TvBand us_hrc_95_99 = { "", 95, 99, 0, 90000, 6000 };
static const TvBand us_hrc_100_125 = { "", 100, 125, 0, 648000, 6000 };

static const TvBand *const us_cable_hrc[] = {
  &us_hrc_1, &us_hrc_2_4, &us_hrc_5_6, &us_hrc_7_13, &us_hrc_14_22,
  &us_hrc_23_94, &us_hrc_95_99, &us_hrc_100_125, NULL
};

/* US cable, incrementally related carriers: the standard plan, but 5 and
 * 6 2 MHz higher and 14-22 0.1 MHz lower (v4l-utils' ntsc_irc) */
static const TvBand us_irc_5_6 = { "", 5, 6, 0, 79250, 6000 };
static const TvBand us_irc_14_22 = { "", 14, 22, 0, 121150, 6000 };

static const TvBand *const us_cable_irc[] = {
  &us_cable_1, &us_bcast_2_4, &us_irc_5_6, &us_bcast_7_13, &us_irc_14_22,
  &us_cable_23_94, &us_cable_95_99, &us_cable_100_125, NULL
};

/* Japan broadcast: VHF 1-12 (7 and 8 only 4 MHz apart), UHF 13-62 */
static const TvBand japan_bcast_1_3 = { "", 1, 3, 0, 91250, 6000 };
static const TvBand japan_bcast_4_7 = { "", 4, 7, 0, 171250, 6000 };
static const TvBand japan_bcast_8_12 = { "", 8, 12, 0, 193250, 6000 };
static const TvBand japan_bcast_13_62 = { "", 13, 62, 0, 471250, 6000 };

static const TvBand *const japan_bcast[] = {
  &japan_bcast_1_3, &japan_bcast_4_7, &japan_bcast_8_12, &japan_bcast_13_62,
  NULL
};

/* Japan cable: 13-63 (v4l-utils' ntsc_cable_jp) */
static const TvBand japan_cable_13_21 = { "", 13, 21, 0, 109250, 6000 };
static const TvBand japan_cable_22 = { "", 22, 22, 0, 165250 };
static const TvBand japan_cable_23 = { "", 23, 23, 0, 223250 };
static const TvBand japan_cable_24_27 = { "", 24, 27, 0, 231250, 6000 };
static const TvBand japan_cable_28_63 = { "", 28, 63, 0, 253250, 6000 };

static const TvBand *const japan_cable[] = {
  &japan_cable_13_21, &japan_cable_22, &japan_cable_23, &japan_cable_24_27,
  &japan_cable_28_63, NULL
};

/* China broadcast, numbered through as v4l-utils' pal_bcast_cn does (1-5
 * band I, 6-50 band III and cable, 51-94 UHF) */
static const TvBand china_1_3 = { "", 1, 3, 0, 49750, 8000 };
static const TvBand china_4_5 = { "", 4, 5, 0, 77250, 8000 };
static const TvBand china_6_49 = { "", 6, 49, 0, 112250, 8000 };
static const TvBand china_50 = { "", 50, 50, 0, 463250 };
static const TvBand china_51_62 = { "", 51, 62, 0, 471250, 8000 };
static const TvBand china_63_94 = { "", 63, 94, 0, 607250, 8000 };

static const TvBand *const china_bcast[] = {
  &china_1_3, &china_4_5, &china_6_49, &china_50, &china_51_62,
  &china_63_94, NULL
};

/* Argentina: cable 001-093 (v4l-utils' argentina) */
static const TvBand argentina_1_3 = { "", 1, 3, 3, 56250, 6000 };
static const TvBand argentina_4_5 = { "", 4, 5, 3, 78250, 6000 };
static const TvBand argentina_6_12 = { "", 6, 12, 3, 176250, 6000 };
static const TvBand argentina_13_21 = { "", 13, 21, 3, 122250, 6000 };
static const TvBand argentina_22_93 = { "", 22, 93, 3, 218250, 6000 };

static const TvBand *const argentina[] = {
  &argentina_1_3, &argentina_4_5, &argentina_6_12, &argentina_13_21,
  &argentina_22_93, NULL
};

/* ----------------------------------------------------------------------
 * Australia: 7 MHz channels
 * ---------------------------------------------------------------------- */

/* VHF 0-11 with 5A as in v4l-utils' pal_australia and tvtime's "VHF
 * Australia" (10 and 11 on their first allocation, 209.25 and 216.25
 * MHz, as both carry them); UHF 28-69 on the 7 MHz grid from 527.25 MHz,
 * as tvtime's "UHF Australia" has them (v4l-utils' copy puts 36 at
 * 591.25 MHz and has no 37 or 38, a slip: 36 is 583.25) */
static const TvBand australia_0 = { "", 0, 0, 0, 46250 };
static const TvBand australia_1_2 = { "", 1, 2, 0, 57250, 7000 };
static const TvBand australia_3 = { "", 3, 3, 0, 86250 };
static const TvBand australia_4_5 = { "", 4, 5, 0, 95250, 7000 };
static const TvBand australia_5a = { "5A", NAMED, 0, 0, 138250 };
static const TvBand australia_6_9 = { "", 6, 9, 0, 175250, 7000 };
static const TvBand australia_10_11 = { "", 10, 11, 0, 209250, 7000 };
static const TvBand australia_28_69 = { "", 28, 69, 0, 527250, 7000 };

static const TvBand *const australia[] = {
  &australia_0, &australia_1_2, &australia_3, &australia_4_5, &australia_5a,
  &australia_6_9, &australia_10_11, &australia_28_69, NULL
};

/* Optus cable, Australia: 1-55 (v4l-utils' pal_australia_optus) */
static const TvBand optus_1 = { "", 1, 1, 0, 138250 };
static const TvBand optus_2 = { "", 2, 2, 0, 147250 };
static const TvBand optus_3_9 = { "", 3, 9, 0, 154250, 7000 };
static const TvBand optus_10_11 = { "", 10, 11, 0, 209250, 7000 };
static const TvBand optus_12 = { "", 12, 12, 0, 224250 };
static const TvBand optus_13_22 = { "", 13, 22, 0, 231250, 7000 };
static const TvBand optus_23_26 = { "", 23, 26, 0, 303250, 7000 };
static const TvBand optus_27_55 = { "", 27, 55, 0, 338250, 7000 };

static const TvBand *const australia_optus[] = {
  &optus_1, &optus_2, &optus_3_9, &optus_10_11, &optus_12, &optus_13_22,
  &optus_23_26, &optus_27_55, NULL
};

/* the tables, in v4l-utils' order, russia last */
static const TvFrequencyTable tables[] = {
  {"us-bcast", us_bcast},
  {"us-cable", us_cable},
  {"us-cable-hrc", us_cable_hrc},
  {"us-cable-irc", us_cable_irc},
  {"japan-bcast", japan_bcast},
  {"japan-cable", japan_cable},
  {"europe-west", europe_west},
  {"europe-east", europe_east},
  {"italy", italy},
  {"newzealand", newzealand},
  {"australia", australia},
  {"ireland", ireland},
  {"france", france},
  {"china-bcast", china_bcast},
  {"southafrica", southafrica},
  {"argentina", argentina},
  {"australia-optus", australia_optus},
  {"russia", russia},
};

/* ---------------------------------------------------------------------- */

static guint
band_size (const TvBand * band)
{
  return band->first == NAMED ? 1 : (guint) (band->last - band->first + 1);
}

static gulong
band_frequency (const TvBand * band, guint i)
{
  return ((gulong) band->khz + (gulong) band->step_khz * i) * 1000;
}

static gchar *
band_channel_name (const TvBand * band, guint i)
{
  if (band->first == NAMED)
    return g_strdup (band->prefix);
  return g_strdup_printf ("%s%0*d", band->prefix, (gint) band->digits,
      band->first + (gint) i);
}

/* the number @name gives after @prefix (case-insensitive), or -1 */
static gint
parse_number (const gchar * name, const gchar * prefix)
{
  gsize len = strlen (prefix);
  const gchar *p;

  if (g_ascii_strncasecmp (name, prefix, len) != 0)
    return -1;
  p = name + len;
  /* four digits are more than any plan has, and no overflow */
  if (*p == '\0' || strlen (p) > 4)
    return -1;
  for (; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return -1;
  return (gint) g_ascii_strtoull (name + len, NULL, 10);
}

/* the index in @band of the channel @name, or -1 */
static gint
band_find (const TvBand * band, const gchar * name)
{
  gint n;

  if (band->first == NAMED)
    return g_ascii_strcasecmp (name, band->prefix) == 0 ? 0 : -1;

  n = parse_number (name, band->prefix);
  if (n < 0 && band->alias != NULL)
    n = parse_number (name, band->alias);
  if (n < band->first || n > band->last)
    return -1;
  return n - band->first;
}

static gchar *
table_names (void)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (tables); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", tables[i].name);
  return g_string_free (s, FALSE);
}

static const TvFrequencyTable *
find_table (const gchar * name, GError ** error)
{
  g_autofree gchar *names = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (tables); i++)
    if (g_ascii_strcasecmp (name, tables[i].name) == 0)
      return &tables[i];

  names = table_names ();
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
      "no frequency table '%s'; the tables: %s", name, names);
  return NULL;
}

static gchar **
table_channels (const TvFrequencyTable * table)
{
  GPtrArray *names = g_ptr_array_new ();
  const TvBand *const *band;
  guint i;

  for (band = table->bands; *band != NULL; band++)
    for (i = 0; i < band_size (*band); i++)
      g_ptr_array_add (names, band_channel_name (*band, i));
  g_ptr_array_add (names, NULL);
  return (gchar **) g_ptr_array_free (names, FALSE);
}

/**
 * gst_tv_tuner_list_frequency_tables:
 *
 * The names of the analog TV frequency tables this library knows, the
 * standard channel plans under the names v4l-utils, xawtv and tvtime use:
 * "us-bcast", "us-cable", "us-cable-hrc", "us-cable-irc", "japan-bcast",
 * "japan-cable", "europe-west", "europe-east", "italy", "newzealand",
 * "australia", "ireland", "france", "china-bcast", "southafrica",
 * "argentina", "australia-optus" and "russia".
 *
 * A frequency table maps the names of a country's TV channels ("E5",
 * "SE12", "21", "3") to the frequencies of their visual (picture)
 * carriers, which is what gst_tv_tuner_set_frequency() takes. These
 * channels are stations' places in the band, not the inputs and outputs
 * a #GstTvTunerChannel stands for.
 *
 * Returns: (transfer full) (array zero-terminated=1): the table names, a
 * %NULL-terminated array to free with g_strfreev()
 *
 * Since: 1.0
 */
gchar **
gst_tv_tuner_list_frequency_tables (void)
{
  gchar **names = g_new0 (gchar *, G_N_ELEMENTS (tables) + 1);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (tables); i++)
    names[i] = g_strdup (tables[i].name);
  return names;
}

/**
 * gst_tv_tuner_frequency_table_list_channels:
 * @table: the name of a frequency table, see
 *     gst_tv_tuner_list_frequency_tables()
 * @error: return location for a #GError, or %NULL
 *
 * The names of the channels of a frequency table, in the table's order:
 * by band, and by channel number within a band ("E2", "E3", "E4", "S01",
 * ..., "E5", ... in "europe-west").
 *
 * The channel names of the CCIR UHF band (21 to 69, in the European
 * tables) are the bare numbers, as in v4l-utils and xawtv;
 * gst_tv_tuner_frequency_table_lookup() takes them with an "E" too.
 *
 * Returns: (transfer full) (array zero-terminated=1) (nullable): the
 * channel names, a %NULL-terminated array to free with g_strfreev(), or
 * %NULL with @error set (%GST_RESOURCE_ERROR_NOT_FOUND, its message
 * listing the tables) when there is no table @table
 *
 * Since: 1.0
 */
gchar **
gst_tv_tuner_frequency_table_list_channels (const gchar * table,
    GError ** error)
{
  const TvFrequencyTable *t;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  t = find_table (table, error);
  if (t == NULL)
    return NULL;
  return table_channels (t);
}

/**
 * gst_tv_tuner_frequency_table_lookup:
 * @table: the name of a frequency table, see
 *     gst_tv_tuner_list_frequency_tables()
 * @channel: the name of one of its channels, in any case ("E5", "e5",
 *     "SE12", "3")
 * @frequency: (out) (optional): the frequency of its visual carrier, in Hz
 * @error: return location for a #GError, or %NULL
 *
 * Looks a channel up in a frequency table. Channel numbers may have
 * leading zeros ("S1" finds "S01", "E05" finds "E5"), and the European
 * UHF channels an "E" ("E21" finds "21").
 *
 * Returns: %TRUE and the channel's frequency, or %FALSE with @error set
 * (%GST_RESOURCE_ERROR_NOT_FOUND) when there is no table @table (the
 * message lists the tables) or no channel @channel in it (the message
 * lists its channels)
 *
 * Since: 1.0
 */
gboolean
gst_tv_tuner_frequency_table_lookup (const gchar * table,
    const gchar * channel, gulong * frequency, GError ** error)
{
  const TvFrequencyTable *t;
  const TvBand *const *band;
  g_auto (GStrv) names = NULL;
  g_autofree gchar *list = NULL;
  gint i;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (channel != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  t = find_table (table, error);
  if (t == NULL)
    return FALSE;

  for (band = t->bands; *band != NULL; band++) {
    i = band_find (*band, channel);
    if (i >= 0) {
      if (frequency)
        *frequency = band_frequency (*band, i);
      return TRUE;
    }
  }

  names = table_channels (t);
  list = g_strjoinv (", ", names);
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
      "no channel '%s' in %s; its channels: %s", channel, t->name, list);
  return FALSE;
}

/**
 * gst_tv_tuner_frequency_table_find:
 * @table: the name of a frequency table, see
 *     gst_tv_tuner_list_frequency_tables()
 * @frequency: a frequency in Hz
 * @offset: (out) (optional): @frequency minus the channel's frequency,
 *     in Hz: how far a station is fine-tuned off its channel
 * @error: return location for a #GError, or %NULL
 *
 * The reverse of gst_tv_tuner_frequency_table_lookup(): the channel of
 * @table whose visual carrier is nearest to @frequency. Where two
 * channels are as near (the OIRT and CCIR channels at the same frequency
 * in "europe-east"), the first in the table's order. Any frequency has a
 * nearest channel: the caller judges from @offset whether it is on the
 * channel (stations sit within a few hundred kHz of it, a channel is 6 to
 * 8 MHz wide).
 *
 * Returns: (transfer full) (nullable): the name of the nearest channel,
 * to free with g_free(), or %NULL with @error set
 * (%GST_RESOURCE_ERROR_NOT_FOUND, its message listing the tables) when
 * there is no table @table
 *
 * Since: 1.0
 */
gchar *
gst_tv_tuner_frequency_table_find (const gchar * table, gulong frequency,
    glong * offset, GError ** error)
{
  const TvFrequencyTable *t;
  const TvBand *const *band;
  const TvBand *best_band = NULL;
  guint i, best_i = 0;
  gulong best_distance = G_MAXULONG;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  t = find_table (table, error);
  if (t == NULL)
    return NULL;

  for (band = t->bands; *band != NULL; band++) {
    for (i = 0; i < band_size (*band); i++) {
      gulong f = band_frequency (*band, i);
      gulong distance = f > frequency ? f - frequency : frequency - f;

      if (distance < best_distance) {
        best_distance = distance;
        best_band = *band;
        best_i = i;
      }
    }
  }

  if (offset)
    *offset = (glong) frequency - (glong) band_frequency (best_band, best_i);
  return band_channel_name (best_band, best_i);
}
