import type { ProductCard as ProductCardDto } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { ProductCard } from './product-card';
import './product.css';

/** A grid of product cards: 5, 3, 2 or 1 columns by screen width (docs/product/catalogue.md). */
export function ProductGrid({
  products,
  footer,
  label,
}: {
  products: ProductCardDto[];
  footer?: (product: ProductCardDto) => ReactNode;
  label?: string;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.product_id} className="product-grid__item">
          <ProductCard product={product} footer={footer?.(product)} />
        </li>
      ))}
    </ul>
  );
}
