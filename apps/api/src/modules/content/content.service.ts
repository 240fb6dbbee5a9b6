import pick from 'lodash-es/pick.js';
import escapeHtml from 'escape-html';
import { randomUUID } from 'node:crypto';
import {
  KIND_RULES,
  LANGS,
  contentTextsSchema,
  type AdminContentItem,
  type AdminContentTranslation,
  type CarouselSlide,
  type CatalogueEntry,
  type ContentKind,
  type Faq,
  type FreePattern,
  type Lang,
  type NewsletterIssue,
  type SnippetSegment,
  type SupportMatch,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, fieldError } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { recordAuditBy, type AuditActor } from '../audit';
import {
  HL_START,
  HL_STOP,
  deleteItem,
  insertItem,
  insertTranslations,
  searchSupportRows,
  selectClosestWords,
  selectItems,
  selectSortBounds,
  setSortOrders,
  updateItem,
  updateTranslation,
  type ContentTranslationRow,
  type ItemWithTranslations,
} from './content.queries';
import { checkUpload, type CheckedUpload, type Upload } from './content.uploads';

/** Content files live in the storage interface (lib/file-store.ts) under `content/<kind>/<uuid>.<ext>`. */
export type ContentFiles = Pick<FileStore, 'put' | 'delete'>;

/** The audited texts of an item: the fields a staff member edits (docs/product/back-office-staff-and-customers.md). */
function auditedTexts(item: ItemWithTranslations): Record<string, unknown> {
  const texts: Record<string, unknown> = {
    craft: item.craft,
    link: item.linkPath,
    issue_date: item.issueDate,
  };
  for (const lang of LANGS) {
    texts[`title_${lang}`] = item.translations[lang]?.title ?? null;
    texts[`body_${lang}`] = item.translations[lang]?.body ?? null;
  }
  return texts;
}

function contentAudit(
  tx: Tx,
  actor: AuditActor,
  verb: string,
  id: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const action = `content.${verb}`;
  return recordAuditBy(tx, actor, { action, entity: 'content', entityId: id, before, after });
}

