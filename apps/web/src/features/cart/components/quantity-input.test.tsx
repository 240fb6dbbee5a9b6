import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { expectRefusedQuantity } from '@/test/forms';
import { preloadTranslations } from '@/test/i18n';
import { QuantityInput } from './quantity-input';

function Harness({
  available,
  cls,
  onCommit,
}: {
  available: number;
  cls: string;
  onCommit: (n: number) => void;
}) {
  const [value, setValue] = useState(1);
  return (
    <QuantityInput
      value={value}
      available={available}
      productClass={cls}
      shipPack={6}
      label="Quantity"
      onCommit={(n) => {
        setValue(n);
        onCommit(n);
      }}
    />
  );
}

// The cart namespace is loaded before rendering: nothing suspends, so no query has to wait.
beforeAll(() => preloadTranslations(['cart']));

describe('QuantityInput (docs/product/cart-and-orders.md)', () => {
  it('a negative entry shows NA, says why and is not committed', async () => {
    const onCommit = vi.fn();
    render(<Harness available={10} cls="A" onCommit={onCommit} />);
    const input = screen.getByLabelText('Quantity');
    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    expectRefusedQuantity(input, 'NA', 'A quantity cannot be negative');
    await userEvent.tab();
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByText('× 6')).toBeInTheDocument();
  });

  // Regression: typing 2.5 ordered 25 packs and 1e3 ordered 13, without a word.
  it.each(['2.5', '1e3', '4a.', '1,5'])(
    'refuses %s with the reason and never orders another number',
    async (typed) => {
      const onCommit = vi.fn();
      render(<Harness available={100} cls="A" onCommit={onCommit} />);
      const input = screen.getByLabelText('Quantity');
      await userEvent.clear(input);
      await userEvent.type(input, `${typed}{Enter}`);
      await userEvent.tab();
      expect(onCommit).not.toHaveBeenCalled();
      const reason = `“${typed}” is not a whole number of ship packs`;
      expectRefusedQuantity(input, typed, reason);
      expect(screen.getByRole('alert')).toHaveTextContent(reason);
      // Typing a whole number again clears the refusal and commits exactly that number.
      await userEvent.clear(input);
      await userEvent.type(input, '12{Enter}');
      expect(onCommit).toHaveBeenLastCalledWith(12);
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('puts the last quantity back when the box is left empty', async () => {
    const onCommit = vi.fn();
    render(<Harness available={10} cls="A" onCommit={onCommit} />);
    const input = screen.getByLabelText('Quantity');
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('1');
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('clamps above available except for class N', async () => {
    const onCommit = vi.fn();
    const { unmount } = render(<Harness available={10} cls="A" onCommit={onCommit} />);
    let input = screen.getByLabelText('Quantity');
    await userEvent.clear(input);
    await userEvent.type(input, '50{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith(10);
    expect(input).toHaveValue('10');
    unmount();

    render(<Harness available={0} cls="N" onCommit={onCommit} />);
    input = screen.getByLabelText('Quantity');
    await userEvent.clear(input);
    await userEvent.type(input, '50{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith(50);
  });

  it('steps with plus and minus within the limits', async () => {
    const onCommit = vi.fn();
    render(<Harness available={2} cls="A" onCommit={onCommit} />);
    await userEvent.click(screen.getByRole('button', { name: 'One ship pack more' }));
    expect(onCommit).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: 'One ship pack less' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'One ship pack more' }));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
