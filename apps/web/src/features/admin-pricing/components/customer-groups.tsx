import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCustomerGroup } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LabelledTable } from '@/components/ui/labelled-table';
import { Loaded } from '@/components/ui/loaded';
import { useGroupMembers } from '../api/get-group-members';
import { CustomerSearch, customerLabel } from './customer-search';
import { NameForm, RenameForm } from './name-form';
import { EditRemoveActions } from './row-actions';
import { usePricingWrite } from './use-pricing-write';
import { SecondaryButton } from '@/components/ui/buttons';

/** A group's members, each removable, and the search that adds one. */
function GroupMembers({ group }: { group: AdminCustomerGroup }) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const members = useGroupMembers(group.id);
  const { send, pending } = usePricingWrite();
  const path = `customer-groups/${group.id}/members`;
  return (
    <section aria-labelledby={`${id}-title`} className="pricing__section">
      <h3 id={`${id}-title`}>{t('groups.membersOf', { name: group.name })}</h3>
      <Loaded
        query={members}
        failed={t('loadError')}
        empty={t('groups.noMembers')}
        isEmpty={(data) => data.members.length === 0}
      >
        {(data) => (
          <ul className="pricing__results">
            {data.members.map((m) => (
              <li key={m.id} className="admin-people__row">
                <span>{customerLabel(m)}</span>
                <SecondaryButton
                  disabled={pending}
                  aria-label={t('groups.removeMember', { label: customerLabel(m) })}
                  onClick={() => send({ method: 'delete', path: `${path}/${m.id}` })}
                >
                  ✕
                </SecondaryButton>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <CustomerSearch
        label={t('search.label')}
        actionText={t('groups.addMember')}
        actionLabel={(label) => t('groups.addMemberNamed', { label })}
        disabled={pending}
        onPick={(c) =>
          send({ method: 'post', path, body: { customer_code: c.customer_code ?? '' } })
        }
      />
    </section>
  );
}

/** Customer groups: their member and list counts; add, rename, delete, and their members. */
export function CustomerGroups({ groups }: { groups: AdminCustomerGroup[] }) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const { send, pending } = usePricingWrite();
  const [confirm, confirmDialog] = useConfirm();
  const [open, setOpen] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const shown = groups.find((g) => g.id === open);
  const renamed = groups.find((g) => g.id === renaming);
  return (
    <section aria-labelledby={`${id}-title`} className="pricing__section">
      <h2 id={`${id}-title`}>{t('groups.title')}</h2>
      <LabelledTable
        caption={t('groups.caption')}
        label={(c) => t(`groups.${c}`)}
        rows={groups}
        empty={t('groups.empty')}
        columns={[
          {
            id: 'name',
            cell: (g) => (
              <button
                type="button"
                className="link"
                aria-expanded={open === g.id}
                aria-label={t('groups.show', { name: g.name })}
                onClick={() => setOpen(open === g.id ? null : g.id)}
              >
                {g.name}
              </button>
            ),
          },
          { id: 'members', cell: (g) => g.members },
          { id: 'lists', cell: (g) => g.lists },
          {
            id: 'actions',
            cell: (g) => (
              <EditRemoveActions
                editLabel={t('groups.rename', { name: g.name })}
                onEdit={() => setRenaming(g.id)}
                removeLabel={t('groups.delete', { name: g.name })}
                question={t('groups.confirmDelete', { name: g.name })}
                confirm={confirm}
                pending={pending}
                onRemove={() =>
                  send(
                    { method: 'delete', path: `customer-groups/${g.id}` },
                    { done: t('groups.deleted'), then: () => setOpen(null) },
                  )
                }
              />
            ),
          },
        ]}
      />
      {renamed ? (
        <RenameForm
          key={renamed.id}
          formLabel={t('groups.rename', { name: renamed.name })}
          label={t('groups.name')}
          name={renamed.name}
          path={`customer-groups/${renamed.id}`}
          send={send}
          pending={pending}
          onClose={() => setRenaming(null)}
        />
      ) : null}
      {shown ? <GroupMembers group={shown} /> : null}
      <NameForm
        title={t('groups.add')}
        label={t('groups.name')}
        submitText={t('groups.create')}
        pending={pending}
        onSubmit={({ name }, reset) =>
          send({ method: 'post', path: 'customer-groups', body: { name } }, { then: reset })
        }
      />
      {confirmDialog}
    </section>
  );
}
