import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ORDER_STATUSES,
  allowedTransitions,
  canTransition,
  shippingProblems,
  statusMailFor,
  trackingUrl,
  type OrderStatus,
} from './workflow';

const status = fc.constantFrom(...ORDER_STATUSES);

/** Each step of the path is an allowed transition. */
function expectPath(...path: OrderStatus[]): void {
  for (let i = 1; i < path.length; i++)
    expect(canTransition(path[i - 1]!, path[i]!), `${path[i - 1]} → ${path[i]}`).toBe(true);
}

describe('order workflow', () => {
  it('follows placed → accepted → picking → shipped → invoiced', () => {
    expectPath('placed', 'accepted', 'picking', 'shipped', 'invoiced');
  });

  it('cancels only placed or accepted orders', () => {
    const cancellable = ORDER_STATUSES.filter((s) => canTransition(s, 'cancelled'));
    expect(cancellable).toEqual(['placed', 'accepted']);
  });

  it('ships in parts from picking until the last lines leave', () => {
    expectPath('picking', 'partially_shipped', 'partially_shipped', 'shipped');
    expect(canTransition('placed', 'shipped')).toBe(false);
  });

  it('has no way out of invoiced or cancelled, and never goes back to placed', () => {
    fc.assert(
      fc.property(status, (from) => {
        expect(canTransition(from, 'placed')).toBe(false);
        if (from === 'invoiced' || from === 'cancelled')
          expect(allowedTransitions(from)).toEqual([]);
      }),
    );
  });

  it('agrees with allowedTransitions for every pair', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canTransition(from, to)).toBe(allowedTransitions(from).includes(to));
      }),
    );
  });

  it('reaches invoiced from placed on every path that is not cancelled', () => {
    // Every status except the two ends has a way forward, so no order gets stuck.
    fc.assert(
      fc.property(status, (s: OrderStatus) => {
        if (s !== 'invoiced' && s !== 'cancelled')
          expect(allowedTransitions(s).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('shipping rules', () => {
  it('needs a carrier to ship', () => {
    expect(shippingProblems({ to: 'shipped', waitingLineIds: [1] })).toHaveProperty('carrier');
    expect(shippingProblems({ to: 'shipped', carrier: 'ups', waitingLineIds: [1] })).toEqual({});
    expect(shippingProblems({ to: 'accepted', waitingLineIds: [] })).toEqual({});
  });

  it('a partial shipment carries some waiting lines and leaves at least one behind', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 20 }),
        fc.nat(),
        (waiting, k) => {
          const n = (k % waiting.length) + 1;
          const chosen = waiting.slice(0, n);
          const problems = shippingProblems({
            to: 'partially_shipped',
            carrier: 'fedex',
            lineIds: chosen,
            waitingLineIds: waiting,
          });
          if (n < waiting.length) expect(problems).toEqual({});
          else expect(problems).toHaveProperty('line_ids');
        },
      ),
    );
    expect(
      shippingProblems({
        to: 'partially_shipped',
        carrier: 'ups',
        lineIds: [99],
        waitingLineIds: [1, 2],
      }),
    ).toHaveProperty('line_ids');
  });

  it('mails the buyer on accepted, shipped and cancelled; only shipped is compulsory', () => {
    expect(statusMailFor('accepted')).toEqual({ template: 'order-accepted', optional: true });
    expect(statusMailFor('shipped')?.optional).toBe(false);
    expect(statusMailFor('partially_shipped')?.template).toBe('order-shipped');
    expect(statusMailFor('cancelled')?.optional).toBe(true);
    expect(statusMailFor('picking')).toBeNull();
    expect(statusMailFor('invoiced')).toBeNull();
  });
});

describe('tracking links', () => {
  it('builds the carrier link with the number encoded, and none for other carriers', () => {
    expect(trackingUrl('ups', '1Z 999')).toBe('https://www.ups.com/track?tracknum=1Z%20999');
    expect(trackingUrl('canada_post', '123')).toContain('canadapost');
    expect(trackingUrl('other', '123')).toBeNull();
    expect(trackingUrl('fedex', null)).toBeNull();
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (n) => {
        const url = trackingUrl('usps', n);
        if (n.trim()) expect(url && new URL(url).hostname).toBe('tools.usps.com');
        else expect(url).toBeNull();
      }),
    );
  });
});
