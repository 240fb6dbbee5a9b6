import { BookOpen, PlayCircle, Scissors } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const ICONS = {
  Videos: { Icon: PlayCircle, key: 'card.types.videos' },
  'Patterns & Inspiration': { Icon: Scissors, key: 'card.types.patterns' },
  'Education & Blog Post': { Icon: BookOpen, key: 'card.types.education' },
} as const;

/** docs/product/content-pages.md: icons for the content types of a product (comma-separated `types`); unknown ones are skipped. */
export function ContentTypeIcons({ types }: { types: string }) {
  const { t } = useTranslation('catalogue');
  const present = [...new Set(types.split(',').map((s) => s.trim()))].filter(
    (s): s is keyof typeof ICONS => s in ICONS,
  );
  if (!present.length) return null;
  return (
    <ul className="content-types" aria-label={t('card.types.label')}>
      {present.map((type) => {
        const { Icon, key } = ICONS[type];
        return (
          <li key={type} title={t(key)}>
            <Icon size={18} aria-hidden="true" />
            <span className="visually-hidden">{t(key)}</span>
          </li>
        );
      })}
    </ul>
  );
}
