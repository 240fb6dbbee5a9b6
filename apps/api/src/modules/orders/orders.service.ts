import {
  DEFAULT_CREDIT_TERMS,
  OPENING_ORDER_MINIMUM_CENTS,
  openingDepositCents,
  earliestShipDate,
  fromCents,
  shopToday,
  type CheckoutResponse,
  type Country,
  type Lang,
  productImagePath,
  toPage,
  type FetchOrderResponse,
  type OrderDetail,
  type OrderHistoryResponse,
  type OrderStatus,
  type OrderSummary,
  type ReorderResponse,
  type ReorderSkip,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getCheckoutAccount } from '../accounts';
import { activeTaxExemptionsOn } from '../receivables';
import { addManyToCart, readCart, type CartOwner } from '../cart';
import { checkoutCredit } from '../receivables';
import { getOrderableProducts, productNamesIn, type OrderableProduct } from '../catalogue';
import {
  countPlacedOrders,
  selectOrder,
  selectOrderLines,
  selectOrderPage,
  selectPlacedByName,
  selectShipments,
  selectStatusSteps,
  type OrderLineRow,
  type OrderRow,
  type ShipmentRow,
  type StatusStepRow,
} from './orders.queries';
import {
  creditFactsDto,
  historyDto,
  lineFiguresDto,
  shipmentDto,
  shippingFactsDto,
} from './order-follow-up';

function toSummary(row: OrderRow, lineCount: number, placedBy: string | null = null): OrderSummary {
  return {
    order_id: row.id,
    date: row.createdAt.toISOString(),
    status: row.status,
    status_at: row.updatedAt.toISOString(),
    placed_by: placedBy,
    country: row.country,
    total: fromCents(row.totalCents),
    po_number: row.poNumber,
    order_comment: row.comment,
    lines: lineCount,
    ...shippingFactsDto(row),
    ...creditFactsDto(row),
  };
}

function toDetail(
  row: OrderRow,
  lines: OrderLineRow[],
  extra: {
    placedBy: string | null;
    shipments: ShipmentRow[];
    steps: StatusStepRow[];
    names: Map<number, string>;
  },
): OrderDetail {
  return {
    ...toSummary(row, lines.length, extra.placedBy),
    shipments: extra.shipments.map(shipmentDto),
    // The buyer sees when each step happened; staff names stay with the staff.
    history: historyDto(extra.steps, row.createdAt, false),
    products: lines.map((l) => ({
      product: l.productId,
      product_id: l.productCode,
      // The line keeps the name it was ordered under; it is shown in the reader's language.
      name: extra.names.get(l.productId) ?? l.name,
      ...lineFiguresDto(l),
      image: productImagePath(l.productCode),
      shipment_id: l.shipmentId,
    })),
  };
}

/**
 * GET /api/checkout: the account's ship-to addresses (default first), its payment terms, the
 * opening-order minimum when the account has not ordered yet, and the earliest requested ship date.
 */
export async function getCheckout(
  tx: Tx,
  userId: number,
  country: Country,
  now: Date = new Date(),
): Promise<CheckoutResponse> {
  const [account, placed, exemptions, credit] = await Promise.all([
    getCheckoutAccount(tx, userId),
    countPlacedOrders(tx, userId),
    activeTaxExemptionsOn(tx, userId, shopToday(now)),
    checkoutCredit(tx, userId),
  ]);
  const terms = credit ?? {
    netDays: DEFAULT_CREDIT_TERMS[country].netDays,
    openingDepositRequired: DEFAULT_CREDIT_TERMS[country].openingDepositRequired,
    accountHold: null,
    availableCreditCents: DEFAULT_CREDIT_TERMS[country].creditLimitCents,
  };
  const owesDeposit = placed === 0 && terms.openingDepositRequired;
  // The deposit the selected lines would owe (the web recomputes it as the selection changes).
  let depositCents = 0;
  if (owesDeposit) {
    const cart = await readCart(tx, { userId, country, lang: 'en', today: shopToday(now) });
    const subtotal = cart.products
      .filter((l) => l.selected && !l.unavailable)
      .reduce((sum, l) => sum + Math.round(l.line_total * 100), 0);
    depositCents = openingDepositCents(subtotal, country);
  }
  return {
    status: true,
    addresses: account.addresses,
    payment_terms: account.paymentTerms,
    opening_minimum: placed === 0 ? fromCents(OPENING_ORDER_MINIMUM_CENTS[country]) : null,
    earliest_ship_date: earliestShipDate(shopToday(now)),
    // The certificates that take a tax off the estimate of an address in their region.
    tax_exemptions: exemptions.map((e) => ({
      tax_kind: e.taxKind,
      region: e.region,
      certificate_number: e.certificateNumber,
    })),
    net_days: terms.netDays,
    opening_deposit_required: owesDeposit,
    deposit_due: fromCents(depositCents),
    available_credit: fromCents(terms.availableCreditCents),
    account_hold: terms.accountHold,
  };
}

