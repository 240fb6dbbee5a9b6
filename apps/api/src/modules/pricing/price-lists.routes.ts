import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCustomerGroup,
  AdminCustomerGroups,
  AdminCustomerGroupUpdate,
  AdminDeleted,
  AdminGroupMemberBody,
  AdminGroupMemberParams,
  AdminGroupMembers,
  AdminPriceAssignmentParams,
  AdminPriceEntriesPage,
  AdminPriceEntriesQuery,
  AdminPriceEntry,
  AdminPriceEntryParams,
  AdminPriceImportResult,
  AdminPriceList,
  AdminPriceListParams,
  AdminPriceLists,
  AdminPriceListUpdate,
  AdminPricingCustomers,
  AdminPricingCustomersQuery,
  customerGroupInput,
  ErpPriceEntriesBody,
  ErpPriceEntriesResult,
  ErrorBody,
  priceListAssignmentInput,
  priceListEntryInput,
  priceListInput,
} from '@wholesale/contract';
import { sendAttachment } from '../../lib/attachment';
import { scopedActorOf, scopedRoute, staffOf, staffRoutes } from '../../plugins/auth';
import {
  addGroupMember,
  createCustomerGroup,
  deleteCustomerGroup,
  findPricingCustomers,
  listCustomerGroups,
  listGroupMembers,
  removeGroupMember,
  renameCustomerGroup,
} from './customer-groups.service';
import { exportPriceListCsv, exportPriceListXlsx, importPriceFile } from './price-lists.files';
import {
  addEntry,
  assignPriceList,
  createPriceList,
  deletePriceList,
  editEntry,
  listEntries,
  listPriceLists,
  existingList,
  removeEntry,
  syncEntries,
  unassignPriceList,
  updatePriceList,
  type PricingActor,
} from './price-lists.service';

/** Refusals every write may answer (the OpenAPI document lists them). */
const REFUSALS = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The ERP's upsert of a whole list: 100,000 entries of ~150 bytes, with room. */
const ERP_BODY_LIMIT = 32 * 1024 * 1024;

const ExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/**
 * Price lists and customer groups in the back office (docs/product/pricing.md "Managing price
 * lists"): the catalogue's staff (content role; admins) keep them; the ERP writes a list's entries
 * with an integration token holding prices:write. Every change is audited.
 */
