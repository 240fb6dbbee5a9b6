import { classBadgePath } from '@wholesale/contract';

/**
 * A product class's badge picture, `size` pixels square. A class with no picture leaves its place
 * empty, so what follows stays aligned, unless `keepPlace` is false.
 */
export function ClassBadge({
  productClass,
  size,
  alt = '',
  className,
  keepPlace = true,
}: {
  productClass: string;
  size: number;
  alt?: string;
  className?: string;
  keepPlace?: boolean;
}) {
  return (
    <img
      className={className}
      src={classBadgePath(productClass)}
      alt={alt}
      width={size}
      height={size}
      onError={(e) => {
        if (keepPlace) e.currentTarget.style.visibility = 'hidden';
        else e.currentTarget.style.display = 'none';
      }}
    />
  );
}
