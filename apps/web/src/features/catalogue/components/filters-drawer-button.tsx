import { SlidersHorizontal } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The phone's 'Filters' button, counting the filters on: the drawer's trigger and its look-alike. */
export function FiltersDrawerButton({
  active,
  ...button
}: { active: number } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('catalogue');
  return (
    <button type="button" className="button button--secondary filters-drawer__open" {...button}>
      <SlidersHorizontal aria-hidden="true" size={18} />
      {active > 0 ? t('filters.openActive', { count: active }) : t('filters.open')}
    </button>
  );
}