export const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.importMaxBytes, files: 1, fields: 5, fieldSize: 100 },
  });
  const route = staffRoutes(['content'], { tag: 'price lists' });
  const actor = (request: FastifyRequest): PricingActor => {
    const staff = staffOf(request);
    return { id: staff.id, email: staff.email };
  };
  const lists = '/api/admin/price-lists';
  const groups = '/api/admin/customer-groups';

  // Lists
  app.get(
    lists,
    route({
      summary: 'Every price list with its entry count and who it is given to',
      response: { 200: AdminPriceLists },
    }),
    async () => ({ lists: await listPriceLists(app.db) }),
  );
  app.post(
    lists,
    route({
      summary: 'Adds a price list (name, currency CAD or USD); 409 on a used name',
      body: priceListInput,
      response: { 200: AdminPriceList, ...REFUSALS },
    }),
    async (request) => createPriceList(app.db, request.body, actor(request)),
  );
  app.patch(
    `${lists}/:id`,
    route({
      summary: 'Renames a price list or turns it on or off',
      params: AdminPriceListParams,
      body: AdminPriceListUpdate,
      response: { 200: AdminPriceList, ...REFUSALS },
    }),
    async (request) => updatePriceList(app.db, request.params.id, request.body, actor(request)),
  );
  app.delete(
    `${lists}/:id`,
    route({
      summary: 'Deletes a price list with its entries and assignments',
      params: AdminPriceListParams,
      response: { 200: AdminDeleted, 404: ErrorBody },
    }),
    async (request) => deletePriceList(app.db, request.params.id, actor(request)),
  );

  // Entries
  app.get(
    `${lists}/:id/entries`,
    route({
      summary: "One page of a list's entries; q finds a SKU, brand or category code",
      params: AdminPriceListParams,
      querystring: AdminPriceEntriesQuery,
      response: { 200: AdminPriceEntriesPage, 404: ErrorBody },
    }),
    async (request) => listEntries(app.db, request.params.id, request.query),
  );
  app.post(
    `${lists}/:id/entries`,
    route({
      summary:
        'Adds an entry (a product by SKU, a brand, a category by cat_code); 409 when the list has one with the same target, min_packs and starts_on',
      params: AdminPriceListParams,
      body: priceListEntryInput,
      response: { 200: AdminPriceEntry, ...REFUSALS },
    }),
    async (request) => addEntry(app.db, request.params.id, request.body, actor(request)),
  );
  app.put(
    `${lists}/:id/entries/:entry_id`,
    route({
      summary: 'Replaces an entry',
      params: AdminPriceEntryParams,
      body: priceListEntryInput,
      response: { 200: AdminPriceEntry, ...REFUSALS },
    }),
    async (request) =>
      editEntry(app.db, request.params.id, request.params.entry_id, request.body, actor(request)),
  );
  app.delete(
    `${lists}/:id/entries/:entry_id`,
    route({
      summary: 'Removes an entry',
      params: AdminPriceEntryParams,
      response: { 200: AdminDeleted, 404: ErrorBody },
    }),
    async (request) =>
      removeEntry(app.db, request.params.id, request.params.entry_id, actor(request)),
  );

  // Import and export
  app.post(
    `${lists}/:id/import`,
    route({
      summary:
        'Imports a CSV or XLSX file of entries (multipart: file, dry_run, replace, errors_file): created or changed by their key, refused rows listed',
      params: AdminPriceListParams,
      response: {
        200: AdminPriceImportResult,
        ...REFUSALS,
        413: ErrorBody,
        415: ErrorBody,
      },
    }),
    async (request, reply) => {
      const staff = staffOf(request);
      const answer = await importPriceFile(app.db, app.config, request, request.params.id, {
        id: staff.id,
        email: staff.email,
        lang: staff.lang,
      });
      if (answer.kind === 'errors')
        return sendAttachment(reply, `price-list-${request.params.id}-errors.csv`, answer.csv);
      return answer.result;
    },
  );
  app.get(
    `${lists}/:id/export`,
    route({
      summary: "A list's entries in the import format (?format=csv or xlsx)",
      params: AdminPriceListParams,
      querystring: ExportQuery,
      response: { 404: ErrorBody },
    }),
    async (request, reply) => {
      const { id } = request.params;
      await existingList(app.db, id);
      if (request.query.format === 'xlsx')
        return sendAttachment(
          reply,
          `price-list-${id}.xlsx`,
          await exportPriceListXlsx(app.db, id),
        );
      return sendAttachment(reply, `price-list-${id}.csv`, exportPriceListCsv(app.db, id));
    },
  );

  // Assignments
  app.post(
    `${lists}/:id/assignments`,
    route({
      summary:
        'Gives the list to a customer (customer_code, buying in its currency) or to a group (group_id)',
      params: AdminPriceListParams,
      body: priceListAssignmentInput,
      response: { 200: AdminPriceList, ...REFUSALS },
    }),
    async (request) => assignPriceList(app.db, request.params.id, request.body, actor(request)),
  );
  app.delete(
    `${lists}/:id/assignments/:assignment_id`,
    route({
      summary: 'Stops giving the list to a customer or group',
      params: AdminPriceAssignmentParams,
      response: { 200: AdminPriceList, 404: ErrorBody },
    }),
    async (request) =>
      unassignPriceList(app.db, request.params.id, request.params.assignment_id, actor(request)),
  );
  app.get(
    '/api/admin/pricing/customers',
    route({
      summary: 'Customers whose code, company, owner or e-mail holds q (at most 20)',
      querystring: AdminPricingCustomersQuery,
      response: { 200: AdminPricingCustomers },
    }),
    async (request) => findPricingCustomers(app.db, request.query.q),
  );

  // Customer groups
  app.get(
    groups,
    route({
      summary: 'Every customer group with its member and list counts',
      response: { 200: AdminCustomerGroups },
    }),
    async () => ({ groups: await listCustomerGroups(app.db) }),
  );
  app.post(
    groups,
    route({
      summary: 'Adds a customer group; 409 on a used name',
      body: customerGroupInput,
      response: { 200: AdminCustomerGroup, ...REFUSALS },
    }),
    async (request) => createCustomerGroup(app.db, request.body, actor(request)),
  );
  app.patch(
    `${groups}/:id`,
    route({
      summary: 'Renames a customer group',
      params: AdminPriceListParams,
      body: AdminCustomerGroupUpdate,
      response: { 200: AdminCustomerGroup, ...REFUSALS },
    }),
    async (request) => renameCustomerGroup(app.db, request.params.id, request.body, actor(request)),
  );
  app.delete(
    `${groups}/:id`,
    route({
      summary: 'Deletes a customer group (its lists are no longer given to it)',
      params: AdminPriceListParams,
      response: { 200: AdminDeleted, 404: ErrorBody },
    }),
    async (request) => deleteCustomerGroup(app.db, request.params.id, actor(request)),
  );
  app.get(
    `${groups}/:id/members`,
    route({
      summary: "A group's members",
      params: AdminPriceListParams,
      response: { 200: AdminGroupMembers, 404: ErrorBody },
    }),
    async (request) => ({ members: await listGroupMembers(app.db, request.params.id) }),
  );
  app.post(
    `${groups}/:id/members`,
    route({
      summary: 'Adds a customer (by customer_code) to a group; 409 when already in it',
      params: AdminPriceListParams,
      body: AdminGroupMemberBody,
      response: { 200: AdminGroupMembers, ...REFUSALS },
    }),
    async (request) =>
      addGroupMember(app.db, request.params.id, request.body.customer_code, actor(request)),
  );
  app.delete(
    `${groups}/:id/members/:customer_id`,
    route({
      summary: 'Takes a customer out of a group',
      params: AdminGroupMemberParams,
      response: { 200: AdminGroupMembers, 404: ErrorBody },
    }),
    async (request) =>
      removeGroupMember(app.db, request.params.id, request.params.customer_id, actor(request)),
  );

  // The ERP
  app.put(
    '/api/integrations/price-lists/:id/entries',
    {
      bodyLimit: ERP_BODY_LIMIT,
      ...scopedRoute('prices:write', 'price lists', {
        summary:
          "Creates or updates a list's entries by their key (target, min_packs, starts_on); replace: true removes the others. All or none; repeating a call changes nothing",
        params: AdminPriceListParams,
        body: ErpPriceEntriesBody,
        response: { 200: ErpPriceEntriesResult, ...REFUSALS },
      }),
    },
    async (request) => syncEntries(app.db, request.params.id, request.body, scopedActorOf(request)),
  );
};
