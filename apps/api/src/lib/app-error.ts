import {
  ERROR_CODES,
  ERROR_REASONS,
  fillReason,
  formatMoney,
  reasonValues,
  type Country,
  type ErrorCode,
  type ErrorReasonKey,
  type ErrorReasonParams,
} from '@wholesale/contract';

/** An error the API answers on purpose, with a stable code from the catalogue (docs/conventions.md #6). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly reason?: { key: ErrorReasonKey; params?: ErrorReasonParams };

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      status?: number;
      reason?: { key: ErrorReasonKey; params?: ErrorReasonParams };
    } = {},
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.statusCode = options.status ?? ERROR_CODES[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
    this.reason = options.reason;
  }
}

/**
 * An error whose text the web can show in the buyer's language (ERROR_REASONS): the English text is
 * the message; `field` names the field the reason belongs to; amounts are in `country`'s currency.
 */
export function reasonError(
  code: ErrorCode,
  key: ErrorReasonKey,
  params?: ErrorReasonParams,
  field?: string,
  country: Country = 'ca',
): AppError {
  const message = fillReason(ERROR_REASONS[key], reasonValues(params, formatMoney('en', country)));
  return new AppError(code, message, {
    reason: { key, ...(params ? { params } : {}) },
    ...(field ? { fields: { [field]: message } } : {}),
  });
}

/** A 400 naming one or more fields with their messages. */
export function fieldError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', Object.values(fields)[0], { fields });
}
