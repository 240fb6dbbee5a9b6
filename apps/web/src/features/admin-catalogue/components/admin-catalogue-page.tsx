import { useEffect, useId, useState, type DragEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { IMPORT_FIELD_GROUPS, type AdminImportJob } from '@wholesale/contract';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { importErrorLang, refusalColumns, refusalKey } from '@/lib/import-refusals';
import { useImport } from '../api/get-import';
import { importErrorsFileUrl, useImportErrors } from '../api/get-import-errors';
import { useImports } from '../api/get-imports';
import { catalogueImportKeys } from '../api/keys';
import { useStartImport } from '../api/start-import';
import './admin-catalogue.css';
import { CheckboxLabel, FieldError } from '@/components/ui/form-field';
import { Loaded } from '@/components/ui/loaded';
import { isSpreadsheetName, SpreadsheetInput } from '@/components/ui/spreadsheet-input';
import { TableHead } from '@/components/ui/table-head';
import { StaffResults } from '@/components/ui/staff-results';
import { paths } from '@/config/paths';
import { SubmitButton } from '@/components/ui/buttons';
import { useDates } from '@/lib/dates';

const MAX_MB = 50;

/**
 * An import's refused rows, 50 a page from the API (a file with thousands of them stays one screen
 * tall), with the whole list offered as a CSV in the staff member's language.
 */
function RefusedRows({ job }: { job: AdminImportJob }) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const [page, setPage] = useState(1);
  const query = useImportErrors(job.id, page);
  const lang = importErrorLang(i18n.language);
  return (
    <div className="admin-catalogue__refused">
      <h3>{t('errors.caption', { count: job.error_count })}</h3>
      <p>
        <a href={importErrorsFileUrl(job.id, lang)} download>
          {t('errors.download')}
        </a>
      </p>
      <StaffResults
        query={query}
        page={page}
        onPage={setPage}
        goToLastPage={setPage}
        count={(count) => t('errors.shown', { count })}
        empty={t('errors.none')}
        caption={t('errors.caption', { count: job.error_count })}
        label={(c) => t(`errors.${c}`)}
        rowKey={refusalKey}
        columns={refusalColumns(lang)}
      />
    </div>
  );
}

