import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  checkA11y,
  expectNoErrorsBut,
  missingImage,
  openScreen,
  PHONE,
  signedInPage,
} from './support/browser';
import { browserForFile } from './support/journey';
import {
  apiCall,
  apiSignIn,
  cartWithOneProduct,
  cartWithProducts,
  FRENCH_BUYER,
} from './support/demo-accounts';

// The order desk (docs/product/back-office-orders.md): a buyer places an order; staff
// with the orders role find it on /admin/orders, accept it, pick it and ship it with a carrier and a
// tracking number; the buyer, whose interface is French, sees it shipped with the carrier and the
// tracking link. Then a phone order: staff open the customer's cart, add a product by the code the
// customer reads out, change its packs, and place it for them; both sides see who placed it. The orders account works in Spanish and the buyer in French (demo data).
const baseUrl = inject('baseUrl');
const { email: BUYER, company: BUYER_COMPANY, code: BUYER_CODE } = FRENCH_BUYER;
const STAFF = 'orders@example.com';
const STAFF_NAME = 'Ana García';
// Unique per run: the journey may run again against the same server.
const stamp = Date.now().toString(36).toUpperCase();
const TRACKING = `1Z${stamp}`;
const browser = browserForFile();

/** Staff move the open order one step: choose it, confirm it, see it saved. */
async function moveTo(page: Page, status: string): Promise<void> {
  const step = `Marcar como «${status}»`;
  await page.getByRole('radio', { name: step }).check();
  await page.getByRole('button', { name: step }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `El pedido ahora está «${status}».` })
    .first()
    .waitFor();
  await page.getByTestId('desk-status').filter({ hasText: status }).waitFor();
}

