import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
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
  it('accepts only digits and a leading minus; a negative entry shows NA and is not committed', async () => {
    const onCommit = vi.fn();
    render(<Harness available={10} cls="A" onCommit={onCommit} />);
    const input = screen.getByLabelText('Quantity');
    await userEvent.clear(input);
    await userEvent.type(input, '4a.');
    expect(input).toHaveValue('4');
    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    expect(input).toHaveValue('NA');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByText('× 6')).toBeInTheDocument();
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
