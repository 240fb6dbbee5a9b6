import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { errorReference } from '@/lib/error-message';

/** Text of the error under the heading: status and status text of a route error, else its message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/** docs/product/storefront-ux.md default error page: 'Unexpected Application Error!' then status and text or the message. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const reference = errorReference(error);
  useEffect(() => {
    // Route errors that are not 404s are bugs worth seeing in the console; 404s are ordinary.
    if (!(isRouteErrorResponse(error) && error.status === 404)) console.warn('Route error', error);
  }, [error]);
  return (
    <section className="page error-page" role="alert">
      <h1>{t('errorPage.heading')}</h1>
      <p className="error-page__detail">{describeRouteError(error)}</p>
      {reference && (
        <p className="error-page__reference">{t('errorPage.reference', { id: reference })}</p>
      )}
      <p>
        {/* A plain link: it reloads the app, which is what a broken page needs. */}
        <a href={paths.home()}>{t('errorPage.home')}</a>
      </p>
    </section>
  );
}
