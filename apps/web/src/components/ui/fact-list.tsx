import type { ReactNode } from 'react';

/** One fact: its name and value (`testId` names the value for the tests). */
type Fact = { label: string; value: ReactNode; testId?: string };

/**
 * A description list of facts (an order's customer, PO and total; an application's status and
 * review), each name and value in its own div for the grid layouts. A fact that does not apply is
 * written as a falsy entry (`order.comment && {...}`) and left out.
 */
export function FactList({
  className,
  facts,
}: {
  className: string;
  facts: readonly (Fact | false | null | undefined | '')[];
}) {
  return (
    <dl className={className}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
