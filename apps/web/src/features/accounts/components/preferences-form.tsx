import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SelectField } from '@/components/ui/filter-fields';
import { useErrorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useUpdatePreferences } from '../api/update-preferences';
import { MailPreferencesSwitch } from './mail-preferences-switch';
import '@/components/ui/form-field.css';
import './accounts.css';
import { FormAlert, SubmitButton } from './auth-fields';

const LANGS = [
  { value: '', key: 'en' },
  { value: 'fr', key: 'fr' },
  { value: 'es', key: 'es' },
] as const;

/** /pform: the profile form — the saved language of the site and of the e-mails (docs/decisions), and the order e-mails switch. */
export function PreferencesForm() {
  const { t } = useTranslation('accounts');
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const mutation = useUpdatePreferences();
  const [lang, setLang] = useState<'' | 'fr' | 'es'>(user?.lang ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ lang }, { onSuccess: () => toast.success(t('preferences.saved')) });
  };
  return (
    <section className="page auth-card" aria-labelledby="prefs-title">
      <h1 id="prefs-title">{t('preferences.title')}</h1>
      <p className="auth-card__intro">{t('preferences.intro')}</p>
      <form onSubmit={onSubmit}>
        <FormAlert>{mutation.error ? errorMessage(mutation.error) : null}</FormAlert>
        <SelectField
          id="prefs-lang"
          className="form-field"
          selectClassName="text-input"
          label={t('preferences.language')}
          value={lang}
          onChange={setLang}
          options={LANGS.map((l) => ({ value: l.value, label: t(`profile.languages.${l.key}`) }))}
        />
        <SubmitButton pending={mutation.isPending} label={t('preferences.submit')} />
      </form>
      <MailPreferencesSwitch />
    </section>
  );
}
