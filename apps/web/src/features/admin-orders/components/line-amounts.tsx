import type { BuyerPriceReason } from '@wholesale/contract';
import type { TableColumn } from '@/components/ui/labelled-table';
import { PriceReasonText } from '@/components/product/customer-price';

type LineAmounts = {
  item: number;
  ship_pack: number;
  price: number;
  line_total: number;
  price_reason: BuyerPriceReason | null;
};

/**
 * The packs, pack size, price (with why the customer pays it) and total columns of an order's or a
 * cart's lines, as the desk and the phone order show them; `totalId` is the total column's id (each
 * table names it its own way).
 */
export const lineAmountColumns = <L extends LineAmounts, Total extends string>(
  money: (dollars: number) => string,
  totalId: Total,
): TableColumn<L, 'packs' | 'pack' | 'price' | Total>[] => [
  { id: 'packs', cell: (l) => l.item },
  { id: 'pack', cell: (l) => l.ship_pack },
  {
    id: 'price',
    cell: (l) => (
      <>
        {money(l.price)} <PriceReasonText reason={l.price_reason} />
      </>
    ),
  },
  { id: totalId, cell: (l) => money(l.line_total) },
];
