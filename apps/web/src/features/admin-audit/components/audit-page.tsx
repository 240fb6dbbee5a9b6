import { AUDIT_ENTITIES, type AuditEntity, type AuditEntryDto } from '@wholesale/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import '@/components/ui/admin-people.css';
import '@/components/ui/stacked-table.css';
import './audit-page.css';
import { StaffFilters } from '@/components/ui/staff-filters';
import { StaffResults } from '@/components/ui/staff-results';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { useAudit, type AuditFilter } from '../api/get-audit';
import { TableHead } from '@/components/ui/table-head';
import { StaffSection } from '@/components/ui/staff-section';
import { usePageTitle } from '@/lib/page-title';
import { useDates } from '@/lib/dates';

const DEFAULT_FILTER: AuditFilter = {
  actor: '',
  action: '',
  entity: '',
  from: '',
  to: '',
  page: 1,
};

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * An e-mail address or an action (`credit_account.update`) that may wrap after each `@`, `.` and
 * `_` (a `<wbr>`, left out of what is copied) rather than mid-word, in a phone's half row; the
 * desktop table keeps it on one line (audit-page.css).
 */
function Breakable({ text }: { text: string }) {
  return (
    <span className="audit-log__whole">
      {text.split(/(?<=[@._])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * Before and after of one row, field by field. Each value carries its column's name (`data-label`)
 * for the phone, where the log's rows stack and the headings are hidden (audit-page.css).
 */
function Change({ entry }: { entry: AuditEntryDto }) {
  const { t } = useTranslation('admin-people');
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (fields.length === 0) return <>—</>;
  return (
    <table className="admin-people__change">
      <TableHead columns={['field', 'before', 'after']} label={(c) => t(`audit.${c}`)} />
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td data-label={t('audit.before')}>{show(entry.before?.[field])}</td>
            <td data-label={t('audit.after')}>{show(entry.after?.[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /admin/audit (admin): who did what, when, with before/after; filters live in the URL. */
export function AuditPage() {
  const { t } = useTranslation(['admin-people', 'common']);
  const dates = useDates();
  const [filter, go, pages] = useUrlFilter(DEFAULT_FILTER);
  const query = useAudit(filter);
  usePageTitle(t('audit.title'));

  // Rows written before an entity got its name (or by a newer server) show the raw entity.
  const entityName = (entity: string) =>
    (AUDIT_ENTITIES as readonly string[]).includes(entity)
      ? t(`audit.entities.${entity as AuditEntity}`)
      : entity;
  const entityOptions = [
    { value: '', label: t('audit.allEntities') },
    ...AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`audit.entities.${e}`) })),
  ];

  return (
    <StaffSection id="audit" title={t('audit.title')} className="admin-people audit-log">
      <StaffFilters
        idPrefix="audit"
        text={(key) => t(`audit.${key}`)}
        look="fields"
        filter={[filter, go]}
        controls={[
          { name: 'actor', label: t('audit.actor'), maxLength: 254 },
          { name: 'action', label: t('audit.action'), placeholder: 'customer.' },
          { name: 'entity', label: t('audit.entity'), options: entityOptions },
          { name: 'from', label: t('audit.from'), type: 'date' },
          { name: 'to', label: t('audit.to'), type: 'date' },
        ]}
      />
      <StaffResults
        query={query}
        {...pages}
        count={(count) => t('audit.count', { count })}
        empty={t('audit.empty')}
        caption={t('audit.title')}
        label={(c) => t(`audit.${c}`)}
        tableClassName="stacked-table"
        columns={[
          { id: 'when', cell: (entry) => dates.moment(entry.at) },
          {
            id: 'actor',
            cell: (entry) => (entry.actor_email ? <Breakable text={entry.actor_email} /> : '—'),
          },
          {
            id: 'action',
            cell: (entry) => (
              <code>
                <Breakable text={entry.action} />
              </code>
            ),
          },
          {
            id: 'entity',
            cell: (entry) => (
              <>
                {entityName(entry.entity)} #{entry.entity_id}
              </>
            ),
          },
          { id: 'change', cell: (entry) => <Change entry={entry} /> },
        ]}
      />
    </StaffSection>
  );
}
