import { loadSharp } from '../../lib/pictures';
/** Product thumbnails: twice docs/product/catalogue.md130 × 140 box, for sharp rendering on dense screens. */
export const SWATCH_WIDTH = 260;
export const SWATCH_HEIGHT = 280;

const PATTERNS = [
  'dots',
  'stripes',
  'grid',
  'waves',
  'diamonds',
  'rings',
  'zigzag',
  'crosshatch',
] as const;
type Pattern = (typeof PATTERNS)[number];

/** A small stable hash (FNV-1a), so a type always gets the same pattern. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function patternFor(key: string): Pattern {
  return PATTERNS[hash(key.toLowerCase()) % PATTERNS.length]!;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** A palette colour picked by a stable hash, for things that have no colour of their own. */
export function colourFor(key: string): string {
  const palette = [
    '#c62828',
    '#1f2f57',
    '#1f8a5b',
    '#c9a23a',
    '#7b3fa0',
    '#2bb3b1',
    '#ec7a23',
    '#6d4c33',
    '#e88aa8',
    '#2856c6',
  ];
  return palette[hash(key) % palette.length]!;
}

function patternSvg(pattern: Pattern, ink: string): string {
  const shapes: Record<Pattern, string> = {
    dots: `<circle cx="10" cy="10" r="4" fill="${ink}"/>`,
    stripes: `<rect width="20" height="7" fill="${ink}"/>`,
    grid: `<path d="M0 0H20M0 0V20" stroke="${ink}" stroke-width="3" fill="none"/>`,
    waves: `<path d="M0 10 Q5 3 10 10 T20 10" stroke="${ink}" stroke-width="3" fill="none"/>`,
    diamonds: `<path d="M10 2 L18 10 L10 18 L2 10 Z" fill="${ink}"/>`,
    rings: `<circle cx="10" cy="10" r="6" stroke="${ink}" stroke-width="2.5" fill="none"/>`,
    zigzag: `<path d="M0 14 L5 6 L10 14 L15 6 L20 14" stroke="${ink}" stroke-width="3" fill="none"/>`,
    crosshatch: `<path d="M0 0 L20 20 M20 0 L0 20" stroke="${ink}" stroke-width="2" fill="none"/>`,
  };
  const rotate = pattern === 'stripes' ? ' patternTransform="rotate(35)"' : '';
  return `<pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse"${rotate}>${shapes[pattern]}</pattern>`;
}

/** A JPEG swatch: the product's colour, a pattern for its type, and its product id on a white band. */
export async function renderProductSwatch(input: {
  productId: string;
  colourHex: string | null;
  type: string | null;
}): Promise<Buffer> {
  const colour =
    input.colourHex && HEX.test(input.colourHex) ? input.colourHex : colourFor(input.productId);
  const ink = luminance(colour) > 0.55 ? 'rgba(0,0,0,0.16)' : 'rgba(255,255,255,0.22)';
  const pattern = patternFor(input.type ?? input.productId);
  const band = 56;
  const fontSize = input.productId.length > 12 ? 18 : 24;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SWATCH_WIDTH}" height="${SWATCH_HEIGHT}">
  <defs>${patternSvg(pattern, ink)}</defs>
  <rect width="100%" height="100%" fill="${colour}"/>
  <rect width="100%" height="${SWATCH_HEIGHT - band}" fill="url(#p)"/>
  <rect y="${SWATCH_HEIGHT - band}" width="100%" height="${band}" fill="#ffffff"/>
  <text x="50%" y="${SWATCH_HEIGHT - band / 2 + fontSize / 3}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#1d1d1f">${escapeXml(input.productId)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** A category tile (JPEG, 400 × 300): a colour per top-level category and a pattern per category. */
export async function renderCategoryTile(input: {
  catCode: string;
  rootCode: string;
}): Promise<Buffer> {
  const colour = colourFor(input.rootCode);
  const ink = luminance(colour) > 0.55 ? 'rgba(0,0,0,0.16)' : 'rgba(255,255,255,0.22)';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
  <defs>${patternSvg(patternFor(input.catCode), ink)}</defs>
  <rect width="100%" height="100%" fill="${colour}"/>
  <rect width="100%" height="100%" fill="url(#p)"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** A class badge PNG: a rounded label in the class colour with the code in white. */
export async function renderClassBadge(input: { code: string; color: string }): Promise<Buffer> {
  const colour = HEX.test(input.color) ? input.color : '#666666';
  const width = 28 + 14 * Math.max(0, input.code.length - 1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="24">
  <rect x="0.5" y="0.5" width="${width - 1}" height="23" rx="6" fill="${colour}"/>
  <text x="50%" y="17" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="15" fill="#ffffff">${escapeXml(input.code)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
