import { Search } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

// The search feature's box replaces the fallback as soon as its file exists (no edit needed here).
// NOTE: loaded lazily, with the fallback box shown meanwhile, so whatever the feature imports stays
// out of the home route's bundle (150 KB gzip budget, e2e/bundle-budget.e2e.ts).
type SearchBoxModule = { SearchBox?: ComponentType; default?: ComponentType };
const loaders = import.meta.glob<SearchBoxModule>(
  '../../features/search/components/search-box.tsx',
);
const loadFeatureBox = Object.values(loaders)[0];
const FeatureSearchBox = loadFeatureBox
  ? lazy(() =>
      loadFeatureBox().then((m) => ({ default: m.SearchBox ?? m.default ?? FallbackSearchBox })),
    )
  : undefined;

/** docs/product/search.md search: required input; runs only with non-empty trimmed text (button disabled otherwise). */
export function FallbackSearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  const query = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query) void navigate(paths.search(query, 1));
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        maxLength={200}
      />
      <button
        type="submit"
        disabled={!query}
        aria-label={t('search.submit')}
        title={t('search.submit')}
      >
        <Search aria-hidden="true" size={18} />
      </button>
    </form>
  );
}

export function SearchSlot() {
  if (!FeatureSearchBox) return <FallbackSearchBox />;
  return (
    <Suspense fallback={<FallbackSearchBox />}>
      <FeatureSearchBox />
    </Suspense>
  );
}
