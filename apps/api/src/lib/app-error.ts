import { ERROR_CODES, type ErrorCode } from '@wholesale/contract';

/** An error the API answers on purpose, with a stable code from the catalogue (CONVENTIONS.md #6). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      status?: number;
    } = {},
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.statusCode = options.status ?? ERROR_CODES[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

/** A 400 naming one or more fields with their messages. */
export function fieldError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', Object.values(fields)[0], { fields });
}
