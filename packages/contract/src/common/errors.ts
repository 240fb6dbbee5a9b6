/**
 * The error catalogue: every error the API can answer has a stable code, an HTTP status and an
 * English message. The web maps codes to translated text (locales/<lng>/errors.json).
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail or password is incorrect' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  CSRF_FAILED: { status: 403, message: 'The security token is missing or does not match' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This API path does not exist' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This type of content is not accepted' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be processed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side' },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
