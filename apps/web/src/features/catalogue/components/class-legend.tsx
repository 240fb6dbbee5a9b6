import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassBadge } from '@/components/product/class-badge';
import { useClassCodes } from '../api/get-class-codes';

/**
 * What the class badges on the cards mean (A/B/C/F/N/R/Y…): a button that opens a visible legend
 * (keyboard and touch, not a hover tooltip), read from GET class_codes in the interface language,
 * so a class the distributor adds shows up without a release.
 */
export function ClassLegend() {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);
  const classes = useClassCodes(open);
  const panelId = useId();
  return (
    <div className="class-legend">
      <button
        type="button"
        className="button button--secondary class-legend__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        {t('legend.toggle')}
      </button>
      <div
        id={panelId}
        className="class-legend__panel"
        hidden={!open}
        role="region"
        aria-label={t('legend.title')}
      >
        {classes.isPending && open && <p>{t('legend.loading')}</p>}
        {classes.isError && <p role="alert">{t('listing.error')}</p>}
        {classes.data && (
          <dl className="class-legend__list">
            {classes.data.map((c) => (
              <div key={c.class} className="class-legend__item">
                <dt>
                  <ClassBadge productClass={c.class} size={24} />{' '}
                  <span>{t('card.classBadge', { class: c.class })}</span>
                </dt>
                <dd>{c.label}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}
