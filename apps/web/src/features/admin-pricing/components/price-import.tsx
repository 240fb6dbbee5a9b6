import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AdminPriceImportResult, type AdminPriceList } from '@wholesale/contract';
import { CheckboxLabel, FieldError } from '@/components/ui/form-field';
import { isSpreadsheetName, SpreadsheetInput } from '@/components/ui/spreadsheet-input';
import { LabelledTable } from '@/components/ui/labelled-table';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { importErrorLang, refusalColumns, refusalKey } from '@/lib/import-refusals';
import {
  priceFileErrors,
  priceListExportUrl,
  useImportPriceFile,
  type PriceImportInput,
} from '../api/import-price-file';
import { SubmitButton } from '@/components/ui/buttons';

/** Saves `text` as a file the browser downloads. */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** What an import did or would do: counts, the first refused rows and the first changes. */
function ImportOutcome({
  result,
  onDownload,
}: {
  result: AdminPriceImportResult;
  onDownload: () => void;
}) {
  const { t, i18n } = useTranslation('admin-pricing');
  const lang = importErrorLang(i18n.language);
  return (
    <div className="pricing__outcome">
      <p role="status">{t(result.dry_run ? 'files.dryRunDone' : 'files.done', result)}</p>
      {result.refused > 0 ? (
        <>
          <p>
            <button type="button" className="link" onClick={onDownload}>
              {t('files.download')}
            </button>
          </p>
          <LabelledTable
            caption={t('files.refusedCaption', {
              shown: result.refusals.length,
              count: result.refused,
            })}
            label={(c) => t(`files.${c}`)}
            rows={result.refusals}
            rowKey={refusalKey}
            columns={refusalColumns(lang)}
          />
        </>
      ) : null}
      {result.changes.length > 0 ? (
        <LabelledTable
          caption={t('files.changesCaption', {
            shown: result.changes.length,
            count: result.created + result.changed,
          })}
          label={(c) => t(`files.${c}`)}
          rows={result.changes}
          rowKey={(c) => c.row}
          columns={[
            { id: 'row', cell: (c) => c.row },
            { id: 'action', cell: (c) => t(`files.actions.${c.action}`) },
            {
              id: 'value',
              cell: (c) =>
                `${t(`entries.targets.${c.target}`)} ${c.code} · ${c.min_packs}${c.starts_on ? ` · ${c.starts_on}` : ''}`,
            },
          ]}
        />
      ) : null}
    </div>
  );
}

/** Export links and the import form (dry run, replace) of one list, with the import's outcome. */
export function PriceImport({ list }: { list: AdminPriceList }) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const describe = useErrorMessage();
  const start = useImportPriceFile();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<{ input: PriceImportInput; result: AdminPriceImportResult }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('files.noFile'));
    const input = { listId: list.id, file, dryRun, replace };
    setError(null);
    start.mutate(input, {
      onSuccess: (result) => {
        setLast({ input, result });
        toast.success(t(result.dry_run ? 'files.dryRunDone' : 'files.done', result));
      },
      onError: (e) => setError(e instanceof ApiError && !e.reason ? e.message : describe(e)),
    });
  };
  const downloadErrors = async () => {
    if (!last) return;
    try {
      download(await priceFileErrors(last.input), `price-list-${list.id}-errors.csv`);
    } catch (e) {
      toast.error(t('failed'), { description: describe(e) });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="pricing__section">
      <h3 id={`${id}-title`}>{t('files.title')}</h3>
      <p>{t('files.lead')}</p>
      <p className="pricing__actions">
        <a href={priceListExportUrl(list.id, 'csv')} download>
          {t('files.exportCsv')}
        </a>
        <a href={priceListExportUrl(list.id, 'xlsx')} download>
          {t('files.exportXlsx')}
        </a>
      </p>
      <form className="pricing__form" onSubmit={submit} noValidate>
        <SpreadsheetInput
          id={`${id}-file`}
          label={t('files.file')}
          errorId={error ? `${id}-error` : undefined}
          onChoose={(chosen) => {
            setError(chosen && !isSpreadsheetName(chosen.name) ? t('files.wrongType') : null);
            setFile(chosen);
          }}
        />
        <CheckboxLabel label={t('files.dryRun')} checked={dryRun} onChange={setDryRun} />
        <CheckboxLabel label={t('files.replace')} checked={replace} onChange={setReplace} />
        <FieldError id={id} error={error ?? undefined} />
        <SubmitButton pending={start.isPending} busy={t('files.sending')}>
          {t('files.submit')}
        </SubmitButton>
      </form>
      {start.isPending ? <p aria-busy="true">{t('files.sending')}</p> : null}
      {last ? <ImportOutcome result={last.result} onDownload={downloadErrors} /> : null}
    </section>
  );
}
