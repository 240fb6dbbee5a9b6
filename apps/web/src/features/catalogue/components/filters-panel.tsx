import type { FilterOption } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { ListingFilters } from '../api/get-products';
import { useFilterOptions } from '../api/get-filter-options';
import { useAttributeLabel } from './use-attribute-label';
import { FILTER_KINDS, type FilterKind } from './listing-params';

const OPTION_KEY = { brand: 'brands', color: 'colors', type: 'types', size: 'sizes' } as const;
const ATTRIBUTE = { brand: null, color: 'colour', type: 'type', size: 'size' } as const;

/** Brand, colour, type and size filters of a category, with counts; the choice lives in the URL. */
export function FiltersPanel({
  category,
  classCode,
  selected,
  onToggle,
  onClear,
}: {
  category: string | undefined;
  classCode?: string;
  selected: ListingFilters;
  onToggle: (kind: FilterKind, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const options = useFilterOptions(category, classCode);
  const attribute = useAttributeLabel();
  const label = (kind: FilterKind, value: string) => {
    const translated = ATTRIBUTE[kind];
    return translated ? attribute(translated, value) : value;
  };
  const any = FILTER_KINDS.some((k) => selected[k].length > 0);
  if (!category) return null;
  return (
    <aside className="filters" aria-label={t('filters.label')}>
      <div className="filters__head">
        <h2 className="filters__title">{t('filters.title')}</h2>
        {any && (
          <button
            type="button"
            className="button button--secondary filters__clear"
            onClick={onClear}
          >
            {t('filters.clear')}
          </button>
        )}
      </div>
      {/* Holds the groups' place while they load: on a phone the results sit below. */}
      {options.isPending && <Skeleton className="filters__skeleton" />}
      {FILTER_KINDS.map((kind) => {
        const values: FilterOption[] = options.data?.[OPTION_KEY[kind]] ?? [];
        const chosen = selected[kind];
        // A chosen value the category no longer has stays visible so it can be unticked.
        const shown = [
          ...values,
          ...chosen
            .filter((c) => !values.some((v) => v.value === c))
            .map((value) => ({ value, count: 0 })),
        ];
        if (!shown.length) return null;
        return (
          // Every group starts open: closed, colour, type and size read as bare headings with
          // nothing under them until one was opened (each list scrolls past 14rem).
          <details key={kind} className="filters__group" open>
            <summary>
              {t(`filters.${kind}`)}
              {chosen.length > 0 && <span className="filters__badge">{chosen.length}</span>}
            </summary>
            <ul className="filters__list">
              {shown.map((option) => (
                <li key={option.value}>
                  <label className="filters__option">
                    <input
                      type="checkbox"
                      checked={chosen.includes(option.value)}
                      onChange={() => onToggle(kind, option.value)}
                    />
                    <span>{label(kind, option.value)}</span>
                    <span className="filters__count">({option.count})</span>
                  </label>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </aside>
  );
}