/** The outcome of one import: counts, counts per field group, and the refused rows. */
function ImportSummary({ job }: { job: AdminImportJob }) {
  const { t } = useTranslation('admin-catalogue');
  const groups = IMPORT_FIELD_GROUPS.filter((g) => job.groups[g]);
  return (
    <div className="admin-catalogue__summary">
      <p role="status">
        {job.status === 'failed'
          ? t('summary.failed', { reason: job.failure ?? '' })
          : t(job.dry_run ? 'summary.dryRun' : 'summary.done', {
              created: job.created,
              updated: job.updated,
              unchanged: job.unchanged,
              deactivated: job.deactivated,
              errors: job.error_count,
            })}
      </p>
      {groups.length ? (
        <div className="admin-catalogue__table-wrap">
          <table>
            <TableHead
              caption={t('summary.groups')}
              captionShown
              columns={['group', 'created', 'updated', 'unchanged']}
              label={(c) => t(`summary.${c}`)}
            />
            <tbody>
              {groups.map((g) => (
                <tr key={g}>
                  <th scope="row">{t(`groups.${g}`)}</th>
                  <td>{job.groups[g].created}</td>
                  <td>{job.groups[g].updated}</td>
                  <td>{job.groups[g].unchanged}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {job.structure.length ? (
        <div className="admin-catalogue__table-wrap">
          <table>
            <TableHead
              caption={t(job.dry_run ? 'structure.wouldCreate' : 'structure.created', {
                count: job.structure.length,
              })}
              captionShown
              columns={['kind', 'code', 'level', 'parent']}
              label={(c) => t(`structure.${c}`)}
            />
            <tbody>
              {job.structure.map((s) => (
                <tr key={`${s.kind}-${s.code}`}>
                  <td>{t(`structure.kinds.${s.kind}`)}</td>
                  <td>{s.kind === 'brand' ? `${s.code} (${s.name})` : s.code}</td>
                  <td>{s.level ?? '—'}</td>
                  <td>{s.parent ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {job.error_count > 0 ? <RefusedRows key={job.id} job={job} /> : null}
    </div>
  );
}

/** Progress of the import being watched, then its summary. */
function ImportProgress({ id }: { id: number }) {
  const { t } = useTranslation('admin-catalogue');
  const queryClient = useQueryClient();
  const job = useImport(id);
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: catalogueImportKeys.lists() });
  }, [finished, queryClient]);
  if (!job.data) return <p aria-busy="true">{t('loading')}</p>;
  const { rows_done: done, rows_total: total } = job.data;
  return (
    <section aria-labelledby="import-progress-title" className="admin-catalogue__section">
      <h2 id="import-progress-title">{t('progress.title', { name: job.data.file_name })}</h2>
      <progress
        max={Math.max(1, total)}
        value={finished ? Math.max(1, total) : done}
        aria-label={t('progress.label')}
        data-testid="import-progress"
      />
      <p aria-live="polite">
        {finished
          ? t('progress.finished')
          : job.data.status === 'queued'
            ? t('progress.queued')
            : t('progress.running', { done, total })}
      </p>
      {finished ? <ImportSummary job={job.data} /> : null}
    </section>
  );
}

/**
 * /admin/catalogue: upload a catalogue file (drag and drop or a picker) with an optional images ZIP,
 * as a dry run or for real; watch its progress; read past imports.
 */
export function AdminCataloguePage() {
  const { t } = useTranslation('admin-catalogue');
  const base = useId();
  const start = useStartImport();
  const history = useImports();
  const dates = useDates();
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [createMissing, setCreateMissing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [watching, setWatching] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const describe = useErrorMessage();

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    setError(null);
    if (!isSpreadsheetName(chosen.name)) setError(t('upload.wrongType'));
    else if (chosen.size > MAX_MB * 1048576) setError(t('upload.tooLarge', { size: MAX_MB }));
    else setFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('upload.noFile'));
      return;
    }
    start.mutate(
      { file, images, dryRun, createMissing },
      {
        onSuccess: ({ import_id }) => {
          setWatching(import_id);
          setFile(null);
          setImages(null);
          toast.success(t('upload.started'));
        },
        // A refusal with a reason (a file too costly to read) is shown in the staff member's
        // language; the others name a row or column in the server's words.
        onError: (e) =>
          setError(
            e instanceof ApiError ? (e.reason ? describe(e) : e.message) : t('upload.failed'),
          ),
      },
    );
  };

  return (
    <section className="admin-catalogue">
      <h1>{t('title')}</h1>
      <p>{t('lead')}</p>
      <p className="admin-catalogue__links">
        <Link to={paths.adminCatalogueStructure()}>{t('links.structure')}</Link>
        <a href="/api/admin/imports/template.csv" download>
          {t('links.template')}
        </a>
        <a href="/api/admin/catalogue/export.csv" download>
          {t('links.export')}
        </a>
      </p>
      <form onSubmit={submit} noValidate className="admin-catalogue__form">
        <div
          className={`admin-catalogue__drop${dragging ? ' admin-catalogue__drop--over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>{file ? t('upload.chosen', { name: file.name }) : t('upload.drop')}</p>
          <SpreadsheetInput
            id={`${base}-file`}
            label={t('upload.file')}
            errorId={error ? `${base}-error` : undefined}
            onChoose={choose}
          />
        </div>
        <label htmlFor={`${base}-images`}>{t('upload.images')}</label>
        <input
          id={`${base}-images`}
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => setImages(e.target.files?.[0] ?? null)}
        />
        <CheckboxLabel label={t('upload.dryRun')} checked={dryRun} onChange={setDryRun} />
        <CheckboxLabel
          label={t('upload.createMissing')}
          checked={createMissing}
          onChange={setCreateMissing}
        />
        <FieldError id={base} error={error ?? undefined} />
        <SubmitButton pending={start.isPending} busy={t('upload.sending')}>
          {t('upload.submit')}
        </SubmitButton>
      </form>
      {watching !== null ? <ImportProgress id={watching} /> : null}
      <section aria-labelledby={`${base}-history`} className="admin-catalogue__section">
        <h2 id={`${base}-history`}>{t('history.title')}</h2>
        <Loaded
          query={history}
          failed={t('history.error')}
          empty={t('history.empty')}
          isEmpty={(data) => data.imports.length === 0}
        >
          {(data) => (
            <div className="admin-catalogue__table-wrap">
              <table>
                <TableHead
                  columns={['when', 'who', 'file', 'status', 'counts']}
                  label={(c) => t(`history.${c}`)}
                />
                <tbody>
                  {data.imports.map((job) => (
                    <tr key={job.id}>
                      <td>{dates.moment(job.created_at)}</td>
                      <td>{job.created_by ?? '—'}</td>
                      <td>
                        <button type="button" className="link" onClick={() => setWatching(job.id)}>
                          {job.file_name}
                        </button>
                      </td>
                      <td>
                        {t(`status.${job.status}`)}
                        {job.dry_run ? ` (${t('history.dryRun')})` : ''}
                      </td>
                      <td>
                        {t('history.countsText', {
                          created: job.created,
                          updated: job.updated,
                          unchanged: job.unchanged,
                          errors: job.error_count,
                        })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Loaded>
      </section>
    </section>
  );
}
