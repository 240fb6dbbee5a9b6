import { useTranslation } from 'react-i18next';
import { useDates } from '@/lib/dates';
import { useLanguage } from '@/lib/i18n';
import { useNewsletters } from '../api/get-newsletters';
import { ContentPage } from './content-page';
import { PageState } from './page-state';
import './content.css';

/** /newsletter: newsletter issues as images, newest first. */
export function NewsletterPage() {
  const { t } = useTranslation('content');
  const { apiLang } = useLanguage();
  const query = useNewsletters(apiLang);
  const dates = useDates();
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
                      <time dateTime={issue.issue_date}>{dates.calendarDay(issue.issue_date)}</time>
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
