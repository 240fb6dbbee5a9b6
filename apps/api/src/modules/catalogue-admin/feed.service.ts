import { toCents, type PriceFeedEntry, type StockFeedEntry } from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import { afterCatalogueWrite, type CatalogueWriter } from './catalogue-writes';
import {
  applyScope,
  applyStagedRows,
  diffStagedRows,
  stageRows,
  type RowDiff,
  type StagedRow,
} from './staging.queries';

/** At most this many bad entries are named in one answer (the rest are counted). */
const MAX_NAMED = 100;

type Entry = { sku: string; country: 'ca' | 'us' };

function refuse(fields: Record<string, string>, total: number): never {
  const first = Object.values(fields)[0];
  const message =
    total > MAX_NAMED
      ? `${total} entries are not valid; the first ${MAX_NAMED} are named. ${first}`
      : first;
  throw new AppError('UNPROCESSABLE', message, { fields });
}

/**
 * Merges a feed's entries into one staging row per SKU (its CA and US fields side by side), refusing
 * an SKU sent twice for one country: the call would not say which value wins.
 */
function stageEntries<E extends Entry>(
  entries: E[],
  fill: (row: StagedRow, entry: E) => void,
): { rows: StagedRow[]; indexOf: Map<string, number[]>; fields: Record<string, string> } {
  const bySku = new Map<string, StagedRow>();
  const indexOf = new Map<string, number[]>();
  const seen = new Map<string, number>();
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    const key = `${entry.sku}\u0000${entry.country}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fields[`${index}.sku`] = `${entry.sku} (${entry.country}) is already entry ${earlier}`;
      return;
    }
    seen.set(key, index);
    let row = bySku.get(entry.sku);
    if (!row) {
      row = { row_no: bySku.size, sku: entry.sku };
      bySku.set(entry.sku, row);
      indexOf.set(entry.sku, []);
    }
    indexOf.get(entry.sku)!.push(index);
    fill(row, entry);
  });
  return { rows: [...bySku.values()], indexOf, fields };
}

/**
 * Applies a whole feed call in one transaction, or nothing: unknown SKUs and stock for a country
 * where the product has no price are named by entry index.
 */
async function applyFeed<E extends Entry>(
  catalogue: CatalogueWriter,
  entries: E[],
  fill: (row: StagedRow, entry: E) => void,
  changed: (d: RowDiff, country: 'ca' | 'us') => boolean,
): Promise<{ updated: number }> {
  const staged = stageEntries(entries, fill);
  const fields = staged.fields;
  const skuOfRow = new Map(staged.rows.map((r) => [r.row_no, r.sku]));
  const updated = await catalogue.db.transaction(async (tx) => {
    await stageRows(tx, staged.rows);
    const diffs = await diffStagedRows(tx, { barcodeSent: false, brandSent: false });
    let count = 0;
    for (const d of diffs) {
      const sku = skuOfRow.get(d.row_no)!;
      for (const index of staged.indexOf.get(sku)!) {
        const country = entries[index].country;
        if (d.is_new) fields[`${index}.sku`] = `There is no product ${sku}`;
        else if (country === 'ca' ? d.ca_needs_price : d.us_needs_price)
          fields[`${index}.country`] =
            `${sku} has no ${country.toUpperCase()} price yet: send its price first`;
        else if (changed(d, country)) count += 1;
      }
    }
    const bad = Object.keys(fields).length;
    if (bad > 0) {
      const named = Object.fromEntries(
        Object.entries(fields)
          .sort((a, b) => parseInt(a[0], 10) - parseInt(b[0], 10))
          .slice(0, MAX_NAMED),
      );
      refuse(named, bad);
    }
    await applyStagedRows(
      tx,
      { barcodeSent: false, brandSent: false },
      { scope: applyScope(diffs) },
    );
    return count;
  });
  afterCatalogueWrite(catalogue);
  return { updated };
}

/** Stock push from an ERP: ship packs available per SKU and country. */
export function applyStockFeed(catalogue: CatalogueWriter, entries: StockFeedEntry[]) {
  return applyFeed(
    catalogue,
    entries,
    (row, e) => {
      row[`stock_${e.country}`] = e.available;
    },
    (d, c) => (c === 'ca' ? d.ca_stock_changed : d.us_stock_changed),
  );
}

/** Price push from an ERP: selling price, optional second selling price and retail price. */
export function applyPriceFeed(catalogue: CatalogueWriter, entries: PriceFeedEntry[]) {
  return applyFeed(
    catalogue,
    entries,
    (row, e) => {
      row[`price_${e.country}`] = toCents(e.price);
      if (e.retail !== undefined) row[`retail_${e.country}`] = toCents(e.retail);
      if (e.sale_price !== undefined) {
        row[`sale_set_${e.country}`] = true;
        row[`sale_${e.country}`] = e.sale_price === null ? null : toCents(e.sale_price);
      }
    },
    (d, c) =>
      c === 'ca'
        ? d.ca_prices_changed || d.ca_price_created
        : d.us_prices_changed || d.us_price_created,
  );
}
