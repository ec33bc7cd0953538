/**
 * Clients of a workspace (docs/product/projects.md#clients): the constants and checks the server and the web
 * share.
 */

export const CLIENT_KINDS = ['company', 'person'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

/** A new client's currency when none is chosen: the workspace's, which is INR until workspaces choose one. */
export const DEFAULT_CURRENCY = 'INR';
export const DEFAULT_COUNTRY = 'IN';
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

export const CLIENT_LIMITS = {
  nameMax: 200,
  legalNameMax: 200,
  taxIdMax: 20,
  addressLineMax: 200,
  cityMax: 100,
  stateMax: 100,
  postalCodeMax: 20,
  notesMax: 5000,
  paymentTermsMaxDays: 365,
  contactsMax: 50,
  contactNameMax: 200,
  jobTitleMax: 100,
  phoneMax: 40,
  /** Rows a page of GET /api/clients holds at most. */
  pageMax: 100,
} as const;

/**
 * India's states and union territories with their GST state codes (the first two digits of a GSTIN): a
 * client's state decides GST's place of supply on its invoices.
 */
export const INDIAN_STATES = [
  ['01', 'Jammu and Kashmir'],
  ['02', 'Himachal Pradesh'],
  ['03', 'Punjab'],
  ['04', 'Chandigarh'],
  ['05', 'Uttarakhand'],
  ['06', 'Haryana'],
  ['07', 'Delhi'],
  ['08', 'Rajasthan'],
  ['09', 'Uttar Pradesh'],
  ['10', 'Bihar'],
  ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'],
  ['13', 'Nagaland'],
  ['14', 'Manipur'],
  ['15', 'Mizoram'],
  ['16', 'Tripura'],
  ['17', 'Meghalaya'],
  ['18', 'Assam'],
  ['19', 'West Bengal'],
  ['20', 'Jharkhand'],
  ['21', 'Odisha'],
  ['22', 'Chhattisgarh'],
  ['23', 'Madhya Pradesh'],
  ['24', 'Gujarat'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['27', 'Maharashtra'],
  ['29', 'Karnataka'],
  ['30', 'Goa'],
  ['31', 'Lakshadweep'],
  ['32', 'Kerala'],
  ['33', 'Tamil Nadu'],
  ['34', 'Puducherry'],
  ['35', 'Andaman and Nicobar Islands'],
  ['36', 'Telangana'],
  ['37', 'Andhra Pradesh'],
  ['38', 'Ladakh'],
  ['97', 'Other Territory'],
] as const;

export const gstStateCode = (state: string): string | undefined =>
  INDIAN_STATES.find(([, name]) => name.toLowerCase() === state.trim().toLowerCase())?.[0];

/** ISO 4217 codes the runtime knows (Node and every current browser list the same set). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** Codes the runtime names that are no country: unknown, groupings and pseudo-locales' regions. */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB']);
/** An ISO 3166-1 alpha-2 country code the runtime can name. */
export function isCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== code;
}
export const countryName = (code: string) => regionNames.of(code) ?? code;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 (the GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN of the right shape whose check character is right. */
export function isGstin(value: string): boolean {
  return GSTIN_SHAPE.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

/** EU VAT numbers start with their country's prefix (Greece's is EL) and have 2-12 letters or digits. */
export const EU_VAT_PREFIX: Record<string, string> = {
  AT: 'AT',
  BE: 'BE',
  BG: 'BG',
  CY: 'CY',
  CZ: 'CZ',
  DE: 'DE',
  DK: 'DK',
  EE: 'EE',
  ES: 'ES',
  FI: 'FI',
  FR: 'FR',
  GR: 'EL',
  HR: 'HR',
  HU: 'HU',
  IE: 'IE',
  IT: 'IT',
  LT: 'LT',
  LU: 'LU',
  LV: 'LV',
  MT: 'MT',
  NL: 'NL',
  PL: 'PL',
  PT: 'PT',
  RO: 'RO',
  SE: 'SE',
  SI: 'SI',
  SK: 'SK',
};

/** A tax id as the client's country writes it (spaces, dots and dashes dropped, upper case). */
export const normaliseTaxId = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * Why a (normalised) tax id does not fit the client's country, or null when it does: a GSTIN in India (its
 * state code the client's state when one is given), a VAT number with its prefix in the EU and the UK,
 * elsewhere 3-20 letters and digits.
 */
export function taxIdProblem(
  taxId: string,
  country: string,
  state: string,
): 'gstin' | 'gstinState' | 'vat' | 'other' | null {
  if (country === 'IN') {
    if (!isGstin(taxId)) return 'gstin';
    const code = gstStateCode(state);
    return code && code !== taxId.slice(0, 2) ? 'gstinState' : null;
  }
  const prefix = EU_VAT_PREFIX[country] ?? (country === 'GB' ? 'GB' : undefined);
  if (prefix) {
    if (country === 'GB') return /^GB([0-9]{9}|[0-9]{12})$/.test(taxId) ? null : 'vat';
    return new RegExp(`^${prefix}[0-9A-Z+*]{2,12}$`).test(taxId) ? null : 'vat';
  }
  return /^[0-9A-Z/]{3,20}$/.test(taxId) ? null : 'other';
}
