import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedProduct } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { createShopTestApp } from '../../test/shopping-fixtures';
import {
  customerGroupMembers,
  customerGroups,
  priceListAssignments,
  priceListEntries,
  priceLists,
} from '../../db/schema';
import { customerHasPriceLists, customerPrices } from './index';

// The customer's prices from price lists (docs/product/pricing.md): which entries reach a customer
// (their own lists, their groups', of their currency, active, in date) in one read.

let t: TestApp;
let ids: Record<string, number>;
let tremblay: { userId: number };
let groupMember: { userId: number };
let nobody: { userId: number };
let american: { userId: number };
const DAY = '2026-11-28';

function product(code: string, brand: string | null = 'Tremblay'): PricedProduct {
  return { id: ids[code], brand, categoryPath: [], sellingCents: 100, secondCents: null };
}

/** The customer's prices on DAY, as the pricing read gives them. */
function pricesFor(
  customer: { userId: number },
  country: 'ca' | 'us',
  products: PricedProduct[],
  packs?: number[],
) {
  return customerPrices(
    t.handle.db,
    { customerId: customer.userId, country },
    products,
    DAY,
    packs,
  );
}

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp([
    { code: 'YARN', ca: { selling: 100, available: 50 }, us: { selling: 100, available: 50 } },
    { code: 'BUTTON', ca: { selling: 100, available: 50 } },
  ]));
  tremblay = await t.signIn({ country: 'ca' });
  groupMember = await t.signIn({ country: 'ca' });
  nobody = await t.signIn({ country: 'ca' });
  american = await t.signIn({ country: 'us' });
  const db = t.handle.db;
  const [contract, group, usd, retired] = await db
    .insert(priceLists)
    .values([
      { name: 'Maison Tremblay', currency: 'CAD' },
      { name: 'Groupe Achat', currency: 'CAD' },
      { name: 'US dealers', currency: 'USD' },
      { name: 'Retired', currency: 'CAD', active: false },
    ])
    .returning({ id: priceLists.id });
  await db.insert(priceListEntries).values([
    { listId: contract.id, productId: ids.YARN, kind: 'fixed', unitCents: 90 },
    { listId: contract.id, productId: ids.YARN, kind: 'fixed', unitCents: 20, minPacks: 10 },
    {
      listId: contract.id,
      productId: ids.BUTTON,
      kind: 'fixed',
      unitCents: 10,
      endsOn: '2026-11-27',
    },
    { listId: group.id, brand: 'Tremblay', kind: 'percent_off', basisPoints: 800 },
    { listId: usd.id, productId: ids.YARN, kind: 'fixed', unitCents: 50 },
    { listId: retired.id, productId: ids.YARN, kind: 'fixed', unitCents: 1 },
  ]);
  const [buyers] = await db
    .insert(customerGroups)
    .values({ name: 'Buyers' })
    .returning({ id: customerGroups.id });
  await db.insert(customerGroupMembers).values([
    { groupId: buyers.id, customerId: tremblay.userId },
    { groupId: buyers.id, customerId: groupMember.userId },
  ]);
  await db.insert(priceListAssignments).values([
    { listId: contract.id, customerId: tremblay.userId },
    { listId: group.id, groupId: buyers.id },
    { listId: usd.id, customerId: tremblay.userId },
    { listId: usd.id, customerId: american.userId },
    { listId: retired.id, customerId: nobody.userId },
  ]);
});
afterAll(() => t.close());

describe('customerPrices', () => {
  it("gives the customer their own list's price over their group's, with its volume break", async () => {
    const prices = await pricesFor(tremblay, 'ca', [product('YARN')]);
    expect(prices.get(ids.YARN)).toMatchObject({
      unitCents: 90,
      reason: { kind: 'price_list', listName: 'Maison Tremblay', assignee: 'customer' },
      breaks: [{ minPacks: 10, unitCents: 20 }],
    });
  });

  it("gives a group member the group's share off, and nothing of another customer's list", async () => {
    const prices = await pricesFor(groupMember, 'ca', [product('YARN'), product('BUTTON', null)]);
    expect(prices.get(ids.YARN)).toMatchObject({
      unitCents: 92,
      reason: { listName: 'Groupe Achat', assignee: 'group' },
    });
    expect(prices.get(ids.BUTTON)).toMatchObject({ unitCents: 100, reason: { kind: 'selling' } });
  });

  it('prices a line at its pack count, leaves out expired entries, inactive lists and other currencies', async () => {
    const prices = await pricesFor(
      tremblay,
      'ca',
      [product('YARN'), product('BUTTON', null)],
      [12, 1],
    );
    expect(prices.get(ids.YARN)?.unitCents).toBe(20);
    expect(prices.get(ids.BUTTON)?.unitCents).toBe(100);
    const usPrices = await pricesFor(american, 'us', [product('YARN')]);
    expect(usPrices.get(ids.YARN)).toMatchObject({
      unitCents: 50,
      reason: { listName: 'US dealers' },
    });
    const none = await pricesFor(nobody, 'ca', [product('YARN')]);
    expect(none.get(ids.YARN)?.unitCents).toBe(100);
  });

  it('says whether a customer has any active list', async () => {
    expect(await customerHasPriceLists(t.handle.db, tremblay.userId)).toBe(true);
    expect(await customerHasPriceLists(t.handle.db, groupMember.userId)).toBe(true);
    expect(await customerHasPriceLists(t.handle.db, nobody.userId)).toBe(false);
  });
});
