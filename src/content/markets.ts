/**
 * Markets where most people go online on a phone, many of them only on one: most of Africa, South and South-East
 * Asia, Latin America and the Middle East (smartphones far outnumber computers at home there). A journey fielded
 * there, whose brief names no device, is walked on a phone.
 */
const MOBILE_FIRST = new Set(
  [
    // Africa
    "NG GH KE ZA EG MA TZ UG ET SN CI CM ZW ZM RW DZ TN AO MZ MW BJ BF ML NE TG SL LR GN CD CG GA BW NA LS SZ MG SD SS SO DJ ER MR GM GW CV LY",
    // South and South-East Asia
    "IN PK BD LK NP BT MV AF ID PH VN TH MY MM KH LA TL",
    // East Asian markets where phones lead
    "SG HK TW KR CN MO",
    // Latin America
    "BR MX AR CO PE CL EC VE BO PY UY GT HN SV NI CR PA DO CU HT JM TT",
    // Middle East
    "SA AE QA KW OM BH JO IQ IR LB SY YE PS TR",
  ]
    .join(" ")
    .split(" "),
);

/** Whether most people in a country go online on a phone. */
export const mobileFirst = (country: string | null | undefined) =>
  typeof country === "string" && MOBILE_FIRST.has(country.toUpperCase());

/** "Ghana", "the Philippines": a country's English name, or its code when `Intl` does not know it. */
export function countryName(country: string): string {
  const name = new Intl.DisplayNames(["en"], { type: "region" }).of(country.toUpperCase()) ?? country;
  return /^(?:Philippines|Netherlands|United|Dominican|Gambia|Maldives|Bahamas|Central African)/.test(name)
    ? `the ${name}`
    : name;
}
