import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_FIELDS } from '@wholesale/contract';
import { setLanguage } from '@/lib/i18n';
import { renderRoutes, stubFetch } from '@/test/render';
import { ProductEditPage } from './product-edit-page';

/* The editor's pictures (docs/decisions/022-product-images.md). */

const image = (id: number) => ({ id, url: `/images/gallery/${id}.jpg`, width: 8, height: 6 });
const product = (ids: number[]) => ({
  sku: 'BT-1001',
  version: 'v1',
  fields: { ...Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, ''])), name_en: 'Button' },
  images: ids.map(image),
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, fields?: Record<string, string>) =>
  json(status, { status: false, error: { code, message: 'English detail', fields } });

/** Serves the product; `answer` answers the picture calls (after `gate`, when given). */
function serve(ids: number[], answer: (url: URL, init?: RequestInit) => Response) {
  let gate: Promise<void> | null = null;
  const stub = stubFetch({
    '/api/admin/products/BT-1001': (url, init) =>
      url.pathname.includes('/images') ? answer(url, init) : product(ids),
  });
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/images') && gate) await gate;
    return stub.fetchMock(input, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls: stub.calls,
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const renderEditor = () =>
  renderRoutes(
    [{ path: '/admin/products/:sku', element: <ProductEditPage /> }],
    '/admin/products/BT-1001',
  );
const thumbnails = () =>
  [...document.querySelectorAll('.admin-products__thumbs img')].map((i) => i.getAttribute('src'));
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

afterEach(() => setLanguage(''));

describe('product editor pictures', () => {
  it('shows an upload at once with a progress bar, then the stored picture', async () => {
    const { hold, calls } = serve([1], () => json(200, { images: [image(1), image(2)] }));
    const user = userEvent.setup();
    renderEditor();
    const input = await screen.findByLabelText('Add a picture (JPEG, PNG or WebP, at most 10 MB)');
    const release = hold();
    await user.upload(input, png());
    expect(
      await screen.findByRole('progressbar', { name: 'Uploading the picture…' }),
    ).toBeVisible();
    expect(thumbnails()).toHaveLength(2);
    release();
    expect(await screen.findByText('The picture is added.')).toBeInTheDocument();
    expect(thumbnails()).toEqual(['/images/gallery/1.jpg', '/images/gallery/2.jpg']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/products/BT-1001/images');
    expect((post?.init?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: 'Picture 1 of 2 of BT-1001' })).toBeInTheDocument();
  });

  it('takes a refused upload back and says why in French, naming the picture', async () => {
    await setLanguage('fr');
    serve([1], () => refusal(400, 'VALIDATION_FAILED', { image: 'image must be a JPEG' }));
    const user = userEvent.setup();
    renderEditor();
    const input = await screen.findByLabelText(
      'Ajouter une image (JPEG, PNG ou WebP, 10 Mo au plus)',
    );
    await user.upload(input, png());
    expect(
      await screen.findByText('Image : choisissez un fichier JPEG, PNG ou WebP.'),
    ).toBeInTheDocument();
    expect(thumbnails()).toEqual(['/images/gallery/1.jpg']);
    expect(document.body).not.toHaveTextContent('English detail');
  });

  it('refuses too large a file before sending it', async () => {
    const { calls } = serve([], () => json(200, { images: [] }));
    const user = userEvent.setup();
    renderEditor();
    const input = await screen.findByLabelText('Add a picture (JPEG, PNG or WebP, at most 10 MB)');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('Picture: the file is larger than 10 MB.')).toBeInTheDocument();
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it('moves a picture with the keyboard, keeps the focus on it, and sends the whole order', async () => {
    const { calls } = serve([1, 2, 3], (_url, init) =>
      json(200, {
        images: (JSON.parse(String(init?.body)) as { ids: number[] }).ids.map(image),
      }),
    );
    const user = userEvent.setup();
    renderEditor();
    const up = await screen.findByRole('button', { name: 'Move picture 3 up' });
    expect(screen.getByRole('button', { name: 'Move picture 1 up' })).toBeDisabled();
    up.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The pictures are in their new order.')).toBeInTheDocument();
    expect(thumbnails()).toEqual([1, 3, 2].map((id) => `/images/gallery/${id}.jpg`));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move picture 2 up' }));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/admin/products/BT-1001/images/order');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ ids: [1, 3, 2] });
  });

  it('puts the order back when the server refuses it', async () => {
    serve([1, 2], () => refusal(400, 'VALIDATION_FAILED', { ids: 'ids must list each' }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Move picture 1 down' }));
    expect(
      await screen.findByText('The pictures could not be changed; they are as they were.'),
    ).toBeInTheDocument();
    expect(thumbnails()).toEqual(['/images/gallery/1.jpg', '/images/gallery/2.jpg']);
  });

  it('deletes a picture only once the dialog is confirmed', async () => {
    const { calls } = serve([1, 2], () => json(200, { images: [image(2)] }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete picture 1' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete picture 1 of BT-1001? The shop stops showing it at once.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
    expect(thumbnails()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete picture 1' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('The picture is deleted.')).toBeInTheDocument();
    expect(thumbnails()).toEqual(['/images/gallery/2.jpg']);
    expect(calls.find((c) => c.init?.method === 'DELETE')?.url.pathname).toBe(
      '/api/admin/products/BT-1001/images/1',
    );
  });
});
