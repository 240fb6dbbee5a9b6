import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { toUpcA } from '@wholesale/contract';
import {
  MAX_BYTES,
  csv,
  importFile,
  otherTop,
  product,
  staff,
  subCode,
  t,
  topCode,
  upload,
  useImportTestApp,
  zipBytes,
} from './import.test-app';

useImportTestApp();

describe('catalogue import: row errors', () => {
  it('skips invalid rows with row and column named, applies the valid ones, and lists them in errors.csv', async () => {
    const good = toUpcA('06000088888');
    const bad = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    const job = await importFile(
      csv([
        'sku,barcode,category,subcategory,class,ship_pack,name_en,price_ca,stock_ca,image',
        `ERR-1,${good},${topCode},,A,2,Good one,1.00,5,`,
        `ERR-2,${bad},${topCode},,A,1,Bad barcode,1.00,5,`,
        `ERR-3,,NOPE,,A,1,Bad category,1.00,5,`,
        `ERR-4,,${topCode},,ZZ,1,Bad class,1.00,5,`,
        `ERR-1,,${topCode},,A,1,Duplicate,1.00,5,`,
        `ERR-5,,${topCode},,A,0,Bad pack,-1,-3,`,
        `ERR-6,,${otherTop},${subCode},A,1,Wrong branch,1.00,5,`,
        `ERR-7,,${topCode},,A,1,Image,1.00,5,nothing.jpg`,
      ]),
    );
    expect(job).toMatchObject({ status: 'done', created: 1 });
    expect(job.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'barcode' }),
        expect.objectContaining({ row: 4, column: 'category' }),
        expect.objectContaining({ row: 5, column: 'class' }),
        { row: 6, column: 'sku', value: 'ERR-1', message: 'sku ERR-1 already appears on row 2' },
        expect.objectContaining({ row: 7, column: 'ship_pack' }),
        expect.objectContaining({ row: 7, column: 'price_ca' }),
        expect.objectContaining({ row: 7, column: 'stock_ca' }),
        expect.objectContaining({ row: 8, column: 'subcategory' }),
        expect.objectContaining({ row: 9, column: 'image' }),
      ]),
    );
    expect(await product('ERR-2')).toBeNull();
    expect((await product('ERR-1'))!.texts.en.name).toBe('Good one');
    const errorsCsv = await t.get(`/api/admin/imports/${job.id}/errors.csv`, staff);
    expect(errorsCsv.headers['content-type']).toContain('text/csv');
    expect(errorsCsv.body.split('\n')[0]).toBe('row,column,value,message');
    expect(errorsCsv.body).toContain('6,sku,ERR-1,sku ERR-1 already appears on row 2');
  });
});

describe('catalogue import: NULs and text-direction controls', () => {
  it('refuses a cell holding a direction control, naming row and column; right-to-left text passes', async () => {
    const job = await importFile(
      csv([
        'sku,category,class,brand,name_en,name_fr,description_es,price_ca,stock_ca',
        `DIR-1,${topCode},A,,Red\u202E thread,,,1.00,5`,
        `DIR-2,${topCode},A,Acme\u2066,Blue thread,,,1.00,5`,
        `DIR-3,${topCode},A,,Green thread,,<p>Hilo \u2067verde</p>,1.00,5`,
        `DIR-4,${topCode},A,,زر خشبي \u200F כפתור,Bouton \u200E👩\u200D🔧,,1.00,5`,
        `DIR\u202E-5,${topCode},A,,Spoofed SKU,,,1.00,5`,
      ]),
    );
    expect(job).toMatchObject({ status: 'done', created: 1 });
    const direction = (column: string) =>
      `${column} must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)`;
    expect(job.errors).toEqual([
      { row: 2, column: 'name_en', value: 'Red[U+202E] thread', message: direction('name_en') },
      { row: 3, column: 'brand', value: 'Acme[U+2066]', message: direction('brand') },
      {
        row: 4,
        column: 'description_es',
        value: '<p>Hilo [U+2067]verde</p>',
        message: direction('description_es'),
      },
      { row: 6, column: 'sku', value: 'DIR[U+202E]-5', message: direction('sku') },
    ]);
    for (const sku of ['DIR-1', 'DIR-2', 'DIR-3', 'DIR\u202E-5'])
      expect(await product(sku)).toBeNull();
    const accepted = (await product('DIR-4'))!;
    expect(accepted.texts.en.name).toBe('زر خشبي \u200F כפתור');
    expect(accepted.texts.fr.name).toBe('Bouton \u200E👩\u200D🔧');

    const fr = await t.get(`/api/admin/imports/${job.id}/errors.csv?lang=fr`, staff);
    expect(fr.body).toContain(
      '2,name_en,Red[U+202E] thread,"name_en ne doit pas contenir de caractères de contrôle du sens du texte',
    );
    expect(fr.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('reads workbook cells by the same rule', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('catalogue');
    sheet.addRow(['sku', 'category', 'class', 'name_en', 'price_ca']);
    sheet.addRow(['DIRX-1', topCode, 'A', 'Silk\u202D reel', '1.00']);
    sheet.addRow(['DIRX-2', topCode, 'A', 'خيط Linen reel', '1.00']);
    const job = await importFile({
      name: 'direction.xlsx',
      data: Buffer.from(await book.xlsx.writeBuffer()),
    });
    expect(job).toMatchObject({ status: 'done', created: 1 });
    expect(job.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'name_en', value: 'Silk[U+202D] reel' }),
    ]);
    expect(await product('DIRX-1')).toBeNull();
    expect((await product('DIRX-2'))!.texts.en.name).toBe('خيط Linen reel');
  });

  it('refuses a header naming a column with a direction control as a whole, showing the character', async () => {
    const res = await upload(csv(['sku,name_en\u202E', 'DIR-9,Thread']));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Unknown column "name_en[U+202E]"');
    expect(await product('DIR-9')).toBeNull();
  });
});

