import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  CONTENT_KINDS,
  KIND_RULES,
  type AdminContentItem,
  type ContentKind,
} from '@wholesale/contract/content';
import { MoveButtons } from '@/components/ui/move-buttons';
import { useCreateItem } from '../api/create-item';
import { useDeleteItem } from '../api/delete-item';
import { useItems } from '../api/get-items';
import { useReorderItems } from '../api/reorder-items';
import { useReplaceFile, type FileField } from '../api/replace-file';
import { useUpdateItem } from '../api/update-item';
import { ItemForm, acceptFor, errorsOf, limitFor } from './item-form';
import './admin-content.css';
import { SecondaryButton } from '@/components/ui/buttons';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes >= 1048576
    ? `${(bytes / 1048576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Replaces one file of an item: a picker per slot, uploaded as soon as a file is chosen. */
function FileSlots({ item }: { item: AdminContentItem }) {
  const { t } = useTranslation('admin-content');
  const rules = KIND_RULES[item.kind];
  const replace = useReplaceFile();
  const base = useId();
  const [error, setError] = useState<string | null>(null);
  const slots: {
    field: FileField;
    label: string;
    url: string | null;
    size: number | null;
    slot: 'pdf' | 'image';
  }[] = [];
  if (rules.file !== 'none') {
    slots.push({
      field: 'file',
      label: t('langs.en'),
      url: item.translations.en.file,
      size: item.translations.en.file_size,
      slot: rules.file,
    });
    slots.push({
      field: 'file_fr',
      label: t('langs.fr'),
      url: item.translations.fr.file,
      size: item.translations.fr.file_size,
      slot: rules.file,
    });
    slots.push({
      field: 'file_es',
      label: t('langs.es'),
      url: item.translations.es.file,
      size: item.translations.es.file_size,
      slot: rules.file,
    });
  }
  if (rules.cover)
    slots.push({
      field: 'cover',
      label: t('form.cover'),
      url: item.cover,
      size: null,
      slot: 'image',
    });
  if (!slots.length) return null;

  const upload = (field: FileField, slot: 'pdf' | 'image', file: File | undefined) => {
    if (!file) return;
    if (file.size > limitFor(slot)) {
      setError(t('errors.tooLarge', { size: Math.round(limitFor(slot) / 1048576) }));
      return;
    }
    setError(null);
    replace.mutate(
      { kind: item.kind, id: item.id, field, file },
      {
        onSuccess: () => toast.success(t('toast.fileReplaced')),
        onError: (e) => setError(Object.values(errorsOf(e).fields)[0] ?? errorsOf(e).message),
      },
    );
  };

  return (
    <div className="admin-content__files">
      <h4>{t('list.files')}</h4>
      <ul>
        {slots.map((s) => (
          <li key={s.field}>
            <span className="admin-content__slot">{s.label}</span>{' '}
            {s.url ? (
              <a href={s.url} target="_blank" rel="noopener">
                {t('list.view')} {formatSize(s.size)}
              </a>
            ) : (
              <span className="admin-content__optional">{t('list.usesEnglish')}</span>
            )}{' '}
            <label
              htmlFor={`${base}-${s.field}`}
              className="button button--secondary admin-content__replace"
            >
              {t('list.replace')}{' '}
              <span className="visually-hidden">
                {s.label} — {item.translations.en.title}
              </span>
            </label>
            <input
              id={`${base}-${s.field}`}
              type="file"
              className="visually-hidden"
              accept={acceptFor(s.slot)}
              disabled={replace.isPending}
              onChange={(e) => {
                upload(s.field, s.slot, e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </li>
        ))}
      </ul>
      {replace.isPending && <p role="status">{t('form.saving')}</p>}
      {error && (
        <p className="admin-content__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ItemRow({
  item,
  index,
  count,
  onMove,
  moving,
}: {
  item: AdminContentItem;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  moving: boolean;
}) {
  const { t } = useTranslation('admin-content');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateItem();
  const remove = useDeleteItem();
  const preview =
    item.cover ?? (KIND_RULES[item.kind].file === 'image' ? item.translations.en.file : null);
  const title = item.translations.en.title;

  return (
    <li className="admin-content__item">
      <div className="admin-content__row">
        <span className="admin-content__position" aria-hidden="true">
          {index + 1}
        </span>
        {preview && (
          <img
            src={preview}
            alt=""
            width={96}
            height={64}
            loading="lazy"
            className="admin-content__thumb"
          />
        )}
        <div className="admin-content__titles">
          <h3>{title}</h3>
          <p lang="fr">{item.translations.fr.title}</p>
          <p lang="es">{item.translations.es.title}</p>
          {item.craft && (
            <p className="admin-content__optional">
              {t(`crafts.${item.craft}` as 'crafts.knitting')}
            </p>
          )}
          {item.issue_date && <p className="admin-content__optional">{item.issue_date}</p>}
        </div>
        <div className="admin-content__buttons">
          <MoveButtons
            index={index}
            count={count}
            disabled={moving}
            upLabel={t('list.moveUp', { title })}
            downLabel={t('list.moveDown', { title })}
            onMove={(step) => onMove(index, index + step)}
          />
          <SecondaryButton aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {t('list.edit')} <span className="visually-hidden">{title}</span>
          </SecondaryButton>
          {confirming ? (
            <span
              className="admin-content__confirm"
              role="group"
              aria-label={t('list.confirmDelete', { title })}
            >
              <span>{t('list.confirmDelete', { title })}</span>
              <button
                type="button"
                className="button admin-content__danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { kind: item.kind, id: item.id },
                    {
                      onSuccess: () => toast.success(t('toast.deleted')),
                      onError: (e) => toast.error(errorsOf(e).message ?? t('errors.generic')),
                    },
                  )
                }
              >
                {t('list.yesDelete')}
              </button>
              <SecondaryButton onClick={() => setConfirming(false)}>
                {t('form.cancel')}
              </SecondaryButton>
            </span>
          ) : (
            <button
              type="button"
              className="button button--secondary admin-content__danger-outline"
              onClick={() => setConfirming(true)}
            >
              {t('list.delete')} <span className="visually-hidden">{title}</span>
            </button>
          )}
        </div>
      </div>
      {editing && (
        <ItemForm
          kind={item.kind}
          item={item}
          pending={update.isPending}
          error={update.error}
          onCancel={() => setEditing(false)}
          onSubmit={(form) => {
            const texts: Record<string, string> = {};
            for (const [k, v] of form.entries()) if (typeof v === 'string') texts[k] = v;
            update.mutate(
              { kind: item.kind, id: item.id, texts },
              {
                onSuccess: () => {
                  toast.success(t('toast.saved'));
                  setEditing(false);
                },
              },
            );
          }}
        />
      )}
      <FileSlots item={item} />
    </li>
  );
}

/**
 * /admin/content (staff): choose a kind, then add items with their three translations and files,
 * edit texts, replace files, move items up or down, and delete them.
 */
export function AdminContentPage() {
  const { t } = useTranslation('admin-content');
  const [kind, setKind] = useState<ContentKind>('carousel');
  const [formKey, setFormKey] = useState(0);
  const items = useItems(kind);
  const create = useCreateItem();
  const reorder = useReorderItems();

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const move = (from: number, to: number) => {
    const list = items.data?.data ?? [];
    const ids = list.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    reorder.mutate(
      { kind, ids },
      {
        onSuccess: () => toast.success(t('toast.reordered')),
        onError: (e) => toast.error(errorsOf(e).message ?? t('errors.generic')),
      },
    );
  };

  return (
    <div className="page admin-content">
      <h1 id="page-title">{t('title')}</h1>
      <p className="content-lead">{t('lead')}</p>
      <nav aria-label={t('kindsLabel')} className="admin-content__kinds">
        {CONTENT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={`button ${k === kind ? '' : 'button--secondary'}`}
            aria-pressed={k === kind}
            onClick={() => {
              setKind(k);
              create.reset();
            }}
          >
            {t(`kinds.${k}`)}
          </button>
        ))}
      </nav>

      <section aria-labelledby="admin-content-list">
        <h2 id="admin-content-list">{t('list.title', { kind: t(`kinds.${kind}`) })}</h2>
        {items.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : items.isError ? (
          <p className="admin-content__error" role="alert">
            {errorsOf(items.error).message}
          </p>
        ) : items.data.data.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <ol className="admin-content__list">
            {items.data.data.map((item, i) => (
              <ItemRow
                key={item.id}
                item={item}
                index={i}
                count={items.data.data.length}
                onMove={move}
                moving={reorder.isPending}
              />
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="admin-content-add" className="admin-content__add">
        <h2 id="admin-content-add">{t('form.addTitle', { kind: t(`kinds.${kind}`) })}</h2>
        <ItemForm
          key={`${kind}-${formKey}`}
          kind={kind}
          pending={create.isPending}
          error={create.error}
          onSubmit={(form) =>
            create.mutate(
              { kind, form },
              {
                onSuccess: () => {
                  toast.success(t('toast.added'));
                  create.reset();
                  setFormKey((n) => n + 1);
                },
              },
            )
          }
        />
      </section>
    </div>
  );
}
