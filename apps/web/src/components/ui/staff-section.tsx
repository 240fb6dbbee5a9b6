import type { ReactNode } from 'react';

/** A back-office screen: its section, named by its heading (`${id}-title`), then its content. */
export function StaffSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      {children}
    </section>
  );
}
