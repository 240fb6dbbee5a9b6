import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditRowsFor } from '../../test/audit-rows';
import { multipart, type MultipartPart as Part } from '../../test/multipart';
import { renderPdf } from './content.render';
import { questionWords, segmentsToHtml, toSegments } from './content.service';

const TEXTS = {
  title_en: 'Winter 2027 newsletter',
  title_fr: 'Infolettre hiver 2027',
  title_es: 'Boletín invierno 2027',
  body_en: 'Snowflake buttons',
  body_fr: 'Boutons flocons',
  body_es: 'Botones copos',
};

const textParts = (extra: Record<string, string> = {}): Part[] =>
  Object.entries({ ...TEXTS, ...extra }).map(([name, value]) => ({ name, value }));

async function jpeg(color = '#336699'): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** An ELF executable header (what `file` calls "ELF 64-bit LSB executable"). */
const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 0),
]);
/** A Windows PE executable header (MZ … PE\0\0). */
function windowsExe(): Buffer {
  const b = Buffer.alloc(512, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

/**
 * Sends `parts` as a multipart/form-data body to `url`, as staff unless `headers` say who.
 */
function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  parts: Part[],
  headers: Record<string, string> = staff,
) {
  const form = multipart(parts);
  return t.inject({ method, url, headers: { ...form.headers, ...headers }, payload: form.payload });
}

let t: TestApp;
let staff: Record<string, string>;
let customer: Record<string, string>;
let frenchCustomer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ ownDataDir: true, content: true });
  staff = (await t.signIn({ role: 'staff' })).headers;
  customer = (await t.signIn({ role: 'customer', lang: 'en' })).headers;
  frenchCustomer = (await t.signIn({ role: 'customer', lang: 'fr' })).headers;
});

afterAll(() => t?.close());

