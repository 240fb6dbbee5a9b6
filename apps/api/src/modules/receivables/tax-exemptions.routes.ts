import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerIdParams,
  ErrorBody,
  TaxExemptionBody,
  TaxExemptionParams,
  TaxExemptionsResponse,
  type TaxExemptionDto,
} from '@wholesale/contract';
import { staffOf, staffRoute } from '../../plugins/auth';
import {
  listTaxExemptions,
  recordTaxExemption,
  revokeCustomerTaxExemption,
} from './tax-exemptions.service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * A customer's tax exemption certificates on the staff customer screen
 * (docs/product/accounts-receivable.md "Tax exemptions"): orders staff read them (the desk shows
 * what an order was not charged), credit staff and admins record and revoke them (audited).
 */
export const taxExemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every call answers the customer's certificates as they are after it.
  const answer = async (exemptions: Promise<TaxExemptionDto[]>) => ({
    status: true as const,
    exemptions: await exemptions,
  });

  app.get(
    '/api/admin/customers/:id/tax-exemptions',
    staffRoute(['credit', 'orders'], {
      summary: "Staff: a customer's tax exemption certificates, newest first",
      params: CustomerIdParams,
      response: { 200: TaxExemptionsResponse, ...errors },
    }),
    async (request) => answer(listTaxExemptions(app.db, request.params.id)),
  );

  app.post(
    '/api/admin/customers/:id/tax-exemptions',
    staffRoute(['credit'], {
      summary:
        "Staff: records a customer's resale or exemption certificate (STATE for a US state; PST in BC, MB, SK; QST in Québec; audited)",
      params: CustomerIdParams,
      body: TaxExemptionBody,
      response: { 200: TaxExemptionsResponse, ...errors },
    }),
    async (request) =>
      answer(recordTaxExemption(app.db, request.params.id, request.body, staffOf(request))),
  );

  app.post(
    '/api/admin/customers/:id/tax-exemptions/:exemptionId/revoke',
    staffRoute(['credit'], {
      summary: "Staff: revokes a customer's tax exemption certificate (audited)",
      params: TaxExemptionParams,
      response: { 200: TaxExemptionsResponse, ...errors },
    }),
    async (request) =>
      answer(
        revokeCustomerTaxExemption(
          app.db,
          request.params.id,
          request.params.exemptionId,
          staffOf(request),
        ),
      ),
  );
};
