import { z } from 'zod';
import { COUNTRIES, type Lang, dataResponse, messageKeyLookup, okResponse } from '../common';
// The 1,000 most common passwords of at least 10 characters, lower-cased, in rank order (a JSON
// array, bundled with the code that imports it: the API build and the web's password forms' chunk).
// Source: the password frequency list shipped by zxcvbn-ts (@zxcvbn-ts/language-common 4.1.3),
// MIT licence, Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc., (c) 2021 @zxcvbn-ts.
// NOTE: shorter passwords are refused by the length rule already, so only long ones are listed.
import COMMON_PASSWORDS from './common-passwords.json';
import { STAFF_ROLES } from '../staff/roles';

/**
 * Field messages of the account forms. docs/product/accounts.md "Reset password" gives the first five word for
 * word; the others are ours. The web translates them by key (locales/<lng>/accounts.json
 * `validation.<key>`), the API answers them in English.
 */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 10 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  passwordTooCommon: 'This password is too common, please choose another one',
  oldPasswordRequired: 'Current password is required',
  tokenRequired: 'The reset link is missing or invalid',
  idRequired: 'User id is required',
} as const;
export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** The key of an account message, so the web can show it in the user's language. */
export const accountMessageKey = messageKeyLookup(ACCOUNT_MESSAGES);

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

const COMMON = /* @__PURE__ */ new Set(COMMON_PASSWORDS);

/**
 * The password policy (docs/product/accounts.md): at least 10 characters and not one of the 1,000 most common
 * passwords (compared case-insensitively). Returns the message of the first rule broken, or null.
 */
export function passwordPolicyError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (COMMON.has(password.toLowerCase())) return ACCOUNT_MESSAGES.passwordTooCommon;
  return null;
}