describe('public content calls', () => {
  it('GET /api/crousalImages lists the slides in the asked language with real JPEG images', async () => {
    const res = await t.get('/api/crousalImages?lang=fr');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data).toHaveLength(3);
    expect(body.data[0].title).toBe('Le catalogue 2026 est arrivé');
    expect(body.data[0].link).toBe('/catalogues');
    const image = await t.get(body.data[0].image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 400]);
    // Each language has its own image (the headline is in the picture).
    const en = (await t.get('/api/crousalImages')).json();
    expect(en.data[0].title).toBe('The 2026 catalogue is here');
    expect(en.data[0].image).not.toBe(body.data[0].image);
  });

  it('GET /api/newsletterImages lists issues newest first', async () => {
    const res = await t.get('/api/newsletterImages?lang=es');
    expect(res.statusCode).toBe(200);
    const dates = res.json().data.map((n: { issue_date: string }) => n.issue_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.json().data[0].title).toBe('Boletín otoño 2026');
  });

  it('GET /api/catalogues gives covers and real PDFs that open inline or download', async () => {
    const res = await t.get('/api/catalogues?lang=en');
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data;
    expect(first.title).toBe('Notions catalogue 2026');
    expect(first.cover).toMatch(/^\/files\/content\/catalogue\/.+\.jpg$/);
    expect(first.pdf_size).toBeGreaterThan(500);
    const pdf = await t.get(first.pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBe(first.pdf_size);
    const download = await t.get(
      `${first.pdf}?download=1&name=${encodeURIComponent('Catalogue été 2026')}`,
    );
    expect(download.headers['content-disposition']).toContain(
      'attachment; filename="Catalogue _t_ 2026.pdf"',
    );
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''Catalogue%20%C3%A9t%C3%A9%202026.pdf",
    );
  });

  it('GET /files refuses unknown keys and path tricks', async () => {
    for (const url of [
      '/files/content/catalogue/00000000-0000-0000-0000-000000000000.pdf',
      '/files/content/catalogue/not-a-uuid.pdf',
      '/files/content/catalogue/%2e%2e%2f%2e%2e%2fpackage.json',
      '/files/content/catalogue/..%2f..%2fx.pdf',
      '/files/images/products/x.jpg',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('GET /api/patterns filters by craft and lists the crafts on offer', async () => {
    const all = (await t.get('/api/patterns?lang=fr')).json();
    expect(all.data).toHaveLength(5);
    expect(all.crafts).toEqual(['crochet', 'embroidery', 'knitting', 'quilting', 'sewing']);
    const knitting = (await t.get('/api/patterns?lang=fr&craft=knitting')).json();
    expect(knitting.data.map((p: { title: string; craft: string }) => [p.title, p.craft])).toEqual([
      ['Écharpe côtelée facile', 'knitting'],
    ]);
    const pdf = await t.get(knitting.data[0].pdf);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 400 naming lang for an unknown language', async () => {
    const res = await t.get('/api/catalogues?lang=de');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('lang');
  });
});

describe('FAQs and support search (signed in)', () => {
  it('GET /api/faqs is for signed-in callers only', async () => {
    expect((await t.get('/api/faqs?lang=en')).statusCode).toBe(401);
    const res = await t.get('/api/faqs?lang=es', customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].question).toBe('¿Cuánto tarda el envío?');
  });

  it("GET /api/faqs without lang answers in the caller's own language", async () => {
    const res = await t.get('/api/faqs', frenchCustomer);
    expect(res.json().data[0].question).toBe('Quels sont les délais de livraison ?');
  });

  it('GET /api/support needs a session and a question', async () => {
    expect((await t.get('/api/support?question=shipping')).statusCode).toBe(401);
    const missing = await t.get('/api/support', customer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('question');
  });

  it('finds the answer despite a typo and highlights the matched words', async () => {
    const res = await t.get(
      `/api/support?question=${encodeURIComponent('how long does shiping take')}`,
      customer,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lang).toBe('en');
    expect(body.data[0].title).toBe('How long does shipping take?');
    expect(body.data[0].kind).toBe('faq');
    const hits = body.data[0].title_segments
      .filter((s: { hit: boolean }) => s.hit)
      .map((s: { text: string }) => s.text.toLowerCase());
    expect(hits).toContain('shipping');
    expect(body.data[0].snippet).toMatch(/<mark>[^<]+<\/mark>/);
  });

  it("searches in the caller's language: French stems and accents", async () => {
    const res = await t.get(
      `/api/support?question=${encodeURIComponent('délai de livraison')}`,
      frenchCustomer,
    );
    expect(res.json().lang).toBe('fr');
    expect(res.json().data[0].title).toBe('Quels sont les délais de livraison ?');
    const unaccented = await t.get(
      `/api/support?question=${encodeURIComponent('retourner un article')}&lang=fr`,
      customer,
    );
    expect(unaccented.json().data[0].title).toBe('Puis-je retourner un article ?');
  });

  it('finds support articles too, and nothing for an unrelated question', async () => {
    const res = await t.get(
      `/api/support?question=${encodeURIComponent('opticon scanner')}`,
      customer,
    );
    expect(res.json().data[0]).toMatchObject({
      kind: 'article',
      title: 'Uploading orders with an Opticon scanner',
    });
    const none = await t.get(`/api/support?question=${encodeURIComponent('zzzz qqqq')}`, customer);
    expect(none.json().data).toEqual([]);
  });

  it('never returns raw HTML in snippets', () => {
    const segments = toSegments('Tom & Jerry <img src=x onerror=alert(1)> ⟦ship⟧ fast');
    expect(segments).toEqual([
      { text: 'Tom & Jerry <img src=x onerror=alert(1)> ', hit: false },
      { text: 'ship', hit: true },
      { text: ' fast', hit: false },
    ]);
    expect(segmentsToHtml(segments)).toBe(
      'Tom &amp; Jerry &lt;img src=x onerror=alert(1)&gt; <mark>ship</mark> fast',
    );
    expect(questionWords("It's <b>shipping</b>; l'été!")).toEqual(
      ['it', 'b', 'shipping', 'été'].filter((w) => w.length >= 2),
    );
  });
});

describe('staff content management', () => {
  it('is staff only: 401 for guests, 403 for customers', async () => {
    expect((await t.get('/api/admin/content/newsletter')).statusCode).toBe(401);
    expect((await t.get('/api/admin/content/newsletter', customer)).statusCode).toBe(403);
    const form = multipart([
      ...textParts({ issue_date: '2027-01-01' }),
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    const guestPost = await t.post('/api/admin/content/newsletter', form.headers, form.payload);
    expect(guestPost.statusCode).toBe(401);
    const customerPost = await t.post(
      '/api/admin/content/newsletter',
      { ...form.headers, ...customer },
      form.payload,
    );
    expect(customerPost.statusCode).toBe(403);
    expect((await t.delete('/api/admin/content/faq/1', customer)).statusCode).toBe(403);
  });

  it('lists every item of a kind with its three translations', async () => {
    const res = await t.get('/api/admin/content/catalogue', staff);
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data;
    expect(first.translations.fr.title).toBe('Catalogue de mercerie 2026');
    expect(first.translations.es.file).toMatch(/\.pdf$/);
    expect((await t.get('/api/admin/content/posters', staff)).statusCode).toBe(400);
  });

  it('adds a newsletter with three translations; it shows first on the public list', async () => {
    const res = await sendForm('POST', '/api/admin/content/newsletter', [
      ...textParts({ issue_date: '2027-01-15' }),
      {
        name: 'file',
        filename: 'winter.jpg',
        contentType: 'image/jpeg',
        data: await jpeg('#224488'),
      },
      {
        name: 'file_fr',
        filename: 'hiver.jpg',
        contentType: 'image/jpeg',
        data: await jpeg('#884422'),
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data;
    expect(item.translations.es.file).toBeNull();
    const fr = (await t.get('/api/newsletterImages?lang=fr')).json().data[0];
    expect(fr).toMatchObject({
      id: item.id,
      title: 'Infolettre hiver 2027',
      issue_date: '2027-01-15',
      image: item.translations.fr.file,
    });
    // Spanish has no image of its own: the English one is used.
    const es = (await t.get('/api/newsletterImages?lang=es')).json().data[0];
    expect(es.image).toBe(item.translations.en.file);
    const image = await t.get(es.image);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('adds a FAQ from JSON; the support search finds it', async () => {
    const res = await t.post('/api/admin/content/faq', staff, {
      title_en: 'Do you sell gift cards?',
      title_fr: 'Vendez-vous des cartes-cadeaux ?',
      title_es: '¿Venden tarjetas regalo?',
      body_en: 'Yes: gift cards of $25, $50 & $100 <ship> with any order.',
      body_fr: 'Oui : des cartes-cadeaux de 25 $, 50 $ et 100 $.',
      body_es: 'Sí: tarjetas regalo de 25 $, 50 $ y 100 $.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await auditRowsFor(t.handle.db, 'content', res.json().data.id)).toMatchObject([
      {
        action: 'content.create',
        before: null,
        after: { kind: 'faq', title_en: 'Do you sell gift cards?' },
      },
    ]);
    const found = (await t.get('/api/support?question=gift%20card', customer)).json().data[0];
    expect(found.title).toBe('Do you sell gift cards?');
    expect(found.snippet).not.toMatch(/<(?!\/?mark>)/);
    expect(found.snippet).toContain('&amp;');
  });

  it('answers 400 naming each missing translation', async () => {
    const res = await sendForm('POST', '/api/admin/content/newsletter', [
      { name: 'title_en', value: 'Only English' },
      { name: 'issue_date', value: 'soon' },
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'issue_date',
      'title_es',
      'title_fr',
    ]);
    const res2 = await sendForm(
      'POST',
      '/api/admin/content/pattern',
      textParts({ craft: 'knitting' }),
    );
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.fields.file).toBe('A PDF file is required');
    const res3 = await sendForm(
      'POST',
      '/api/admin/content/pattern',
      textParts({ craft: 'welding' }),
    );
    expect(res3.json().error.fields).toHaveProperty('craft');
    const res4 = await sendForm('POST', '/api/admin/content/carousel', [
      ...textParts({ link: 'https://evil.example' }),
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    expect(res4.json().error.fields.link).toBe(
      'Link must be a path on this site, such as /catalogues',
    );
  });

  it('refuses a renamed executable by its content, not its name (415)', async () => {
    const cases: [string, string, Buffer][] = [
      ['catalogue', 'catalogue.pdf', ELF],
      ['pattern', 'pattern.pdf', windowsExe()],
      ['newsletter', 'issue.jpg', windowsExe()],
    ];
    for (const [kind, filename, data] of cases) {
      const res = await sendForm('POST', `/api/admin/content/${kind}`, [
        ...textParts({ craft: 'knitting', issue_date: '2027-02-01' }),
        {
          name: 'file',
          filename,
          contentType: filename.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
          data,
        },
      ]);
      expect(res.statusCode, `${kind} ${filename}`).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json().error.fields.file).toMatch(
        /^file must be (a PDF document|a JPEG, PNG or WebP image)/,
      );
    }
    // A PDF where an image belongs is refused too, and nothing was added.
    const pdf = await renderPdf({
      title: 'x',
      subtitle: 'y',
      sections: [],
      color: '#000000',
      footer: 'z',
      author: 'Test Store',
    });
    const before = (await t.get('/api/crousalImages')).json().data.length;
    const res = await sendForm('POST', '/api/admin/content/carousel', [
      ...textParts({ link: '/catalogues' }),
      { name: 'file', filename: 'slide.jpg', contentType: 'image/jpeg', data: pdf },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toContain('application/pdf');
    expect((await t.get('/api/crousalImages')).json().data.length).toBe(before);
  });

  it('refuses files over the size limit (413) naming the field', async () => {
    const bigPdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_PDF_BYTES, 0x20)]);
    const res = await sendForm('POST', '/api/admin/content/catalogue', [
      ...textParts(),
      { name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data: bigPdf },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.json().error.fields.file).toBe('file is larger than 10 MB, the limit for a PDF');

    const bigImage = Buffer.concat([await jpeg(), Buffer.alloc(MAX_IMAGE_BYTES, 0)]);
    const res2 = await sendForm('POST', '/api/admin/content/catalogue', [
      ...textParts(),
      {
        name: 'file',
        filename: 'c.pdf',
        contentType: 'application/pdf',
        data: await renderPdf({
          title: 'c',
          subtitle: '',
          sections: [],
          color: '#000000',
          footer: '',
          author: 'Test Store',
        }),
      },
      { name: 'cover', filename: 'cover.jpg', contentType: 'image/jpeg', data: bigImage },
    ]);
    expect(res2.statusCode).toBe(413);
    expect(res2.json().error.fields.cover).toBe(
      'cover is larger than 5 MB, the limit for an image',
    );
  });

  it('replaces a file: the new one is served, the old one is gone', async () => {
    const [item] = (await t.get('/api/admin/content/pattern', staff)).json().data;
    const oldUrl = item.translations.fr.file;
    const pdf = await renderPdf({
      title: 'Nouveau patron',
      subtitle: 'v2',
      sections: [],
      color: '#000000',
      footer: '',
      author: 'Test Store',
    });
    const res = await sendForm('PUT', `/api/admin/content/pattern/${item.id}/file`, [
      { name: 'file_fr', filename: 'v2.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const newUrl = res.json().data.translations.fr.file;
    expect(newUrl).not.toBe(oldUrl);
    expect(res.json().data.translations.fr.file_size).toBe(pdf.length);
    expect((await t.get(newUrl)).rawPayload.equals(pdf)).toBe(true);
    expect((await t.get(oldUrl)).statusCode).toBe(404);
    const audit = await auditRowsFor(t.handle.db, 'content', item.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'content.file',
      before: { file_fr: oldUrl.replace('/files/', '') },
      after: { file_fr: newUrl.replace('/files/', '') },
    });
    // An executable cannot replace it either.
    const refused = await sendForm('PUT', `/api/admin/content/pattern/${item.id}/file`, [
      { name: 'file', filename: 'v3.pdf', contentType: 'application/pdf', data: ELF },
    ]);
    expect(refused.statusCode).toBe(415);
    expect(await auditRowsFor(t.handle.db, 'content', item.id)).toHaveLength(audit.length);
  });

  it('edits the texts of an item', async () => {
    const [item] = (await t.get('/api/admin/content/support_article', staff)).json().data;
    const res = await t.put(`/api/admin/content/support_article/${item.id}`, staff, {
      ...TEXTS,
      body_en: 'Tracking numbers arrive by e-mail.',
      body_fr: 'Numéros de suivi par courriel.',
      body_es: 'Números de seguimiento por correo.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.translations.es.title).toBe(TEXTS.title_es);
    const [row] = await auditRowsFor(t.handle.db, 'content', item.id);
    expect(row.action).toBe('content.update');
    expect(row.before).toMatchObject({ body_en: item.translations.en.body });
    expect(row.after).toMatchObject({ body_en: 'Tracking numbers arrive by e-mail.' });
    // Only the changed fields are kept.
    expect(Object.keys(row.after ?? {})).not.toContain('craft');
  });

  it('reorders the items of a kind and refuses an incomplete order', async () => {
    const list = (await t.get('/api/admin/content/carousel', staff)).json().data as {
      id: number;
    }[];
    const ids = list.map((i) => i.id).reverse();
    const res = await t.post('/api/admin/content/carousel/reorder', staff, { ids });
    expect(res.statusCode).toBe(200);
    const publicIds = (await t.get('/api/crousalImages'))
      .json()
      .data.map((s: { id: number }) => s.id);
    expect(publicIds).toEqual(ids);
    expect(await auditRowsFor(t.handle.db, 'content', ids[0])).toMatchObject([
      {
        action: 'content.reorder',
        before: { ids: [...ids].reverse() },
        after: { ids },
      },
    ]);
    const partial = await t.post('/api/admin/content/carousel/reorder', staff, {
      ids: ids.slice(1),
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.fields).toHaveProperty('ids');
    const bad = await t.post('/api/admin/content/carousel/reorder', staff, { ids: 'all' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes an item and its files', async () => {
    const [item] = (await t.get('/api/admin/content/catalogue', staff)).json().data;
    const res = await t.delete(`/api/admin/content/catalogue/${item.id}`, staff);
    expect(res.statusCode).toBe(200);
    expect((await t.get(item.translations.en.file)).statusCode).toBe(404);
    expect((await t.get(item.cover)).statusCode).toBe(404);
    expect(await auditRowsFor(t.handle.db, 'content', item.id)).toMatchObject([
      { action: 'content.delete', before: { kind: 'catalogue' }, after: null },
    ]);
    const again = await t.delete(`/api/admin/content/catalogue/${item.id}`, staff);
    expect(again.statusCode).toBe(404);
    const ids = (await t.get('/api/catalogues')).json().data.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(item.id);
  });
});
