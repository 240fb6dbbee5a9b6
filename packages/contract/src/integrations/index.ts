import { z } from 'zod';
import { idSchema, requiredText } from '../common/safe-input';

/**
 * What an integration token may do (docs/product/back-office-catalogue.md "Machine feed"):
 * `catalogue:write` pushes stock and prices, `orders:read` reads orders, `invoices:read` reads
 * invoices and `invoices:write` pushes the ERP's own, `payments:write` records customers' payments
 * (docs/product/accounts-receivable.md), `prices:write` writes price lists' entries
 * (docs/product/pricing.md).
 */
export const INTEGRATION_SCOPES = [
  'catalogue:write',
  'orders:read',
  'invoices:read',
  'invoices:write',
  'payments:write',
  'prices:write',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** Every integration token's secret starts with this, so a bearer token is told from a session at once. */
export const INTEGRATION_TOKEN_PREFIX = 'wsi_';

export const AdminCreateTokenBody = z.object({
  name: requiredText(100, 'Give the token a name', 'The name must be at most 100 characters'),
  scopes: z
    .array(z.enum(INTEGRATION_SCOPES, { message: 'Unknown scope' }))
    .min(1, { message: 'Choose at least one scope' }),
});
export type AdminCreateTokenBody = z.infer<typeof AdminCreateTokenBody>;

export const AdminIntegrationToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret, to tell tokens apart. */
  hint: z.string(),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type AdminIntegrationToken = z.infer<typeof AdminIntegrationToken>;

export const AdminIntegrationTokens = z.object({ tokens: z.array(AdminIntegrationToken) });
export type AdminIntegrationTokens = z.infer<typeof AdminIntegrationTokens>;

/** The answer to a creation: the only time the secret is ever shown. */
export const AdminCreatedToken = z.object({ token: AdminIntegrationToken, secret: z.string() });
export type AdminCreatedToken = z.infer<typeof AdminCreatedToken>;

export const AdminTokenParams = z.object({ id: idSchema('id') });
