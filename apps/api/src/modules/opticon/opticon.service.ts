import {
  isUnavailable,
  type OpticonLineResult,
  type OpticonMatch,
  type OpticonResponse,
  type Country,
  type Lang,
  type QuickOrderSuggestion,
  unknownOpticonMatch,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { addManyToCart, readCart, type CartOwner } from '../cart';
import { findOrderableByCodes, suggestOrderable, type OrderableProduct } from '../catalogue';

/** Maps each code to its product, matching SKU codes and barcodes in one query (a SKU match wins). */
async function matchCodes(
  tx: Tx,
  codes: string[],
  country: Country,
  lang: Lang,
): Promise<Map<string, OrderableProduct>> {
  const found = await findOrderableByCodes(
    tx,
    codes.map((c) => c.trim()),
    country,
    lang,
    { barcodes: true },
  );
  const byCode = new Map<string, OrderableProduct>();
  for (const p of found) if (p.barcode) byCode.set(p.barcode.trim(), p);
  for (const p of found) byCode.set(p.productId, p);
  return byCode;
}

/** The preview of an upload: which product each code matches and whether it can be ordered. Nothing is added. */
export async function previewScans(
  tx: Tx,
  owner: CartOwner,
  codes: string[],
): Promise<OpticonMatch[]> {
  const byCode = await matchCodes(tx, codes, owner.country, owner.lang);
  return codes.map((raw) => {
    const code = raw.trim();
    const p = byCode.get(code);
    if (!p) return unknownOpticonMatch(code);
    return {
      code,
      status: isUnavailable(p.available, p.classCode) ? 'unavailable' : 'ok',
      product_id: p.productId,
      name: p.name,
      available: p.available,
      ship_pack: p.shipPack,
      class: p.classCode,
    };
  });
}

/** Quick-order pad suggestions: products whose id or barcode starts with the text, or whose name contains it. */
export async function suggest(
  tx: Tx,
  owner: CartOwner,
  q: string,
): Promise<QuickOrderSuggestion[]> {
  const found = await suggestOrderable(tx, q, owner.country, owner.lang);
  return found.map((p) => ({
    product_id: p.productId,
    name: p.name,
    available: p.available,
    ship_pack: p.shipPack,
    class: p.classCode,
    unavailable: isUnavailable(p.available, p.classCode),
  }));
}

/**
 * POST /api/opticon: matches every scanned code against barcodes (UPC/EAN) and SKU codes in ONE
 * query, adds the matched lines to the cart (clamped to stock like any add) and answers one result
 * per line: added, clamped, unknown code or unavailable. Lines with the same product add up.
 */
export async function uploadScans(
  db: Database,
  owner: CartOwner,
  lines: Array<{ code: string; quantity: number }>,
): Promise<OpticonResponse> {
  return db.transaction(async (tx) => {
    const byCode = await matchCodes(
      tx,
      lines.map((l) => l.code),
      owner.country,
      owner.lang,
    );

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
  });
}
