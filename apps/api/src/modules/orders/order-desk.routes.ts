import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminOrderDetailResponse,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderParams,
  CartResponse,
  ChangeOrderStatusBody,
  CustomerNumber,
  ErrorBody,
  PhoneCartAddBody,
  PhoneCartLineBody,
  PhoneCartLineParams,
  PhoneOrderBody,
  PhoneOrderCheckoutResponse,
  PhoneOrderResponse,
  PackingSlipQuery,
  type AdminOrderDetail,
  type StoreIdentity,
} from '@wholesale/contract';
import { okAnswerWithoutValidation } from '../../lib/fast-serializer';
import { scopedRoute, staffOf, staffRoutes } from '../../plugins/auth';
import { iterateDeskRows, type DeskFilter } from './order-desk-list.queries';
import {
  DESK_CSV_COLUMNS,
  changeOrderStatus,
  customerCartForStaff,
  deskCsvRecord,
  getDeskOrder,
  listDeskOrders,
  phoneCustomer,
  createDeskCaches,
  resolveDeskFilter,
} from './order-desk.service';
import { addToPhoneCart, removePhoneCartLine, setPhoneCartLine } from './order-desk.phone-cart';
import { renderPickingListPdf } from './picking-list.pdf';
import { renderPackingSlipPdf } from './packing-slip.pdf';
import { getCheckout } from './orders.service';
import { placeCustomerOrder, placedOrderAnswer } from '../../workflows/place-order';
import { shipmentInvoicer } from '../../workflows/issue-invoice';
import { sendAttachment } from '../../lib/attachment';
import { reasonError } from '../../lib/app-error';
import { safeCsvOptions } from '../../lib/csv-cells';

type ListQuery = ReturnType<typeof AdminOrderListQuery.parse>;

function deskFilter(q: ListQuery): DeskFilter {
  return {
    status: q.status,
    country: q.country,
    customerId: q.customer_id,
    from: q.from,
    to: q.to,
    shipDateFrom: q.ship_date_from,
    shipDateTo: q.ship_date_to,
    q: q.q,
    updatedSince: q.updated_since,
    waiting: q.waiting,
  };
}

