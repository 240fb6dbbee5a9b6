import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdminCategory } from '@wholesale/contract';
import { Loaded } from '@/components/ui/loaded';
import { MoveButtons } from '@/components/ui/move-buttons';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useChangeStructure, type StructureChange } from '../api/change-structure';
import { useBrands, useCategories, useClasses } from '../api/get-structure';
import '@/components/ui/admin-people.css';
import './admin-catalogue.css';
import { SecondaryButton } from '@/components/ui/buttons';
import { SelectOptions } from '@/components/ui/filter-fields';

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
            <SelectOptions options={options} blank={t('structure.choose')} />
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
        <SecondaryButton onClick={onCancel}>{t('structure.cancel')}</SecondaryButton>
      </div>
    </div>
  );
}

const nameOf = (c: AdminCategory, lang: string) =>
  lang === 'fr' ? c.name_fr : lang === 'es' ? c.name_es : c.name_en;

/** Where a retire moves what the item holds: the choices, and the body that carries the one chosen. */
type Retire = {
  /** Why it cannot be retired from here (a category with categories under it). */
  blocked?: string;
  count: number;
  options: { value: string; label: string }[];
  path: string;
  moveTo: (value: string | null) => unknown;
};

/**
 * One category, class or brand: its label, its own buttons, rename (the fields given) and retire
 * (with the move dialog), and what is under it.
 */
function StructureRow({
  label,
  name,
  actions,
  editFields,
  editPath,
  retire,
  children,
}: {
  label: ReactNode;
  name: string;
  actions?: ReactNode;
  editFields: ReactNode;
  editPath: string;
  retire: Retire;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin-catalogue');
  const { send, pending } = useStructureWrite();
  const [mode, setMode] = useState<'view' | 'rename' | 'retire'>('view');
  const close = () => setMode('view');
  return (
    <li>
      <div className="admin-people__row">
        <span className="structure__label">{label}</span>
        <span className="structure__actions">
          {actions}
          {(['rename', 'retire'] as const).map((next) => (
            <button
              key={next}
              type="button"
              className="button button--secondary"
              onClick={() => setMode(next)}
            >
              {t(`structure.${next}`)}
            </button>
          ))}
        </span>
      </div>
      {mode === 'rename' ? (
        <form
          className="admin-catalogue__form"
          aria-label={t('structure.renameOf', { name })}
          onSubmit={(e) => {
            e.preventDefault();
            send({ method: 'patch', path: editPath, body: formValues(e) }, close);
          }}
        >
          {editFields}
          <div className="structure__actions">
            <button type="submit" className="button" disabled={pending}>
              {t('structure.save')}
            </button>
            <SecondaryButton onClick={close}>{t('structure.cancel')}</SecondaryButton>
          </div>
        </form>
      ) : null}
      {mode === 'retire' ? (
        retire.blocked ? (
          <p role="alert">
            {retire.blocked}{' '}
            <button type="button" className="link" onClick={close}>
              {t('structure.cancel')}
            </button>
          </p>
        ) : (
          <RetireDialog
            title={t('structure.retireOf', { name })}
            count={retire.count}
            options={retire.options}
            onCancel={close}
            onConfirm={(value) =>
              send({ method: 'post', path: retire.path, body: retire.moveTo(value) }, close)
            }
          />
        )
      ) : null}
      {children}
    </li>
  );
}

/** The form that adds one item: its title, its fields, and how its values become the body. */
function AddForm({
  title,
  path,
  children,
  body = (values) => values,
}: {
  title: string;
  path: string;
  children: ReactNode;
  body?: (values: Record<string, string>) => unknown;
}) {
  const { t } = useTranslation('admin-catalogue');
  const { send, pending } = useStructureWrite();
  const id = useId();
  return (
    <form
      className="admin-catalogue__form"
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        send({ method: 'post', path, body: body(formValues(e)) }, () => form.reset());
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
      <button type="submit" className="button" disabled={pending}>
        {t('structure.add')}
      </button>
    </form>
  );
}

/** A labelled text input of an add form. */
function TextField({ label, name, maxLength }: { label: string; name: string; maxLength: number }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} required maxLength={maxLength} />
    </>
  );
}

const optionalId = (value: string | null) => ({ move_to: value ? Number(value) : null });

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
  const children = all.filter((c) => c.parent_id === category.id);
  const name = nameOf(category, i18n.language);
  const path = `categories/${category.id}`;
  const move = (direction: 'up' | 'down') =>
    send({ method: 'post', path: `${path}/move`, body: { direction } });
  return (
    <StructureRow
      name={name}
      label={
        <>
          <strong>{category.code}</strong> {name}
          {category.hidden ? <em> — {t('structure.hiddenBadge')}</em> : null}
          <small>
            {' '}
            {t('structure.counts', { products: category.products, children: category.children })}
          </small>
        </>
      }
      actions={
        <>
          <MoveButtons
            index={index}
            count={siblings}
            disabled={pending}
            upLabel={t('structure.moveUp', { name })}
            downLabel={t('structure.moveDown', { name })}
            onMove={(step) => move(step < 0 ? 'up' : 'down')}
          />
          <SecondaryButton
            disabled={pending}
            onClick={() => send({ method: 'patch', path, body: { hidden: !category.hidden } })}
          >
            {category.hidden ? t('structure.show') : t('structure.hide')}
          </SecondaryButton>
        </>
      }
      editFields={<LanguageFields prefix="name" values={category} />}
      editPath={path}
      retire={{
        blocked:
          category.children > 0
            ? t('structure.hasChildren', { count: category.children })
            : undefined,
        count: category.products,
        options: all
          .filter((c) => c.level === category.level && c.id !== category.id)
          .map((c) => ({ value: String(c.id), label: `${c.code} — ${nameOf(c, i18n.language)}` })),
        path: `${path}/retire`,
        moveTo: optionalId,
      }}
    >
      {children.length ? (
        <ul>
          {children.map((c, i) => (
            <CategoryItem key={c.id} category={c} all={all} index={i} siblings={children.length} />
          ))}
        </ul>
      ) : null}
    </StructureRow>
  );
}

