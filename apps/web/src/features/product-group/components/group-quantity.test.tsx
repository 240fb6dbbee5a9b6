import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { expectRefusedQuantity } from '@/test/forms';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { product } from '@/test/shopping';
import { GroupQuantity } from './group-quantity';

beforeAll(() => preloadTranslations(['catalogue']));

/** An empty box for the shared test product; `onChange` hears what it reports. */
async function renderBox() {
  const onChange = vi.fn();
  renderWithProviders(<GroupQuantity product={product} value={0} onChange={onChange} />);
  return { box: await screen.findByLabelText('Ship packs of Dressmaker pins'), onChange };
}

describe('GroupQuantity (docs/product/cart-and-orders.md)', () => {
  it('shows NA for a negative entry without reporting it, and starts afresh on focus', async () => {
    const { box, onChange } = await renderBox();
    await userEvent.type(box, '-3');
    expectRefusedQuantity(box, 'NA', 'A quantity cannot be negative');
    await userEvent.tab();
    // A refused entry counts as no packs.
    expect(onChange.mock.calls).toEqual([[0]]);
    await userEvent.click(box);
    expect(box).toHaveValue('');
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('clamps to what is available and reports it on Enter and on blur', async () => {
    const { box, onChange } = await renderBox();
    await userEvent.type(box, '25{Enter}');
    expect(box).toHaveValue('10');
    await userEvent.clear(box);
    await userEvent.type(box, '4');
    await userEvent.tab();
    expect(onChange.mock.calls).toEqual([[10], [4]]);
  });

  // Regression: the box dropped what it did not understand (2.5 became 25).
  it('refuses text that is not a whole number, says why and reports no packs', async () => {
    const { box, onChange } = await renderBox();
    await userEvent.type(box, '2.5{Enter}');
    expectRefusedQuantity(box, '2.5', '“2.5” is not a whole number of ship packs');
    expect(onChange).not.toHaveBeenCalledWith(25);
    expect(onChange.mock.calls.every(([n]) => n === 0)).toBe(true);
  });
});
