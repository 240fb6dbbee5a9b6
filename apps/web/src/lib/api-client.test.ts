import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, validationFailed } from '@/test/render';
import { aBuyer } from '@/test/users';
import { api, ApiError, buildUrl } from './api-client';
import { getStoredUser, storeUser } from './session';

describe('api client', () => {
  it('builds /api URLs, skipping empty parameters', () => {
    expect(
      buildUrl('/categories', { lang: 'fr', country: undefined, page: 2, tags: ['a', 'b'] }),
    ).toBe('/api/categories?lang=fr&page=2&tags=a&tags=b');
  });

  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on unsafe methods only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%20123; path=/';
    const { calls } = stubFetch({ '/api/thing': () => ({ status: true }) });
    await api.get('/thing');
    await api.post('/thing', { a: 1 });
    const getHeaders = calls[0].init?.headers as Record<string, string>;
    const postHeaders = calls[1].init?.headers as Record<string, string>;
    expect(getHeaders['X-XSRF-TOKEN']).toBeUndefined();
    expect(postHeaders['X-XSRF-TOKEN']).toBe('abc 123');
    expect(postHeaders['Content-Type']).toBe('application/json');
    expect(calls[1].init?.body).toBe('{"a":1}');
    expect(calls[1].init?.credentials).toBe('same-origin');
  });

  it('sends a new Idempotency-Key with each idempotent write, keeps one given, none otherwise', async () => {
    const { calls } = stubFetch({ '/api/thing': () => ({ status: true }) });
    await api.post('/thing', {}, { idempotent: true });
    await api.delete('/thing', { idempotent: true });
    await api.post('/thing', {}, { idempotent: true, headers: { 'Idempotency-Key': 'given' } });
    await api.post('/thing', {});
    const keys = calls.map((c) => (c.init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual(['given', undefined]);
  });

  it('throws ApiError with the code, message and fields of an error body', async () => {
    stubFetch({
      '/api/bad': () => validationFailed({ email: 'Email is required' }),
    });
    const error = await api.post('/bad', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { email: 'Email is required' },
    });
  });

  it('signs out locally when the server answers UNAUTHENTICATED', async () => {
    storeUser(aBuyer({ lang: 'fr' }));
    stubFetch({
      '/api/cart': () => apiError(401, { code: 'UNAUTHENTICATED', message: 'Please sign in' }),
    });
    await expect(api.get('/cart')).rejects.toMatchObject({ status: 401 });
    expect(getStoredUser()).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ lang: 'fr' });
  });
});