/** docs/product/accounts.md: the e-mail pattern (a name, an @, a domain with a dot). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+'-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** An e-mail field: required, then the pattern; trimmed; at most 254 characters. */
export const EmailField = z
  .string({ message: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, { message: ACCOUNT_MESSAGES.emailRequired })
  .max(254, { message: ACCOUNT_MESSAGES.emailInvalid })
  .regex(EMAIL_PATTERN, { message: ACCOUNT_MESSAGES.emailInvalid });

/** A password being checked (login, current password): required, nothing else. */
export const PasswordField = z
  .string({ message: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, { message: ACCOUNT_MESSAGES.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong });

/** A password being chosen: required, then the policy. */
export const NewPasswordField = z
  .string({ message: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, { message: ACCOUNT_MESSAGES.passwordRequired })
  .superRefine((value, ctx) => {
    const problem = passwordPolicyError(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const ConfirmField = z
  .string({ message: ACCOUNT_MESSAGES.confirmRequired })
  .min(1, { message: ACCOUNT_MESSAGES.confirmRequired });

function passwordsMatch(
  v: { new_password: string; confirm_password: string },
  ctx: z.RefinementCtx,
): void {
  if (v.confirm_password && v.new_password !== v.confirm_password) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirm_password'],
      message: ACCOUNT_MESSAGES.passwordsMismatch,
    });
  }
}

/** docs/product/accounts.md wire language: '' is English. */
export type WireLang = '' | 'fr' | 'es';
export function toWireLang(lang: Lang): WireLang {
  return lang === 'en' ? '' : lang;
}

// ---------------------------------------------------------------- login, me, logout

/** POST /api/login body (docs/product/accounts.md "Account"). */
export const LoginBody = z.object({ email: EmailField, password: PasswordField });
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * The user as the browser stores it (docs/product/accounts.md "Browser-stored session"). `flag` carries the
 * account's status ('active'); `cflag` its country. The token is never part of it.
 */
export const SessionUserDto = z.object({
  user_value: z.number().int(),
  owner_name: z.string(),
  email: z.string(),
  customer_code: z.string().nullable(),
  flag: z.string(),
  cflag: z.enum(COUNTRIES),
  lang: z.enum(['', 'fr', 'es']),
  role: z.enum(['customer', 'staff']),
  /** What a staff member may do (empty for customers); the web shows the admin menu from it. */
  staff_roles: z.array(z.enum(STAFF_ROLES)),
});
export type SessionUserDto = z.infer<typeof SessionUserDto>;

/** POST /api/login answer, exactly the documented shape (docs/product/accounts.md). The SPA keeps `user`, never `token`. */
export const LoginResponse = okResponse({
  token: z.string(),
  user: SessionUserDto,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /api/me: the stored-user shape plus the profile fields shown on /profile. */
export const MeUserDto = SessionUserDto.extend({ company_name: z.string().nullable() });
export type MeUserDto = z.infer<typeof MeUserDto>;
export const MeResponse = okResponse({ user: MeUserDto });
export type MeResponse = z.infer<typeof MeResponse>;

/** A `user_id` query accepted for compatibility; a foreign value answers 403 (docs/decisions/002-country-and-identity.md). */
export const OptionalUserIdQuery = z.object({ user_id: z.string().max(20).optional() });

/** A plain success with a message (logout, forgot, reset, password change). */
export const StatusMessageResponse = okResponse({ message: z.string() });
export type StatusMessageResponse = z.infer<typeof StatusMessageResponse>;

// ---------------------------------------------------------------- forgot and reset

/** POST /api/forgot-password body and the /forget-password form. */
export const ForgotPasswordBody = z.object({ email: EmailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** The one answer of forgot-password, whether or not the address is known. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, an e-mail with a link to reset the password is on its way.';
export const RESET_PASSWORD_ANSWER = 'Password reset successfully';
export const PASSWORD_CHANGED_ANSWER = 'Password changed successfully';

/** The /reset-password form (docs/product/accounts.md "Reset Password screen", docs/product/accounts.md messages). */
export const ResetPasswordForm = z
  .object({ email: EmailField, new_password: NewPasswordField, confirm_password: ConfirmField })
  .superRefine(passwordsMatch);
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/**
 * The first-password page's form (a `set` link from an approval): the token names the user, so
 * no e-mail.
 */
export const SetPasswordForm = z
  .object({ new_password: NewPasswordField, confirm_password: ConfirmField })
  .superRefine(passwordsMatch);
export type SetPasswordForm = z.infer<typeof SetPasswordForm>;

/**
 * POST /api/reset-password body: the form plus the token from the mailed link. The e-mail may be
 * left out for a first-password (`set`) token only (the API checks the token's purpose).
 */
export const ResetPasswordBody = z
  .object({
    email: EmailField.optional(),
    new_password: NewPasswordField,
    confirm_password: ConfirmField,
    token: z
      .string({ message: ACCOUNT_MESSAGES.tokenRequired })
      .min(1, { message: ACCOUNT_MESSAGES.tokenRequired })
      .max(200, { message: ACCOUNT_MESSAGES.tokenRequired }),
  })
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

// ---------------------------------------------------------------- password change

/** PUT /api/updateProfile body (docs/product/accounts.md): the id must be the caller's own. */
export const UpdateProfileBody = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d{1,12}$/)], {
    message: ACCOUNT_MESSAGES.idRequired,
  }),
  old_password: z
    .string({ message: ACCOUNT_MESSAGES.oldPasswordRequired })
    .min(1, { message: ACCOUNT_MESSAGES.oldPasswordRequired })
    .max(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong }),
  new_password: NewPasswordField,
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** The /profile/password form: current password, new password, confirmation. */
export const ChangePasswordForm = z
  .object({
    old_password: UpdateProfileBody.shape.old_password,
    new_password: NewPasswordField,
    confirm_password: ConfirmField,
  })
  .superRefine(passwordsMatch);
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

// ---------------------------------------------------------------- preferences

/** PUT /api/me/preferences body (the /pform form): the language of the site and of the e-mails. */
export const UpdatePreferencesBody = z.object({
  lang: z.enum(['', 'en', 'fr', 'es'], { message: 'Language must be English, French or Spanish' }),
});
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBody>;

/**
 * GET/PUT /api/me/mail-preferences: which order mails the caller wants. Off turns off the
 * "accepted" and "cancelled" mails; the "shipped" mail always goes (docs/product/back-office-orders.md).
 */
export const MailPreferences = z.object({
  order_status_mails: z.boolean({ message: 'order_status_mails must be true or false' }),
});
export type MailPreferences = z.infer<typeof MailPreferences>;
export const MailPreferencesResponse = okResponse({
  preferences: MailPreferences,
});
export type MailPreferencesResponse = z.infer<typeof MailPreferencesResponse>;

// ---------------------------------------------------------------- client configuration

/**
 * GET /api/client-config: the pluggable third parties of docs/product/accounts.md (live chat for signed-in users,
 * analytics), all off unless configured.
 */
export const ClientConfigResponse = okResponse({
  chat_widget_url: z.string().nullable(),
  analytics_script_url: z.string().nullable(),
});
export type ClientConfigResponse = z.infer<typeof ClientConfigResponse>;

/**
 * GET /api/geolocation: where the caller's IP is, for the one-time analytics event (docs/product/accounts.md).
 * All null without a configured provider; the storefront's country stays 'ca' either way.
 */
export const GeolocationResponse = okResponse({
  country_name: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
});
export type GeolocationResponse = z.infer<typeof GeolocationResponse>;

// ---------------------------------------------------------------- dev mailbox

export const MailSummaryDto = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  lang: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailSummaryDto = z.infer<typeof MailSummaryDto>;
export const MailDetailDto = MailSummaryDto.extend({
  html: z.string(),
  text: z.string(),
  last_error: z.string().nullable(),
});
export type MailDetailDto = z.infer<typeof MailDetailDto>;
export const MailboxListResponse = dataResponse(z.array(MailSummaryDto));
export const MailDetailResponse = dataResponse(MailDetailDto);

export * from './customer-code';
