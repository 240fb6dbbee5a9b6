import type { ReturnLine } from '@wholesale/contract';

/**
 * A return's lines as a list, each said by `text` ("3 ship packs of BT-1001"): the buyer's and the
 * staff's pages word them from their own translations.
 */
export function ReturnLines({
  lines,
  className,
  text,
}: {
  lines: readonly ReturnLine[];
  className: string;
  text: (line: ReturnLine) => string;
}) {
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line.order_line_id}>{text(line)}</li>
      ))}
    </ul>
  );
}
