import { useState } from 'react';
import './product-thumb.css';

// Product names may carry limited HTML; lists that show plain text strip the tags (kept in the
// contract so the server's page titles read names the same way).
export { plainName } from '@wholesale/contract';

// A neutral grey box with a picture outline, used when a product image fails to load (docs/product/errors-and-constants.md).
const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 130 140"><rect width="130" height="140" fill="#eef1f5"/><path d="M35 95l20-25 15 18 10-12 15 19z" fill="#b8c2cf"/><circle cx="50" cy="55" r="8" fill="#b8c2cf"/></svg>',
  );

/**
 * A product thumbnail that falls back to a placeholder image when loading fails. `priority` is for
 * the page's main picture (its largest paint): fetched at once, not lazily.
 */
export function ProductThumb({
  src,
  alt,
  size = 64,
  priority = false,
}: {
  src: string;
  alt: string;
  size?: number;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="product-thumb"
      src={failed || !src ? PLACEHOLDER : src}
      alt={alt}
      width={size}
      height={Math.round((size * 140) / 130)}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
    />
  );
}
