// ISO 3166-1 alpha-2: the country codes the contract accepts (the i18n-iso-countries package's list, which
// shared/contract/iso-3166.test.ts compares with this for every code AA to ZZ), without that package's tables, so the
// customer forms do not download them. The console's names for them are its own table
// (lib/universal/intl/display-names/countries.json, written by scripts/generate-display-names.ts).

export const COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW " +
  "BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI " +
  "FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN " +
  "IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME " +
  "MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF " +
  "PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
  "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK " +
  "YE YT ZA ZM ZW "
)
  .trim()
  .split(" ");

const KNOWN = new Set(COUNTRY_CODES);

/** True for an ISO 3166-1 alpha-2 country code written in uppercase. */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && KNOWN.has(value);
}
