import { SecondaryButton } from '@/components/ui/buttons';

/**
 * The pages of a buyer's list (orders, returns): Previous and Next around where the list stands
 * ("Page 2 of 5"). `page` is the page asked for, which the buttons step from.
 */
export function PrevNextPager({
  className,
  label,
  page,
  lastPage,
  onPage,
  previous,
  position,
  next,
}: {
  className: string;
  label: string;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  previous: string;
  position: string;
  next: string;
}) {
  return (
    <nav className={className} aria-label={label}>
      <SecondaryButton disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </SecondaryButton>
      <span>{position}</span>
      <SecondaryButton disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {next}
      </SecondaryButton>
    </nav>
  );
}