function CategoriesPanel() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const list = useCategories();
  const id = useId();
  return (
    <Loaded query={list} failed={t('structure.loadError')}>
      {({ categories: all }) => {
        const tops = all.filter((c) => c.parent_id === null);
        return (
          <>
            <AddForm
              title={t('structure.addCategory')}
              path="categories"
              body={({ parent_id, ...values }) => ({
                ...values,
                parent_id: parent_id ? Number(parent_id) : null,
              })}
            >
              <TextField label={t('structure.code')} name="code" maxLength={32} />
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
            </AddForm>
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
    </Loaded>
  );
}

function ClassesPanel() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const list = useClasses();
  const { send } = useStructureWrite();
  const [version, setVersion] = useState(0);
  const lang = (LANGS as string[]).includes(i18n.language) ? (i18n.language as Lang) : 'en';
  const upload = (code: string, file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('badge', file);
    send({ method: 'put', path: `classes/${code}/badge`, body: form }, () =>
      setVersion((v) => v + 1),
    );
  };
  return (
    <Loaded query={list} failed={t('structure.loadError')}>
      {(data) => (
        <>
          <AddForm title={t('structure.addClass')} path="classes">
            <TextField label={t('structure.classCode')} name="code" maxLength={4} />
            <LanguageFields prefix="label" />
            <label>
              {t('structure.color')}
              <input name="color" type="color" defaultValue="#666666" />
            </label>
          </AddForm>
          <ul className="structure__tree" aria-label={t('structure.tabs.classes')}>
            {data.classes.map((c) => (
              <StructureRow
                key={c.code}
                name={c.code}
                label={
                  <>
                    <img src={`${c.badge_url}?v=${version}`} alt="" width={32} height={32} />{' '}
                    <strong>{c.code}</strong> {c[`label_${lang}`]}{' '}
                    <small>{t('structure.productsCount', { count: c.products })}</small>
                  </>
                }
                actions={
                  <label className="button button--secondary">
                    {t('structure.uploadBadge')}
                    <input
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      className="visually-hidden"
                      aria-label={t('structure.badgeOf', { code: c.code })}
                      onChange={(e) => upload(c.code, e.target.files?.[0])}
                    />
                  </label>
                }
                editFields={
                  <>
                    <LanguageFields prefix="label" values={c} />
                    <label>
                      {t('structure.color')}
                      <input name="color" type="color" defaultValue={c.color} />
                    </label>
                  </>
                }
                editPath={`classes/${c.code}`}
                retire={{
                  count: c.products,
                  options: data.classes
                    .filter((o) => o.code !== c.code)
                    .map((o) => ({ value: o.code, label: `${o.code} — ${o[`label_${lang}`]}` })),
                  path: `classes/${c.code}/retire`,
                  moveTo: (value) => ({ move_to: value }),
                }}
              />
            ))}
          </ul>
        </>
      )}
    </Loaded>
  );
}

function BrandsPanel() {
  const { t } = useTranslation('admin-catalogue');
  const list = useBrands();
  return (
    <Loaded query={list} failed={t('structure.loadError')}>
      {(data) => (
        <>
          <AddForm title={t('structure.addBrand')} path="brands">
            <TextField label={t('structure.code')} name="code" maxLength={32} />
            <TextField label={t('structure.brandName')} name="name" maxLength={100} />
          </AddForm>
          <ul className="structure__tree" aria-label={t('structure.tabs.brands')}>
            {data.brands.map((b) => (
              <StructureRow
                key={b.id}
                name={b.name}
                label={
                  <>
                    <strong>{b.code}</strong> {b.name}{' '}
                    <small>{t('structure.productsCount', { count: b.products })}</small>
                  </>
                }
                editFields={
                  <label>
                    {t('structure.brandName')}
                    <input name="name" defaultValue={b.name} required maxLength={100} />
                  </label>
                }
                editPath={`brands/${b.id}`}
                retire={{
                  count: b.products,
                  options: data.brands
                    .filter((o) => o.id !== b.id)
                    .map((o) => ({ value: String(o.id), label: `${o.code} — ${o.name}` })),
                  path: `brands/${b.id}/retire`,
                  moveTo: optionalId,
                }}
              />
            ))}
          </ul>
        </>
      )}
    </Loaded>
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
