import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleCanadianApplication } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { renderRoutes, stubFetch, validationFailed, Where } from '@/test/render';
import { RegistrationWizard } from './registration-wizard';

function renderWizard() {
  return renderRoutes(
    [
      { path: '/register', element: <RegistrationWizard /> },
      { path: '/success-page', element: <Where /> },
    ],
    '/register',
  );
}

/** Renders the wizard and passes step 1 as a Canadian owner; the user event session goes on. */
async function openStep2() {
  const user = userEvent.setup();
  renderWizard();
  await user.type(await screen.findByLabelText(/^Owner Name/), 'Marie Owner');
  await user.type(screen.getByLabelText(/^Email Address/), 'marie@example.com');
  await user.click(screen.getByLabelText('Canada'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'NEW ACCOUNT APPLICATION' });
  return user;
}

/** The API accepts every application; the function returned finds the call that posted it. */
function acceptApplications() {
  const { calls } = stubFetch({ '/api/store/user': () => ({ status: true }) });
  return () => calls.find((c) => c.url.pathname === '/api/store/user')!;
}

/** Fills the Canadian form from the valid sample (typing 50 fields is the e2e test's job). */
async function fillValidCanadian(user: ReturnType<typeof userEvent.setup>) {
  const sample = sampleCanadianApplication({
    owner_name: 'Marie Owner',
    email: 'marie@example.com',
    billing_prov: 'ON',
  });
  const form = screen.getByRole('form', { name: 'NEW ACCOUNT APPLICATION' });
  for (const [key, value] of Object.entries(sample)) {
    if (typeof value !== 'string' || key === 'country' || key === 'lang') continue;
    const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#field-${key}`);
    if (
      el &&
      (el.tagName === 'INPUT' || el.tagName === 'SELECT') &&
      el.getAttribute('type') !== 'radio'
    ) {
      fireEvent.change(el, { target: { value } });
    }
  }
  await user.click(
    within(screen.getByRole('group', { name: /^Card Type/ })).getByLabelText('Visa'),
  );
  const next = new Date(new Date().getFullYear() + 1, 0, 1);
  await user.selectOptions(screen.getByLabelText('Expiry year'), String(next.getFullYear()));
  await user.selectOptions(screen.getByLabelText('Expiry month'), '01');
  await user.click(screen.getByLabelText(/keep this credit card on file/));
  await user.click(screen.getByLabelText(/acknowledge the credit terms/));
  return `${next.getFullYear()}-01`;
}

