import { classBadgePath } from '@wholesale/contract';

/**
 * A product class's badge picture, decorative: the class is said beside it. A missing picture is
 * hidden; `keepSpace` keeps its place, so a list of badges stays aligned.
 */
export function ClassBadge({
  productClass,
  size,
  keepSpace = false,
}: {
  productClass: string;
  size: number;
  keepSpace?: boolean;
}) {
  return (
    <img
      src={classBadgePath(productClass)}
      alt=""
      width={size}
      height={size}
      onError={(e) => {
        if (keepSpace) e.currentTarget.style.visibility = 'hidden';
        else e.currentTarget.style.display = 'none';
      }}
    />
  );
}
