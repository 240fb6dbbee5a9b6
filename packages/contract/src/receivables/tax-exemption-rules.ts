/**
 * Tax exemption certificates (docs/product/accounts-receivable.md "Tax exemptions"): which tax a
 * certificate may exempt where, and the estimate without the exempt taxes. Pure (no zod, no clock):
 * the cart page's chunk reads `exemptTaxes` and must stay without zod (checkout/index.ts).
 */
import {
  CANADIAN_SALES_TAX,
  US_STATE_BASE_RATES,
  type TaxEstimate,
  type TaxLine,
} from '../checkout/rules';

/**
 * The taxes a certificate can remove: a US state's sales tax (a state resale certificate), a
 * province's PST where the province exempts resale (BC, MB, SK), Québec's QST. GST and HST are
 * federal (input tax credits, not certificates), so they are never exempted here.
 */
export const TAX_EXEMPTION_KINDS = ['STATE', 'PST', 'QST'] as const;
export type TaxExemptionKind = (typeof TAX_EXEMPTION_KINDS)[number];

/** Provinces whose PST a resale certificate exempts. */
export const PST_EXEMPT_PROVINCES = ['BC', 'MB', 'SK'] as const;

/** English names of the provinces and territories, for the messages that name one. */
export const PROVINCE_NAMES_EN: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Québec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/**
 * Field messages of the tax exemption form. The API answers them in English; the web translates
 * them by key (locales/<lng>/admin-tax-exemptions.json `validation.<key>`); `{province}` is filled
 * with the province's name.
 */
export const TAX_EXEMPTION_MESSAGES = {
  taxKindInvalid: 'Tax must be a state sales tax, a PST or the QST',
  stateForUsOnly: 'A state resale certificate is for US customers only',
  provinceForCaOnly: 'A PST or QST exemption is for Canadian customers only',
  regionRequired: 'State or province is required',
  stateInvalid: 'State must be a US state',
  stateNoTax: 'This state has no sales tax to exempt',
  provinceInvalid: 'Province must be a Canadian province or territory',
  hstProvince: '{province} has no PST: HST cannot be exempted here',
  gstOnlyProvince: '{province} has no PST: GST cannot be exempted here',
  quebecQst: 'Québec has no PST: choose QST',
  qstQuebecOnly: 'QST can be exempted only in Québec',
  certificateRequired: 'Certificate number is required',
  certificateTooLong: 'Certificate number is at most 60 characters',
  validFromInvalid: 'Valid from must be a date written YYYY-MM-DD',
  validUntilInvalid: 'Valid until must be a date written YYYY-MM-DD',
  validUntilBeforeFrom: 'Valid until must not be before valid from',
} as const;
export type TaxExemptionMessageKey = keyof typeof TAX_EXEMPTION_MESSAGES;

export const CERTIFICATE_NUMBER_MAX = 60;

/** A message with its `{province}` filled in (the English name). */
export function taxExemptionMessage(key: TaxExemptionMessageKey, province?: string): string {
  return TAX_EXEMPTION_MESSAGES[key].replace('{province}', PROVINCE_NAMES_EN[province ?? ''] ?? '');
}

/**
 * The key (and the province code) of an English tax exemption message, so the web can show it in
 * the reader's language; undefined for any other message.
 */
export function taxExemptionMessageKey(
  message: string | undefined,
): { key: TaxExemptionMessageKey; province?: string } | undefined {
  if (!message) return undefined;
  for (const key of Object.keys(TAX_EXEMPTION_MESSAGES) as TaxExemptionMessageKey[]) {
    const template = TAX_EXEMPTION_MESSAGES[key];
    if (!template.includes('{province}')) {
      if (template === message) return { key };
      continue;
    }
    for (const [code, name] of Object.entries(PROVINCE_NAMES_EN))
      if (template.replace('{province}', name) === message) return { key, province: code };
  }
  return undefined;
}

