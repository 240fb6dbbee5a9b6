import type { ProductCard } from '@wholesale/contract';
import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plainName } from '@/components/ui/product-thumb';
import { useSession } from '@/lib/session';
import { useFavourites } from '../api/get-favourites';
import { useToggleFavourite } from '../api/toggle-favourite';
import './favourites.css';

/**
 * The heart of a product card (docs/product/favourites.md): flips at once, is disabled while its request runs, and
 * flips back (with an error toast) when the server refuses. Signed-in customers only.
 */
export function FavouriteToggle({ product }: { product: ProductCard }) {
  const { t } = useTranslation('favourites');
  const { isSignedIn } = useSession();
  const favourites = useFavourites();
  const toggle = useToggleFavourite();
  const serverOn = !!favourites.data?.products.data.some(
    (p) => p.product_id === product.product_id,
  );
  const [on, setOn] = useState(serverOn);
  useEffect(() => {
    if (!toggle.isPending) setOn(serverOn);
  }, [serverOn, toggle.isPending]);
  if (!isSignedIn) return null;
  const name = plainName(product.name);
  return (
    <button
      type="button"
      className={`favourite-toggle${on ? ' favourite-toggle--on' : ''}`}
      aria-pressed={on}
      aria-label={t('toggle', { name })}
      disabled={toggle.isPending}
      onClick={() => {
        const next = !on;
        setOn(next);
        toggle.mutate({ product, on: next }, { onError: () => setOn(!next) });
      }}
    >
      <Heart aria-hidden="true" size={20} fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
