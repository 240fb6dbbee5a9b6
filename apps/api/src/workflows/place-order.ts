import {
  OPENING_ORDER_MINIMUM_CENTS,
  formatMoney,
  fromCents,
  estimateSalesTax,
  isUnavailable,
  lineTotalCents,
  mayBackorder,
  shipDateProblem,
  shopToday,
  meetsOpeningMinimum,
  type Country,
  type Lang,
  MAX_DATABASE_INTEGER,
  type PlaceOrderResponse,
  orderDepositCents,
  orderHoldReason,
  type AccountHoldReason,
  type OrderHoldReason,
} from '@wholesale/contract';
import type { SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { fieldError, reasonError, type AppError } from '../lib/app-error';
import type { ChangeFeed } from '../plugins/change-feed';
import { resolveOrderCheckout, toShipTo } from '../modules/accounts';
import { customerLinePrices, lockCartLines, orderedLinesDelete } from '../modules/cart';
import {
  announceStockChange,
  getOrderableProducts,
  stockLevelsUpdate,
  type OrderableProduct,
} from '../modules/catalogue';
import { enqueueMailInsert } from '../modules/mail';
import {
  ORDERS_CHANNEL,
  insertOrderClaimingKey,
  orderLinePriceColumns,
  priceReasonFields,
  registerOrderMails,
  selectOrderIdByKey,
  shippingWebhookFields,
  writePlacedOrder,
  type NewOrderLine,
} from '../modules/orders';
import { WEBHOOKS_CHANNEL, webhookEventInsert } from '../modules/webhooks';
import { auditInsert } from '../modules/audit';
import { accountPosition, exemptOrderTaxes, lockCreditAccount } from '../modules/receivables';

export type PlaceOrderInput = {
  userId: number;
  country: Country;
  lang: Lang;
  /** Which cart lines to order, by SKU code or numeric product id; absent: the selected lines. */
  productRefs?: Array<string | number>;
  comment?: string | null;
  poNumber?: string | null;
  idempotencyKey?: string | null;
  /** The staff member placing the order for the customer (a phone order). */
  placedByUserId?: number | null;
  /** Their e-mail, kept with the audit row of the phone order. */
  placedByEmail?: string | null;
  /** One of the account's ship-to addresses; absent: the default one. */
  shipToAddressId?: number;
  /** YYYY-MM-DD: a business day, not before the shop's today. */
  requestedShipDate?: string | null;
  /** The instant the order is placed (injected by tests); decides "today" for the ship date. */
  now?: Date;
  /**
   * Rows another module writes with the order (the confirmation e-mail), as statements run in the
   * order's own write: if one fails, nothing is ordered.
   */
  alongside?: (tx: Tx, event: { orderId: number; totalCents: number }) => SQL[];
};

export type PlaceOrderResult = {
  orderId: number;
  totalCents: number;
  replayed: boolean;
  lines: number;
  /** Why the order waits for credit review (docs/product/accounts-receivable.md); null: it does not. */
  holdReason?: OrderHoldReason | null;
  /** The opening deposit the order owes before it is accepted; 0 for none. */
  depositCents?: number;
};

/**
 * An order's estimated sales taxes where it ships (none without an address), less those the
 * customer's certificates valid at `now` exempt. The checkout and the demo seed's past orders.
 */
export async function orderTaxes(
  tx: Tx,
  userId: number,
  shipTo: { country: Country; region: string } | null,
  totalCents: number,
  now: Date,
) {
  return shipTo
    ? exemptOrderTaxes(
        tx,
        userId,
        shipTo.region,
        estimateSalesTax(totalCents, shipTo.country, shipTo.region),
        now,
      )
    : { lines: [], totalCents: 0, exempted: [] };
}

export const PLACE_ORDER_STEPS = [
  'claim-order',
  'lock-credit',
  'lock-cart',
  'check-stock',
  'reserve-stock',
  'write-lines',
  'clear-cart',
] as const;
export type PlaceOrderStep = (typeof PLACE_ORDER_STEPS)[number];

/**
 * Test-only seam: runs after each named step inside the transaction, so a test can inject a
 * failure mid-order and prove the whole order rolls back. Always empty in production.
 */
export const placeOrderTestHooks: {
  afterStep?: (step: PlaceOrderStep, orderId: number) => void | Promise<void>;
} = {};

function conflict(key: 'PRODUCT_OUT_OF_STOCK' | 'ONLY_AVAILABLE', p: OrderableProduct): AppError {
  return reasonError(
    'CONFLICT',
    key,
    { product: p.productId, available: p.available },
    `product_id.${p.productId}`,
  );
}

const SHIP_DATE_REASONS = {
  invalid: 'SHIP_DATE_INVALID',
  past: 'SHIP_DATE_PAST',
  too_far: 'SHIP_DATE_TOO_FAR',
  not_business_day: 'SHIP_DATE_NOT_BUSINESS_DAY',
} as const;

/** The requested ship date checked against the shop's today: null, or a 4xx naming the field. */
function checkedShipDate(requested: string | null | undefined, now: Date): string | null {
  const date = requested?.trim();
  if (!date) return null;
  const problem = shipDateProblem(date, shopToday(now));
  if (problem)
    throw reasonError(
      'UNPROCESSABLE',
      SHIP_DATE_REASONS[problem],
      undefined,
      'requested_ship_date',
    );
  return date;
}

/**
 * Places an order from the caller's cart in ONE transaction (docs/decisions/009-cart-and-orders.md): claim the order row (and the
 * Idempotency-Key), lock the cart lines, lock the products' stock rows in id order and re-check
 * them, decrement stock (never below zero; class N beyond stock becomes a back-order line), write
 * the lines with frozen prices, remove the ordered lines from the cart. Any failure rolls all of it
 * back. The same Idempotency-Key answers the same order, once, even under concurrency. The new
 * order, the stock it took and the webhook deliveries it queued are announced on `feed` after the
 * commit, not by triggers inside it (commits that NOTIFY run one at a time: migrations 0022, 0025).
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
  feed: Pick<ChangeFeed, 'publish'>,
): Promise<PlaceOrderResult> {
  const placed = await placeOrderInTransaction(db, input);
  if (!placed.replayed) {
    feed.publish(ORDERS_CHANNEL);
    announceStockChange(feed, placed.stockChanged);
    if (placed.deliveries > 0) feed.publish(WEBHOOKS_CHANNEL);
  }
  return {
    orderId: placed.orderId,
    totalCents: placed.totalCents,
    replayed: placed.replayed,
    lines: placed.lines,
    holdReason: placed.holdReason ?? null,
    depositCents: placed.depositCents ?? 0,
  };
}

async function placeOrderInTransaction(
  db: Database,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult & { stockChanged: number[]; deliveries: number }> {
  const key = input.idempotencyKey?.trim() || null;
  return db.transaction(async (tx) => {
    const step = async (name: PlaceOrderStep, orderId: number) => {
      if (placeOrderTestHooks.afterStep) await placeOrderTestHooks.afterStep(name, orderId);
    };

    // Step 0: the checkout choices (docs/product/cart-and-orders.md, "Checkout"): ship-to
    // address of the account, requested ship date, payment terms. Refused before anything is written.
    const requestedShipDate = checkedShipDate(input.requestedShipDate, input.now ?? new Date());
    const { address, paymentTerms } = await resolveOrderCheckout(
      tx,
      input.userId,
      input.shipToAddressId,
    );
    const shipTo = address ? toShipTo(address) : null;
    const comment = input.comment?.trim() || null;

    // Step 1: claim the order row and the key.
    const claimed = await insertOrderClaimingKey(
      tx,
      {
        userId: input.userId,
        country: input.country,
        idempotencyKey: key,
        poNumber: input.poNumber?.trim() || null,
        comment,
        placedByUserId: input.placedByUserId ?? null,
        shipTo,
        shipToAddressId: address?.id ?? null,
        requestedShipDate,
        paymentTerms,
      },
      'after-commit',
    );
    if (claimed === null) {
      const existing = key ? await selectOrderIdByKey(tx, input.userId, key) : undefined;
      if (!existing) throw reasonError('CONFLICT', 'ORDER_IN_PROGRESS');
      return {
        orderId: existing.id,
        totalCents: existing.totalCents,
        replayed: true,
        lines: 0,
        holdReason: existing.holdReason as OrderHoldReason | null,
        depositCents: existing.depositCents,
        stockChanged: [],
        deliveries: 0,
      };
    }
    const orderId = claimed.id;
    await step('claim-order', orderId);

    // Step 1b: the customer's credit account, locked until the order commits: a customer's
    // concurrent orders pass the credit check below one after the other (decision 036).
    const credit = await lockCreditAccount(tx, input.userId, input.country);
    await step('lock-credit', orderId);

    // Step 2: the cart lines to order, and the stock rows of their products only (locked: an
    // order of 10 of a cart's 50 lines leaves the other 40 products to concurrent orders).
    const cart = await lockCartLines(tx, input);
    const refs = input.productRefs?.map((r) => (typeof r === 'string' ? r.trim() : r));
    const wanted = cart.filter(
      (line) => line.quantity > 0 && (refs !== undefined || line.selected),
    );
    const products = await getOrderableProducts(
      tx,
      wanted.map((l) => l.productId),
      input.country,
      input.lang,
      { lock: true, matching: refs },
    );
    const chosen = refs
      ? wanted.filter((line) => refs.includes(line.productId) || products.has(line.productId))
      : wanted;
    if (chosen.length === 0) throw reasonError('UNPROCESSABLE', 'NOTHING_SELECTED');
    await step('lock-cart', orderId);

    // Step 3: re-check availability against the locked, latest stock, and price each line as the
    // cart does: the customer's price on the day the order is placed, at the line's packs (a list
    // that ended since the cart was read no longer applies).
    // NOTE: no has-lists shortcut here: the order reads the customer's lists in its transaction.
    const priced = chosen.filter((line) => products.has(line.productId));
    const prices = await customerLinePrices(
      tx,
      { userId: input.userId, country: input.country },
      priced.map((line) => products.get(line.productId) as OrderableProduct),
      priced.map((line) => line.quantity),
      shopToday(input.now ?? new Date()),
    );
    const lines: NewOrderLine[] = [];
    const levels: Array<{ id: number; available: number }> = [];
    let totalCents = 0;
    for (const line of chosen) {
      const p: OrderableProduct | undefined = products.get(line.productId);
      const price = p && prices.get(p.id);
      if (!p || !price) throw reasonError('CONFLICT', 'NO_LONGER_SOLD');
      if (isUnavailable(p.available, p.classCode)) throw conflict('PRODUCT_OUT_OF_STOCK', p);
      const backorder = line.quantity > p.available;
      if (backorder && !mayBackorder(p.classCode)) {
        throw conflict('ONLY_AVAILABLE', p);
      }
      const lineTotal = lineTotalCents(price.unitCents, line.quantity, p.shipPack);
      totalCents += lineTotal;
      levels.push({ id: p.id, available: Math.max(0, p.available - line.quantity) });
      lines.push({
        orderId,
        productId: p.id,
        productCode: p.productId,
        name: p.name,
        classCode: p.classCode,
        quantity: line.quantity,
        shipPack: p.shipPack,
        unitPriceCents: price.unitCents,
        lineTotalCents: lineTotal,
        backorder,
        stockTaken: Math.min(line.quantity, Math.max(0, p.available)),
        ...orderLinePriceColumns(price),
        sellingPriceCents: p.sellingCents,
      });
    }
    // Lines from older carts (or a huge ship pack) could still overflow the integer money columns:
    // refuse with the product named rather than fail in the database.
    const tooLarge = lines.find((l) => l.lineTotalCents > MAX_DATABASE_INTEGER);
    if (tooLarge || totalCents > MAX_DATABASE_INTEGER) {
      const field = `product_id.${(tooLarge ?? lines[0]).productCode}`;
      throw fieldError({ [field]: 'This order is too large: lower the quantity' });
    }
    if (!meetsOpeningMinimum(totalCents, input.country, claimed.firstOrder)) {
      throw reasonError(
        'UNPROCESSABLE',
        'OPENING_MINIMUM',
        { minimumCents: OPENING_ORDER_MINIMUM_CENTS[input.country], totalCents },
        'total',
        input.country,
      );
    }
    await step('check-stock', orderId);

    // Steps 4 to 6 in ONE statement: stock decremented (rows are locked; levels never go below
    // zero), the lines with frozen prices, the order total and its estimated sales taxes, the
    // ordered lines leaving the cart, the first step of the status history, the ERP's event, the
    // audit row of a phone order and the caller's rows (the confirmation e-mail).
    // The customer's valid certificates take the exempt taxes off (accounts-receivable.md).
    const taxes = await orderTaxes(tx, input.userId, address, totalCents, input.now ?? new Date());
    const poNumber = input.poNumber?.trim() || null;

    // Credit (docs/product/accounts-receivable.md): the opening order owes its deposit; an order
    // beyond the available credit, or of an account on hold, is written on hold, never refused.
    // The exposure is read under the account's lock, before this order's total is written.
    const depositCents = orderDepositCents(
      totalCents,
      input.country,
      claimed.firstOrder,
      credit.openingDepositRequired,
    );
    const position = await accountPosition(tx, input.userId);
    const holdReason = orderHoldReason({
      creditLimitCents: credit.creditLimitCents,
      balanceCents: position.balanceCents,
      uninvoicedOpenOrdersCents: position.uninvoicedOpenOrdersCents,
      accountHold: credit.holdReason as AccountHoldReason | null,
      orderTotalCents: totalCents + taxes.totalCents,
    });
    const alongside: SQL[] = [
      stockLevelsUpdate(input.country, levels, 'after-commit'),
      orderedLinesDelete(
        tx,
        input,
        chosen.map((l) => l.id),
      ),
    ];
    const deliveries = webhookEventInsert(
      'order.placed',
      {
        order_id: orderId,
        customer_id: input.userId,
        country: input.country,
        total_cents: totalCents,
        po_number: poNumber,
        placed_by_staff_id: input.placedByUserId ?? null,
        lines: lines.map((l) => ({
          product_id: l.productCode,
          quantity: l.quantity,
          ship_pack: l.shipPack,
          unit_price_cents: l.unitPriceCents,
          backorder: l.backorder ?? false,
          // Added: why the unit costs that (the customer's price list, a sale or the catalogue).
          ...priceReasonFields(l),
        })),
        // Added fields (the payload only grows): where, when and on what terms it ships.
        ...shippingWebhookFields({
          shipTo,
          requestedShipDate,
          paymentTerms,
          comment,
          taxes: taxes.lines,
          taxCents: taxes.totalCents,
        }),
        // Added: whether it waits for credit review, and the opening deposit it owes.
        hold_reason: holdReason,
        deposit_cents: depositCents,
      },
      'after-commit',
    );
    // A phone order is a staff action: the audit log says who placed what for whom.
    if (input.placedByUserId)
      alongside.push(
        auditInsert(tx, {
          actorId: input.placedByUserId,
          actorEmail: input.placedByEmail,
          action: 'order.phone_order',
          entity: 'order',
          entityId: orderId,
          after: {
            customer_id: input.userId,
            status: 'placed',
            total_cents: totalCents,
            po_number: poNumber,
            lines: lines.length,
            hold_reason: holdReason,
            deposit_cents: depositCents,
          },
        }),
      );
    if (input.alongside) alongside.push(...input.alongside(tx, { orderId, totalCents }));
    const written = await writePlacedOrder(
      tx,
      {
        orderId,
        lines,
        totalCents,
        taxes,
        actorUserId: input.placedByUserId ?? input.userId,
        holdReason,
        depositCents,
      },
      deliveries,
      alongside,
    );
    for (const name of ['reserve-stock', 'write-lines', 'clear-cart'] as const)
      await step(name, orderId);
    return {
      orderId,
      totalCents,
      replayed: false,
      lines: lines.length,
      stockChanged: levels.map((l) => l.id),
      deliveries: written.deliveries,
      holdReason,
      depositCents,
    };
  });
}

/**
 * Places an order and queues its confirmation e-mail in the same transaction (see the
 * place-order workflow for the steps and guarantees).
 */
export async function placeCustomerOrder(
  db: Database,
  input: PlaceOrderInput & { email: string; publicUrl?: string },
  feed: Pick<ChangeFeed, 'publish'>,
): Promise<PlaceOrderResult> {
  registerOrderMails();
  return placeOrder(
    db,
    {
      ...input,
      alongside: (tx, event) => [
        enqueueMailInsert(tx, {
          to: input.email,
          template: 'order-confirmation',
          lang: input.lang,
          data: {
            order_id: event.orderId,
            total: formatMoney(input.lang, input.country)(event.totalCents),
            po_number: input.poNumber ?? null,
            url: input.publicUrl
              ? `${input.publicUrl.replace(/\/$/, '')}/orderdetails/${event.orderId}`
              : undefined,
          },
        }),
      ],
    },
    feed,
  );
}

/**
 * The answer to a placed order, the buyer's own or a phone order (the phone order's answer schema
 * has no `replayed`, so its serializer leaves it out).
 */
export function placedOrderAnswer(result: PlaceOrderResult): PlaceOrderResponse {
  return {
    status: true,
    order_id: result.orderId,
    total: fromCents(result.totalCents),
    replayed: result.replayed,
    hold_reason: result.holdReason ?? null,
    deposit: fromCents(result.depositCents ?? 0),
  };
}
