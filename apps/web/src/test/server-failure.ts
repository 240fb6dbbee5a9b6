import { vi } from 'vitest';
import { api, type ApiError } from '@/lib/api-client';
import { stubFetch } from './render';

export const REQUEST_ID = '7f1c2a9e-0d4b-4c55-9d6e-2b1f8e0a4c31';

/** A server failure as the API answers it: error body plus the X-Request-Id it logged. */
export async function serverFailure(status = 500): Promise<ApiError> {
  stubFetch({
    '/api/boom': () =>
      new Response(JSON.stringify({ status: false, error: { code: 'INTERNAL', message: 'x' } }), {
        status,
        headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
      }),
  });
  try {
    await api.get('/boom');
  } catch (error) {
    return error as ApiError;
  } finally {
    vi.unstubAllGlobals();
  }
  throw new Error('the call did not fail');
}