describe('order desk journeys', () => {
  it(
    'staff accept, pick and ship an order; the buyer sees it shipped with the tracking link, in French',
    { timeout: 240_000 },
    async () => {
      // The buyer's cart holds one product; the buyer places the order in the browser().
      await cartWithOneProduct(await apiSignIn(baseUrl, BUYER));
      const buyer = await signedInPage(browser(), BUYER, { baseUrl });
      await expect.poll(() => buyer.page.locator('html').getAttribute('lang')).toBe('fr');
      await buyer.page.goto('/cart');
      const po = `DESK-${stamp}`;
      await buyer.page.getByLabel('Numéro de bon de commande').fill(po);
      await buyer.page.getByRole('button', { name: 'Passer la commande' }).click();
      await buyer.page.waitForURL('**/order-confirm?order_id=*');
      const orderId = Number(new URL(buyer.page.url()).searchParams.get('order_id'));
      expect(orderId).toBeGreaterThan(0);

      // Staff find it by its PO number on the desk.
      const staff = await signedInPage(browser(), STAFF, { baseUrl });
      await openScreen(staff.page, '/admin/orders', 'Mesa de pedidos');
      await staff.page.getByLabel('Pedido, orden de compra o cliente').fill(po);
      await staff.page.getByRole('button', { name: 'Aplicar' }).click();
      const row = staff.page.getByTestId(`desk-row-${orderId}`);
      await row.getByText('Realizado').waitFor();
      await expect.poll(() => staff.page.getByTestId(/^desk-row-/).count()).toBe(1);
      await checkA11y(staff.page, '/admin/orders (staff, desktop)');
      await row.getByRole('link', { name: `Pedido n.º ${orderId}`, exact: true }).click();
      await staff.page
        .getByRole('heading', { level: 1, name: new RegExp(`Pedido n.º ${orderId}`) })
        .waitFor();
      await staff.page.getByText(po).waitFor();
      await checkA11y(staff.page, '/admin/orders/:id (staff)');

      await moveTo(staff.page, 'Aceptado');
      await moveTo(staff.page, 'En preparación');
      await staff.page.getByRole('radio', { name: 'Marcar como «Enviado»' }).check();
      await staff.page.getByLabel('Transportista').selectOption('ups');
      await staff.page.getByLabel('Número de seguimiento').fill(TRACKING);
      await staff.page.getByRole('button', { name: 'Marcar como «Enviado»' }).click();
      await staff.page.getByTestId('desk-status').filter({ hasText: 'Enviado' }).waitFor();
      await staff.page.getByText(TRACKING).first().waitFor();

      // The buyer, in French, sees the status, the carrier and the tracking link.
      await buyer.page.goto(`/orderdetails/${orderId}`);
      await buyer.page.getByRole('heading', { name: `Commande nº ${orderId}` }).waitFor();
      await buyer.page.getByText('Expédiée').first().waitFor();
      const parcel = buyer.page.getByTestId('order-shipment');
      await parcel.getByText('Transporteur: UPS').waitFor();
      const track = parcel.getByRole('link', { name: `Suivre le colis ${TRACKING}` });
      expect(await track.getAttribute('href')).toContain(TRACKING);
      await checkA11y(buyer.page, '/orderdetails/:id (buyer, French)');
      // The history lists it under its status filter too.
      await buyer.page.goto('/order');
      await buyer.page.getByTestId(`order-row-${orderId}`).getByText('Expédiée').waitFor();

      expectNoErrorsBut(buyer.errors, missingImage);
      staff.expectNoConsoleErrors();
    },
  );

  it(
    'staff place a phone order from the customer cart; both sides see who placed it (desktop and phone)',
    { timeout: 240_000 },
    async () => {
      // Two products in stock: the cart keeps the first; the customer reads out the second's code.
      const session = await apiSignIn(baseUrl, BUYER);
      const [product, extra] = await cartWithProducts(session, 2);
      const cart = await apiCall<{ products: Array<{ id: number; product_id: string }> }>(
        session,
        'GET',
        `/api/cart?user_id=${session.userId}`,
      );
      const extraLine = cart.products.find((l) => l.product_id === extra);
      await apiCall(
        session,
        'DELETE',
        `/api/cart/delete?id=${extraLine?.id}&user_id=${session.userId}`,
      );
      const staff = await signedInPage(browser(), STAFF, { baseUrl });
      await staff.page.goto('/admin/orders');
      await staff.page.getByRole('link', { name: 'Tomar un pedido telefónico' }).click();
      await staff.page.waitForURL('**/admin/orders/phone');
      const search = staff.page.getByLabel('Buscar un cliente');
      await search.fill(BUYER_CODE);
      await search.press('Enter');
      await staff.page
        .getByRole('link', { name: `Tomar un pedido telefónico para ${BUYER_COMPANY}` })
        .click();
      await staff.page
        .getByRole('heading', { name: `Pedido telefónico para ${BUYER_COMPANY}` })
        .waitFor();
      await staff.page.getByTestId(`phone-line-${product}`).getByText('Sí').waitFor();
      // Staff add the product the customer reads out: its code, its packs, Enter.
      await staff.page.getByLabel('Código de producto').fill(extra!);
      const packs = staff.page.getByLabel('Paquetes de envío', { exact: true });
      await packs.fill('2');
      await packs.press('Enter');
      await staff.page
        .getByText(`${extra}: el carrito del cliente tiene 2 paquetes de envío.`)
        .waitFor();
      const line = staff.page.getByTestId(`phone-line-${extra}`);
      await line.getByText('Sí').waitFor();
      // The code box is ready for the next code.
      await expect.poll(() => staff.page.getByLabel('Código de producto').inputValue()).toBe('');
      // The customer changes their mind: 3 packs.
      const linePacks = staff.page.getByLabel(`Paquetes de envío de ${extra}`);
      await linePacks.fill('3');
      await linePacks.press('Enter');
      await staff.page.getByText(`${extra}: 3 paquetes de envío.`).waitFor();
      await checkA11y(staff.page, '/admin/orders/phone/:id (staff, desktop)');

      const po = `PHONE-${stamp}`;
      await staff.page.getByLabel('Número de orden de compra (opcional)').fill(po);
      await staff.page
        .getByRole('button', { name: `Hacer el pedido para ${BUYER_COMPANY}` })
        .click();
      const done = staff.page
        .getByRole('status')
        .filter({ hasText: new RegExp(`Pedido hecho para ${BUYER_COMPANY} \\(.+\\): #\\d+`) })
        .first();
      await done.waitFor();
      const orderId = Number(/#(\d+)/.exec(await done.innerText())?.[1]);
      expect(orderId).toBeGreaterThan(0);
      // The cart was emptied by the order: a second try is refused, worded for staff.
      await staff.page.getByText('El carrito del cliente está vacío', { exact: false }).waitFor();
      await staff.page
        .getByRole('button', { name: `Hacer el pedido para ${BUYER_COMPANY}` })
        .click();
      await staff.page
        .getByRole('alert')
        .filter({ hasText: 'No hay nada marcado en el carrito del cliente.' })
        .first()
        .waitFor();
      await done.getByRole('link', { name: `Pedido n.º ${orderId}`, exact: true }).click();
      await staff.page.getByText(`Realizado por ${STAFF_NAME} para el cliente`).waitFor();
      // The order holds the line staff added, with the packs they set.
      await staff.page.getByText(extra!).first().waitFor();

      // The same screens at phone width (their tables become stacked rows).
      const phone = await signedInPage(browser(), STAFF, { baseUrl, viewport: PHONE });
      await phone.page.goto('/admin/orders');
      await phone.page.getByTestId(`desk-row-${orderId}`).waitFor();
      await checkA11y(phone.page, '/admin/orders (staff, phone)');
      await phone.page.goto(`/admin/orders/phone?q=${BUYER_CODE}`);
      await phone.page
        .getByRole('link', { name: `Tomar un pedido telefónico para ${BUYER_COMPANY}` })
        .waitFor();
      await checkA11y(phone.page, '/admin/orders/phone (staff, phone)');
      await phone.page.goto(`/admin/orders/phone/${session.userId}`);
      await phone.page.getByLabel('Código de producto').waitFor();
      await checkA11y(phone.page, '/admin/orders/phone/:id (staff, phone)');

      // The buyer finds it in their history, marked as placed for them by the staff member.
      const buyer = await signedInPage(browser(), BUYER, { baseUrl });
      await buyer.page.goto('/order');
      const row = buyer.page.getByTestId(`order-row-${orderId}`);
      await row.getByText(po).waitFor();
      await row.getByText(`Passée pour vous par ${STAFF_NAME}`).waitFor();

      // The refused second try answers 422, which Chromium logs; it is the step's subject.
      expectNoErrorsBut(
        staff.errors,
        (e) => e.includes('status of 422') && e.includes('/phone-orders/'),
      );
      phone.expectNoConsoleErrors();
      expectNoErrorsBut(buyer.errors, missingImage);
    },
  );
});
