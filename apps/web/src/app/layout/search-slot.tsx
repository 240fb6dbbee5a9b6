import { Search } from 'lucide-react';
import {
  lazy,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { emptySearchDraft, recordSearchDraft, type SearchDraft } from '@/lib/search-draft';

// The search feature's box replaces the fallback as soon as its file exists (no edit needed here).
// NOTE: loaded lazily, with the fallback box shown meanwhile, so whatever the feature imports stays
// out of the home route's bundle (150 KB gzip budget, e2e/bundle-budget.e2e.ts).
type BoxProps = { draft?: SearchDraft };
type SearchBoxModule = { SearchBox?: ComponentType<BoxProps>; default?: ComponentType<BoxProps> };
const loaders = import.meta.glob<SearchBoxModule>(
  '../../features/search/components/search-box.tsx',
);
const loadFeatureBox = Object.values(loaders)[0];
const FeatureSearchBox = loadFeatureBox
  ? lazy(() =>
      loadFeatureBox().then((m) => ({ default: m.SearchBox ?? m.default ?? FallbackSearchBox })),
    )
  : undefined;

/**
 * docs/product/search.md search: required input; runs only with non-empty trimmed text (button disabled
 * otherwise). Shown until the search feature's box has loaded: what is typed goes into `draft`, which
 * that box takes over (text, caret, focus); Enter before then searches from here.
 */
export function FallbackSearchBox({ draft }: BoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(() => draft?.text ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  // NOTE: React runs this cleanup while the input is still in the page and focused, in the same
  // commit that mounts the real box: caret and focus are read at the very moment of the swap.
  useLayoutEffect(() => {
    const input = inputRef.current;
    return () => {
      if (draft && input) recordSearchDraft(draft, input);
    };
  }, [draft]);
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
        ref={inputRef}
        id={id}
        type="search"
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (draft) recordSearchDraft(draft, event.target);
        }}
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
  // One draft per slot (the desktop and the phone header each have theirs), kept for its lifetime.
  const [draft] = useState(emptySearchDraft);
  if (!FeatureSearchBox) return <FallbackSearchBox draft={draft} />;
  return (
    <Suspense fallback={<FallbackSearchBox draft={draft} />}>
      <FeatureSearchBox draft={draft} />
    </Suspense>
  );
}
