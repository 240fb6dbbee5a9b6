import { z } from 'zod';
import { COUNTRIES, LANGS, listResponse, dataResponse } from '../common';
import { EmailField } from '../accounts';
import { idSchema, safeText, staffPageFields } from '../common/safe-input';
import { STAFF_ROLES, normaliseStaffRoles } from './roles';

/**
 * The staff and customer administration screens' wire shapes
 * (docs/product/back-office-staff-and-customers.md). Every text is length-limited with a message
 * naming the field.
 */

export const StaffMemberIdParams = z.object({ id: idSchema('id') });
export const CustomerIdParams = z.object({ id: idSchema('id') });

const ROLES_MESSAGE = `Roles must be a list of ${STAFF_ROLES.join(', ')}`;

/** A list of staff roles: known names only, each once; at least one. */
export const StaffRolesField = z
  .array(z.enum(STAFF_ROLES, { error: ROLES_MESSAGE }), { error: ROLES_MESSAGE })
  .min(1, { error: 'Roles must name at least one role' })
  .max(STAFF_ROLES.length * 2, { error: ROLES_MESSAGE })
  .transform((roles) => normaliseStaffRoles(roles));

const NameField = safeText(200, 'Name')
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { message: 'Name is required' });

/** POST /api/admin/staff: invites a staff member (creates the account, mails a set-password link). */
export const AdminStaffInviteBody = z.object({
  email: EmailField,
  name: NameField,
  roles: StaffRolesField,
  lang: z.enum(LANGS, { error: 'Language must be en, fr or es' }).default('en'),
});
export type AdminStaffInviteBody = z.output<typeof AdminStaffInviteBody>;

/** PATCH /api/admin/staff/:id: the roles a staff member holds from now on. */
export const AdminStaffRolesBody = z.object({ roles: StaffRolesField });
export type AdminStaffRolesBody = z.output<typeof AdminStaffRolesBody>;

export const StaffMemberDto = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  lang: z.enum(LANGS),
  active: z.boolean(),
  /** False until the invitee has chosen a password. */
  password_set: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMemberDto = z.infer<typeof StaffMemberDto>;

export const AdminStaffListResponse = dataResponse(z.array(StaffMemberDto));
export type AdminStaffListResponse = z.infer<typeof AdminStaffListResponse>;

export const AdminStaffMemberResponse = dataResponse(StaffMemberDto);
export type AdminStaffMemberResponse = z.infer<typeof AdminStaffMemberResponse>;

/** GET /api/admin/customers: text in name, e-mail, customer code or company; paginated. */
export const AdminCustomersQuery = z.object({
  q: safeText(100, 'Search')
    .optional()
    .transform((v) => v?.trim() || undefined),
  ...staffPageFields(25),
});
export type AdminCustomersQuery = z.output<typeof AdminCustomersQuery>;

export const CustomerSummaryDto = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  customer_code: z.string().nullable(),
  country: z.enum(COUNTRIES),
  lang: z.enum(LANGS),
  active: z.boolean(),
  last_sign_in_at: z.string().nullable(),
});
export type CustomerSummaryDto = z.infer<typeof CustomerSummaryDto>;

export const AdminCustomersResponse = listResponse(CustomerSummaryDto);
export type AdminCustomersResponse = z.infer<typeof AdminCustomersResponse>;

export const CustomerOrderDto = z.object({
  id: z.number().int(),
  status: z.string(),
  total_cents: z.number().int(),
  created_at: z.string(),
});

/** The credit application that created the account; `form` only for roles that may read it. */
export const CustomerApplicationDto = z.object({
  id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  form: z.record(z.string(), z.unknown()).nullable(),
});

export const CustomerDetailDto = CustomerSummaryDto.extend({
  staff_note: z.string().nullable(),
  created_at: z.string(),
  order_count: z.number().int(),
  last_orders: z.array(CustomerOrderDto),
  favourites_count: z.number().int(),
  application: CustomerApplicationDto.nullable(),
});
export type CustomerDetailDto = z.infer<typeof CustomerDetailDto>;

export const AdminCustomerResponse = dataResponse(CustomerDetailDto);
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponse>;

export const CUSTOMER_CODE_PATTERN = /^[A-Za-z0-9-]+$/;

/** PATCH /api/admin/customers/:id: only the fields given change; an empty note clears it. */
export const AdminCustomerPatchBody = z
  .object({
    country: z.enum(COUNTRIES, { error: 'Country must be ca or us' }).optional(),
    customer_code: safeText(20, 'Customer code')
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { message: 'Customer code is required' })
      .refine((s) => CUSTOMER_CODE_PATTERN.test(s), {
        message: 'Customer code may hold only letters, digits and hyphens',
      })
      .optional(),
    staff_note: safeText(2000, 'Staff note')
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v?.trim() || null)),
  })
  .refine(
    (b) => b.country !== undefined || b.customer_code !== undefined || b.staff_note !== undefined,
    { message: 'Give country, customer_code or staff_note to change' },
  );
export type AdminCustomerPatchBody = z.output<typeof AdminCustomerPatchBody>;
