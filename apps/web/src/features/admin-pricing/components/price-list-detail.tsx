import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCustomerGroup, AdminPriceList } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { CustomerSearch } from './customer-search';
import { RenameForm } from './name-form';
import { PriceEntries } from './price-entries';
import { PriceImport } from './price-import';
import { usePricingWrite } from './use-pricing-write';
import { SecondaryButton } from '@/components/ui/buttons';
import { SelectOptions } from '@/components/ui/filter-fields';

/** Who the list is given to, with a button to stop each; giving it to a customer or a group. */
function Assignments({ list, groups }: { list: AdminPriceList; groups: AdminCustomerGroup[] }) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const { send, pending } = usePricingWrite();
  const [groupId, setGroupId] = useState('');
  const path = `price-lists/${list.id}/assignments`;
  return (
    <section aria-labelledby={`${id}-title`} className="pricing__section">
      <h3 id={`${id}-title`}>{t('assignments.title')}</h3>
      {list.assignments.length === 0 ? (
        <p>{t('assignments.empty')}</p>
      ) : (
        <ul className="pricing__results">
          {list.assignments.map((a) => (
            <li key={a.id} className="admin-people__row">
              <span>
                {a.label} <small>({t(`assignments.${a.assignee}Badge`)})</small>
              </span>
              <SecondaryButton
                disabled={pending}
                aria-label={t('assignments.remove', { label: a.label })}
                onClick={() => send({ method: 'delete', path: `${path}/${a.id}` })}
              >
                ✕
              </SecondaryButton>
            </li>
          ))}
        </ul>
      )}
      <h4>{t('assignments.customer')}</h4>
      <CustomerSearch
        label={t('search.label')}
        actionText={t('assignments.give')}
        actionLabel={(label) => t('assignments.giveTo', { label })}
        disabled={pending}
        onPick={(c) =>
          send({ method: 'post', path, body: { customer_code: c.customer_code ?? '' } })
        }
      />
      <form
        className="pricing__inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (groupId)
            send(
              { method: 'post', path, body: { group_id: Number(groupId) } },
              {
                then: () => setGroupId(''),
              },
            );
        }}
      >
        <h4 id={`${id}-group`}>{t('assignments.group')}</h4>
        <label htmlFor={`${id}-group-select`}>{t('assignments.chooseGroup')}</label>
        <select
          id={`${id}-group-select`}
          value={groupId}
          onChange={(e) => setGroupId(e.target.value)}
        >
          <SelectOptions
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            blank={t('assignments.choose')}
          />
        </select>
        <button type="submit" className="button" disabled={pending || !groupId}>
          {t('assignments.give')}
        </button>
      </form>
    </section>
  );
}

/**
 * One price list: its name, state and currency (rename, turn on or off, delete), who it is given to,
 * its entries and its file.
 */
export function PriceListDetail({
  list,
  groups,
  onClose,
}: {
  list: AdminPriceList;
  groups: AdminCustomerGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const { send, pending } = usePricingWrite();
  const [confirm, confirmDialog] = useConfirm();
  const [renaming, setRenaming] = useState(false);
  const state = list.active ? t('lists.active') : t('lists.inactive');
  return (
    <section aria-labelledby={`${id}-title`} className="pricing__detail">
      <h2 id={`${id}-title`}>{t('list.title', { name: list.name })}</h2>
      <p>{t('list.summary', { currency: list.currency, state, count: list.entries })}</p>
      <div className="pricing__actions">
        <SecondaryButton onClick={() => setRenaming(true)}>{t('list.rename')}</SecondaryButton>
        <SecondaryButton
          disabled={pending}
          onClick={() =>
            send({
              method: 'patch',
              path: `price-lists/${list.id}`,
              body: { active: !list.active },
            })
          }
        >
          {list.active ? t('list.deactivate') : t('list.activate')}
        </SecondaryButton>
        <SecondaryButton
          disabled={pending}
          onClick={async () => {
            if (await confirm(t('list.confirmDelete', { name: list.name, count: list.entries })))
              send(
                { method: 'delete', path: `price-lists/${list.id}` },
                { done: t('list.deleted'), then: onClose },
              );
          }}
        >
          {t('list.delete')}
        </SecondaryButton>
        <SecondaryButton onClick={onClose}>{t('list.close')}</SecondaryButton>
      </div>
      {renaming ? (
        <RenameForm
          formLabel={t('list.rename')}
          label={t('lists.name')}
          name={list.name}
          path={`price-lists/${list.id}`}
          send={send}
          pending={pending}
          onClose={() => setRenaming(false)}
        />
      ) : null}
      <Assignments list={list} groups={groups} />
      <PriceEntries list={list} />
      <PriceImport list={list} />
      {confirmDialog}
    </section>
  );
}
