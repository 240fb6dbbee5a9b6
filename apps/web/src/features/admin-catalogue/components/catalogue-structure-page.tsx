import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdminCategory } from '@wholesale/contract';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useChangeStructure, type StructureChange } from '../api/change-structure';
import { useBrands, useCategories, useClasses } from '../api/get-structure';
import './admin-catalogue.css';

type Lang = 'en' | 'fr' | 'es';
const LANGS: Lang[] = ['en', 'fr', 'es'];

/** Sends one change; a toast says it worked, or why not in the staff member's language. */
function useStructureWrite() {
  const { t } = useTranslation('admin-catalogue');
  const describe = useErrorMessage();
  const change = useChangeStructure();
  const send = (request: StructureChange, done?: () => void) =>
    change.mutate(request, {
      onSuccess: () => {
        toast.success(t('structure.saved'));
        done?.();
      },
      onError: (error) => toast.error(t('structure.failed'), { description: describe(error) }),
    });
  return { send, pending: change.isPending };
}

/** Three text inputs, one per language, named `${prefix}_en`… */
function LanguageFields({
  prefix,
  values,
}: {
  prefix: 'name' | 'label';
  values?: Partial<Record<`${'name' | 'label'}_${Lang}`, string>>;
}) {
  const { t } = useTranslation('admin-catalogue');
  const id = useId();
  return (
    <>
      {LANGS.map((lang) => (
        <label key={lang} htmlFor={`${id}-${lang}`}>
          {t(`structure.${prefix}`, { lang: lang.toUpperCase() })}
          <input
            id={`${id}-${lang}`}
            name={`${prefix}_${lang}`}
            defaultValue={values?.[`${prefix}_${lang}`] ?? ''}
            required
            maxLength={100}
          />
        </label>
      ))}
    </>
  );
}

const formValues = (event: FormEvent<HTMLFormElement>) =>
  Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;

/**
 * Retiring something: empty, it just goes; holding products, staff choose where they move
 * (the same kind, for a category the same level) before confirming.
 */
