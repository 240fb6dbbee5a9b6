import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type AdminPriceEntry, type AdminPriceList } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/filter-fields';
import { StaffResults } from '@/components/ui/staff-results';
import { useEntries } from '../api/get-entries';
import { EntryForm } from './entry-form';
import { EditRemoveActions } from './row-actions';
import { usePricingWrite } from './use-pricing-write';

/** An entry's price as the screen says it: the amount in the list's currency, or the percent off. */
function usePriceText(currency: AdminPriceList['currency']) {
  const { t, i18n } = useTranslation('admin-pricing');
  const money = formatMoney(i18n.language, currency === 'USD' ? 'us' : 'ca');
  return (e: AdminPriceEntry) =>
    e.kind === 'fixed'
      ? money(e.unit_cents ?? 0)
      : t('entries.percentOff', { percent: (e.basis_points ?? 0) / 100 });
}

/** When an entry applies: always, from a day, until a day, or between two. */
function useDatesText() {
  const { t } = useTranslation('admin-pricing');
  return (e: AdminPriceEntry) =>
    e.starts_on && e.ends_on
      ? t('entries.between', { from: e.starts_on, to: e.ends_on })
      : e.starts_on
        ? t('entries.from', { date: e.starts_on })
        : e.ends_on
          ? t('entries.until', { date: e.ends_on })
          : t('entries.always');
}

/**
 * A list's entries: found by code, 50 a page, each editable and removable; and the form that adds
 * one. Every write says in a toast whether it worked.
 */
export function PriceEntries({ list }: { list: AdminPriceList }) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useEntries(list.id, { page, q });
  const { send, pending } = usePricingWrite();
  const [confirm, confirmDialog] = useConfirm();
  const priceText = usePriceText(list.currency);
  const datesText = useDatesText();
  const path = `price-lists/${list.id}/entries`;
  const editingEntry = query.data?.data.find((e) => e.id === editing);
  return (
    <section aria-labelledby={`${id}-title`} className="pricing__section">
      <h3 id={`${id}-title`}>{t('entries.title')}</h3>
      <SearchInput
        id={`${id}-q`}
        label={t('entries.filter')}
        value={q}
        maxLength={120}
        onChange={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      <StaffResults
        query={query}
        page={page}
        onPage={setPage}
        goToLastPage={setPage}
        count={(count) => t('entries.count', { count })}
        empty={t('entries.empty')}
        caption={t('entries.caption')}
        label={(c) => t(`entries.${c}`)}
        columns={[
          { id: 'target', cell: (e: AdminPriceEntry) => t(`entries.targets.${e.target}`) },
          { id: 'code', cell: (e) => e.code },
          { id: 'label', cell: (e) => e.label ?? '—' },
          { id: 'minPacks', cell: (e) => e.min_packs },
          { id: 'price', cell: priceText },
          { id: 'dates', cell: datesText },
          {
            id: 'actions',
            cell: (e) => (
              <EditRemoveActions
                editLabel={t('entries.edit', { code: e.code })}
                onEdit={() => setEditing(e.id)}
                removeLabel={t('entries.remove', { code: e.code })}
                question={t('entries.confirmRemove', { code: e.code })}
                confirm={confirm}
                pending={pending}
                onRemove={() =>
                  send(
                    { method: 'delete', path: `${path}/${e.id}` },
                    { done: t('entries.removed') },
                  )
                }
              />
            ),
          },
        ]}
      />
      {editingEntry ? (
        <EntryForm
          key={editingEntry.id}
          title={t('entries.editTitle', { code: editingEntry.code })}
          entry={editingEntry}
          pending={pending}
          onCancel={() => setEditing(null)}
          onSubmit={(body) =>
            send(
              { method: 'put', path: `${path}/${editingEntry.id}`, body },
              { then: () => setEditing(null) },
            )
          }
        />
      ) : null}
      <EntryForm
        title={t('entries.add')}
        pending={pending}
        onSubmit={(body, reset) => send({ method: 'post', path, body }, { then: reset })}
      />
      {confirmDialog}
    </section>
  );
}
