import fc from 'fast-check';
import { ProductCard, type CustomerPrice, type PriceReason } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import { inSchemaOrder } from '../../lib/fast-serializer';
import { toBuyerPrice, writtenPriceFields } from './catalogue.customer-prices';

/** What a card's serializer writes for its own price fields (they come last in a card). */
const writePriceFields = inSchemaOrder(
  ProductCard.pick({ customer_price: true, price_reason: true, price_breaks: true }),
);

const reason: fc.Arbitrary<PriceReason> = fc.oneof(
  fc.constant({ kind: 'selling' as const }),
  fc.constant({ kind: 'sale' as const }),
  fc.record({
    kind: fc.constant('price_list' as const),
    listId: fc.nat(),
    // Any text a list may be named: quotes, backslashes, control characters, lone surrogates.
    listName: fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string()),
    assignee: fc.constantFrom('customer' as const, 'group' as const),
    minPacks: fc.integer({ min: 1, max: 10_000 }),
  }),
);

const cents = fc.integer({ min: 0, max: 100_000_000 });

const price: fc.Arbitrary<CustomerPrice> = fc.record({
  unitCents: cents,
  sellingCents: cents,
  reason,
  breaks: fc.array(
    fc.record({ minPacks: fc.integer({ min: 2, max: 10_000 }), unitCents: cents, reason }),
    { maxLength: 4 },
  ),
});

describe('a card’s own price fields written by hand', () => {
  it('are the bytes the card serializer writes for them, whatever the price and list name', () => {
    fc.assert(
      fc.property(price, (p) => {
        expect(writtenPriceFields(p)).toBe(`,${writePriceFields(toBuyerPrice(p)).slice(1, -1)}`);
      }),
      { numRuns: 2_000 },
    );
  });
});