/** A page of the customer's orders, newest first, filtered by id, date range and status. */
export async function orderHistory(
  tx: Tx,
  userId: number,
  q: {
    order_id?: number;
    from?: string;
    to?: string;
    status?: OrderStatus;
    page: number;
    per_page: number;
  },
): Promise<OrderHistoryResponse> {
  if (q.from && q.to && q.from > q.to) {
    throw new AppError('VALIDATION_FAILED', 'The start date must not be after the end date', {
      fields: { from: 'The start date must not be after the end date' },
    });
  }
  const { rows, total } = await selectOrderPage(
    tx,
    { userId, orderId: q.order_id, from: q.from, to: q.to, status: q.status },
    q.page,
    q.per_page,
  );
  return {
    status: true,
    ...toPage(
      rows.map((r) => toSummary(r, r.lineCount, r.placedBy)),
      total,
      q.page,
      q.per_page,
    ),
  };
}

/**
 * One of the customer's orders with its lines; the latest when no id is given. Line names come in
 * `lang` where the catalogue has one (the stored line keeps the name it was ordered under).
 */
export async function fetchOrder(
  tx: Tx,
  userId: number,
  orderId: number | undefined,
  lang: Lang,
): Promise<FetchOrderResponse> {
  const row = await selectOrder(tx, userId, orderId);
  if (!row) {
    if (orderId) throw new AppError('NOT_FOUND', 'This order does not exist');
    return { status: true, order: null };
  }
  const [lines, shipments, steps, placedBy] = await Promise.all([
    selectOrderLines(tx, row.id),
    selectShipments(tx, row.id),
    selectStatusSteps(tx, row.id),
    selectPlacedByName(tx, row.placedByUserId),
  ]);
  const names = await productNamesIn(
    tx,
    lines.map((l) => l.productId),
    lang,
  );
  return { status: true, order: toDetail(row, lines, { placedBy, shipments, steps, names }) };
}

/** The order with its lines, for the PDF; 404 for another customer's order. */
export async function getOrderDetail(
  tx: Tx,
  userId: number,
  orderId: number,
  lang: Lang,
): Promise<OrderDetail> {
  const { order } = await fetchOrder(tx, userId, orderId, lang);
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist');
  return order;
}

/**
 * POST /api/re-orders: copies an order's lines into the cart at today's prices and stock, clamped
 * like any add; lines that could not be added in full are reported with the reason.
 */
export async function reorder(
  db: Database,
  owner: CartOwner,
  orderId: number,
): Promise<ReorderResponse> {
  return db.transaction(async (tx) => {
    const order = await selectOrder(tx, owner.userId, orderId);
    if (!order)
      throw new AppError('NOT_FOUND', 'This order does not exist', {
        fields: { order_id: 'This order does not exist' },
      });
    const lines = await selectOrderLines(tx, order.id);
    const products = await getOrderableProducts(
      tx,
      lines.map((l) => l.productId),
      owner.country,
      owner.lang,
    );
    const skipped: ReorderSkip[] = [];
    const wanted: Array<{ product: OrderableProduct; quantity: number }> = [];
    for (const line of lines) {
      const product = products.get(line.productId);
      if (!product)
        skipped.push({
          product_id: line.productCode,
          requested: line.quantity,
          added: 0,
          reason: 'discontinued',
        });
      else wanted.push({ product, quantity: line.quantity });
    }
    const outcomes = await addManyToCart(tx, owner, wanted);
    let added = 0;
    outcomes.forEach((o, i) => {
      const code = wanted[i].product.productId;
      if (o.outcome === 'added') added += 1;
      else {
        if (o.added > 0) added += 1;
        skipped.push({
          product_id: code,
          requested: o.requested,
          added: o.added,
          reason: o.outcome,
        });
      }
    });
    return { ...(await readCart(tx, owner)), added, skipped };
  });
}
