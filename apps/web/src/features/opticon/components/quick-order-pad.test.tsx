import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusedQuantity, retype } from '@/test/forms';
import { preloadTranslations } from '@/test/i18n';
import { json, renderSignedIn } from '@/test/shopping';
import { QuickOrderPad } from './quick-order-pad';

beforeAll(() => preloadTranslations(['opticon']));

/** The pad signed in, with `codes` typed into its first rows; the calls it makes. */
async function padWith(...codes: string[]) {
  const calls = renderSignedIn(<QuickOrderPad />, {
    'GET /api/quick-order/suggest': () => json({ status: true, data: [] }),
  });
  for (const [i, code] of codes.entries())
    await userEvent.type(screen.getByLabelText(`Product id, row ${i + 1}`), code);
  return calls;
}

/** Add to cart stays off and sends nothing until `qty` holds `packs`, then turns on. */
async function heldBackUntil(
  qty: HTMLElement,
  packs: string,
  calls: Array<{ init?: RequestInit }>,
) {
  const submit = screen.getByRole('button', { name: 'Add to cart' });
  expect(submit).toBeDisabled();
  await userEvent.click(submit);
  expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  await retype(qty, packs);
  expect(qty).not.toHaveAttribute('aria-invalid');
  expect(submit).toBeEnabled();
}

describe('QuickOrderPad quantities (docs/product/opticon.md)', () => {
  // Regression: the pad dropped the `.` of `2.5` and would have sent 25 packs.
  it('refuses 2.5 packs with the reason and sends nothing until the row holds a whole number', async () => {
    const calls = await padWith('PIN-100');
    const qty = screen.getByLabelText('Ship packs, row 1');
    await retype(qty, '2.5');
    expectRefusedQuantity(qty, '2.5', '“2.5” is not a whole number of ship packs');
    await heldBackUntil(qty, '3', calls);
  });

  // Regression: a product typed with 0 packs (or the box emptied) was left out of what was sent
  // without a word, while the other rows went to the cart.
  it.each(['0', ''])(
    'holds back a product with no pack to order (%j) and says what is missing',
    async (packs) => {
      const calls = await padWith('PIN-100', 'TAPE-9');
      const qty = screen.getByLabelText('Ship packs, row 2');
      await userEvent.clear(qty);
      if (packs) await userEvent.type(qty, packs);
      expect(qty).toHaveAttribute('aria-invalid', 'true');
      expect(qty).toHaveAccessibleDescription('Enter at least 1 ship pack for this product');
      await heldBackUntil(qty, '2', calls);
    },
  );
});