/** The public URL of a stored file (served by GET /files/<key>). */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/files/${key}` : null;
}

function text(item: ItemWithTranslations, lang: Lang): ContentTranslationRow {
  const t = item.translations[lang] ?? item.translations.en;
  if (!t) throw new Error(`content item ${item.id} has no English translation`);
  return t;
}

/** The file of an item in a language, falling back to the English file. */
function fileIn(
  item: ItemWithTranslations,
  lang: Lang,
): { key: string | null; size: number | null } {
  const own = item.translations[lang];
  if (own?.fileKey) return { key: own.fileKey, size: own.fileSize };
  const en = item.translations.en;
  return { key: en?.fileKey ?? null, size: en?.fileSize ?? null };
}

/** What the carousel and the newsletter show first of an item: its picture in the language and its title. */
function pictureAndTitle(item: ItemWithTranslations, lang: Lang) {
  return {
    id: item.id,
    image: fileUrl(fileIn(item, lang).key) ?? '',
    title: text(item, lang).title,
  };
}

/** What the catalogue and pattern lists show of an item: its title, description and PDF in the language. */
function pdfEntry(item: ItemWithTranslations, lang: Lang) {
  const t = text(item, lang);
  const file = fileIn(item, lang);
  return {
    id: item.id,
    title: t.title,
    description: t.body,
    pdf: fileUrl(file.key) ?? '',
    pdf_size: file.size,
  };
}

/** The items of one kind in the staff's order, each as `entry` shows it to the public. */
async function publicEntries<T>(
  tx: Tx,
  kind: ContentKind,
  entry: (item: ItemWithTranslations) => T,
): Promise<T[]> {
  return (await selectItems(tx, [kind])).map(entry);
}

/** docs/product/content-pages.md GET /crousalImages: the home carousel slides in one language. */
export function listCarousel(tx: Tx, lang: Lang): Promise<CarouselSlide[]> {
  return publicEntries(tx, 'carousel', (item) => ({
    ...pictureAndTitle(item, lang),
    subtitle: text(item, lang).body,
    link: item.linkPath,
  }));
}

/** docs/product/content-pages.md GET newsletterImages: newsletter issues, newest first (staff order; new issues go on top). */
export function listNewsletters(tx: Tx, lang: Lang): Promise<NewsletterIssue[]> {
  return publicEntries(tx, 'newsletter', (item) => ({
    ...pictureAndTitle(item, lang),
    summary: text(item, lang).body,
    issue_date: item.issueDate,
  }));
}

/** docs/product/content-pages.md GET catalogues: catalogue PDFs with their covers. */
export function listCatalogues(tx: Tx, lang: Lang): Promise<CatalogueEntry[]> {
  return publicEntries(tx, 'catalogue', (item) => ({
    ...pdfEntry(item, lang),
    cover: fileUrl(item.coverKey),
  }));
}

/** docs/product/content-pages.md GET patterns: free pattern PDFs, optionally of one craft, with the crafts on offer. */
export async function listPatterns(
  tx: Tx,
  lang: Lang,
  craft?: string,
): Promise<{ data: FreePattern[]; crafts: string[] }> {
  const items = await selectItems(tx, ['pattern']);
  const crafts = [...new Set(items.map((i) => i.craft ?? '').filter(Boolean))].sort();
  const data = items
    .filter((item) => !craft || item.craft === craft)
    .map((item) => ({ ...pdfEntry(item, lang), craft: item.craft ?? '' }));
  return { data, crafts };
}

/** docs/product/content-pages.md GET /faqs: the questions and answers in one language. */
export function listFaqs(tx: Tx, lang: Lang): Promise<Faq[]> {
  return publicEntries(tx, 'faq', (item) => {
    const t = text(item, lang);
    return { id: item.id, question: t.title, answer: t.body };
  });
}

/** Splits a ts_headline result into text segments; the markers never reach the client. */
export function toSegments(highlighted: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let rest = highlighted;
  while (rest.length) {
    const start = rest.indexOf(HL_START);
    if (start === -1) {
      segments.push({ text: rest, hit: false });
      break;
    }
    if (start > 0) segments.push({ text: rest.slice(0, start), hit: false });
    const stop = rest.indexOf(HL_STOP, start + HL_START.length);
    const end = stop === -1 ? rest.length : stop;
    segments.push({ text: rest.slice(start + HL_START.length, end), hit: true });
    rest = stop === -1 ? '' : rest.slice(stop + HL_STOP.length);
  }
  return segments.filter((s) => s.text.length > 0);
}

/** Segments as safe HTML: every character escaped, matches wrapped in <mark>. */
export function segmentsToHtml(segments: SnippetSegment[]): string {
  return segments
    .map((s) => (s.hit ? `<mark>${escapeHtml(s.text)}</mark>` : escapeHtml(s.text)))
    .join('');
}

/** The words of a question worth searching: letters and digits only, at most 12. */
export function questionWords(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2))].slice(0, 12);
}

/**
 * docs/product/content-pages.md GET /support: searches FAQs and support articles in the caller's language. Each word is
 * also searched as its closest word of the content (trigram similarity), so a typo still finds the
 * answer; matches come back ranked with highlighted snippets.
 */
export async function searchSupport(tx: Tx, lang: Lang, question: string): Promise<SupportMatch[]> {
  const words = questionWords(question);
  if (!words.length) return [];
  const closest = await selectClosestWords(tx, lang, words);
  const terms = [
    ...new Set(words.flatMap((w) => [w, closest.get(w)].filter((x): x is string => !!x))),
  ];
  const rows = await searchSupportRows(tx, lang, terms, question);
  return rows.map((row) => {
    const segments = toSegments(row.body_hl);
    return {
      id: row.id,
      kind: row.kind === 'faq' ? 'faq' : 'article',
      title: row.title,
      answer: row.body,
      snippet: segmentsToHtml(segments),
      segments,
      title_segments: toSegments(row.title_hl),
      score: Math.round(row.score * 1000) / 1000,
    };
  });
}

// ---- Staff management ---------------------------------------------------------------------------

function adminTranslation(t: ContentTranslationRow | undefined): AdminContentTranslation {
  return {
    title: t?.title ?? '',
    body: t?.body ?? '',
    file: fileUrl(t?.fileKey),
    file_size: t?.fileSize ?? null,
  };
}

function toAdminItem(item: ItemWithTranslations): AdminContentItem {
  return {
    ...pick(item, 'id', 'kind', 'craft'),
    sort_order: item.sortOrder,
    link: item.linkPath,
    issue_date: item.issueDate,
    cover: fileUrl(item.coverKey),
    translations: {
      en: adminTranslation(item.translations.en),
      fr: adminTranslation(item.translations.fr),
      es: adminTranslation(item.translations.es),
    },
    updated_at: item.updatedAt.toISOString(),
  };
}

/** Every item of a kind with its three translations, for /admin/content. */
export async function adminListItems(tx: Tx, kind: ContentKind): Promise<AdminContentItem[]> {
  return (await selectItems(tx, [kind])).map(toAdminItem);
}

async function findItem(tx: Tx, kind: ContentKind, id: number): Promise<ItemWithTranslations> {
  const [item] = await selectItems(tx, [kind], id);
  if (!item) throw new AppError('NOT_FOUND', `No ${kind.replace('_', ' ')} with id ${id}`);
  return item;
}

/** Validates the texts of a kind (three titles, bodies, craft/link/date) into a 400 naming each field. */
export function parseTexts(kind: ContentKind, input: Record<string, unknown>) {
  const parsed = contentTextsSchema(kind).safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[String(issue.path[0] ?? 'body')] ??= issue.message;
    throw fieldError(fields);
  }
  return parsed.data as Record<string, string>;
}

/** The item's own columns that parsed texts set (craft, link, issue date): on create and on update. */
function itemTextColumns(texts: Record<string, string>) {
  return {
    craft: texts.craft ?? null,
    linkPath: texts.link ? texts.link : null,
    issueDate: texts.issue_date ?? null,
  };
}

/** One language's title and body out of parsed texts (a body left out is empty). */
function translationTexts(texts: Record<string, string>, lang: Lang) {
  return { title: texts[`title_${lang}`], body: texts[`body_${lang}`] ?? '' };
}

/** The uploads a create or replace may carry: main file per language (file, file_fr, file_es) and a cover. */
export type ContentUploads = Partial<Record<'file' | 'file_fr' | 'file_es' | 'cover', Upload>>;

function newKey(kind: ContentKind, ext: string): string {
  return `content/${kind}/${randomUUID()}.${ext}`;
}

async function storeAll(
  files: ContentFiles,
  kind: ContentKind,
  uploads: CheckedUpload[],
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  try {
    for (const upload of uploads) {
      const key = newKey(kind, upload.ext);
      await files.put(key, upload.data, upload.mime);
      keys.set(upload.field, key);
    }
  } catch (error) {
    await Promise.allSettled([...keys.values()].map((k) => files.delete(k)));
    throw error;
  }
  return keys;
}

/** Checks every upload of a request against its kind's rules (file types by content, size limits). */
async function checkUploads(
  kind: ContentKind,
  uploads: ContentUploads,
  requireMain: boolean,
): Promise<CheckedUpload[]> {
  const rules = KIND_RULES[kind];
  const fields = Object.keys(uploads) as (keyof ContentUploads)[];
  const unexpected = fields.filter((f) => (f === 'cover' ? !rules.cover : rules.file === 'none'));
  if (unexpected.length) {
    throw fieldError(
      Object.fromEntries(
        unexpected.map((f) => [
          f,
          `A ${kind.replace('_', ' ')} takes no ${f === 'cover' ? 'cover' : 'file'}`,
        ]),
      ),
    );
  }
  if (requireMain && rules.file !== 'none' && !uploads.file) {
    throw fieldError({
      file: rules.file === 'pdf' ? 'A PDF file is required' : 'An image file is required',
    });
  }
  const checked: CheckedUpload[] = [];
  for (const field of fields) {
    const upload = uploads[field];
    if (!upload) continue;
    checked.push(
      await checkUpload(upload, field === 'cover' ? 'image' : (rules.file as 'pdf' | 'image')),
    );
  }
  return checked;
}

/**
 * Creates an item with its three translations and files. Files are checked (real type, size) and stored
 * first; if the database insert fails they are removed again. Newsletters go on top, others at the end.
 */
export async function adminCreateItem(
  db: Database,
  files: ContentFiles,
  kind: ContentKind,
  input: Record<string, unknown>,
  uploads: ContentUploads,
  actor: AuditActor,
): Promise<AdminContentItem> {
  const texts = parseTexts(kind, input);
  const checked = await checkUploads(kind, uploads, true);
  const keys = await storeAll(files, kind, checked);
  const sizes = new Map(checked.map((c) => [c.field, c.data.length]));
  try {
    const id = await db.transaction(async (tx) => {
      const bounds = await selectSortBounds(tx, kind);
      const sortOrder = kind === 'newsletter' ? (bounds.low ?? 1) - 1 : (bounds.high ?? -1) + 1;
      const itemId = await insertItem(tx, {
        kind,
        sortOrder,
        ...itemTextColumns(texts),
        coverKey: keys.get('cover') ?? null,
      });
      await insertTranslations(
        tx,
        LANGS.map((lang) => {
          const field = lang === 'en' ? 'file' : `file_${lang}`;
          return {
            itemId,
            lang,
            ...translationTexts(texts, lang),
            fileKey: keys.get(field) ?? null,
            fileSize: sizes.get(field) ?? null,
          };
        }),
      );
      await contentAudit(tx, actor, 'create', itemId, null, {
        kind,
        ...texts,
        files: [...keys.keys()],
      });
      return itemId;
    });
    return toAdminItem(await findItem(db, kind, id));
  } catch (error) {
    await Promise.allSettled([...keys.values()].map((k) => files.delete(k)));
    throw error;
  }
}

/** Replaces the texts of an item (all three languages at once). */
export async function adminUpdateTexts(
  db: Database,
  kind: ContentKind,
  id: number,
  input: Record<string, unknown>,
  actor: AuditActor,
): Promise<AdminContentItem> {
  const texts = parseTexts(kind, input);
  await findItem(db, kind, id);
  await db.transaction(async (tx) => {
    const before = auditedTexts(await findItem(tx, kind, id));
    await updateItem(tx, id, itemTextColumns(texts));
    for (const lang of LANGS) {
      await updateTranslation(tx, id, lang, translationTexts(texts, lang));
    }
    await contentAudit(tx, actor, 'update', id, before, auditedTexts(await findItem(tx, kind, id)));
  });
  return toAdminItem(await findItem(db, kind, id));
}

/**
 * Replaces one file of an item: `file` (English, the fallback), `file_fr`, `file_es` or `cover`.
 * The new file is stored before the row changes; the old one is deleted afterwards.
 */
export async function adminReplaceFile(
  db: Database,
  files: ContentFiles,
  kind: ContentKind,
  id: number,
  uploads: ContentUploads,
  actor: AuditActor,
): Promise<AdminContentItem> {
  const item = await findItem(db, kind, id);
  const fields = Object.keys(uploads);
  if (fields.length !== 1) {
    throw fieldError({ file: 'Send exactly one file: file, file_fr, file_es or cover' });
  }
  const [checked] = await checkUploads(kind, uploads, false);
  const keys = await storeAll(files, kind, [checked]);
  const key = keys.get(checked.field)!;
  let old: string | null;
  try {
    const lang: Lang = checked.field === 'file' ? 'en' : (checked.field.slice(5) as Lang);
    old = checked.field === 'cover' ? item.coverKey : (item.translations[lang]?.fileKey ?? null);
    await db.transaction(async (tx) => {
      if (checked.field === 'cover') {
        await updateItem(tx, id, { coverKey: key });
      } else {
        await updateTranslation(tx, id, lang, { fileKey: key, fileSize: checked.data.length });
        await updateItem(tx, id, {});
      }
      await contentAudit(tx, actor, 'file', id, { [checked.field]: old }, { [checked.field]: key });
    });
  } catch (error) {
    await files.delete(key).catch(() => undefined);
    throw error;
  }
  if (old) await files.delete(old).catch(() => undefined);
  return toAdminItem(await findItem(db, kind, id));
}

/** Sets the display order of a kind; `ids` must list every item of the kind exactly once. */
export async function adminReorder(
  db: Database,
  kind: ContentKind,
  ids: number[],
  actor: AuditActor,
): Promise<AdminContentItem[]> {
  const current = await selectItems(db, [kind]);
  const have = new Set(current.map((i) => i.id));
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== have.size || ids.some((id) => !have.has(id))) {
    throw fieldError({
      ids: `ids must list each of the ${have.size} items of this kind exactly once`,
    });
  }
  await db.transaction(async (tx) => {
    await setSortOrders(tx, ids);
    // The order is the kind's, not one item's: the row names the kind's first item.
    await contentAudit(
      tx,
      actor,
      'reorder',
      ids[0] ?? 0,
      { kind, ids: current.map((i) => i.id) },
      { kind, ids },
    );
  });
  return adminListItems(db, kind);
}

/** Deletes an item, its translations and its stored files. */
export async function adminDeleteItem(
  db: Database,
  files: ContentFiles,
  kind: ContentKind,
  id: number,
  actor: AuditActor,
): Promise<void> {
  const item = await findItem(db, kind, id);
  await db.transaction(async (tx) => {
    await deleteItem(tx, id);
    await contentAudit(tx, actor, 'delete', id, { kind, ...auditedTexts(item) }, null);
  });
  const keys = [item.coverKey, ...LANGS.map((l) => item.translations[l]?.fileKey)].filter(
    (k): k is string => !!k,
  );
  await Promise.allSettled(keys.map((k) => files.delete(k)));
}
