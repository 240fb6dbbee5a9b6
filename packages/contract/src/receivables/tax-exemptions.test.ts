import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANADIAN_SALES_TAX, US_STATE_BASE_RATES, estimateSalesTax } from '../checkout/rules';
import {
  TAX_EXEMPTION_KINDS,
  exemptTaxes,
  taxExemptionMessage,
  taxExemptionMessageKey,
  taxExemptionProblem,
  type ApplicableExemption,
} from './tax-exemption-rules';
import { TaxExemptionBody } from './tax-exemptions';

// docs/product/accounts-receivable.md "Tax exemptions".

const cert = (taxKind: ApplicableExemption['taxKind'], region: string, n = 'C-1') => ({
  taxKind,
  region,
  certificateNumber: n,
});

describe('exemptTaxes', () => {
  it('removes the PST of a BC order and says which certificate exempted it', () => {
    const estimate = estimateSalesTax(10_000, 'ca', 'BC');
    expect(exemptTaxes(estimate, [cert('PST', 'BC', 'PST-1234-5678')])).toEqual({
      lines: [{ kind: 'GST', rate: 5000, amountCents: 500 }],
      totalCents: 500,
      exempted: [
        {
          kind: 'PST',
          rate: 7000,
          amountCents: 700,
          region: 'BC',
          certificateNumber: 'PST-1234-5678',
        },
      ],
    });
  });

  it('removes the QST in Québec and the state tax in New York, never GST or HST', () => {
    expect(exemptTaxes(estimateSalesTax(10_000, 'ca', 'QC'), [cert('QST', 'QC')]).totalCents).toBe(
      500,
    );
    expect(exemptTaxes(estimateSalesTax(10_000, 'us', 'NY'), [cert('STATE', 'NY')])).toMatchObject({
      lines: [],
      totalCents: 0,
    });
    const on = estimateSalesTax(10_000, 'ca', 'ON');
    expect(exemptTaxes(on, [cert('PST', 'ON'), cert('QST', 'ON')])).toEqual({
      ...on,
      exempted: [],
    });
  });

  const regions = [
    ...Object.keys(CANADIAN_SALES_TAX).map((r) => ['ca', r] as const),
    ...Object.keys(US_STATE_BASE_RATES).map((r) => ['us', r] as const),
  ];
  const estimates = fc
    .tuple(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(...regions))
    .map(([cents, [country, region]]) => estimateSalesTax(cents, country, region));
  const certificates = fc.array(
    fc.record({
      taxKind: fc.constantFrom(...TAX_EXEMPTION_KINDS),
      region: fc.constantFrom('BC', 'QC', 'NY'),
      certificateNumber: fc.string({ minLength: 1, maxLength: 10 }),
    }),
    { maxLength: 4 },
  );

  it('keeps the total the sum of the charged lines, never adds a tax, loses no line', () => {
    fc.assert(
      fc.property(estimates, certificates, (estimate, exemptions) => {
        const out = exemptTaxes(estimate, exemptions);
        expect(out.totalCents).toBe(out.lines.reduce((s, l) => s + l.amountCents, 0));
        expect(out.totalCents).toBeLessThanOrEqual(estimate.totalCents);
        for (const line of out.lines) expect(estimate.lines).toContainEqual(line);
        expect(out.lines.length + out.exempted.length).toBe(estimate.lines.length);
        expect(out.totalCents + out.exempted.reduce((s, l) => s + l.amountCents, 0)).toBe(
          estimate.totalCents,
        );
        // GST and HST always stay charged.
        expect(out.lines.filter((l) => l.kind === 'GST' || l.kind === 'HST')).toEqual(
          estimate.lines.filter((l) => l.kind === 'GST' || l.kind === 'HST'),
        );
      }),
    );
  });

  it('changes nothing when no certificate applies', () => {
    fc.assert(
      fc.property(estimates, (estimate) => {
        expect(exemptTaxes(estimate, [])).toEqual({ ...estimate, exempted: [] });
      }),
    );
  });
});

describe('taxExemptionProblem', () => {
  it('allows a state certificate in a taxing state for a US customer only', () => {
    expect(taxExemptionProblem('STATE', 'ny', 'us')).toBeNull();
    expect(taxExemptionProblem('STATE', 'NY', 'ca')).toMatchObject({ key: 'stateForUsOnly' });
    expect(taxExemptionProblem('STATE', 'OR', 'us')).toMatchObject({ key: 'stateNoTax' });
    expect(taxExemptionProblem('STATE', 'ZZ', 'us')).toMatchObject({
      field: 'region',
      key: 'stateInvalid',
    });
  });

  it('allows PST in BC, MB, SK and QST in Québec for a Canadian customer only', () => {
    for (const r of ['BC', 'MB', 'SK']) expect(taxExemptionProblem('PST', r, 'ca')).toBeNull();
    expect(taxExemptionProblem('QST', 'QC', 'ca')).toBeNull();
    expect(taxExemptionProblem('PST', 'BC', 'us')).toMatchObject({ key: 'provinceForCaOnly' });
    expect(taxExemptionProblem('PST', 'QC')).toMatchObject({ key: 'quebecQst' });
    expect(taxExemptionProblem('QST', 'BC')).toMatchObject({ key: 'qstQuebecOnly' });
    expect(taxExemptionProblem('PST', 'AB')).toMatchObject({ key: 'gstOnlyProvince' });
    expect(taxExemptionProblem('GST', 'AB')).toMatchObject({ field: 'tax_kind' });
    expect(taxExemptionProblem('PST', '')).toMatchObject({ key: 'regionRequired' });
  });

  it('says Ontario has no PST, and the web finds the key and province back', () => {
    const problem = taxExemptionProblem('PST', 'ON')!;
    const message = taxExemptionMessage(problem.key, problem.province);
    expect(message).toBe('Ontario has no PST: HST cannot be exempted here');
    expect(taxExemptionMessageKey(message)).toEqual({ key: 'hstProvince', province: 'ON' });
    expect(taxExemptionMessageKey('Certificate number is required')).toEqual({
      key: 'certificateRequired',
    });
    expect(taxExemptionMessageKey('something else')).toBeUndefined();
  });
});

describe('TaxExemptionBody', () => {
  const valid = {
    tax_kind: 'PST',
    region: 'bc',
    certificate_number: '  PST-1234 ',
    valid_from: '2026-01-01',
  };
  it('trims, upper-cases the region and defaults valid_until to null', () => {
    expect(TaxExemptionBody.parse(valid)).toEqual({
      tax_kind: 'PST',
      region: 'BC',
      certificate_number: 'PST-1234',
      valid_from: '2026-01-01',
      valid_until: null,
    });
  });

  it('names every wrong field with its message', () => {
    const result = TaxExemptionBody.safeParse({
      tax_kind: 'PST',
      region: 'ON',
      certificate_number: ' ',
      valid_from: '2026-02-01',
      valid_until: '2026-01-31',
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join('.'), i.message]),
    );
    expect(issues).toEqual({
      region: 'Ontario has no PST: HST cannot be exempted here',
      certificate_number: 'Certificate number is required',
      valid_until: 'Valid until must not be before valid from',
    });
    expect(
      TaxExemptionBody.safeParse({ ...valid, certificate_number: 'x'.repeat(61) }).error?.issues[0]
        .message,
    ).toBe('Certificate number is at most 60 characters');
    expect(
      TaxExemptionBody.safeParse({ ...valid, valid_from: '2026-02-30' }).error?.issues[0].message,
    ).toBe('Valid from must be a date written YYYY-MM-DD');
  });
});
