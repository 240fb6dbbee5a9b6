import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, newPage, PHONE, signedInPage } from './support/browser';
import { browserForFile } from './support/journey';
import {
  answerBillingChoices,
  blurShowsMessage,
  fill,
  fillListsAndCard,
  region,
  step1,
  submitApplication,
} from './support/credit-application';

// Registration journeys: a Canadian and a USA credit application filled in the browser(), staff approval in
// /admin/applications, and the applicant choosing a password from the mailed link, signing in and
// seeing prices.
const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);
const CA_EMAIL = `ca-applicant-${run}@example.com`;
const USA_EMAIL = `usa-applicant-${run}@example.com`;
const CA_COMPANY = `Maple Yarns ${run}`;
const USA_COMPANY = `Liberty Crafts ${run}`;
const PRICE = /\$\s?\d[\d,]*\.\d{2}/;
const browser = browserForFile();

async function expectSuccess(page: Page) {
  await submitApplication(page);
  await page.getByText('Successfully registered').first().waitFor();
  await page.getByText('It is now under review by the relevant department.').waitFor();
  // NOTE: the toast is the shell's (sonner richColors); it is closed so axe checks the page itself.
  await page
    .getByRole('button', { name: /close toast/i })
    .first()
    .click();
  await page.getByText('Successfully registered').first().waitFor({ state: 'detached' });
  await checkA11y(page, '/success-page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('registration journeys', () => {
  it('a Canadian business applies: blur message, QST for Quebec, two officers, two trade references, success page', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await step1(page, 'Camille Owner', CA_EMAIL, 'Canada');
    await page.getByRole('heading', { name: 'NEW ACCOUNT APPLICATION' }).waitFor();
    await checkA11y(page, '/register step 2 (Canada)');

    // Blur an empty field: its exact docs/product/registration.md message shows and is linked to the field.
    const consignee = region(page, 'SHIPPING ADDRESS (IF DIFFERENT)').getByLabel('Consignee Name');
    await blurShowsMessage(consignee, 'Please enter your consignee  name.');
    expect(await consignee.getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Company Name', { exact: true }).fill(CA_COMPANY);
    await page.getByLabel('Date of registration').fill('2015-03-14');
    await page.getByText('Selected date: March 14, 2015').waitFor();
    const billing = region(page, 'BILLING ADDRESS');
    await fill(
      billing,
      {
        Street: '100 King Street West',
        City: 'Montréal',
        'Postal Code': 'H3B 2Y5',
        Telephone: '514-555-0100',
      },
      { Province: 'QC' },
    );
    await blurShowsMessage(billing.getByLabel('QST #'), 'QST field is required');
    await fill(billing, {
      'GST #': '123456789RT0001',
      'PST #': 'PST-0001',
      'QST #': '1234567890TQ0001',
      'Type of Business': 'Yarn shop',
      'Business License #': 'BL-1',
      'IRS Business #': 'BN-1',
      'Business Email': `ap-${run}@mapleyarns.example`,
      Website: 'https://mapleyarns.example',
      'A/P Contact': 'Jean Payable',
    });
    await answerBillingChoices(billing, 'Old Maple Yarns');

    const shipping = region(page, 'SHIPPING ADDRESS (IF DIFFERENT)');
    await shipping.getByRole('checkbox', { name: 'Same as billing address' }).check();
    // Ticked, the shipping answers are hidden: the server stores the billing address as shipping.
    await expect.poll(() => shipping.getByLabel('Consignee Name').count()).toBe(0);
    const owner = region(page, /^OWNER'S INFORMATION/);
    expect(await owner.getByLabel('Owner Name').inputValue()).toBe('Camille Owner');
    expect(await owner.getByLabel('Email', { exact: true }).inputValue()).toBe(CA_EMAIL);
    await fill(owner, {
      'Home Address': '12 Elm Avenue',
      City: 'Montréal',
      'Postal Code': 'H2X 1Y4',
      Telephone: '514-555-0199',
      'Business Name': 'Maple Yarns',
      'Driver’s License #': 'QC-D1234',
    });
    await owner.getByLabel('Province', { exact: true }).selectOption('QC');
    const bank = region(page, 'BANKING INFORMATION');
    await fill(bank, {
      'Bank Name': 'Banque du Québec',
      'Bank Account #': '00123-004-9876543',
      'Bank Telephone': '514-555-0142',
      'Account Manager': 'Sam Banker',
      'Bank Address': '1 rue Sainte-Catherine',
      City: 'Montréal',
      'Postal Code': 'H3B 1A1',
    });
    await bank.getByLabel('Province', { exact: true }).selectOption('QC');
    await fillListsAndCard(page, 'CA');
    await page.screenshot({ path: 'e2e/.artifacts/registration-ca.png', fullPage: true });
    await page.getByText('The minimum opening order is $500.').waitFor();
    await expectSuccess(page);
    expectNoConsoleErrors();
  });

  it('submitting with errors moves the focus to the first invalid field, not the Submit button', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await step1(page, 'Fiona Focus', `focus-${run}@example.com`, 'Canada');
    await page.getByRole('heading', { name: 'NEW ACCOUNT APPLICATION' }).waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText(/fields need your attention/).waitFor();
    // docs/product/registration.md: the first invalid field in page order takes the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await page.getByLabel('Company Name', { exact: true }).getAttribute('id'));
    expectNoConsoleErrors();
  });

  it('a USA business applies on a phone: USA form, two officers, two trade references, success page', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    await step1(page, 'Ulysses Owner', USA_EMAIL, 'USA');
    await page.getByRole('heading', { name: 'USA ACCOUNT APPLICATION' }).waitFor();
    await page.getByText('The minimum opening order is $200.').waitFor();

    const company = page.getByLabel('Company Name', { exact: true });
    await blurShowsMessage(company, 'Company name is required');
    await company.fill(USA_COMPANY);
    const billing = region(page, 'BILLING ADDRESS');
    await fill(
      billing,
      {
        Street: '200 Main Street',
        City: 'Buffalo',
        Zip: '14202',
        Telephone: '716-555-0100',
        Fax: '716-555-0101',
        'IRS Business #': 'EIN 12-3456789',
        'Business Email': `ap-${run}@libertycrafts.example`,
        Website: 'https://libertycrafts.example',
        'A/P Contact': 'Ann Payable',
      },
      { State: 'NY' },
    );
    await region(page, 'Business registered as').getByLabel('Other').check();
    await region(page, 'Business registered as').getByLabel('Please specify').fill('Cooperative');
    await region(page, 'Invoice delivery').getByLabel('Mail', { exact: true }).check();
    await fill(region(page, 'Courier details'), {
      'Preferred Courier': 'UPS',
      'Customs Broker': 'Border Brokers',
      'Courier Account #': 'UPS-1',
    });
    await region(page, 'Type of business').getByLabel('Type of Business').fill('Quilting shop');
    await region(page, 'Consent').getByLabel('No').check();
    const shipping = region(page, 'SHIPPING ADDRESS (IF DIFFERENT)');
    await fill(
      shipping,
      {
        'Consignee Name': 'Liberty Receiving',
        Street: '10 Dock Road',
        City: 'Buffalo',
        Zip: '14203',
      },
      { State: 'NY' },
    );
    const owner = region(page, /^OWNER'S INFORMATION/);
    await fill(
      owner,
      {
        'Home Address': '5 Lake View Drive',
        City: 'Buffalo',
        Zip: '14201',
        Telephone: '716-555-0199',
        'Social Security #': '123-45-6789',
        'Driver’s License #': 'NY-D998877',
      },
      { State: 'NY' },
    );
    const bank = region(page, 'BANKING INFORMATION');
    await fill(
      bank,
      {
        'Bank Name': 'Buffalo Savings',
        'Bank Account #': '987654321012',
        'Bank Telephone': '716-555-0142',
        'Account Manager': 'Betty Banker',
        'Bank Address': '1 Niagara Square',
        City: 'Buffalo',
        Zip: '14202',
      },
      { State: 'NY' },
    );
    await fillListsAndCard(page, 'US');
    await page.screenshot({ path: 'e2e/.artifacts/registration-usa-phone.png', fullPage: true });
    await expectSuccess(page);
    expectNoConsoleErrors();
  });

  it('staff approves the Canadian application; the applicant sets a password from the mailbox, signs in and sees prices', async () => {
    const staff = await signedInPage(browser(), 'admin@example.com', { baseUrl });
    const page = staff.page;
    await page.goto('/admin/applications');
    await page.getByRole('heading', { name: 'Account applications' }).waitFor();
    const filters = page.getByRole('search', { name: 'Filter applications' });
    await filters.getByLabel('Search applications').fill(CA_COMPANY);
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: new RegExp(`from ${CA_COMPANY}`) }).click();
    await page.waitForURL(/\/admin\/applications\/\d+$/);
    await page.getByRole('heading', { name: new RegExp(CA_COMPANY) }).waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/registration-detail.png', fullPage: true });
    // Decrypted for staff: the bank account number and the officers and references as entered.
    await page.getByText('00123-004-9876543').waitFor();
    await page.getByText('CA Officer 2 · Secretary · 2 Main Street').waitFor();
    await page.getByText(/CA Supplier 2/).waitFor();
    await checkA11y(page, '/admin/applications/:id');
    await page.getByRole('button', { name: 'Approve and create the account' }).click();
    const question = page.getByRole('alertdialog', { name: /^Create the customer account for / });
    await question.waitFor();
    await checkA11y(page, 'approval question');
    await question.getByRole('button', { name: 'Approve and create the account' }).click();
    await page.getByText(/Approved: customer CA\d{6} created/).waitFor();
    await page.getByTestId('customer-code').waitFor();
    await page.getByRole('link', { name: 'Back to the applications' }).click();
    await page.getByLabel('Status').selectOption('approved');
    await page.getByRole('link', { name: new RegExp(`from ${CA_COMPANY}`) }).waitFor();
    staff.expectNoConsoleErrors();

    // The applicant: the set-password mail in the dev mailbox.
    const applicant = await newPage(browser(), { baseUrl });
    const ap = applicant.page;
    await ap.goto('/dev/mailbox');
    await ap.getByRole('heading', { name: 'Development mailbox' }).waitFor();
    const row = ap
      .getByRole('row')
      .filter({ hasText: CA_EMAIL })
      .filter({ hasText: 'choose your password' })
      .first();
    await row.getByRole('link').first().click();
    const link = ap.getByTestId('mail-html').getByRole('link', { name: 'Choose my password' });
    const href = (await link.getAttribute('href')) ?? '';
    const target = new URL(href, baseUrl);
    expect(target.pathname).toBe('/reset-password');
    await ap.goto(`${target.pathname}${target.search}`);
    expect(target.searchParams.get('purpose')).toBe('set');
    // A first password: its own title, no e-mail (the link names the applicant), then a way in.
    await ap.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await ap.getByLabel('Email', { exact: true }).count()).toBe(0);
    const password = `Maple-${run}-Yarns!`;
    await ap.getByLabel('New password', { exact: true }).fill(password);
    await ap.getByLabel('Confirm new password', { exact: true }).fill(password);
    await ap.getByRole('button', { name: 'Save my password' }).click();
    await ap.getByRole('status').getByText('Your password is saved').waitFor();
    expect(await ap.getByLabel('New password', { exact: true }).count()).toBe(0);
    await ap.getByRole('status').getByRole('link', { name: 'Sign in' }).click();
    await ap.waitForURL((url) => url.pathname === '/login');
    await ap.getByLabel('Email', { exact: true }).fill(CA_EMAIL);
    await ap.getByLabel('Password', { exact: true }).fill(password);
    await ap.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ap.waitForURL((url) => url.pathname === '/');
    await ap.getByRole('link', { name: 'My profile (Camille Owner)' }).first().waitFor();
    // Prices: open the first category of the menu; a signed-in customer sees prices on the cards.
    await ap.locator('a[href^="/products/"]').first().click();
    await ap.locator('a[href^="/description/"]').first().waitFor();
    await expect.poll(() => ap.getByText(PRICE).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    applicant.expectNoConsoleErrors();
  });
});
