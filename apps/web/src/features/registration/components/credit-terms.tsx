import { useTranslation } from 'react-i18next';
import { CheckboxField } from './form-fields';

/** docs/product/registration.md credit terms for the form's country, with the required acknowledgement. */
export function CreditTerms({ country }: { country: 'ca' | 'usa' }) {
  const { t } = useTranslation('registration');
  const terms = t(`terms.${country}`, { returnObjects: true }) as unknown as string[];
  return (
    <>
      <ul className="credit-terms" data-testid="credit-terms">
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <CheckboxField name="terms_acknowledged" label={t('fields.terms_acknowledged')} />
    </>
  );
}
