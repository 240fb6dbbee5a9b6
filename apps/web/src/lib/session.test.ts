import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearSession, getStoredUser, storeUser, useSession, type StoredUser } from './session';

const user: StoredUser = {
  user_value: 3,
  owner_name: 'Sam Buyer',
  email: 'buyer.us@example.com',
  customer_code: null,
  flag: 'us',
  cflag: 'us',
  lang: 'es',
};

describe('session', () => {
  it('ignores corrupted JSON in storage, logging a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('user', '{"user_value": 3, owner_name');
    expect(getStoredUser()).toBeNull();
    const { result } = renderHook(() => useSession());
    expect(result.current.isSignedIn).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('does not treat a record without user_value as signed in', () => {
    localStorage.setItem('user', JSON.stringify({ lang: 'fr' }));
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', JSON.stringify(['not', 'an', 'object']));
    expect(getStoredUser()).toBeNull();
  });

  it('re-renders on login and logout; logout keeps only the language', () => {
    localStorage.setItem('token', 'legacy');
    localStorage.setItem('mongoObj', '{}');
    const { result } = renderHook(() => useSession());
    expect(result.current.user).toBeNull();
    act(() => storeUser(user));
    expect(result.current).toMatchObject({
      isSignedIn: true,
      isStaff: false,
      user: { owner_name: 'Sam Buyer' },
    });
    act(() => clearSession());
    expect(result.current.isSignedIn).toBe(false);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ lang: 'es' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('mongoObj')).toBeNull();
  });

  it('does not store a user without user_value', () => {
    storeUser({ ...user, user_value: undefined as unknown as number });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('reads staff role and normalises lang and cflag', () => {
    localStorage.setItem(
      'user',
      JSON.stringify({ ...user, role: 'staff', lang: 'sp', cflag: 'xx' }),
    );
    expect(getStoredUser()).toMatchObject({ role: 'staff', lang: 'es', cflag: 'ca' });
    const { result } = renderHook(() => useSession());
    expect(result.current.isStaff).toBe(true);
  });
});
