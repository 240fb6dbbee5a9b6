import { StoreIdentity } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import { TEST_IDENTITY } from '../../test/store-identity';
import { drawLetterhead } from './pdf-letterhead';
import { renderPickingListPdf } from './picking-list.pdf';

/** A stand-in for pdfkit's document that keeps the lines written. */
function recorder() {
  const lines: string[] = [];
  const doc = {
    fontSize: () => doc,
    fillColor: () => doc,
    font: () => doc,
    moveDown: () => doc,
    text: (text: string) => {
      lines.push(text);
      return doc;
    },
  };
  return { doc, lines };
}

const identity = StoreIdentity.parse({
  ...TEST_IDENTITY,
  tax: { gst_hst: '123456782 RT0001', qst: '1234567890 TQ0001', us_ein: '' },
});

describe("the order PDFs' letterhead", () => {
  it('prints the store, its head office and, on the order, its tax numbers', () => {
    const order = recorder();
    drawLetterhead(order.doc, identity, { taxNumbers: true });
    expect(order.lines).toEqual([
      'Maple Test Supply',
      'Maple Test Supply Ltd.',
      '77 Sample Road, Halifax, NS B3H 0A1',
      '+1 902 555 0177    hello@maple-test.example',
      'GST/HST 123456782 RT0001    QST 1234567890 TQ0001',
    ]);
    const picking = recorder();
    drawLetterhead(picking.doc, identity, { taxNumbers: false });
    expect(picking.lines.join('\n')).not.toContain('GST');
  });

  it('prints nothing while no identity is set', () => {
    const fresh = recorder();
    drawLetterhead(fresh.doc, null, { taxNumbers: true });
    expect(fresh.lines).toEqual([]);
  });

  it("names the store as the document's author", async () => {
    const order = {
      order_id: 7,
      date: '2026-01-02T10:00:00.000Z',
      country: 'ca',
      customer: { name: 'Ann', company: null, customer_code: null },
      po_number: null,
      order_comment: null,
      lines: [],
    } as unknown as Parameters<typeof renderPickingListPdf>[0];
    const named = (await renderPickingListPdf(order, identity)).toString('latin1');
    expect(named).toMatch(/\/Author \d+ 0 R/);
    expect(named).toContain('(Maple Test Supply)');
    const anonymous = (await renderPickingListPdf(order, null)).toString('latin1');
    expect(anonymous).not.toContain('/Author');
  });
});
