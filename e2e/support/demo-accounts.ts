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

/** Signs in as an API client does (bearer token): for setting up what a journey starts from. */
export async function apiSignIn(baseUrl: string, email: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  const body = (await res.json()) as { token: string; user: { user_value: number } };
  return { token: body.token, userId: body.user.user_value, baseUrl };
}

async function call(s: ApiSession, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${s.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as unknown;
}

type Listing = {
  products: { data: Array<{ product_id: string; available: number; class: string }> };
};

/**
 * Empties the buyer's cart and puts one ship pack of each of `count` products in stock into it (the
 * lines are selected, so an order takes them). Answers the products' codes.
 */
export async function cartWithProducts(s: ApiSession, count: number): Promise<string[]> {
  await call(s, 'DELETE', `/api/cart-delete-all?user_id=${s.userId}`);
  const categories = (await call(s, 'GET', '/api/categories?lang=en')) as {
    data: Array<{ name: string; category: string; cat_code: string }>;
  };
  const codes: string[] = [];
  for (const c of categories.data) {
    const query = new URLSearchParams({ name: c.name, category: c.cat_code, pagination: '25' });
    const listing = (await call(s, 'GET', `/api/cadProducts?${query}`)) as Listing;
    for (const product of listing.products.data) {
      if (codes.length === count) return codes;
      if (product.available < 5 || product.class === 'N') continue;
      await call(s, 'POST', '/api/cart/add', {
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
