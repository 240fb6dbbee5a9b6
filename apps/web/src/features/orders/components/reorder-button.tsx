import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useReorder } from '../api/reorder';

/** Re-order: copies the order's lines into the cart and says what could not be added, and why. */
export function ReorderButton({
  orderId,
  compact = false,
}: {
  orderId: number;
  compact?: boolean;
}) {
  const { t } = useTranslation('orders');
  const reorder = useReorder();
  return (
    <div className="reorder">
      <button
        type="button"
        className={`button${compact ? ' button--secondary' : ''}`}
        onClick={() => reorder.mutate(orderId)}
        disabled={reorder.isPending}
        aria-label={t('reorder.label', { id: orderId })}
      >
        <RotateCcw size={16} aria-hidden="true" />{' '}
        {reorder.isPending ? t('reorder.running') : t('reorder.button')}
      </button>
      {reorder.data ? (
        <div className="reorder__result" role="status">
          <p>
            {t('reorder.added', { count: reorder.data.added })}{' '}
            <Link to={paths.cart()}>{t('reorder.viewCart')}</Link>
          </p>
          {reorder.data.skipped.length ? (
            <ul>
              {reorder.data.skipped.map((s) => (
                <li key={s.product_id}>
                  {t(`reorder.reason.${s.reason}`, {
                    product: s.product_id,
                    requested: s.requested,
                    added: s.added,
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
