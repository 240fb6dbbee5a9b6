import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PRICE_LIST_CURRENCIES } from '@wholesale/contract';
import { useCustomerGroups, usePriceLists } from '../api/get-price-lists';
import { CustomerGroups } from './customer-groups';
import { NameForm } from './name-form';
import { PriceListDetail } from './price-list-detail';
import { usePricingWrite } from './use-pricing-write';
import './admin-pricing.css';
import { ScrollTable } from '@/components/ui/labelled-table';
import { SelectOptions } from '@/components/ui/filter-fields';
import { StaffSection } from '@/components/ui/staff-section';

const COLUMNS = ['name', 'currency', 'state', 'entries', 'givenTo'] as const;

/**
 * /admin/prices: the price lists with their entry counts and who each is given to; one list open
 * (?list=id) with its assignments, entries and file; the customer groups.
 */
export function PriceListsPage() {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const lists = usePriceLists();
  const groups = useCustomerGroups();
  const { send, pending } = usePricingWrite();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('list'));
  const open = lists.data?.lists.find((l) => l.id === openId);
  const openList = (listId: number | null) =>
    setParams(listId === null ? {} : { list: String(listId) }, { replace: true });

  return (
    <StaffSection id={id} title={t('title')} className="pricing">
      <p>{t('lead')}</p>
      {lists.isPending || groups.isPending ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : lists.isError || groups.isError ? (
        <p role="alert">{t('loadError')}</p>
      ) : (
        <>
          <section aria-labelledby={`${id}-lists`} className="pricing__section">
            <h2 id={`${id}-lists`}>{t('lists.title')}</h2>
            {lists.data.lists.length === 0 ? (
              <p>{t('lists.empty')}</p>
            ) : (
              <ScrollTable
                caption={t('lists.caption')}
                className="admin-people__table"
                columns={COLUMNS}
                label={(c) => t(`lists.${c}`)}
              >
                {lists.data.lists.map((l) => (
                  <tr key={l.id} aria-current={l.id === openId ? 'true' : undefined}>
                    <td>
                      <button
                        type="button"
                        className="link"
                        aria-label={t('lists.open', { name: l.name })}
                        onClick={() => openList(l.id)}
                      >
                        {l.name}
                      </button>
                    </td>
                    <td>{l.currency}</td>
                    <td>{l.active ? t('lists.active') : t('lists.inactive')}</td>
                    <td>{l.entries}</td>
                    <td>
                      {l.assignments.length === 0
                        ? t('lists.nobody')
                        : l.assignments.map((a) => a.label).join(', ')}
                    </td>
                  </tr>
                ))}
              </ScrollTable>
            )}
            <NameForm
              title={t('lists.add')}
              label={t('lists.name')}
              submitText={t('lists.create')}
              pending={pending}
              onSubmit={(values, reset) =>
                send(
                  { method: 'post', path: 'price-lists', body: values },
                  { done: t('lists.created'), then: reset },
                )
              }
            >
              <label htmlFor={`${id}-currency`}>{t('lists.currency')}</label>
              <select id={`${id}-currency`} name="currency" defaultValue="CAD">
                <SelectOptions
                  options={PRICE_LIST_CURRENCIES.map((c) => ({ value: c, label: c }))}
                />
              </select>
            </NameForm>
          </section>
          {open ? (
            <PriceListDetail
              key={open.id}
              list={open}
              groups={groups.data.groups}
              onClose={() => openList(null)}
            />
          ) : null}
          <CustomerGroups groups={groups.data.groups} />
        </>
      )}
    </StaffSection>
  );
}
