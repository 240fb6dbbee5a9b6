/** The company mark: a four-hole button. Decorative; the link around it carries the name. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="var(--color-primary)" />
      <circle cx="20" cy="20" r="12" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="16" cy="16" r="2.2" fill="#fff" />
      <circle cx="24" cy="16" r="2.2" fill="#fff" />
      <circle cx="16" cy="24" r="2.2" fill="#fff" />
      <circle cx="24" cy="24" r="2.2" fill="#fff" />
    </svg>
  );
}
