import type { FastifyReply } from 'fastify';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Answers a download: `body` (a buffer or a stream) as the attachment `filename`, a PDF, a CSV or a workbook by
 * its extension. Cache-Control is left to the cache-policy plugin, which sets it on every answer.
 */
export function sendAttachment(
  reply: FastifyReply,
  filename: `${string}.${keyof typeof CONTENT_TYPES}`,
  body: unknown,
): FastifyReply {
  const extension = filename.slice(filename.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
  return reply
    .type(CONTENT_TYPES[extension])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}
