import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, type ReturnRequest } from '@wholesale/contract';
import { ReturnLines } from '@/components/ui/return-lines';
import { paths } from '@/config/paths';
import { creditNotePdfUrl } from '../api/get-returns';
import './returns.css';
import { useDates } from '@/lib/dates';

/** Returns as the buyer sees them: when, which order, the lines, the status and any credit note. */
export function ReturnList({
  returns,
  showOrder,
}: {
  returns: ReturnRequest[];
  showOrder: boolean;
}) {
  const { t, i18n } = useTranslation('returns');
  const formatDate = useDates().day;
  return (
    <ul className="return-list">
      {returns.map((r) => {
        const money = formatMoney(i18n.language, r.country);
        return (
          <li key={r.id} className="return-list__item" data-testid={`return-${r.id}`}>
            <p className="return-list__head">
              <strong>{t('list.number', { id: r.id })}</strong>{' '}
              <span className={`return-status return-status--${r.status}`}>
                {t(`status.${r.status}`)}
              </span>{' '}
              <span>{formatDate(r.created_at)}</span>
              {showOrder ? (
                <>
                  {' · '}
                  <Link to={paths.orderDetails(r.order_id)}>
                    {t('list.order', { id: r.order_id })}
                  </Link>
                </>
              ) : null}
            </p>
            <ReturnLines
              lines={r.lines}
              className="return-list__lines"
              text={(l) => t('list.line', { count: l.quantity, product: l.product_code })}
            />
            <p>
              {t('list.reason')}: {r.reason}
            </p>
            {r.staff_note ? (
              <p>
                {t('list.note')}: {r.staff_note}
              </p>
            ) : null}
            {r.credit_note ? (
              <p>
                {t('list.creditNote', {
                  number: r.credit_note.number,
                  total: money(r.credit_note.total_cents),
                })}{' '}
                <a href={creditNotePdfUrl(r.credit_note.id)} download>
                  {t('list.pdf')}
                </a>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
