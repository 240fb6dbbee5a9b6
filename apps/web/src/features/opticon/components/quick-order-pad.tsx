import { readQuantity, type OpticonLineResult } from '@wholesale/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plainName } from '@/components/ui/product-thumb';
import { QuantityRefusalMessage, shownRefusal } from '@/components/ui/use-quantity-text';
import { useErrorMessage } from '@/lib/error-message';
import { useSuggestions } from '../api/suggest-products';
import { useUploadScans } from '../api/upload-scans';
import { ResultsTable } from './results-table';
import { SecondaryButton } from '@/components/ui/buttons';

type Row = { key: number; code: string; quantity: string };
let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, code: '', quantity: '1' });

/**
 * A product typed with no pack to order (0, or the box emptied): it used to be left out of what
 * was sent without a word, the other rows going to the cart.
 */
const lacksPacks = (row: Row) => {
  const reading = readQuantity(row.quantity);
  return row.code.trim() !== '' && (reading.ok ? reading.value === 0 : reading.reason === 'empty');
};

function PadRow({
  row,
  index,
  onChange,
  onRemove,
  listId,
  onFocus,
}: {
  row: Row;
  index: number;
  onChange: (r: Row) => void;
  onRemove: () => void;
  listId: string;
  onFocus: () => void;
}) {
  const { t } = useTranslation('opticon');
  const refusalId = useId();
  const reading = readQuantity(row.quantity);
  const refusal = shownRefusal(reading);
  const noPacks = refusal === null && lacksPacks(row);
  return (
    <div className="pad-row">
      <input
        aria-label={t('pad.code', { n: index + 1 })}
        list={listId}
        value={row.code}
        onFocus={onFocus}
        onChange={(e) => onChange({ ...row, code: e.target.value })}
        autoComplete="off"
        placeholder={t('pad.codePlaceholder')}
      />
      <input
        aria-label={t('pad.quantity', { n: index + 1 })}
        inputMode="numeric"
        value={row.quantity}
        // Kept as typed and read with the contract's rule: dropping what is refused made 2.5 into 25.
        onChange={(e) => onChange({ ...row, quantity: e.target.value })}
        aria-invalid={refusal !== null || noPacks || undefined}
        aria-describedby={refusal || noPacks ? refusalId : undefined}
        className="pad-row__qty"
      />
      <button
        type="button"
        className="icon-button"
        onClick={onRemove}
        aria-label={t('pad.remove', { n: index + 1 })}
      >
        <Trash2 size={16} aria-hidden="true" />
      </button>
      {refusal ? (
        <QuantityRefusalMessage id={refusalId} refusal={refusal} text={row.quantity} />
      ) : null}
      {noPacks ? (
        <p id={refusalId} className="qty-refusal">
          {t('pad.noPacks')}
        </p>
      ) : null}
    </div>
  );
}

/** Quick-order pad: rows of product id and quantity, with suggestions as you type; adds them to the cart. */
export function QuickOrderPad() {
  const { t } = useTranslation('opticon');
  const errorMessage = useErrorMessage();
  const listId = useId();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow(), emptyRow(), emptyRow()]);
  const [active, setActive] = useState(0);
  const [results, setResults] = useState<OpticonLineResult[] | null>(null);
  const suggestions = useSuggestions(rows[active]?.code ?? '');
  const upload = useUploadScans();
  const quantityOf = (r: Row) => {
    const reading = readQuantity(r.quantity);
    return reading.ok ? reading.value : null;
  };
  const filled = rows.filter((r) => r.code.trim() && (quantityOf(r) ?? 0) > 0);
  // A row whose quantity is refused holds the form back: it must not be sent as another number.
  const refused = rows.some(
    (r) => shownRefusal(readQuantity(r.quantity)) !== null || lacksPacks(r),
  );

  return (
    <section className="quick-order" aria-labelledby="pad-title">
      <h2 id="pad-title">{t('pad.title')}</h2>
      <p className="opticon-help">{t('pad.help')}</p>
      <datalist id={listId}>
        {(suggestions.data?.data ?? []).map((s) => (
          <option key={s.product_id} value={s.product_id}>
            {`${plainName(s.name)}${s.unavailable ? ` — ${t('preview.status.unavailable')}` : ''}`}
          </option>
        ))}
      </datalist>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          upload.mutate(
            filled.map((r) => ({ code: r.code.trim(), quantity: quantityOf(r) ?? 0 })),
            {
              onSuccess: (res) => {
                setResults(res);
                setRows([emptyRow(), emptyRow(), emptyRow()]);
              },
            },
          );
        }}
      >
        <div className="pad-head" aria-hidden="true">
          <span>{t('columns.product')}</span>
          <span>{t('columns.quantity')}</span>
        </div>
        {rows.map((row, i) => (
          <PadRow
            key={row.key}
            row={row}
            index={i}
            listId={listId}
            onFocus={() => setActive(i)}
            onChange={(r) => setRows((all) => all.map((x) => (x.key === r.key ? r : x)))}
            onRemove={() =>
              setRows((all) =>
                all.length > 1 ? all.filter((x) => x.key !== row.key) : [emptyRow()],
              )
            }
          />
        ))}
        <div className="pad-actions">
          <SecondaryButton onClick={() => setRows((all) => [...all, emptyRow()])}>
            <Plus size={16} aria-hidden="true" /> {t('pad.addRow')}
          </SecondaryButton>
          <button
            type="submit"
            className="button"
            disabled={filled.length === 0 || refused || upload.isPending}
          >
            {upload.isPending ? t('upload.sending') : t('pad.submit')}
          </button>
        </div>
      </form>
      {upload.isError ? <p role="alert">{errorMessage(upload.error)}</p> : null}
      {results ? <ResultsTable results={results} /> : null}
    </section>
  );
}
