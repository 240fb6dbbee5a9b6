import { useTranslation } from 'react-i18next';

/** docs/product/registration.md credit terms for the form's country (the acknowledgement follows them). */
export function CreditTerms({ country }: { country: 'ca' | 'usa' }) {
  const { t } = useTranslation('registration');
  const terms = t(`terms.${country}`, { returnObjects: true });
  return (
    <ul className="credit-terms" data-testid="credit-terms">
      {terms.map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
}
