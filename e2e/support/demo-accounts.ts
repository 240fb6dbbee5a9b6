import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'wholesale-demo';

/**
 * Signs in on /login as a person does. The labels are matched in English and French: a buyer whose
 * account is French keeps French on the sign-in page after being signed out.
 */
export async function signInOnPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/^(Email|E-mail)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
}

/** The demo buyer whose account is French (Canadian prices), as the back office finds them. */
export const FRENCH_BUYER = {
  email: 'buyer2.ca@example.com',
  code: 'CA100002',
  company: 'Mercerie Gagnon',
} as const;

export type ApiSession = { token: string; userId: number; baseUrl: string };

/**
 * Signs in as an API client does (bearer token): for setting up what a journey starts from. A demo
 * account by default; an account a journey created with its own password.
 */
export async function apiSignIn(
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  const body = (await res.json()) as { token: string; user: { user_value: number } };
  return { token: body.token, userId: body.user.user_value, baseUrl };
}

/** Calls the API as `s` (a bearer token); a failure names the call and the answer. */
export async function apiCall<T>(
  s: Pick<ApiSession, 'baseUrl' | 'token'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${s.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${s.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

type Listing = {
  products: { data: Array<{ product_id: string; available: number; class: string }> };
};

/**
 * Empties the buyer's cart and puts one ship pack of each of `count` products in stock into it (the
 * lines are selected, so an order takes them). Answers the products' codes.
 */
export async function cartWithProducts(s: ApiSession, count: number): Promise<string[]> {
  await apiCall(s, 'DELETE', `/api/cart-delete-all?user_id=${s.userId}`);
  const categories = await apiCall<{
    data: Array<{ name: string; category: string; cat_code: string }>;
  }>(s, 'GET', '/api/categories?lang=en');
  const codes: string[] = [];
  for (const c of categories.data) {
    const query = new URLSearchParams({ name: c.name, category: c.cat_code, pagination: '25' });
    const listing = await apiCall<Listing>(s, 'GET', `/api/cadProducts?${query}`);
    for (const product of listing.products.data) {
      if (codes.length === count) return codes;
      if (product.available < 5 || product.class === 'N') continue;
      await apiCall(s, 'POST', '/api/cart/add', {
        product_id: product.product_id,
        item: 1,
        user_id: s.userId,
      });
      codes.push(product.product_id);
    }
  }
  if (codes.length === count) return codes;
  throw new Error(`fewer than ${count} products in stock in the demo catalogue`);
}

/**
 * Empties the buyer's cart and puts one ship pack of a product in stock into it (the cart line is
 * selected, so an order takes it). Answers the product's code.
 */
export async function cartWithOneProduct(s: ApiSession): Promise<string> {
  const [code] = await cartWithProducts(s, 1);
  return code;
}
