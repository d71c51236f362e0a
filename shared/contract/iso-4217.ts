// ISO 4217: the alphabetic codes in use and their minor units, without the names (shared/contract/currencies.ts has
// those, from the currency-codes package, for the API's currency objects). Kept apart so that a page needing only
// decimals does not download the whole ISO table; shared/contract/iso-4217.test.ts compares both, code by code.

const CODES = new Set(
  (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
    "CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP " +
    "GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW " +
    "KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN " +
    "NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS " +
    "SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND " +
    "VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG "
  )
    .trim()
    .split(" "),
);

/** Every code, alphabetically: for pickers that offer any currency. */
export const ISO_CURRENCY_CODES: readonly string[] = [...CODES].sort();

/** Minor units of the codes that do not have 2. */
const MINOR_UNITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XAG: 0,
  XAU: 0,
  XBA: 0,
  XBB: 0,
  XBC: 0,
  XBD: 0,
  XDR: 0,
  XOF: 0,
  XPD: 0,
  XPF: 0,
  XPT: 0,
  XSU: 0,
  XTS: 0,
  XUA: 0,
  XXX: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** True for a current ISO 4217 alphabetic code written in uppercase. */
export function isIsoCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && CODES.has(value);
}

/** Minor-unit decimals from ISO 4217 (JPY 0, USD 2, KWD 3), or undefined for a code ISO does not know. */
export function currencyDecimals(code: string): number | undefined {
  if (!isIsoCurrencyCode(code)) return undefined;
  return MINOR_UNITS[code] ?? 2;
}
