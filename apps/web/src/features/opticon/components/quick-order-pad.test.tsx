import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusedQuantity, retype } from '@/test/forms';
import { preloadTranslations } from '@/test/i18n';
import { json, renderSignedIn } from '@/test/shopping';
import { QuickOrderPad } from './quick-order-pad';

beforeAll(() => preloadTranslations(['opticon']));

describe('QuickOrderPad quantities (docs/product/opticon.md)', () => {
  // Regression: the pad dropped the `.` of `2.5` and would have sent 25 packs.
  it('refuses 2.5 packs with the reason and sends nothing until the row holds a whole number', async () => {
    const calls = renderSignedIn(<QuickOrderPad />, {
      'GET /api/quick-order/suggest': () => json({ status: true, data: [] }),
    });
    await userEvent.type(screen.getByLabelText('Product id, row 1'), 'PIN-100');
    const qty = screen.getByLabelText('Ship packs, row 1');
    await retype(qty, '2.5');
    expectRefusedQuantity(qty, '2.5', '“2.5” is not a whole number of ship packs');
    const submit = screen.getByRole('button', { name: 'Add to cart' });
    expect(submit).toBeDisabled();
    await userEvent.click(submit);
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    await retype(qty, '3');
    expect(qty).not.toHaveAttribute('aria-invalid');
    expect(submit).toBeEnabled();
  });
});