describe('registration wizard', () => {
  it('step 1 shows the docs/product/registration.md messages on blur and refuses a malformed e-mail', async () => {
    const user = userEvent.setup();
    renderWizard();
    const name = await screen.findByLabelText(/^Owner Name/);
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Owner Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain('field-owner_name-error');
    const email = screen.getByLabelText(/^Email Address/);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email Address/)).toHaveAttribute('type', 'email');
  });

  it('shows the messages in French when the language is French', async () => {
    await i18n.changeLanguage('fr');
    try {
      const user = userEvent.setup();
      renderWizard();
      const name = await screen.findByLabelText(/^Nom du propriétaire/);
      await user.click(name);
      await user.tab();
      expect(await screen.findByText('Le nom du propriétaire est obligatoire')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('step 2 is the Canadian form for Canada, carries owner name and e-mail, and validates on blur', async () => {
    const user = await openStep2();
    expect(screen.getByLabelText(/^Owner Name/)).toHaveValue('Marie Owner');
    expect(screen.getByLabelText(/^Email\b/)).toHaveValue('marie@example.com');
    const consignee = screen.getByLabelText(/^Consignee Name/);
    await user.click(consignee);
    await user.tab();
    // NOTE: docs/product/registration.md double space is kept; the DOM text keeps it too.
    const message = await screen.findByText(
      (_, el) =>
        el?.id === 'field-shipping_consignee_name-error' &&
        el.textContent === 'Please enter your consignee  name.',
    );
    expect(message).toBeInTheDocument();
  });

  it('shows QST only for Quebec, formerName only for Yes, otherType only when other is ticked', async () => {
    const user = await openStep2();
    expect(screen.queryByLabelText(/^QST/)).not.toBeInTheDocument();
    await user.selectOptions(
      screen.getByLabelText(/^Province/, { selector: '#field-billing_prov' }),
      'QC',
    );
    expect(await screen.findByLabelText(/^QST/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Former customer name/)).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: /customer before/ })).getByLabelText('Yes'),
    );
    expect(await screen.findByLabelText(/^Former customer name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Please specify/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Other'));
    expect(await screen.findByLabelText(/^Please specify/)).toBeInTheDocument();
  });

  it('"Same as billing address" and "Not applicable" are checkboxes that hide their answers and skip their messages', async () => {
    const posted = acceptApplications();
    const user = await openStep2();
    expect(screen.queryByRole('button', { name: 'Same as billing address' })).toBeNull();
    const same = screen.getByRole('checkbox', { name: 'Same as billing address' });
    const none = screen.getByRole('checkbox', { name: 'Not applicable' });
    expect(same).not.toBeChecked();
    // Unticked, the section asks its answers with the usual messages.
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Please enter your home address.')).toBeInTheDocument();
    expect(screen.getByText('PC field is required')).toBeInTheDocument();
    // Keyboard: Space ticks the focused box; its answers disappear, the owner's name stays.
    same.focus();
    await user.keyboard(' ');
    none.focus();
    await user.keyboard(' ');
    expect(same).toBeChecked();
    expect(none).toBeChecked();
    expect(screen.queryByLabelText(/^Consignee Name/)).toBeNull();
    expect(screen.queryByLabelText(/^Home Address/)).toBeNull();
    expect(screen.getByLabelText(/^Owner Name/)).toHaveValue('Marie Owner');
    await fillValidCanadian(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/success-page');
    const body = JSON.parse(String(posted().init?.body));
    expect(body).toMatchObject({ shipping_same_as_billing: true, owner_not_applicable: true });
  });

  it('unticking brings the shipping answers back with what was typed', async () => {
    const user = await openStep2();
    await user.type(screen.getByLabelText(/^Consignee Name/), 'Dock 4');
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing address' }));
    expect(screen.queryByLabelText(/^Consignee Name/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing address' }));
    expect(screen.getByLabelText(/^Consignee Name/)).toHaveValue('Dock 4');
  });

  it('submitting an empty form lists the errors and moves focus to the first one', async () => {
    const user = await openStep2();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(/fields need your attention/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Company Name/)).toHaveFocus());
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Card holder name is required')).toBeInTheDocument();
    expect(
      screen.getByText('Please acknowledge the credit terms and conditions'),
    ).toBeInTheDocument();
    expect(screen.getByText('Driver’s License field is required')).toBeInTheDocument();
  });

  it('the back arrow returns to step 1 and keeps what was typed in both steps', async () => {
    const user = await openStep2();
    await user.type(screen.getByLabelText(/^Company Name/), 'Maple Yarns');
    await user.click(screen.getByRole('button', { name: 'Back to Personal Information' }));
    expect(await screen.findByLabelText(/^Owner Name/)).toHaveValue('Marie Owner');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Company Name/)).toHaveValue('Maple Yarns');
  });

  it('officers and trade references start with one entry without remove button; added ones can be removed', async () => {
    vi.stubGlobal(
      'matchMedia',
      (q: string) => ({ matches: q.includes('reduce'), media: q }) as MediaQueryList,
    );
    const user = await openStep2();
    const officers = () => screen.getAllByRole('listitem', { name: /^Officer \d/ });
    expect(officers()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Remove officer 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add an officer/ }));
    await user.click(screen.getByRole('button', { name: /Add an officer/ }));
    expect(officers()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove officer 2' }));
    await waitFor(() => expect(officers()).toHaveLength(2));
    const [trade] = screen.getAllByRole('listitem', { name: /^Trade reference/ });
    const inputs = [...trade.querySelectorAll('input')].map((input) => [
      trade.querySelector(`label[for="${input.id}"]`)?.textContent?.trim(),
      input.name,
      input.type,
      input.inputMode,
    ]);
    expect(inputs).toEqual([
      ['Name', 'trade.0.name', 'text', ''],
      ['Telephone', 'trade.0.telephone', 'tel', 'tel'],
      ['Fax', 'trade.0.fax', 'tel', 'tel'],
      ['Contact', 'trade.0.contact', 'text', ''],
    ]);
    expect(within(officers()[0]).getByLabelText(/^Address/)).toHaveAttribute(
      'name',
      'officers.0.address',
    );
  });

  it('the expiry picker disables the months already over in the current year', async () => {
    const user = await openStep2();
    const year = screen.getByLabelText('Expiry year');
    const now = new Date();
    await user.selectOptions(year, String(now.getFullYear()));
    const month = screen.getByLabelText('Expiry month') as HTMLSelectElement;
    const disabled = [...month.options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled).toHaveLength(now.getMonth());
    expect(
      [...year.querySelectorAll('option')].some((o) => Number(o.value) === now.getFullYear() - 1),
    ).toBe(false);
  });

  it('shows the registration date as a long date and the Canadian credit terms', async () => {
    await openStep2();
    fireEvent.change(screen.getByLabelText(/^Date of registration/), {
      target: { value: '2015-03-14' },
    });
    expect(await screen.findByText('Selected date: March 14, 2015')).toBeInTheDocument();
    expect(screen.getByText('The minimum opening order is $500.')).toBeInTheDocument();
  });

  it('posts the application and goes to /success-page on status true', async () => {
    const posted = acceptApplications();
    const user = await openStep2();
    const expiry = await fillValidCanadian(user);
    // The honeypot is out of reach of people and screen readers.
    const honeypot = document.getElementById('application-url')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/success-page');
    expect(await screen.findByText('Successfully registered')).toBeInTheDocument();
    const post = posted();
    const body = JSON.parse(String(post.init?.body));
    expect(body).toMatchObject({
      country: 'ca',
      company_name: 'Maple Yarns Inc.',
      card_type: 'visa',
      expiry_date: expiry,
      lang: 'en',
    });
    expect(body).not.toHaveProperty('card_number');
    // A person leaves the honeypot empty.
    expect(body.url ?? '').toBe('');
  });

  it('stays on the form with the toast Failed to create user when the reply is not status true, and shows server field messages', async () => {
    stubFetch({
      '/api/store/user': () => validationFailed({ bank_Tel: 'Bank telephone field is required' }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = await openStep2();
    await fillValidCanadian(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
    expect(await screen.findByText('Bank telephone field is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Bank Telephone/)).toHaveFocus());
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });
});
