import { useErrorMessage } from '@/lib/error-message';
import './form-field.css';

/** What did not load and why (the error's words), as an alert: a buyer's addresses, profile, credit. */
export function LoadFailed({ what, error }: { what: string; error: unknown }) {
  const errorMessage = useErrorMessage();
  return (
    <p className="form-alert" role="alert">
      {what} {errorMessage(error)}
    </p>
  );
}

/** A buyer's page whose own data did not load: its heading, then what failed and why. */
export function PageLoadFailed({
  className,
  title,
  ...failed
}: { className: string; title: string } & Parameters<typeof LoadFailed>[0]) {
  return (
    <section className={className}>
      <h1>{title}</h1>
      <LoadFailed {...failed} />
    </section>
  );
}
