import { PAGE_SIZES } from '@wholesale/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './pagination.css';

/** docs/product/catalogue.md records-per-page selector: 25, 50, 75, 100, 125, 300. */
export function RecordsPerPage({
  value,
  onChange,
}: {
  value: number;
  onChange: (size: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  return (
    <div className="records-per-page">
      <label htmlFor={id}>{t('pagination.perPage')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
