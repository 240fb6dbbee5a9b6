import type { ProductCard } from '@wholesale/contract';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * The controls a product card shows but does not own: the favourite heart and the add-to-cart
 * control (quantity box with the ship-pack multiplier). app/provider.tsx supplies the favourites and
 * cart features' components, so the catalogue never imports those features (docs/conventions.md #1).
 */
export type ProductActions = {
  FavouriteToggle?: ComponentType<{ product: ProductCard }>;
  AddToCart?: ComponentType<{ product: ProductCard }>;
};

export const ProductActionsContext = createContext<ProductActions>({});

export function ProductActionsProvider({
  value = {},
  children,
}: {
  value?: ProductActions;
  children: ReactNode;
}) {
  return <ProductActionsContext.Provider value={value}>{children}</ProductActionsContext.Provider>;
}

export function useProductActions(): ProductActions {
  return useContext(ProductActionsContext);
}
