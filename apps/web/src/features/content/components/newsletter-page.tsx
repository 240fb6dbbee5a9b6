import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { useNewsletters } from '../api/get-newsletters';
import { ContentPage } from './content-page';
import { PageState } from './page-state';
import './content.css';

function formatIssueDate(date: string, lang: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-CA' : lang === 'fr' ? 'fr-CA' : 'es', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** /newsletter: newsletter issues as images, newest first. */
export function NewsletterPage() {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  const query = useNewsletters(apiLang);
  return (
    <ContentPage page="newsletter">
      <PageState query={query} empty={t('newsletter.empty')}>
        {(data) => (
          <ol className="newsletter-list">
            {data.data.map((issue, i) => (
              <li key={issue.id} className="newsletter-issue">
                <article aria-labelledby={`issue-${issue.id}`}>
                  <h2 id={`issue-${issue.id}`}>{issue.title}</h2>
                  {issue.issue_date && (
                    <p className="content-meta">
                      <time dateTime={issue.issue_date}>
                        {formatIssueDate(issue.issue_date, apiLang)}
                      </time>
                    </p>
                  )}
                  <a
                    href={issue.image}
                    target="_blank"
                    rel="noopener"
                    className="newsletter-issue__image"
                  >
                    <img
                      src={issue.image}
                      alt={issue.summary ? `${issue.title}. ${issue.summary}` : issue.title}
                      width={800}
                      height={1040}
                      loading={i === 0 ? 'eager' : 'lazy'}
                      decoding="async"
                    />
                  </a>
                  {issue.summary && <p>{issue.summary}</p>}
                </article>
              </li>
            ))}
          </ol>
        )}
      </PageState>
    </ContentPage>
  );
}
