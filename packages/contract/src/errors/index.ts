/**
 * The error catalogue without the zod schemas of the package's entry: what a worker thread that
 * only refuses files loads (the API's import parser).
 */
export { ERROR_REASONS, fillReason, type ErrorReasonKey } from '../common/errors';
