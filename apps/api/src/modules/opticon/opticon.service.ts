import type { OpticonLineResult, OpticonResponse } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { addManyToCart, readCart, type CartOwner } from '../cart/cart.service';
import { findOrderableByCodes, type OrderableProduct } from '../catalogue/catalogue.pricing';

/**
 * POST /api/opticon: matches every scanned code against barcodes (UPC/EAN) and SKU codes in ONE
 * query, adds the matched lines to the cart (clamped to stock like any add) and answers one result
 * per line: added, clamped, unknown code or unavailable. Lines with the same product add up.
 */
export async function uploadScans(
  tx: Tx,
  owner: CartOwner,
  lines: Array<{ code: string; quantity: number }>,
): Promise<OpticonResponse> {
  const codes = lines.map((l) => l.code.trim());
  const found = await findOrderableByCodes(tx, codes, owner.country, owner.lang, { barcodes: true });
  // A SKU match wins over a barcode match when one code is both.
  const byCode = new Map<string, OrderableProduct>();
  for (const p of found) if (p.barcode) byCode.set(p.barcode.trim(), p);
  for (const p of found) byCode.set(p.productId, p);

  const matched = lines.flatMap((l, index) => {
    const product = byCode.get(l.code.trim());
    return product ? [{ index, product, quantity: l.quantity }] : [];
  });
  const outcomes = await addManyToCart(tx, owner, matched);
  const results: OpticonLineResult[] = lines.map((l) => ({
    code: l.code.trim(),
    quantity: l.quantity,
    status: 'unknown',
    product_id: null,
    name: null,
    added: 0,
  }));
  matched.forEach((m, i) => {
    const o = outcomes[i];
    results[m.index] = {
      ...results[m.index],
      status: o.outcome,
      product_id: m.product.productId,
      name: m.product.name,
      added: o.added,
    };
  });
  return { ...(await readCart(tx, owner)), results };
}