/** The staff order desk under /api/admin/orders (docs/product/back-office-orders.md). */
export const orderDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  // The desk's caches belong to this app; its reads and status changes take them with the database.
  // Each shipment issues its invoice unless the ERP issues them (INVOICES_ISSUED_BY, decision 037).
  const desk = {
    db: app.db,
    caches: createDeskCaches(app),
    onShipment: app.config.invoicesIssuedBy === 'store' ? shipmentInvoicer(app) : undefined,
  };
  // Roles are checked before the input (preValidation), so a guest or buyer learns nothing of
  // the shape. The list also serves ERPs that poll with an `orders:read` integration token.
  const route = staffRoutes(['orders']);
  // Credit staff read the order they release from a hold or record a deposit for (order-credit
  // routes); its workflow steps, lists and documents stay the order desk's.
  const readRoute = staffRoutes(['orders', 'credit']);
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  app.get(
    '/api/admin/orders',
    {
      ...scopedRoute('orders:read', 'admin', {
        summary: 'Staff: orders filtered, sorted and paginated, with a count per status',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderListResponse, ...errors },
      }),
      serializerCompiler: okAnswerWithoutValidation,
    },
    async (request) => {
      const q = request.query;
      return listDeskOrders(desk, {
        ...deskFilter(q),
        sort: q.updated_since ? 'updated_asc' : q.sort,
        page: q.page,
        perPage: q.per_page,
      });
    },
  );

  app.get(
    '/api/admin/orders.csv',
    route({
      summary: 'Staff: the filtered order list as CSV (streamed)',
      querystring: AdminOrderListQuery,
    }),
    async (request, reply) => {
      const filter = await resolveDeskFilter(desk, deskFilter(request.query));
      const csv = stringify({
        header: true,
        columns: [...DESK_CSV_COLUMNS],
        ...safeCsvOptions(),
      });
      const db = app.db;
      void (async () => {
        try {
          for await (const rows of iterateDeskRows(db, filter)) {
            for (const r of rows) {
              if (!csv.write(deskCsvRecord(r)))
                await new Promise((resolve) => csv.once('drain', resolve));
            }
          }
          csv.end();
        } catch (error) {
          request.log.error({ err: error }, 'order CSV export failed');
          csv.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
      return sendAttachment(reply, 'orders.csv', csv);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    readRoute({
      summary: 'Staff: one order with lines, customer, parcels, status history and next steps',
      params: AdminOrderParams,
      response: { 200: AdminOrderDetailResponse, ...errors },
    }),
    async (request) => {
      return { status: true as const, order: await getDeskOrder(app.db, request.params.id) };
    },
  );

  app.post(
    '/api/admin/orders/:id/status',
    {
      ...route({
        summary:
          'Staff: move the order along its workflow (409 with the allowed steps when impossible or changed meanwhile)',
        params: AdminOrderParams,
        body: ChangeOrderStatusBody,
        response: { 200: AdminOrderDetailResponse, ...errors },
      }),
      serializerCompiler: okAnswerWithoutValidation,
    },
    async (request) => {
      const staff = staffOf(request);
      const order = await changeOrderStatus(
        desk,
        {
          ...request.body,
          orderId: request.params.id,
          actorUserId: staff.id,
          actorEmail: staff.email,
        },
        app.changeFeed,
      );
      return { status: true as const, order };
    },
  );

  // The warehouse's documents of one order (docs/product/back-office-orders.md, "Warehouse documents").
  /** The order's parcel `id` (null without one); 404 naming `parcel` when the order has no such parcel. */
  const parcelOf = (order: AdminOrderDetail, id: number | undefined) => {
    if (id === undefined) return null;
    const parcel = order.shipments.find((s) => s.id === id);
    if (!parcel) throw reasonError('NOT_FOUND', 'PARCEL_NOT_FOUND', { parcel: id }, 'parcel');
    return parcel;
  };
  const sendDocument = async (
    reply: FastifyReply,
    fileName: string,
    render: (identity: StoreIdentity | null) => Promise<Buffer>,
  ) => sendAttachment(reply, `${fileName}.pdf`, await render(await app.storeIdentity.read()));

  app.get(
    '/api/admin/orders/:id/picking-list.pdf',
    route({
      summary: 'Staff: the picking list of the lines still to ship (PDF)',
      params: AdminOrderParams,
    }),
    async (request, reply) => {
      const order = await getDeskOrder(app.db, request.params.id);
      return sendDocument(reply, `picking-list-${order.order_id}`, (identity) =>
        renderPickingListPdf(order, identity),
      );
    },
  );

  app.get(
    '/api/admin/orders/:id/packing-slip.pdf',
    route({
      summary:
        'Staff: the packing slip that travels in the parcel: ship-to, PO, lines in packs and units, no prices (PDF); with `parcel`, the slip of that recorded parcel',
      params: AdminOrderParams,
      querystring: PackingSlipQuery,
    }),
    async (request, reply) => {
      const order = await getDeskOrder(app.db, request.params.id);
      const parcel = parcelOf(order, request.query.parcel);
      return sendDocument(
        reply,
        `packing-slip-${order.order_id}${parcel ? `-parcel-${parcel.id}` : ''}`,
        (identity) => renderPackingSlipPdf(order, identity, parcel),
      );
    },
  );

  // Phone orders: staff see the customer's cart and place it on their behalf.
  const CustomerParams = z.object({ customer_id: CustomerNumber });

  app.get(
    '/api/admin/phone-orders/:customer_id/cart',
    route({
      summary: "Staff: a customer's cart, as the customer sees it (phone orders)",
      params: CustomerParams,
      response: { 200: CartResponse, ...errors },
    }),
    async (request) => {
      return customerCartForStaff(app.db, request.params.customer_id, app.clock.now());
    },
  );

  // Staff change the customer's cart while the customer reads out codes and quantities: the
  // buyer's cart rules, an audit row each. A repeated Idempotency-Key answers the first attempt
  // (plugins/idempotency.ts), so an add sent twice by a flaky network adds once.
  const cartWrite = <S extends object>(schema: S) => ({
    ...route({ ...schema, response: { 200: CartResponse, ...errors, 422: ErrorBody } }),
    config: { idempotency: 'store' as const },
  });
  /** Who changes the cart, for which customer, on the shop's day, within the line's pack limit. */
  const cartChange = (request: FastifyRequest, customerId: number) => {
    const staff = staffOf(request);
    return {
      customerId,
      staff: { id: staff.id, email: staff.email },
      now: app.clock.now(),
      maxLinePacks: app.config.maxLinePacks,
    };
  };

  app.post(
    '/api/admin/phone-orders/:customer_id/cart/lines',
    cartWrite({
      summary:
        "Staff: add ship packs of a product, by its code, to a customer's cart (the buyer's cart rules; audited)",
      params: CustomerParams,
      body: PhoneCartAddBody,
    }),
    async (request) =>
      addToPhoneCart(app.db, {
        ...cartChange(request, request.params.customer_id),
        productCode: request.body.product_id,
        item: request.body.item,
      }),
  );

  app.patch(
    '/api/admin/phone-orders/:customer_id/cart/lines/:line_id',
    cartWrite({
      summary: "Staff: set the ship packs of a line of a customer's cart (audited)",
      params: PhoneCartLineParams,
      body: PhoneCartLineBody,
    }),
    async (request) =>
      setPhoneCartLine(app.db, {
        ...cartChange(request, request.params.customer_id),
        lineId: request.params.line_id,
        item: request.body.item,
      }),
  );

  app.delete(
    '/api/admin/phone-orders/:customer_id/cart/lines/:line_id',
    cartWrite({
      summary: "Staff: remove a line of a customer's cart (audited)",
      params: PhoneCartLineParams,
    }),
    async (request) =>
      removePhoneCartLine(app.db, {
        ...cartChange(request, request.params.customer_id),
        lineId: request.params.line_id,
      }),
  );

  app.get(
    '/api/admin/phone-orders/:customer_id/checkout',
    route({
      summary:
        'Staff: who a phone order is for and their checkout choices (addresses, terms, opening minimum, earliest ship date)',
      params: CustomerParams,
      response: { 200: PhoneOrderCheckoutResponse, ...errors },
    }),
    async (request) => {
      const c = await phoneCustomer(app.db, request.params.customer_id);
      const checkout = await getCheckout(app.db, c.id, c.country, app.clock.now());
      return {
        ...checkout,
        customer: {
          id: c.id,
          name: c.name,
          company: c.company,
          email: c.email,
          customer_code: c.customerCode,
          lang: c.lang,
          country: c.country,
        },
      };
    },
  );

  app.post(
    '/api/admin/phone-orders/:customer_id',
    route({
      summary: "Staff: place an order from the customer's selected cart lines on their behalf",
      params: CustomerParams,
      body: PhoneOrderBody,
      response: { 200: PhoneOrderResponse, ...errors },
    }),
    async (request) => {
      const staff = staffOf(request);
      // The same place-order workflow as the buyer's own order, for the customer's cart.
      const customer = await phoneCustomer(app.db, request.params.customer_id);
      const result = await placeCustomerOrder(
        app.db,
        {
          userId: customer.id,
          email: customer.email,
          country: customer.country,
          lang: customer.lang,
          poNumber: request.body.po_number ?? null,
          comment: request.body.order_comment ?? null,
          shipToAddressId: request.body.ship_to_address_id,
          requestedShipDate: request.body.requested_ship_date ?? null,
          placedByUserId: staff.id,
          placedByEmail: staff.email,
          publicUrl: app.config.publicUrl,
          now: app.clock.now(),
        },
        app.changeFeed,
      );
      return placedOrderAnswer(result);
    },
  );
};
