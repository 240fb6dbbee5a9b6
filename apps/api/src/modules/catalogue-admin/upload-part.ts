import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * The one picture of a multipart upload (the product editor's pictures, a class's badge), sent in
 * the form field `field`: a 400 naming the field when it is not multipart or the field is missing,
 * a 413 naming it past `maxBytes` (the multipart plugin's file size limit).
 */
export async function receivePicture(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> {
  const refuse = (message: string) =>
    new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
  if (!request.isMultipart()) throw refuse(`${field} must be sent as multipart/form-data`);
  const part = await request.file();
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw refuse(`${field} is required: choose a picture to upload`);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `${field} must be at most ${maxBytes / 1048576} MB`;
      throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { [field]: message } });
    }
    throw error;
  }
}
