import {
  parseScannerExport,
  type OpticonLineResult,
  type OpticonMatch,
  type ScanParseResult,
} from '@wholesale/contract';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useMatchScans } from '../api/match-scans';
import { useUploadScans } from '../api/upload-scans';
import { ResultsTable } from './results-table';
import './opticon.css';
import { OpticonTable } from './opticon-table';
import { SecondaryButton } from '@/components/ui/buttons';

export const ACCEPTED_EXTENSIONS = ['.txt', '.csv', '.dat'];
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Opticon scanner upload: drop or choose a .txt/.csv/.dat export, or paste lines. The file is
 * parsed here, in the browser; a preview (code, quantity, matched product, status) shows before
 * anything is added; then the lines go to the cart with a progress indicator and a result per line.
 */
export function ScanUpload() {
  const { t } = useTranslation('opticon');
  const errorMessage = useErrorMessage();
  const [parsed, setParsed] = useState<ScanParseResult | null>(null);
  const [source, setSource] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const [results, setResults] = useState<OpticonLineResult[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pasteId = useId();
  const match = useMatchScans();
  const upload = useUploadScans();

  const load = (text: string, name: string) => {
    const result = parseScannerExport(text);
    setParsed(result);
    setSource(name);
    setResults(null);
    upload.reset();
    if (result.lines.length) match.mutate(result.lines.map((l) => l.code));
    else match.reset();
  };

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    const lower = file.name.toLowerCase();
    if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
      setFileError(t('errors.type', { name: file.name }));
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t('errors.size'));
      return;
    }
    load(await file.text(), file.name);
  };

  const matches = new Map<string, OpticonMatch>((match.data ?? []).map((m) => [m.code, m]));
  const sendable = parsed?.lines ?? [];

  return (
    <section className="opticon-upload" aria-labelledby="upload-title">
      <h2 id="upload-title">{t('upload.title')}</h2>
      <p className="opticon-help">{t('upload.help')}</p>
      <div
        className={`dropzone${dragging ? ' dropzone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void readFile(e.dataTransfer.files[0]);
        }}
        data-testid="dropzone"
      >
        <Upload aria-hidden="true" size={28} />
        <p>{t('upload.drop')}</p>
        <SecondaryButton onClick={() => fileInput.current?.click()}>
          {t('upload.choose')}
        </SecondaryButton>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_EXTENSIONS.join(',')}
          className="visually-hidden"
          aria-label={t('upload.choose')}
          tabIndex={-1}
          onChange={(e) => {
            void readFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {fileError ? (
        <p role="alert" className="form-error">
          {fileError}
        </p>
      ) : null}

      <div className="opticon-paste">
        <label htmlFor={pasteId}>{t('upload.pasteLabel')}</label>
        <textarea
          id={pasteId}
          rows={5}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          placeholder={'036000291452\nABC-123,4'}
        />
        <SecondaryButton disabled={!pasted.trim()} onClick={() => load(pasted, t('upload.pasted'))}>
          {t('upload.preview')}
        </SecondaryButton>
      </div>

      {parsed ? (
        <div className="opticon-preview" aria-live="polite">
          <h3>{t('preview.title', { source, count: parsed.lines.length })}</h3>
          {parsed.errors.length ? (
            <div role="alert" className="opticon-errors">
              <p>{t('preview.skipped', { count: parsed.errors.length })}</p>
              <ul>
                {parsed.errors.slice(0, 20).map((e) => (
                  <li key={e.line}>
                    {t(`preview.error.${e.reason}`, { line: e.line, text: e.text })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {match.isPending ? <p role="status">{t('preview.matching')}</p> : null}
          {match.isError ? <p role="alert">{errorMessage(match.error)}</p> : null}
          {sendable.length && !results ? (
            <OpticonTable
              testId="opticon-preview"
              caption={t('preview.caption')}
              statusColumn="status"
              rows={sendable.map(({ code, quantity }) => {
                const m = matches.get(code);
                return {
                  code,
                  quantity,
                  product_id: m?.product_id,
                  name: m?.name,
                  status: m?.status ?? 'pending',
                  statusText: m ? t(`preview.status.${m.status}`) : t('preview.status.pending'),
                };
              })}
            />
          ) : null}
          {sendable.length && !results ? (
            <button
              type="button"
              className="button"
              disabled={upload.isPending}
              onClick={() =>
                upload.mutate(
                  sendable.map(({ code, quantity }) => ({ code, quantity })),
                  { onSuccess: setResults },
                )
              }
            >
              {upload.isPending
                ? t('upload.sending')
                : t('upload.send', { count: sendable.length })}
            </button>
          ) : null}
          {upload.progress && upload.isPending ? (
            <div className="opticon-progress">
              <label>
                {t('upload.progress', upload.progress)}
                <progress value={upload.progress.done} max={upload.progress.total} />
              </label>
            </div>
          ) : null}
          {upload.isError ? <p role="alert">{errorMessage(upload.error)}</p> : null}
          {results ? (
            <>
              <ResultsTable results={results} />
              <p>
                <Link to={paths.cart()} className="button">
                  {t('results.viewCart')}
                </Link>
              </p>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
