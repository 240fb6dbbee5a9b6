import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountCreditDto } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { receivablesKeys } from './keys';

/** GET /api/account/credit: the signed-in buyer's limit, balance, aging, invoices, payments, interest. */
export const getAccountCredit = () =>
  api.get<{ status: true; data: AccountCreditDto }>('/account/credit');

export const accountCreditQuery = () =>
  queryOptions({ queryKey: receivablesKeys.detail('credit'), queryFn: getAccountCredit });

export const useAccountCredit = () => useQuery(accountCreditQuery());

/** The month's statement PDF (same-origin GET with the session cookie), in the buyer's language. */
export const statementPdfUrl = (period: string) =>
  buildUrl(`/account/statements/${encodeURIComponent(period)}/pdf`);
