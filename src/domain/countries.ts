import { z } from 'zod';

/**
 * ISO 3166-1 alpha-2: the officially assigned codes (249). A job names the country of its
 * locations with one (issue 32, item 4): search engines' JobPosting rules ask for
 * `addressCountry`, and the form shows each code's name in the reader's language
 * (Intl.DisplayNames), so no list of names is kept here.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA ' +
  'RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ ' +
  'VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ') as readonly string[];

const CODES = new Set(COUNTRY_CODES);

export const COUNTRY_TEXTS = { choose: 'Choose a country' } as const;

/** A country as ISO 3166-1 alpha-2 ("DE"); lower case is read as upper ("de" → "DE"). */
export const countrySchema = z
  .string({ error: COUNTRY_TEXTS.choose })
  .max(2, COUNTRY_TEXTS.choose)
  .transform((code) => code.toUpperCase())
  .refine((code) => CODES.has(code), COUNTRY_TEXTS.choose);

export const isCountryCode = (code: string) => CODES.has(code);

/** The country's name in a language ("DE" in de → "Deutschland"); the code when unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Names that are not a code's display name in our languages but name one in a place. */
const COUNTRY_ALIASES: Record<string, string> = {
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
  USA: 'US',
  'U.S.': 'US',
  'U.S.A.': 'US',
  AMERICA: 'US',
  'UNITED STATES OF AMERICA': 'US',
};

const LOOKUP_LOCALES = ['en', 'de', 'fr', 'es', 'ja'];
let byName: Map<string, string> | null = null;

/** Every code's name in our five languages, upper-cased, to its code (built on first use). */
function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(COUNTRY_ALIASES));
  for (const locale of LOOKUP_LOCALES) {
    for (const code of COUNTRY_CODES) {
      const name = countryName(code, locale).toUpperCase();
      if (name !== code && !byName.has(name)) byName.set(name, code);
    }
  }
  return byName;
}

/**
 * The country a free-text location names at its end ("Berlin, Germany", "Remote UK",
 * "Lyon (France)"), as ISO 3166-1 alpha-2, or null when it names none. For jobs posted before
 * the form asked for a country: their JobPosting gets `addressCountry` when the place says it.
 * Bare two-letter codes are not read: "San Francisco, CA" is California, not Canada.
 */
export function countryInPlace(place: string): string | null {
  const last = (place.split(/,|\/|·|\||\s[–-]\s/).at(-1) ?? '')
    .replace(/^\s*remote\b[\s:;(]*/i, '')
    .replace(/[()]/g, ' ')
    .trim();
  if (!last) return null;
  const words = last.split(/\s+/);
  // The whole last part, then its last words ("Munich Germany" → "Germany").
  for (let i = 0; i < words.length; i++) {
    const text = words.slice(i).join(' ');
    const bareCode = /^[a-z]{2}$/i.test(text) && text !== 'UK';
    const code = bareCode ? null : namesToCodes().get(text.toUpperCase());
    if (code) return code;
  }
  return null;
}
