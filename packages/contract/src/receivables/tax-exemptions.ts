/**
 * Wire shapes of the tax exemption certificates staff record on the customer's page
 * (docs/product/accounts-receivable.md "Tax exemptions"), and of the exemptions the checkout and
 * the order carry.
 */
import { z } from 'zod';
import { okResponse } from '../common';
import { idSchema } from '../common/safe-input';
import { isCalendarDate } from '../common/dates';
import {
  CERTIFICATE_NUMBER_MAX,
  TAX_EXEMPTION_KINDS,
  TAX_EXEMPTION_MESSAGES as M,
  taxExemptionMessage,
  taxExemptionProblem,
} from './tax-exemption-rules';

const day = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, { error: message });

/**
 * POST /api/admin/customers/:id/tax-exemptions. The region must be one where the kind of tax can be
 * exempted (the customer's country is checked by the API, and by the form that knows it).
 */
export const TaxExemptionBody = z
  .object({
    tax_kind: z.enum(TAX_EXEMPTION_KINDS, { error: M.taxKindInvalid }),
    region: z
      .string({ error: M.regionRequired })
      .trim()
      .max(2, { error: M.provinceInvalid })
      .transform((v) => v.toUpperCase()),
    certificate_number: z
      .string({ error: M.certificateRequired })
      .trim()
      .min(1, { error: M.certificateRequired })
      .max(CERTIFICATE_NUMBER_MAX, { error: M.certificateTooLong }),
    valid_from: day(M.validFromInvalid),
    valid_until: z
      .union([day(M.validUntilInvalid), z.literal(''), z.null()], { error: M.validUntilInvalid })
      .optional()
      .transform((v) => v || null),
  })
  // NOTE: `when: () => true` so the region and dates report with the other fields' messages.
  .superRefine(
    (body, ctx) => {
      if (typeof body?.tax_kind === 'string' && typeof body.region === 'string') {
        const problem = taxExemptionProblem(body.tax_kind, body.region);
        if (problem)
          ctx.addIssue({
            code: 'custom',
            path: [problem.field],
            message: taxExemptionMessage(problem.key, problem.province),
          });
      }
      if (
        typeof body?.valid_from === 'string' &&
        typeof body.valid_until === 'string' &&
        isCalendarDate(body.valid_from) &&
        isCalendarDate(body.valid_until) &&
        body.valid_until < body.valid_from
      )
        ctx.addIssue({ code: 'custom', path: ['valid_until'], message: M.validUntilBeforeFrom });
    },
    { when: () => true },
  );
export type TaxExemptionBody = z.output<typeof TaxExemptionBody>;

/** What names a certificate: the tax it exempts from, where, and its number. */
const certificateFields = {
  tax_kind: z.enum(TAX_EXEMPTION_KINDS),
  region: z.string(),
  certificate_number: z.string(),
};

/** A certificate as staff see it; `active` says whether it exempts anything today. */
export const TaxExemptionDto = z.object({
  id: z.number().int(),
  ...certificateFields,
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  revoked_at: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
  active: z.boolean(),
});
export type TaxExemptionDto = z.infer<typeof TaxExemptionDto>;

/** GET and every write: the customer's certificates, newest first. */
export const TaxExemptionsResponse = okResponse({ exemptions: z.array(TaxExemptionDto) });
export type TaxExemptionsResponse = z.infer<typeof TaxExemptionsResponse>;

export const TaxExemptionParams = z.object({
  id: idSchema('id'),
  exemptionId: idSchema('exemptionId'),
});

/** A certificate that applies today (the checkout answer lists the account's, every region). */
export const ActiveTaxExemptionDto = z.object(certificateFields);
export type ActiveTaxExemptionDto = z.infer<typeof ActiveTaxExemptionDto>;

/** A tax an order does not charge, and the certificate that exempted it (amount in dollars). */
export const OrderTaxExemption = z.object({
  kind: z.enum(TAX_EXEMPTION_KINDS),
  rate: z.number(),
  amount: z.number(),
  region: z.string(),
  certificate_number: z.string(),
});
export type OrderTaxExemption = z.infer<typeof OrderTaxExemption>;
