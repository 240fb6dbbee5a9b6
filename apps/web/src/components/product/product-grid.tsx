import type { ProductCard as ProductCardDto } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { PRIORITY_CARDS } from './priority-cards';
import { ProductCard } from './product-card';
import './product.css';

/**
 * A grid of product cards: 5, 3, 2 or 1 columns by screen width (docs/product/catalogue.md).
 * A `priority` grid is the page's main content: its first cards (a phone's first row, the page's
 * largest paint) fetch their pictures at once instead of lazily.
 */
export function ProductGrid({
  products,
  footer,
  label,
  priority = false,
}: {
  products: ProductCardDto[];
  footer?: (product: ProductCardDto) => ReactNode;
  label?: string;
  priority?: boolean;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, i) => (
        <li key={product.product_id} className="product-grid__item">
          <ProductCard
            product={product}
            footer={footer?.(product)}
            priority={priority && i < PRIORITY_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Grey cards in the grid's own columns while a listing loads: the results replace them instead of
 * pushing the page down (docs/product/storefront-ux.md).
 */
export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className="product-grid product-grid--skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="product-grid__item">
          <div className="product-card">
            <Skeleton className="product-card__skeleton-media" />
            <Skeleton className="product-card__skeleton-line product-card__skeleton-line--short" />
            <Skeleton className="product-card__skeleton-line" />
            <Skeleton className="product-card__skeleton-line" />
          </div>
        </li>
      ))}
    </ul>
  );
}
