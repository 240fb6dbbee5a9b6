import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendAttachment } from './attachment';

describe('sendAttachment', () => {
  it('answers a PDF or a CSV as a named attachment, its type by the extension', async () => {
    const app = Fastify();
    app.get('/pdf', async (_request, reply) =>
      sendAttachment(reply, 'order-7.pdf', Buffer.from('%PDF-1.4')),
    );
    app.get('/csv', async (_request, reply) => sendAttachment(reply, 'orders.csv', 'a;b\n'));
    try {
      const pdf = await app.inject({ method: 'GET', url: '/pdf' });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="order-7.pdf"');
      expect(pdf.body).toBe('%PDF-1.4');
      const csv = await app.inject({ method: 'GET', url: '/csv' });
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
      expect(csv.body).toBe('a;b\n');
    } finally {
      await app.close();
    }
  });
});