function RetireDialog({
  title,
  count,
  options,
  onConfirm,
  onCancel,
}: {
  title: string;
  count: number;
  options: { value: string; label: string }[];
  onConfirm: (moveTo: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const id = useId();
  const [target, setTarget] = useState('');
  return (
    <div role="dialog" aria-labelledby={`${id}-title`} className="structure__dialog">
      <h3 id={`${id}-title`}>{title}</h3>
      {count > 0 ? (
        <>
          <p>{t('structure.retireHolds', { count })}</p>
          <label htmlFor={`${id}-target`}>{t('structure.moveTo')}</label>
          <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t('structure.choose')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p>{t('structure.retireEmpty')}</p>
      )}
      <div className="structure__actions">
        <button
          type="button"
          className="button"
          disabled={count > 0 && !target}
          onClick={() => onConfirm(target || null)}
        >
          {t('structure.retireConfirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('structure.cancel')}
        </button>
      </div>
    </div>
  );
}

function Loading({
  state,
  children,
}: {
  state: { isPending: boolean; isError: boolean };
  children: () => ReactNode;
}) {
  const { t } = useTranslation('admin-catalogue');
  if (state.isPending) return <p aria-busy="true">{t('loading')}</p>;
  if (state.isError) return <p role="alert">{t('structure.loadError')}</p>;
  return <>{children()}</>;
}

const nameOf = (c: AdminCategory, lang: string) =>
  lang === 'fr' ? c.name_fr : lang === 'es' ? c.name_es : c.name_en;

/** One category with its buttons and, below it, the categories under it. */
function CategoryItem({
  category,
  all,
  index,
  siblings,
}: {
  category: AdminCategory;
  all: AdminCategory[];
  index: number;
  siblings: number;
}) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const { send, pending } = useStructureWrite();
  const [mode, setMode] = useState<'view' | 'rename' | 'retire'>('view');
  const children = all.filter((c) => c.parent_id === category.id);
  const name = nameOf(category, i18n.language);
  const path = `categories/${category.id}`;
  return (
    <li>
      <div className="structure__row">
        <span className="structure__label">
          <strong>{category.code}</strong> {name}
          {category.hidden ? <em> — {t('structure.hiddenBadge')}</em> : null}
          <small>
            {' '}
            {t('structure.counts', { products: category.products, children: category.children })}
          </small>
        </span>
        <span className="structure__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={pending || index === 0}
            aria-label={t('structure.moveUp', { name })}
            onClick={() =>
              send({ method: 'post', path: `${path}/move`, body: { direction: 'up' } })
            }
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={pending || index === siblings - 1}
            aria-label={t('structure.moveDown', { name })}
            onClick={() =>
              send({ method: 'post', path: `${path}/move`, body: { direction: 'down' } })
            }
          >
            ↓
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => send({ method: 'patch', path, body: { hidden: !category.hidden } })}
          >
            {category.hidden ? t('structure.show') : t('structure.hide')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setMode('rename')}
          >
            {t('structure.rename')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setMode('retire')}
          >
            {t('structure.retire')}
          </button>
        </span>
      </div>
      {mode === 'rename' ? (
        <form
          className="admin-catalogue__form"
          aria-label={t('structure.renameOf', { name })}
          onSubmit={(e) => {
            e.preventDefault();
            send({ method: 'patch', path, body: formValues(e) }, () => setMode('view'));
          }}
        >
          <LanguageFields prefix="name" values={category} />
          <div className="structure__actions">
            <button type="submit" className="button" disabled={pending}>
              {t('structure.save')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setMode('view')}
            >
              {t('structure.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {mode === 'retire' ? (
        category.children > 0 ? (
          <p role="alert">
            {t('structure.hasChildren', { count: category.children })}{' '}
            <button type="button" className="link" onClick={() => setMode('view')}>
              {t('structure.cancel')}
            </button>
          </p>
        ) : (
          <RetireDialog
            title={t('structure.retireOf', { name })}
            count={category.products}
            options={all
              .filter((c) => c.level === category.level && c.id !== category.id)
              .map((c) => ({
                value: String(c.id),
                label: `${c.code} — ${nameOf(c, i18n.language)}`,
              }))}
            onCancel={() => setMode('view')}
            onConfirm={(moveTo) =>
              send(
                {
                  method: 'post',
                  path: `${path}/retire`,
                  body: { move_to: moveTo ? Number(moveTo) : null },
                },
                () => setMode('view'),
              )
            }
          />
        )
      ) : null}
      {children.length ? (
        <ul>
          {children.map((c, i) => (
            <CategoryItem key={c.id} category={c} all={all} index={i} siblings={children.length} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function CategoriesPanel() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const list = useCategories();
  const { send, pending } = useStructureWrite();
  const id = useId();
  return (
    <Loading state={list}>
      {() => {
        const all = list.data!.categories;
        const tops = all.filter((c) => c.parent_id === null);
        return (
          <>
            <form
              className="admin-catalogue__form"
              aria-labelledby={`${id}-add`}
              onSubmit={(e) => {
                e.preventDefault();
                const { parent_id, ...values } = formValues(e);
                const form = e.currentTarget;
                send(
                  {
                    method: 'post',
                    path: 'categories',
                    body: { ...values, parent_id: parent_id ? Number(parent_id) : null },
                  },
                  () => form.reset(),
                );
              }}
            >
              <h2 id={`${id}-add`}>{t('structure.addCategory')}</h2>
              <label htmlFor={`${id}-code`}>{t('structure.code')}</label>
              <input
                id={`${id}-code`}
                name="code"
                required
                maxLength={32}
                autoCapitalize="characters"
              />
              <label htmlFor={`${id}-parent`}>{t('structure.parent')}</label>
              <select id={`${id}-parent`} name="parent_id" defaultValue="">
                <option value="">{t('structure.topLevel')}</option>
                {all
                  .filter((c) => c.level < 3)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {'— '.repeat(c.level - 1)}
                      {c.code} {nameOf(c, i18n.language)}
                    </option>
                  ))}
              </select>
              <LanguageFields prefix="name" />
              <button type="submit" className="button" disabled={pending}>
                {t('structure.add')}
              </button>
            </form>
            {tops.length === 0 ? (
              <p>{t('structure.noCategories')}</p>
            ) : (
              <ul className="structure__tree" aria-label={t('structure.tabs.categories')}>
                {tops.map((c, i) => (
                  <CategoryItem
                    key={c.id}
                    category={c}
                    all={all}
                    index={i}
                    siblings={tops.length}
                  />
                ))}
              </ul>
            )}
          </>
        );
      }}
    </Loading>
  );
}

function ClassesPanel() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const list = useClasses();
  const { send, pending } = useStructureWrite();
  const [editing, setEditing] = useState<string | null>(null);
  const [retiring, setRetiring] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const id = useId();
  const lang = (LANGS as string[]).includes(i18n.language) ? (i18n.language as Lang) : 'en';
  return (
    <Loading state={list}>
      {() => (
        <>
          <form
            className="admin-catalogue__form"
            aria-labelledby={`${id}-add`}
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              send({ method: 'post', path: 'classes', body: formValues(e) }, () => form.reset());
            }}
          >
            <h2 id={`${id}-add`}>{t('structure.addClass')}</h2>
            <label htmlFor={`${id}-code`}>{t('structure.classCode')}</label>
            <input id={`${id}-code`} name="code" required maxLength={4} />
            <LanguageFields prefix="label" />
            <label htmlFor={`${id}-color`}>{t('structure.color')}</label>
            <input id={`${id}-color`} name="color" type="color" defaultValue="#666666" />
            <button type="submit" className="button" disabled={pending}>
              {t('structure.add')}
            </button>
          </form>
          <ul className="structure__tree">
            {list.data!.classes.map((c) => (
              <li key={c.code}>
                <div className="structure__row">
                  <span className="structure__label">
                    <img src={`${c.badge_url}?v=${version}`} alt="" width={32} height={32} />{' '}
                    <strong>{c.code}</strong> {c[`label_${lang}`]}{' '}
                    <small>{t('structure.productsCount', { count: c.products })}</small>
                  </span>
                  <span className="structure__actions">
                    <label className="button button--secondary">
                      {t('structure.uploadBadge')}
                      <input
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        className="visually-hidden"
                        aria-label={t('structure.badgeOf', { code: c.code })}
                        onChange={(e) => {
                          const file = e.target.files?.[0];
                          if (!file) return;
                          const form = new FormData();
                          form.append('badge', file);
                          send({ method: 'put', path: `classes/${c.code}/badge`, body: form }, () =>
                            setVersion((v) => v + 1),
                          );
                        }}
                      />
                    </label>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setEditing(c.code)}
                    >
                      {t('structure.rename')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setRetiring(c.code)}
                    >
                      {t('structure.retire')}
                    </button>
                  </span>
                </div>
                {editing === c.code ? (
                  <form
                    className="admin-catalogue__form"
                    aria-label={t('structure.renameOf', { name: c.code })}
                    onSubmit={(e) => {
                      e.preventDefault();
                      send(
                        { method: 'patch', path: `classes/${c.code}`, body: formValues(e) },
                        () => setEditing(null),
                      );
                    }}
                  >
                    <LanguageFields prefix="label" values={c} />
                    <label>
                      {t('structure.color')}
                      <input name="color" type="color" defaultValue={c.color} />
                    </label>
                    <div className="structure__actions">
                      <button type="submit" className="button" disabled={pending}>
                        {t('structure.save')}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => setEditing(null)}
                      >
                        {t('structure.cancel')}
                      </button>
                    </div>
                  </form>
                ) : null}
                {retiring === c.code ? (
                  <RetireDialog
                    title={t('structure.retireOf', { name: c.code })}
                    count={c.products}
                    options={list
                      .data!.classes.filter((o) => o.code !== c.code)
                      .map((o) => ({ value: o.code, label: `${o.code} — ${o[`label_${lang}`]}` }))}
                    onCancel={() => setRetiring(null)}
                    onConfirm={(moveTo) =>
                      send(
                        {
                          method: 'post',
                          path: `classes/${c.code}/retire`,
                          body: { move_to: moveTo },
                        },
                        () => setRetiring(null),
                      )
                    }
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </Loading>
  );
}

function BrandsPanel() {
  const { t } = useTranslation('admin-catalogue');
  const list = useBrands();
  const { send, pending } = useStructureWrite();
  const [editing, setEditing] = useState<number | null>(null);
  const [retiring, setRetiring] = useState<number | null>(null);
  const id = useId();
  return (
    <Loading state={list}>
      {() => (
        <>
          <form
            className="admin-catalogue__form"
            aria-labelledby={`${id}-add`}
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              send({ method: 'post', path: 'brands', body: formValues(e) }, () => form.reset());
            }}
          >
            <h2 id={`${id}-add`}>{t('structure.addBrand')}</h2>
            <label htmlFor={`${id}-code`}>{t('structure.code')}</label>
            <input id={`${id}-code`} name="code" required maxLength={32} />
            <label htmlFor={`${id}-name`}>{t('structure.brandName')}</label>
            <input id={`${id}-name`} name="name" required maxLength={100} />
            <button type="submit" className="button" disabled={pending}>
              {t('structure.add')}
            </button>
          </form>
          <ul className="structure__tree">
            {list.data!.brands.map((b) => (
              <li key={b.id}>
                <div className="structure__row">
                  <span className="structure__label">
                    <strong>{b.code}</strong> {b.name}{' '}
                    <small>{t('structure.productsCount', { count: b.products })}</small>
                  </span>
                  <span className="structure__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setEditing(b.id)}
                    >
                      {t('structure.rename')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setRetiring(b.id)}
                    >
                      {t('structure.retire')}
                    </button>
                  </span>
                </div>
                {editing === b.id ? (
                  <form
                    className="admin-catalogue__form"
                    aria-label={t('structure.renameOf', { name: b.name })}
                    onSubmit={(e) => {
                      e.preventDefault();
                      send({ method: 'patch', path: `brands/${b.id}`, body: formValues(e) }, () =>
                        setEditing(null),
                      );
                    }}
                  >
                    <label>
                      {t('structure.brandName')}
                      <input name="name" defaultValue={b.name} required maxLength={100} />
                    </label>
                    <div className="structure__actions">
                      <button type="submit" className="button" disabled={pending}>
                        {t('structure.save')}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => setEditing(null)}
                      >
                        {t('structure.cancel')}
                      </button>
                    </div>
                  </form>
                ) : null}
                {retiring === b.id ? (
                  <RetireDialog
                    title={t('structure.retireOf', { name: b.name })}
                    count={b.products}
                    options={list
                      .data!.brands.filter((o) => o.id !== b.id)
                      .map((o) => ({ value: String(o.id), label: `${o.code} — ${o.name}` }))}
                    onCancel={() => setRetiring(null)}
                    onConfirm={(moveTo) =>
                      send(
                        {
                          method: 'post',
                          path: `brands/${b.id}/retire`,
                          body: { move_to: moveTo ? Number(moveTo) : null },
                        },
                        () => setRetiring(null),
                      )
                    }
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </Loading>
  );
}

const TABS = ['categories', 'classes', 'brands'] as const;

/**
 * /admin/catalogue/structure: the catalogue's categories (a tree of three levels), product classes
 * with their badges, and brands: add, rename in three languages, reorder, hide, retire.
 */
export function CatalogueStructurePage() {
  const { t } = useTranslation('admin-catalogue');
  const [tab, setTab] = useState<(typeof TABS)[number]>('categories');
  return (
    <section className="admin-catalogue structure">
      <h1>{t('structure.title')}</h1>
      <p>{t('structure.lead')}</p>
      <p>
        <Link to={paths.adminCatalogue()}>{t('structure.back')}</Link>
      </p>
      <div className="structure__tabs" role="group" aria-label={t('structure.title')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            className="button button--secondary"
            aria-pressed={tab === name}
            onClick={() => setTab(name)}
          >
            {t(`structure.tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'categories' ? (
        <CategoriesPanel />
      ) : tab === 'classes' ? (
        <ClassesPanel />
      ) : (
        <BrandsPanel />
      )}
    </section>
  );
}
