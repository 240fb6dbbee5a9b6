import { z } from 'zod';
import { LANGS, type Lang, dateField, dataResponse, okResponse } from '../common';
import { requiredText } from '../common/safe-input';

/** The kinds of editorial content (docs/product/content-pages.md crousalImages, newsletterImages, catalogues, patterns, faqs, support). */
export const CONTENT_KINDS = [
  'carousel',
  'newsletter',
  'catalogue',
  'pattern',
  'faq',
  'support_article',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Crafts a free pattern can be filed under (filter on /free-patterns). */
export const CRAFTS = ['knitting', 'crochet', 'sewing', 'quilting', 'embroidery'] as const;
export type Craft = (typeof CRAFTS)[number];

/** Upload limits: a catalogue or pattern PDF up to 10 MB, an image up to 5 MB. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PDF_TYPES = ['application/pdf'] as const;

export type FileSlot = 'none' | 'image' | 'pdf';

type KindRules = {
  file: FileSlot;
  cover: boolean;
  craft: boolean;
  link: boolean;
  issueDate: boolean;
  bodyRequired: boolean;
};

/** FAQs and support articles: a title and a body, nothing else. */
const TEXT_ONLY: KindRules = {
  file: 'none',
  cover: false,
  craft: false,
  link: false,
  issueDate: false,
  bodyRequired: true,
};

/** What each kind carries: its main file (one per language, fr/es falling back to en), a cover, a body. */
export const KIND_RULES: Record<ContentKind, KindRules> = {
  carousel: {
    file: 'image',
    cover: false,
    craft: false,
    link: true,
    issueDate: false,
    bodyRequired: false,
  },
  newsletter: {
    file: 'image',
    cover: false,
    craft: false,
    link: false,
    issueDate: true,
    bodyRequired: false,
  },
  catalogue: {
    file: 'pdf',
    cover: true,
    craft: false,
    link: false,
    issueDate: false,
    bodyRequired: false,
  },
  pattern: {
    file: 'pdf',
    cover: false,
    craft: true,
    link: false,
    issueDate: false,
    bodyRequired: false,
  },
  faq: TEXT_ONLY,
  support_article: TEXT_ONLY,
};

/** Human size of an upload limit, for messages ("10 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

const LANG_NAMES: Record<Lang, string> = { en: 'English', fr: 'French', es: 'Spanish' };

/** An internal site path such as /catalogues: no scheme, no protocol-relative '//' (no open redirect). */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9/_\-.%?=&]*$/.test(value) && !value.includes('\\');
}

/**
 * The texts of a content item in the three languages, as staff submit them (multipart fields or JSON).
 * Every kind needs a title in each language; FAQs and support articles need a body too.
 */
export function contentTextsSchema(kind: ContentKind) {
  const rules = KIND_RULES[kind];
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const lang of LANGS) {
    shape[`title_${lang}`] = requiredText(
      200,
      `Title (${LANG_NAMES[lang]}) is required`,
      `Title (${LANG_NAMES[lang]}) must be at most 200 characters`,
    );
    shape[`body_${lang}`] = rules.bodyRequired
      ? requiredText(
          20000,
          `Text (${LANG_NAMES[lang]}) is required`,
          `Text (${LANG_NAMES[lang]}) must be at most 20000 characters`,
        )
      : z
          .string()
          .trim()
          .max(2000, { message: `Text (${LANG_NAMES[lang]}) must be at most 2000 characters` })
          .optional()
          .default('');
  }
  if (rules.craft) {
    shape.craft = z.enum(CRAFTS, { message: `Craft must be one of ${CRAFTS.join(', ')}` });
  }
  if (rules.link) {
    shape.link = z
      .string()
      .trim()
      .max(300)
      .refine((v) => v === '' || isSitePath(v), {
        message: 'Link must be a path on this site, such as /catalogues',
      })
      .optional()
      .default('');
  }
  if (rules.issueDate) {
    shape.issue_date = dateField('issue_date', {
      message: 'Issue date must be a date (YYYY-MM-DD)',
    });
  }
  return z.object(shape);
}

export type ContentTexts = {
  [K in `title_${Lang}` | `body_${Lang}`]: string;
} & { craft?: Craft; link?: string; issue_date?: string };

export const ContentKindParam = z.enum(CONTENT_KINDS, {
  message: `Kind must be one of ${CONTENT_KINDS.join(', ')}`,
});

