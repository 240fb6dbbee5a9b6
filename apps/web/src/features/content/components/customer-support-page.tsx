import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPoints } from '@/components/contact/contact-addresses';
import { Link } from 'react-router';
import type { SnippetSegment } from '@wholesale/contract';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useStoreIdentity } from '@/lib/store-identity';
import { useFaqs } from '../api/get-faqs';
import { useSupportSearch } from '../api/search-support';
import { useDocumentTitle } from './use-document-title';
import './content.css';

/** Highlighted text from the API's segments: matches in <mark>, everything as text (never HTML). */
export function Highlighted({ segments }: { segments: SnippetSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
      )}
    </>
  );
}

function FaqAccordion({ faqs }: { faqs: { id: number; question: string; answer: string }[] }) {
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const base = useId();
  return (
    <div className="faq-accordion">
      {faqs.map((faq) => {
        const expanded = open.has(faq.id);
        const buttonId = `${base}-q-${faq.id}`;
        const panelId = `${base}-a-${faq.id}`;
        return (
          <div key={faq.id} className="faq-accordion__item">
            <h3 className="faq-accordion__heading">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                className="faq-accordion__trigger"
                onClick={() =>
                  setOpen((prev) => {
                    const next = new Set(prev);
                    if (next.has(faq.id)) next.delete(faq.id);
                    else next.add(faq.id);
                    return next;
                  })
                }
              >
                <span>{faq.question}</span>
                <span aria-hidden="true" className="faq-accordion__icon">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="faq-accordion__panel"
              hidden={!expanded}
            >
              <p>{faq.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

function SupportSearch() {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  const [text, setText] = useState('');
  const [question, setQuestion] = useState('');
  const search = useSupportSearch(question, apiLang, true);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQuestion(text.trim());
  };
  const tooShort = text.trim().length < 2;
  return (
    <section className="support-search" aria-labelledby="support-search-title">
      <h2 id="support-search-title">{t('support.searchTitle')}</h2>
      <form role="search" onSubmit={onSubmit} className="support-search__form">
        <label htmlFor="support-question">{t('support.questionLabel')}</label>
        <div className="support-search__row">
          <input
            id="support-question"
            type="search"
            value={text}
            maxLength={300}
            placeholder={t('support.questionPlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button" disabled={tooShort}>
            {t('support.searchButton')}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="support-search__results">
        {question.length >= 2 && search.isFetching && !search.data && (
          <p className="content-note">{t('loading')}</p>
        )}
        {search.isError && (
          <p className="content-note content-note--error">{t('support.searchFailed')}</p>
        )}
        {search.data && question.length >= 2 && (
          <>
            <p className="content-meta">
              {t('support.resultCount', {
                count: search.data.data.length,
                question: search.data.question,
              })}
            </p>
            {search.data.data.length === 0 ? (
              <p className="content-note">{t('support.noMatch')}</p>
            ) : (
              <ol className="support-results">
                {search.data.data.map((m) => (
                  <li key={`${m.kind}-${m.id}`} className="support-result">
                    <p className="support-result__kind">
                      {m.kind === 'faq' ? t('support.kindFaq') : t('support.kindArticle')}
                    </p>
                    <h3>
                      <Highlighted segments={m.title_segments} />
                    </h3>
                    <p>
                      <Highlighted segments={m.segments} />
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function ContactBlocks() {
  const { t: tc } = useTranslation('content');
  const { apiLang } = useLanguage();
  const identity = useStoreIdentity();
  // A fresh store has no contacts to show yet.
  if (!identity) return null;
  return (
    <section className="contact-blocks" aria-labelledby="contact-title">
      <h2 id="contact-title">{tc('support.contactTitle')}</h2>
      <div className="contact-blocks__grid">
        <ContactPoints identity={identity} lang={apiLang} heading="h3" className="contact-block" />
      </div>
    </section>
  );
}

/**
 * /customer-support: for signed-in customers a question search over FAQs and support articles (matches
 * highlighted) and the FAQ accordion; for everyone the contact blocks of the footer.
 */
export function CustomerSupportPage() {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  const { isSignedIn } = useSession();
  useDocumentTitle(t('support.title'));
  const faqs = useFaqs(apiLang, isSignedIn);
  return (
    <div className="page content-page">
      <h1 id="page-title">{t('support.title')}</h1>
      <p className="content-lead">{t('support.lead')}</p>
      {isSignedIn ? (
        <>
          <SupportSearch />
          <section aria-labelledby="faq-title" className="faq-section">
            <h2 id="faq-title">{t('support.faqTitle')}</h2>
            {faqs.isPending ? (
              <p className="content-note">{t('loading')}</p>
            ) : faqs.isError ? (
              <p className="content-note content-note--error">{t('loadFailed')}</p>
            ) : faqs.data.data.length ? (
              <FaqAccordion faqs={faqs.data.data} />
            ) : (
              <p className="content-note">{t('support.noFaqs')}</p>
            )}
          </section>
        </>
      ) : (
        <p className="content-note">
          {t('support.signInFirst')}{' '}
          <Link to={paths.login(paths.customerSupport())}>{t('support.signIn')}</Link>
        </p>
      )}
      <ContactBlocks />
    </div>
  );
}
