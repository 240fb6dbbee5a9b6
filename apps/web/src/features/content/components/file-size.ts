/** "1.2 MB" / "350 KB" for a file size in bytes, in the page's language. */
export function formatFileSize(bytes: number | null, lang: string): string {
  if (bytes === null) return '';
  const nf = (n: number, digits: number) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(n);
  if (bytes >= 1024 * 1024) return `${nf(bytes / (1024 * 1024), 1)} MB`;
  return `${nf(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

/** A download link for a stored file: ?download=1 makes the server answer Content-Disposition: attachment. */
export function downloadUrl(url: string, name: string): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}download=1&name=${encodeURIComponent(name)}`;
}