// ---- Public responses -------------------------------------------------------------------------

/** An item shown as a picture with a title (carousel slides, newsletter issues). */
const PictureItem = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
});

export const CarouselSlide = PictureItem.extend({
  subtitle: z.string(),
  link: z.string().nullable(),
});
export type CarouselSlide = z.infer<typeof CarouselSlide>;

export const NewsletterIssue = PictureItem.extend({
  summary: z.string(),
  issue_date: z.string().nullable(),
});
export type NewsletterIssue = z.infer<typeof NewsletterIssue>;

/** An item offered as a PDF (catalogues, free patterns): its own fields come before the file's. */
const DocumentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
});
const pdfFile = { pdf: z.string(), pdf_size: z.number().int().nullable() };

export const CatalogueEntry = DocumentItem.extend({ cover: z.string().nullable(), ...pdfFile });
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;

export const FreePattern = DocumentItem.extend({ craft: z.string(), ...pdfFile });
export type FreePattern = z.infer<typeof FreePattern>;

export const Faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof Faq>;

/** A piece of a search snippet: `hit` marks words that matched the question. Rendered as text, never as HTML. */
export const SnippetSegment = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetSegment = z.infer<typeof SnippetSegment>;

export const SupportMatch = z.object({
  id: z.number().int(),
  kind: z.enum(['faq', 'article']),
  title: z.string(),
  answer: z.string(),
  /** HTML-escaped text with <mark> around matches, for clients that render HTML. */
  snippet: z.string(),
  segments: z.array(SnippetSegment),
  title_segments: z.array(SnippetSegment),
  score: z.number(),
});
export type SupportMatch = z.infer<typeof SupportMatch>;

const list = <T extends z.ZodTypeAny>(item: T) => dataResponse(z.array(item));

export const CarouselResponse = list(CarouselSlide);
export const NewsletterResponse = list(NewsletterIssue);
export const CataloguesResponse = list(CatalogueEntry);
export const PatternsResponse = okResponse({
  data: z.array(FreePattern),
  crafts: z.array(z.string()),
});
export const FaqsResponse = list(Faq);
export const SupportResponse = okResponse({
  question: z.string(),
  lang: z.enum(LANGS),
  data: z.array(SupportMatch),
});
export type CarouselResponse = z.infer<typeof CarouselResponse>;
export type NewsletterResponse = z.infer<typeof NewsletterResponse>;
export type CataloguesResponse = z.infer<typeof CataloguesResponse>;
export type PatternsResponse = z.infer<typeof PatternsResponse>;
export type FaqsResponse = z.infer<typeof FaqsResponse>;
export type SupportResponse = z.infer<typeof SupportResponse>;

export const SupportQuery = z.object({
  question: z
    .string({ message: 'Question is required' })
    .trim()
    .min(2, { message: 'Question must be at least 2 characters' })
    .max(300, { message: 'Question must be at most 300 characters' }),
});

// ---- Staff management -------------------------------------------------------------------------

export const AdminContentTranslation = z.object({
  title: z.string(),
  body: z.string(),
  file: z.string().nullable(),
  file_size: z.number().int().nullable(),
});
export type AdminContentTranslation = z.infer<typeof AdminContentTranslation>;

export const AdminContentItem = z.object({
  id: z.number().int(),
  kind: ContentKindParam,
  sort_order: z.number().int(),
  craft: z.string().nullable(),
  link: z.string().nullable(),
  issue_date: z.string().nullable(),
  cover: z.string().nullable(),
  translations: z.object({
    en: AdminContentTranslation,
    fr: AdminContentTranslation,
    es: AdminContentTranslation,
  }),
  updated_at: z.string(),
});
export type AdminContentItem = z.infer<typeof AdminContentItem>;

export const AdminContentListResponse = dataResponse(z.array(AdminContentItem));
export const AdminContentItemResponse = dataResponse(AdminContentItem);
export type AdminContentListResponse = z.infer<typeof AdminContentListResponse>;
export type AdminContentItemResponse = z.infer<typeof AdminContentItemResponse>;

export const ReorderBody = z.object({
  ids: z
    .array(z.number({ message: 'ids must be item ids' }).int().positive(), {
      message: 'ids must be a list of item ids',
    })
    .min(1, { message: 'ids must list every item of this kind' })
    .max(1000),
});
export type ReorderBody = z.infer<typeof ReorderBody>;
