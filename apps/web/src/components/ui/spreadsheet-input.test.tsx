import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isSpreadsheetName, SpreadsheetInput } from './spreadsheet-input';

describe('spreadsheet files', () => {
  it('are CSV, TXT or XLSX by their name, whatever its case', () => {
    for (const ok of ['prices.csv', 'PRICES.CSV', 'export.txt', 'catalogue.xlsx', 'a.b.Xlsx'])
      expect(isSpreadsheetName(ok), ok).toBe(true);
    for (const bad of ['prices.xls', 'images.zip', 'csv', 'prices.csv.pdf', 'notes.xlsx.txt.png'])
      expect(isSpreadsheetName(bad), bad).toBe(false);
  });

  it('are picked by a labelled input that hints the types and names the error while shown', async () => {
    const onChoose = vi.fn();
    const { rerender } = render(
      <SpreadsheetInput id="f" label="Price file" errorId="f-error" onChoose={onChoose} />,
    );
    const input = screen.getByLabelText('Price file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx'));
    expect(input).toHaveAttribute('aria-describedby', 'f-error');
    const file = new File(['sku,price'], 'prices.csv', { type: 'text/csv' });
    await userEvent.upload(input, file);
    expect(onChoose).toHaveBeenLastCalledWith(file);
    rerender(<SpreadsheetInput id="f" label="Price file" onChoose={onChoose} />);
    expect(screen.getByLabelText('Price file')).not.toHaveAttribute('aria-describedby');
  });
});
