import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersDrawerButton } from './filters-drawer-button';

/**
 * Phones: the filters live in a drawer (Radix dialog: focus kept inside, Escape and the close
 * button return focus to the opener) behind a button that shows how many filters are on. Wider
 * screens keep the panel beside the results (CSS shows one or the other).
 */
export function FiltersDrawerDialog({
  active,
  defaultOpen = false,
  autoFocus = false,
  children,
}: {
  active: number;
  /** Pressed before this code had loaded (filters-drawer.tsx): open at once. */
  defaultOpen?: boolean;
  /** Its look-alike had the focus: the button takes it. */
  autoFocus?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <div className="filters-drawer__bar">
        <Dialog.Trigger asChild>
          <FiltersDrawerButton active={active} autoFocus={autoFocus} />
        </Dialog.Trigger>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="filters-drawer__overlay" />
        <Dialog.Content className="filters-drawer" aria-describedby={undefined}>
          <div className="filters-drawer__head">
            <Dialog.Title className="filters-drawer__title">{t('filters.title')}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="filters-drawer__close"
                aria-label={t('filters.close')}
              >
                <X aria-hidden="true" size={22} />
              </button>
            </Dialog.Close>
          </div>
          {children}
          <Dialog.Close asChild>
            <button type="button" className="button filters-drawer__done">
              {t('filters.showResults')}
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
