import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { updatePreferences } from '@/features/accounts/api/update-preferences';
import { APP_LANGS, useLanguage, type AppLang } from '@/lib/i18n';
import { getStoredUser } from '@/lib/session';

const LABEL_KEYS = { '': 'language.en', fr: 'language.fr', es: 'language.es' } as const;

/** English / Français / Español (docs/product/storefront-ux.md). A native select: keyboard and screen readers work as is. */
export function LanguagePicker({ variant = 'bar' }: { variant?: 'bar' | 'icon' }) {
  const { t } = useTranslation();
  const { lang, setLanguage } = useLanguage();
  const id = useId();
  const change = async (next: AppLang) => {
    await setLanguage(next);
    // A signed-in user's language is also saved on the server (it wins at the next sign-in).
    if (getStoredUser()) {
      updatePreferences({ lang: next }).catch((error: unknown) =>
        console.warn('Saving the language failed', error),
      );
    }
  };
  return (
    <div className={`language-picker language-picker--${variant}`}>
      <label
        htmlFor={id}
        className={variant === 'icon' ? 'language-picker__icon-label' : 'visually-hidden'}
      >
        {variant === 'icon' ? <Languages aria-hidden="true" size={22} /> : null}
        <span className={variant === 'icon' ? 'language-picker__caption' : undefined}>
          {t('language.label')}
        </span>
      </label>
      <select
        id={id}
        value={lang}
        onChange={(event) => void change(event.target.value as AppLang)}
        data-testid={`language-select-${variant}`}
      >
        {APP_LANGS.map((value) => (
          <option key={value || 'en'} value={value} lang={value || 'en'}>
            {t(LABEL_KEYS[value])}
          </option>
        ))}
      </select>
    </div>
  );
}
