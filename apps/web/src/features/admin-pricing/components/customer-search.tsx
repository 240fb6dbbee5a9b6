import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPricingCustomer } from '@wholesale/contract';
import { useCustomerSearch } from '../api/find-customers';
import { SecondaryButton } from '@/components/ui/buttons';
import { SearchInput } from '@/components/ui/filter-fields';

/** How a customer is named on the screen: code, then company (or owner, or e-mail). */
export const customerLabel = (c: AdminPricingCustomer) =>
  [c.customer_code, c.company_name || c.owner_name || c.email].filter(Boolean).join(' — ');

/**
 * Finds customers by code, company, owner or e-mail and offers one button per customer found
 * (`actionLabel` names it for screen readers): give a list, add to a group.
 */
export function CustomerSearch({
  label,
  actionText,
  actionLabel,
  onPick,
  disabled,
}: {
  label: string;
  actionText: string;
  actionLabel: (customer: string) => string;
  onPick: (customer: AdminPricingCustomer) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const [q, setQ] = useState('');
  const search = useCustomerSearch(q);
  const typed = q.trim().length >= 2;
  return (
    <div className="pricing__search">
      <SearchInput
        id={`${id}-q`}
        label={label}
        value={q}
        describedBy={`${id}-hint`}
        onChange={setQ}
      />
      <small id={`${id}-hint`}>{t('search.hint')}</small>
      {typed && search.isFetching && !search.data ? <p aria-busy="true">{t('loading')}</p> : null}
      {typed && search.data ? (
        search.data.customers.length === 0 ? (
          <p>{t('search.none')}</p>
        ) : (
          <ul className="pricing__results" aria-label={t('search.results')}>
            {search.data.customers.map((c) => (
              <li key={c.id} className="admin-people__row">
                <span>{customerLabel(c)}</span>
                <SecondaryButton
                  disabled={disabled || !c.customer_code}
                  aria-label={actionLabel(customerLabel(c))}
                  onClick={() => onPick(c)}
                >
                  {actionText}
                </SecondaryButton>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
