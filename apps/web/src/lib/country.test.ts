import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cookieCountry, useCountry } from './country';
import { storeUser } from './session';

describe('country (docs/product/accounts.md cflag)', () => {
  it("defaults to 'ca' and reads the cflag cookie", () => {
    expect(cookieCountry()).toBe('ca');
    document.cookie = 'cflag=us; path=/';
    expect(cookieCountry()).toBe('us');
    document.cookie = 'cflag=fr; path=/';
    expect(cookieCountry()).toBe('ca');
  });

  it("prefers the signed-in user's cflag over the cookie", () => {
    document.cookie = 'cflag=ca; path=/';
    const { result, rerender } = renderHook(() => useCountry());
    expect(result.current).toBe('ca');
    storeUser({
      user_value: 2,
      owner_name: 'B',
      email: 'b@example.com',
      customer_code: null,
      flag: 'us',
      cflag: 'us',
      lang: '',
    });
    rerender();
    expect(result.current).toBe('us');
  });
});
