import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetsOpeningMinimum, orderDepositCents, type Country } from '@wholesale/contract';
import { seededTestDatabase } from '../../test/seeded-database';

// The demo tells a distributor's story that keeps the product's own rules, whatever the clock it
// is seeded at (docs/product/accounts-receivable.md "Demo data"): an opening deposit is owed only
// where the checkout would ask for one, an order older than a day or two has been accepted (or
// waits for credit), and staff worked weekdays in office hours, Toronto time.

const DAY = 86_400_000;
const CLOCKS = {
  // A Friday morning (the clock of demo-trade.test.ts).
  'a Friday, 10:00': new Date('2026-11-20T15:00:00Z'),
  // Before the office opens on the Monday after the change back to standard time: the weekend's
  // orders wait, and no step may be dated after the clock.
  'a Monday, 07:30, after the clocks went back': new Date('2026-11-02T12:30:00Z'),
  // A summer Sunday evening (daylight time).
  'a Sunday, 19:00, in summer': new Date('2026-07-12T23:00:00Z'),
};

describe.each(Object.entries(CLOCKS))('the demo seeded on %s', (_, now) => {
  const { rows } = seededTestDatabase({ products: 100, seed: 7, now });

  /** Every demo order with its account's rule and whether it was the customer's first order. */
  const ordersWithRules = () =>
    rows<{
      id: number;
      customer_code: string;
      country: Country;
      total_cents: number;
      deposit_cents: number;
      required: boolean;
      first: boolean;
    }>(sql`
      select o.id, u.customer_code, o.country, o.total_cents, o.deposit_cents,
             c.opening_deposit_required as required,
             not exists (
               select 1 from orders p
                where p.user_id = o.user_id and (p.created_at, p.id) < (o.created_at, o.id)
                  and not exists (select 1 from order_status_history h
                                   where h.order_id = p.id and h.to_status = 'cancelled'
                                     and h.at <= o.created_at)) as first
        from orders o join users u on u.id = o.user_id
        join credit_accounts c on c.user_id = o.user_id
       order by o.id`);

  it('owes an opening deposit exactly where the rules do: a first order, of an account requiring it', async () => {
    // accounts-receivable.md "Opening-order deposit"; place-order.ts: an order is the customer's
    // first when no earlier order of theirs stood (was not cancelled) when it was placed.
    const placed = await ordersWithRules();
    expect(placed.length).toBeGreaterThan(0);
    for (const o of placed) {
      const owed = orderDepositCents(Number(o.total_cents), o.country, o.first, o.required);
      expect(Number(o.deposit_cents), `order ${o.id} of ${o.customer_code}`).toBe(owed);
    }
    // The new account's first and only order is its opening order, waiting for its deposit.
    const ca2 = placed.filter((o) => o.customer_code === 'CA100002');
    expect(ca2.map((o) => [o.first, Number(o.deposit_cents) > 0])).toEqual([[true, true]]);
  });

  it("opens every customer's history with an order of at least the opening minimum, after the account", async () => {
    // cart-and-orders.md: a first order below the country's opening minimum is refused.
    for (const o of await ordersWithRules())
      expect(meetsOpeningMinimum(Number(o.total_cents), o.country, o.first), `order ${o.id}`).toBe(
        true,
      );
    const [early] = await rows<{ n: string }>(sql`
      select count(*) as n from orders o join users u on u.id = o.user_id
       where o.created_at <= u.created_at or u.created_at > ${now.toISOString()}::timestamptz`);
    expect(Number(early.n)).toBe(0);
  });

  it('has accepted every order placed more than a few days ago, unless it waits for credit', async () => {
    // A real desk accepts an order within a working day or two and ships it within the week; only
    // an order on credit hold or owing its opening deposit stays placed (the desk may not accept it).
    const stale = await rows<{ id: number; status: string; placed_at: string }>(sql`
      select o.id, o.status, o.created_at::text as placed_at from orders o
       where o.hold_reason is null and not (o.deposit_cents > 0 and o.deposit_received_at is null)
         and ((o.status = 'placed' and o.created_at < ${new Date(now.getTime() - 4 * DAY).toISOString()}::timestamptz)
           or (o.status in ('placed', 'accepted', 'picking', 'partially_shipped')
               and o.created_at < ${new Date(now.getTime() - 7 * DAY).toISOString()}::timestamptz))
       order by o.id`);
    expect(stale).toEqual([]);
    // And the desk never moved an order that waits for credit.
    const [moved] = await rows<{ n: string }>(sql`
      select count(*) as n from orders
       where status not in ('placed', 'cancelled')
         and (hold_reason is not null or (deposit_cents > 0 and deposit_received_at is null))`);
    expect(Number(moved.n)).toBe(0);
    // Each cancellation says why.
    const [silent] = await rows<{ n: string }>(sql`
      select count(*) as n from order_status_history
       where to_status = 'cancelled' and coalesce(note, '') = ''`);
    expect(Number(silent.n)).toBe(0);
  });

  it('dates what staff did on weekdays in office hours, Toronto time (08:00 to 17:00)', async () => {
    const outside = await rows<{ what: string; id: number; at: string }>(sql`
      with acts(what, id, at) as (
        select 'step ' || h.to_status, h.order_id, h.at from order_status_history h
         where h.from_status is not null
        union all select 'parcel', s.order_id, s.shipped_at from shipments s
        union all select 'return decided', r.id, r.decided_at from return_requests r
         where r.decided_at is not null
        union all select 'return received', r.id, r.received_at from return_requests r
         where r.received_at is not null
        union all select 'certificate recorded', t.id, t.created_at from tax_exemptions t
        union all select 'account opened', u.id, u.created_at from users u
      ), local(what, id, at) as (
        select what, id, at at time zone 'America/Toronto' from acts
      )
      select what, id, at::text as at from local
       where extract(isodow from at) > 5 or at::time < '08:00' or at::time >= '17:00'
       order by what, id`);
    expect(outside).toEqual([]);
    // The documents they issued or recorded are dated on business days too.
    const weekend = await rows<{ what: string; id: number; day: string }>(sql`
      with days(what, id, day) as (
        select 'invoice', id, issued_on from invoices
        union all select 'credit note', id, issued_on from credit_notes
        union all select 'payment', id, received_on from payments
      )
      select what, id, day::text as day from days where extract(isodow from day) > 5
       order by what, id`);
    expect(weekend).toEqual([]);
  });
});
