import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminContentItem } from '@wholesale/contract';
import { renderWithProviders, stubFetch } from '@/test/render';
import { AdminContentPage } from './admin-content-page';

function item(id: number, title: string): AdminContentItem {
  const tr = (t: string) => ({ title: t, body: '', file: null, file_size: null });
  return {
    id,
    kind: 'faq',
    sort_order: id,
    craft: null,
    link: null,
    issue_date: null,
    cover: null,
    translations: { en: tr(title), fr: tr(`${title} (fr)`), es: tr(`${title} (es)`) },
    updated_at: '2026-11-22T12:00:00.000Z',
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('AdminContentPage', () => {
  it('adds an item with its three translations as multipart and shows field errors from the server', async () => {
    let posts = 0;
    const { calls } = stubFetch({
      '/api/admin/content': (url, init) => {
        if (init?.method === 'POST') {
          posts += 1;
          if (posts === 1) {
            return json(400, {
              status: false,
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid',
                fields: { title_es: 'Title (Spanish) is required' },
              },
            });
          }
          return json(201, { status: true, data: item(9, 'New question') });
        }
        return { status: true, data: posts > 1 ? [item(9, 'New question')] : [] };
      },
    });
    renderWithProviders(<AdminContentPage />, '/admin/content');
    await userEvent.click(await screen.findByRole('button', { name: 'FAQs' }));
    const form = await screen.findByRole('form', { name: 'Add to FAQs' });
    const english = within(form).getByRole('group', { name: 'English' });
    await userEvent.type(within(english).getByLabelText('Question'), 'New question');
    await userEvent.type(within(english).getByLabelText('Answer'), 'An answer');
    const french = within(form).getByRole('group', { name: 'French' });
    await userEvent.type(within(french).getByLabelText('Question'), 'Nouvelle question');
    await userEvent.type(within(french).getByLabelText('Answer'), 'Une réponse');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await within(form).findByText('Title (Spanish) is required')).toBeInTheDocument();
    expect(
      within(within(form).getByRole('group', { name: 'Spanish' })).getByLabelText('Question'),
    ).toHaveAttribute('aria-invalid', 'true');
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/content/faq');
    const body = post?.init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title_en')).toBe('New question');
    expect(body.get('body_fr')).toBe('Une réponse');

    const spanish = within(form).getByRole('group', { name: 'Spanish' });
    await userEvent.type(within(spanish).getByLabelText('Question'), 'Nueva pregunta');
    await userEvent.type(within(spanish).getByLabelText('Answer'), 'Una respuesta');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByRole('heading', { name: 'New question', level: 3 }),
    ).toBeInTheDocument();
  });

  it('moves an item down by sending the new order, and deletes after confirming', async () => {
    let list = [item(1, 'First'), item(2, 'Second')];
    const { calls } = stubFetch({
      '/api/admin/content': (url, init) => {
        if (url.pathname.endsWith('/reorder')) {
          const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
          list = ids.map((id) => list.find((i) => i.id === id)!);
          return { status: true, data: list };
        }
        if (init?.method === 'DELETE') {
          list = list.filter((i) => !url.pathname.endsWith(`/${i.id}`));
          return { status: true };
        }
        return { status: true, data: list };
      },
    });
    renderWithProviders(<AdminContentPage />, '/admin/content');
    await userEvent.click(await screen.findByRole('button', { name: 'FAQs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move First down' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Second',
        'First',
      ]),
    );
    const reorder = calls.find((c) => c.url.pathname === '/api/admin/content/faq/reorder');
    expect(JSON.parse(String(reorder?.init?.body))).toEqual({ ids: [2, 1] });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Second' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'First',
      ]),
    );
    expect(
      calls.some(
        (c) => c.init?.method === 'DELETE' && c.url.pathname === '/api/admin/content/faq/2',
      ),
    ).toBe(true);
  });
});
