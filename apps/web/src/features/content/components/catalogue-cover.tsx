/**
 * A catalogue's cover, portrait 3:4 at `width`, fetched only as it nears the screen. Decorative:
 * the link or heading beside it names the catalogue.
 */
export function CatalogueCover({ src, width }: { src: string; width: number }) {
  return (
    <img src={src} alt="" width={width} height={(width * 4) / 3} loading="lazy" decoding="async" />
  );
}
