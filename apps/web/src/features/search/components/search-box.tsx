import { stripHtml } from '@wholesale/contract';
import { Search } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProductThumb } from '@/components/ui/product-thumb';
import { paths } from '@/config/paths';
import { useCountry } from '@/lib/country';
import { restoreSearchDraft, type SearchDraft } from '@/lib/search-draft';
import { getString, setString } from '@/lib/storage';
import { useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from './use-debounced-value';
import './search.css';

/** docs/product/search.md: the last search text is kept under this local-storage key. */
export const NAVBAR_SEARCH_KEY = 'navbar_search';
/** docs/product/search.md: the last search text is saved after 1 second without typing. */
export const SAVE_DEBOUNCE_MS = 1000;
/** Suggestions are asked for after this pause. */
export const SUGGEST_DEBOUNCE_MS = 200;

type Option = { key: string; label: string; detail?: string; image?: string; href: string };

/**
 * The header search box (docs/product/search.md Search): required, trimmed; the button is greyed out while the
 * text is empty; HTML tags are stripped from what is shown; the text is saved locally after 1 s.
 * Suggestions (products and categories) appear while typing, as an ARIA combobox: arrows move,
 * Enter opens the highlighted suggestion (or searches), Escape closes.
 */
export function SearchBox({ draft }: { draft?: SearchDraft }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const country = useCountry();
  const id = useId();
  const listId = `${id}-list`;
  // What was typed into the header's fallback box before this one loaded wins over the saved text.
  const [text, setText] = useState(() =>
    draft?.text ? draft.text : stripHtml(getString(NAVBAR_SEARCH_KEY) ?? ''),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const query = text.trim();
  const saved = useDebouncedValue(text, SAVE_DEBOUNCE_MS);
  const suggestText = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(suggestText);

  // NOTE: a layout effect, so focus and caret move over in the same task as the swap: a keystroke
  // (a scanner sends them milliseconds apart) cannot fall between the two boxes.
  useLayoutEffect(() => {
    if (draft && inputRef.current) restoreSearchDraft(draft, inputRef.current);
    // Only when this box appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    setString(NAVBAR_SEARCH_KEY, saved);
  }, [saved]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const data = suggestText.length >= 2 ? suggestions.data : undefined;
  const productOptions: Option[] = (data?.products ?? []).map((p) => ({
    key: `p-${p.product_id}`,
    label: stripHtml(p.name),
    detail: p.product_id,
    image: p.image,
    href: paths.description(p.product_id, p.country || country),
  }));
  const categoryOptions: Option[] = (data?.categories ?? []).map((c) => ({
    key: `c-${c.cat_code}`,
    label: c.category,
    href:
      c.level === 1
        ? paths.categoryPage(c.name)
        : paths.products({ name: c.name, category: c.category, catCode: c.cat_code }),
  }));
  const options = [...productOptions, ...categoryOptions];
  const expanded = open && options.length > 0;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(href);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query) return;
    setString(NAVBAR_SEARCH_KEY, text);
    if (expanded && active >= 0 && options[active]) return go(options[active].href);
    go(paths.search(query, 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((a) => (a + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length) setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (index: number) => `${id}-opt-${index}`;
  const renderOption = (option: Option, index: number) => (
    <li
      key={option.key}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className={`search-box__option${index === active ? ' search-box__option--active' : ''}`}
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={() => setActive(index)}
      onClick={() => go(option.href)}
    >
      {option.image && <ProductThumb src={option.image} alt="" size={32} />}
      <span className="search-box__option-text">
        <span>{option.label}</span>
        {option.detail && <span className="search-box__option-detail">{option.detail}</span>}
      </span>
    </li>
  );

  return (
    <form role="search" className="search-box search-box--suggest" onSubmit={submit} ref={rootRef}>
      <label htmlFor={id} className="visually-hidden">
        {t('box.label')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('box.placeholder')}
        autoComplete="off"
        maxLength={200}
      />
      <button type="submit" disabled={!query} aria-label={t('box.submit')} title={t('box.submit')}>
        <Search aria-hidden="true" size={18} />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('box.suggestions')}
        className="search-box__list"
        hidden={!expanded}
      >
        {productOptions.length > 0 && (
          <li role="presentation" className="search-box__group">
            {t('box.products')}
          </li>
        )}
        {productOptions.map((o, i) => renderOption(o, i))}
        {categoryOptions.length > 0 && (
          <li role="presentation" className="search-box__group">
            {t('box.categories')}
          </li>
        )}
        {categoryOptions.map((o, i) => renderOption(o, productOptions.length + i))}
      </ul>
    </form>
  );
}
