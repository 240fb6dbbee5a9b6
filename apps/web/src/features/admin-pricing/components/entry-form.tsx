import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRICE_RULE_KINDS,
  PRICE_TARGET_KINDS,
  type AdminPriceEntry,
  type PriceListEntryInput,
} from '@wholesale/contract';
import { typedCents } from '@/lib/typed-dollars';
import { FormButtons } from './name-form';
import { SelectOptions } from '@/components/ui/filter-fields';

type Kind = (typeof PRICE_RULE_KINDS)[number];

/** The typed amount (dollars or percent) in hundredths, or undefined (the API then names the field). */
const centsOf = (text: string) => {
  const cents = typedCents(text.trim());
  return text.trim() === '' || Number.isNaN(cents) ? undefined : cents;
};

/** The form's values as the API's entry body. */
export function entryBody(values: Record<string, string>, kind: Kind): PriceListEntryInput {
  const amount = centsOf(values.amount ?? '');
  return {
    target: values.target as PriceListEntryInput['target'],
    code: values.code ?? '',
    min_packs: Number(values.min_packs || '1'),
    kind,
    ...(kind === 'fixed' ? { unit_cents: amount } : { basis_points: amount }),
    starts_on: values.starts_on || undefined,
    ends_on: values.ends_on || undefined,
  };
}

/**
 * Adds an entry or edits one (`entry`): what it applies to, its code, from how many packs, a fixed
 * unit price or a percent off, and its first and last days.
 */
export function EntryForm({
  title,
  entry,
  pending,
  onSubmit,
  onCancel,
}: {
  title: string;
  entry?: AdminPriceEntry;
  pending: boolean;
  onSubmit: (body: PriceListEntryInput, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin-pricing');
  const id = useId();
  const [kind, setKind] = useState<Kind>(entry?.kind ?? 'fixed');
  const amount =
    entry?.unit_cents != null
      ? (entry.unit_cents / 100).toFixed(2)
      : entry?.basis_points != null
        ? String(entry.basis_points / 100)
        : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    onSubmit(entryBody(values, kind), () => form.reset());
  };
  return (
    <form className="pricing__form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h4 id={`${id}-title`}>{title}</h4>
      <label htmlFor={`${id}-target`}>{t('entries.target')}</label>
      <select id={`${id}-target`} name="target" defaultValue={entry?.target ?? 'product'}>
        <SelectOptions
          options={PRICE_TARGET_KINDS.map((target) => ({
            value: target,
            label: t(`entries.targets.${target}`),
          }))}
        />
      </select>
      <label htmlFor={`${id}-code`}>{t('entries.code')}</label>
      <input
        id={`${id}-code`}
        name="code"
        required
        maxLength={120}
        defaultValue={entry?.code ?? ''}
        aria-describedby={`${id}-code-hint`}
      />
      <small id={`${id}-code-hint`}>{t('entries.codeHint')}</small>
      <label htmlFor={`${id}-packs`}>{t('entries.minPacks')}</label>
      <input
        id={`${id}-packs`}
        name="min_packs"
        type="number"
        min={1}
        step={1}
        required
        defaultValue={entry?.min_packs ?? 1}
      />
      <fieldset>
        <legend>{t('entries.price')}</legend>
        {PRICE_RULE_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
            />{' '}
            {t(`entries.kinds.${k}`)}
          </label>
        ))}
        <label htmlFor={`${id}-amount`}>
          {kind === 'fixed' ? t('entries.fixedPrice') : t('entries.percent')}
        </label>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          required
          defaultValue={amount}
        />
      </fieldset>
      <label htmlFor={`${id}-starts`}>{t('entries.startsOn')}</label>
      <input
        id={`${id}-starts`}
        name="starts_on"
        type="date"
        defaultValue={entry?.starts_on ?? ''}
      />
      <label htmlFor={`${id}-ends`}>{t('entries.endsOn')}</label>
      <input id={`${id}-ends`} name="ends_on" type="date" defaultValue={entry?.ends_on ?? ''} />
      <div className="pricing__actions">
        <FormButtons submitText={t('save')} pending={pending} onCancel={onCancel} />
      </div>
    </form>
  );
}
