// The one country list: ISO 3166-1 alpha-2 codes, named by the runtime's CLDR data
// (Intl.DisplayNames), so no hand-kept names drift from the standard.

/** ISO 3166-1 alpha-2 country codes (officially assigned). */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
    "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
    "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

// Made on first use, not when the module loads: the first Intl object a browser page makes loads
// ICU's data (about 12 ms of script here), and most pages that import this name no country.
let names: Intl.DisplayNames | undefined;

/** The English name of a country ("DE" -> "Germany"); a code that is not a country is shown as it is. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  if (!ISO_COUNTRY_CODES.has(upper)) return code;
  names ??= new Intl.DisplayNames(["en"], { type: "region" });
  return names.of(upper) ?? code;
}