describe('catalogue import: refused files change nothing', () => {
  it('refuses an empty file, a wrong header, a binary file named .csv and a wrong extension at upload', async () => {
    const empty = await upload({ name: 'empty.csv', data: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.file).toBe('The file is empty');
    const header = await upload(csv(['sku,colour', 'X,red']));
    expect(header.statusCode).toBe(400);
    expect(header.json().error.message).toContain('Unknown column "colour"');
    const noSku = await upload(csv(['name_en', 'X']));
    expect(noSku.json().error.message).toBe('The header has no sku column');
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const binary = await upload({ name: 'prices.csv', data: png });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error.message).toContain('image/png');
    const pdf = await upload({ name: 'prices.pdf', data: 'sku\nX\n' });
    expect(pdf.statusCode).toBe(415);
  });

  it('answers 413 past the configured size limit', async () => {
    const big = `sku,name_en\n${'X,'.padEnd(MAX_BYTES + 10, 'a')}\n`;
    const res = await upload({ name: 'big.csv', data: big });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toContain('limit');
  });

  it('refuses a ZIP bomb at upload', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(5 * 1024 * 1024), 'bomb.png', { compress: true });
    zip.end();
    const bomb = await zipBytes(zip);
    const res = await upload(csv(['sku', 'X']), { images: bomb });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields.images).toContain('ZIP bomb');
  });

  it('fails a file that is not UTF-8 (mixed encodings) without changing anything', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('sku,name_fr\nERR-1,Très bien\n', 'utf8'),
      Buffer.from('ERR-1,Tr\xe8s mal\n', 'latin1'),
    ]);
    const res = await upload({ name: 'mixed.csv', data: latin1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toContain('not UTF-8');
    expect((await product('ERR-1'))!.texts.fr).toBeUndefined();
  });

  it('reads XLSX values and refuses formulas (never evaluated, cached values never used)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('catalogue');
    sheet.addRow(['sku', 'stock_ca']);
    sheet.addRow(['ERR-1', 41]);
    const values = Buffer.from(await book.xlsx.writeBuffer());
    const ok = await importFile({ name: 'stock.xlsx', data: values });
    expect(ok).toMatchObject({ status: 'done', updated: 1 });
    expect((await product('ERR-1'))!.prices.ca.available).toBe(41);

    sheet.addRow(['ERR-1', { formula: '1+1', result: 2 }]);
    const formula = Buffer.from(await book.xlsx.writeBuffer());
    const job = await importFile({ name: 'formula.xlsx', data: formula });
    expect(job.status).toBe('failed');
    expect(job.failure).toContain('Cell B3 holds a formula');
    expect((await product('ERR-1'))!.prices.ca.available).toBe(41);
  });
});
