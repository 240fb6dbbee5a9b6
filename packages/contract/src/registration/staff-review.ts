import { z } from 'zod';
import { dataResponse, listResponse } from '../common';
import { requiredText } from '../common/safe-input';
import { Officer, TradeReference } from './parts';

/** The staff review of applications: the list query, the list and detail rows, approve and reject. */

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** GET /api/admin/applications query. */
export const AdminApplicationsQuery = z.object({
  status: z
    .enum([...APPLICATION_STATUSES, 'all'], {
      error: 'Status must be pending, approved, rejected or all',
    })
    .default('pending'),
  country: z
    .enum(['ca', 'usa', 'us', ''], { error: 'Country must be ca or usa' })
    .optional()
    // Both spellings filter the stored 'us'.
    .transform((v) => (v === 'usa' ? 'us' : v || undefined)),
  search: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number of at least 1' })
    .int()
    .min(1)
    .max(100000)
    .default(1),
  per_page: z.coerce
    .number({ error: 'Per page must be between 1 and 100' })
    .int()
    .min(1)
    .max(100)
    .default(25),
});
export type AdminApplicationsQuery = z.output<typeof AdminApplicationsQuery>;

/** One row of the staff list: no sensitive field. */
export const ApplicationSummary = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  country: z.enum(['ca', 'usa']),
  company_name: z.string(),
  owner_name: z.string(),
  email: z.string(),
  lang: z.enum(['en', 'fr', 'es']),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;

export const ApplicationListResponse = listResponse(ApplicationSummary);
export type ApplicationListResponse = z.infer<typeof ApplicationListResponse>;

/** The decrypted application for staff: every submitted field, as submitted, plus review facts. */
export const ApplicationDetail = ApplicationSummary.extend({
  form: z.record(z.string(), z.unknown()),
  officers: z.array(Officer),
  trade: z.array(TradeReference),
  reviewed_by: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  customer_code: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetail>;

export const ApplicationDetailResponse = dataResponse(ApplicationDetail);
export type ApplicationDetailResponse = z.infer<typeof ApplicationDetailResponse>;

export const RejectApplicationBody = z.object({
  reason: requiredText(
    2000,
    'Please give a reason for the rejection',
    'The reason must be 2000 characters or fewer',
  ),
});
export type RejectApplicationBody = z.infer<typeof RejectApplicationBody>;

export const ApproveApplicationResponse = dataResponse(
  z.object({ user_id: z.number().int(), customer_code: z.string() }),
);
export type ApproveApplicationResponse = z.infer<typeof ApproveApplicationResponse>;
