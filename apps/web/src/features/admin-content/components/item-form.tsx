import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRAFTS,
  KIND_RULES,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  type AdminContentItem,
  type ContentKind,
} from '@wholesale/contract/content';
import { ApiError } from '@/lib/api-client';
import { SecondaryButton } from '@/components/ui/buttons';

const LANGS = ['en', 'fr', 'es'] as const;

/** The MIME types the file pickers offer; the server checks the real type of what arrives. */
export function acceptFor(slot: 'pdf' | 'image'): string {
  return slot === 'pdf'
    ? 'application/pdf,.pdf'
    : 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';
}

export function limitFor(slot: 'pdf' | 'image'): number {
  return slot === 'pdf' ? MAX_PDF_BYTES : MAX_IMAGE_BYTES;
}

/** Field errors of a failed call, by field name, plus a general message. */
export function errorsOf(error: unknown): {
  fields: Record<string, string>;
  message: string | null;
} {
  if (error instanceof ApiError) return { fields: error.fields ?? {}, message: error.message };
  if (error instanceof Error) return { fields: {}, message: error.message };
  return { fields: {}, message: null };
}

/**
 * The form for a new item (with files) or for the texts of an existing one: a title in each language,
 * a text in each language, and the kind's own fields (craft, link, issue date).
 */
export function ItemForm({
  kind,
  item,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  kind: ContentKind;
  item?: AdminContentItem;
  pending: boolean;
  error: unknown;
  onSubmit: (form: FormData) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin-content');
  const rules = KIND_RULES[kind];
  const base = useId();
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const server = errorsOf(error);
  const fieldErrors = { ...server.fields, ...localErrors };
  const isNew = !item;
  const bodyLabel = kind === 'faq' ? 'answer' : kind === 'carousel' ? 'subtitle' : 'text';
  const titleLabel = kind === 'faq' ? 'question' : 'title';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const errors: Record<string, string> = {};
    for (const [name, value] of [...form.entries()]) {
      if (value instanceof File) {
        if (value.size === 0 && value.name === '') {
          form.delete(name);
          continue;
        }
        const slot = name === 'cover' ? 'image' : rules.file === 'pdf' ? 'pdf' : 'image';
        if (value.size > limitFor(slot))
          errors[name] = t('errors.tooLarge', { size: Math.round(limitFor(slot) / 1048576) });
      }
    }
    setLocalErrors(errors);
    if (Object.keys(errors).length) return;
    onSubmit(form);
  };

  const describedBy = (name: string) => (fieldErrors[name] ? `${base}-${name}-error` : undefined);
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <span id={`${base}-${name}-error`} className="admin-content__error">
        {fieldErrors[name]}
      </span>
    ) : null;
  /**
   * One of the kind's own fields (craft, link, issue date, cover): its label, its control (drawn with
   * the field's id, name and error link), then its error.
   */
  const extraField = (
    name: string,
    label: ReactNode,
    control: (bound: { id: string; name: string; 'aria-describedby'?: string }) => ReactNode,
  ) => (
    <div>
      <label htmlFor={`${base}-${name}`}>{label}</label>
      {control({ id: `${base}-${name}`, name, 'aria-describedby': describedBy(name) })}
      {fieldError(name)}
    </div>
  );

  return (
    <form
      className="admin-content__form"
      onSubmit={submit}
      noValidate
      aria-label={isNew ? t('form.addLabel', { kind: t(`kinds.${kind}`) }) : t('form.editLabel')}
    >
      <div className="admin-content__langs">
        {LANGS.map((lang) => (
          <fieldset key={lang} className="admin-content__lang">
            <legend>{t(`langs.${lang}`)}</legend>
            <label htmlFor={`${base}-title_${lang}`}>{t(`form.${titleLabel}`)}</label>
            <input
              id={`${base}-title_${lang}`}
              name={`title_${lang}`}
              defaultValue={item?.translations[lang].title ?? ''}
              maxLength={200}
              required
              aria-invalid={!!fieldErrors[`title_${lang}`]}
              aria-describedby={describedBy(`title_${lang}`)}
            />
            {fieldError(`title_${lang}`)}
            <label htmlFor={`${base}-body_${lang}`}>
              {t(`form.${bodyLabel}`)}
              {!rules.bodyRequired && (
                <span className="admin-content__optional"> {t('form.optional')}</span>
              )}
            </label>
            <textarea
              id={`${base}-body_${lang}`}
              name={`body_${lang}`}
              defaultValue={item?.translations[lang].body ?? ''}
              rows={rules.bodyRequired ? 5 : 2}
              required={rules.bodyRequired}
              aria-invalid={!!fieldErrors[`body_${lang}`]}
              aria-describedby={describedBy(`body_${lang}`)}
            />
            {fieldError(`body_${lang}`)}
            {isNew && rules.file !== 'none' && (
              <>
                <label htmlFor={`${base}-file-${lang}`}>
                  {t(rules.file === 'pdf' ? 'form.pdf' : 'form.image')}
                  {lang !== 'en' && (
                    <span className="admin-content__optional"> {t('form.fallback')}</span>
                  )}
                </label>
                <input
                  id={`${base}-file-${lang}`}
                  type="file"
                  name={lang === 'en' ? 'file' : `file_${lang}`}
                  accept={acceptFor(rules.file)}
                  required={lang === 'en'}
                  aria-invalid={!!fieldErrors[lang === 'en' ? 'file' : `file_${lang}`]}
                  aria-describedby={describedBy(lang === 'en' ? 'file' : `file_${lang}`)}
                />
                {fieldError(lang === 'en' ? 'file' : `file_${lang}`)}
              </>
            )}
          </fieldset>
        ))}
      </div>
      <div className="admin-content__extra">
        {rules.craft &&
          extraField('craft', t('form.craft'), (bound) => (
            <select {...bound} defaultValue={item?.craft ?? CRAFTS[0]}>
              {CRAFTS.map((c) => (
                <option key={c} value={c}>
                  {t(`crafts.${c}`)}
                </option>
              ))}
            </select>
          ))}
        {rules.link &&
          extraField(
            'link',
            <>
              {t('form.link')} <span className="admin-content__optional">{t('form.linkHint')}</span>
            </>,
            (bound) => <input {...bound} defaultValue={item?.link ?? ''} />,
          )}
        {rules.issueDate &&
          extraField('issue_date', t('form.issueDate'), (bound) => (
            <input
              {...bound}
              type="date"
              required
              defaultValue={item?.issue_date ?? new Date().toISOString().slice(0, 10)}
            />
          ))}
        {isNew &&
          rules.cover &&
          extraField(
            'cover',
            <>
              {t('form.cover')}{' '}
              <span className="admin-content__optional">{t('form.optional')}</span>
            </>,
            (bound) => <input {...bound} type="file" accept={acceptFor('image')} />,
          )}
      </div>
      {server.message && !Object.keys(server.fields).length && (
        <p className="admin-content__error" role="alert">
          {server.message}
        </p>
      )}
      {Object.keys(fieldErrors).length > 0 && (
        <p className="admin-content__error" role="alert">
          {t('errors.fix')}
        </p>
      )}
      <p className="admin-content__actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('form.saving') : isNew ? t('form.add') : t('form.save')}
        </button>
        {onCancel && <SecondaryButton onClick={onCancel}>{t('form.cancel')}</SecondaryButton>}
      </p>
    </form>
  );
}