/**
 * Why a certificate for `kind` in `region` cannot exempt anything for a customer of `country`
 * (null when it can): STATE only for US customers in a state with a sales tax; PST only in BC, MB
 * and SK; QST only in Québec; both only for Canadian customers. Names the field it belongs to.
 */
export function taxExemptionProblem(
  kind: string,
  region: string,
  country?: 'ca' | 'us',
): { field: 'tax_kind' | 'region'; key: TaxExemptionMessageKey; province?: string } | null {
  if (!(TAX_EXEMPTION_KINDS as readonly string[]).includes(kind))
    return { field: 'tax_kind', key: 'taxKindInvalid' };
  if (country === 'ca' && kind === 'STATE') return { field: 'tax_kind', key: 'stateForUsOnly' };
  if (country === 'us' && kind !== 'STATE') return { field: 'tax_kind', key: 'provinceForCaOnly' };
  const code = region.trim().toUpperCase();
  if (!code) return { field: 'region', key: 'regionRequired' };
  if (kind === 'STATE') {
    if (!(code in US_STATE_BASE_RATES)) return { field: 'region', key: 'stateInvalid' };
    if (US_STATE_BASE_RATES[code] === 0) return { field: 'region', key: 'stateNoTax' };
    return null;
  }
  const taxes = CANADIAN_SALES_TAX[code];
  if (!taxes) return { field: 'region', key: 'provinceInvalid' };
  if (kind === 'QST') return code === 'QC' ? null : { field: 'region', key: 'qstQuebecOnly' };
  if ((PST_EXEMPT_PROVINCES as readonly string[]).includes(code)) return null;
  if (code === 'QC') return { field: 'region', key: 'quebecQst' };
  const hst = taxes.some((t) => t.kind === 'HST');
  return { field: 'region', key: hst ? 'hstProvince' : 'gstOnlyProvince', province: code };
}

/** A certificate that applies to an order (already filtered to its region and day). */
export type ApplicableExemption = {
  taxKind: TaxExemptionKind;
  region: string;
  certificateNumber: string;
};

/** A tax the estimate no longer charges, and the certificate that exempted it. */
export type ExemptedTax = Omit<TaxLine, 'kind'> & {
  kind: TaxExemptionKind;
  region: string;
  certificateNumber: string;
};

/** An estimate without its exempt taxes: `lines` are charged, `exempted` are not. */
export type ExemptEstimate = TaxEstimate & { exempted: ExemptedTax[] };

/**
 * Removes the taxes the certificates exempt from an estimate: each tax line whose kind a
 * certificate names leaves `lines` for `exempted` (with the first such certificate's number), the
 * total is the sum of what is left. It never adds a tax, and with no certificate it changes nothing.
 * GST and HST lines always stay (no certificate kind names them).
 */
export function exemptTaxes(
  estimate: TaxEstimate,
  exemptions: ReadonlyArray<ApplicableExemption>,
): ExemptEstimate {
  const lines: TaxLine[] = [];
  const exempted: ExemptedTax[] = [];
  for (const line of estimate.lines) {
    const certificate = exemptions.find((e) => e.taxKind === line.kind);
    if (certificate)
      exempted.push({
        ...line,
        kind: certificate.taxKind,
        region: certificate.region,
        certificateNumber: certificate.certificateNumber,
      });
    else lines.push(line);
  }
  if (exempted.length === 0) return { ...estimate, exempted };
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0), exempted };
}

/**
 * The checkout answer's certificates (every region) that apply to an address in `region`, as
 * `exemptTaxes` takes them: the page drops the same taxes the order will.
 */
export function exemptionsForRegion(
  list: ReadonlyArray<{ tax_kind: TaxExemptionKind; region: string; certificate_number: string }>,
  region: string,
): ApplicableExemption[] {
  const code = region.trim().toUpperCase();
  return list
    .filter((e) => e.region === code)
    .map((e) => ({
      taxKind: e.tax_kind,
      region: e.region,
      certificateNumber: e.certificate_number,
    }));
}
