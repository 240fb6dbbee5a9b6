import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Filling the credit application (/register) as an applicant does: shared by the registration
// journeys and the go-live journey.

const nextYear = String(new Date().getFullYear() + 1);

export function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

/** Types each answer into the field of that label, then picks each of `selects` (a province, a state). */
export async function fill(
  scope: Locator,
  fields: Record<string, string>,
  selects: Record<string, string> = {},
) {
  for (const [label, value] of Object.entries(fields))
    await scope.getByLabel(label, { exact: true }).fill(value);
  for (const [label, value] of Object.entries(selects))
    await scope.getByLabel(label, { exact: true }).selectOption(value);
}

/** Leaves `field` empty (focus, then Tab) and waits for its docs/product/registration.md message. */
export async function blurShowsMessage(field: Locator, message: string) {
  await field.focus();
  await field.page().keyboard.press('Tab');
  await field.page().getByText(message).waitFor();
}

/**
 * The billing section's choices: a corporation, invoices by e-mail, no Territory Sales Manager,
 * consent given; a customer before only when `formerName` is given (then named).
 */
export async function answerBillingChoices(billing: Locator, formerName?: string) {
  await billing.getByLabel('Corporation').check();
  await billing
    .getByRole('group', { name: /customer before/ })
    .getByLabel(formerName ? 'Yes' : 'No')
    .check();
  if (formerName) await billing.getByLabel('Former customer name').fill(formerName);
  await billing.getByLabel('E-mail', { exact: true }).check();
  await billing
    .getByRole('group', { name: /Territory Sales Manager/ })
    .getByLabel('No')
    .check();
  await billing
    .getByRole('group', { name: /consent/ })
    .getByLabel('Yes')
    .check();
}

/** Submits the application and waits for the success page. */
export async function submitApplication(page: Page) {
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL('**/success-page');
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
}

export async function step1(page: Page, name: string, email: string, country: 'Canada' | 'USA') {
  await page.goto('/register');
  await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
  const owner = page.getByLabel('Owner Name', { exact: true });
  await blurShowsMessage(owner, 'Owner Name is required');
  await owner.fill(name);
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel(country, { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function fillListsAndCard(page: Page, prefix: string) {
  const officers = region(page, /^(COMPANY DATA|OFFICERS)/);
  await officers.getByRole('button', { name: 'Add an officer' }).click();
  for (const n of [1, 2]) {
    const item = officers.getByRole('listitem', { name: `Officer ${n}` });
    await fill(item, {
      Name: `${prefix} Officer ${n}`,
      Title: n === 1 ? 'President' : 'Secretary',
      Address: `${n} Main Street`,
    });
  }
  await expect(officers.getByRole('button', { name: 'Remove officer 1' }).count()).resolves.toBe(0);
  const trade = region(page, 'TRADE REFERENCES');
  await trade.getByRole('button', { name: 'Add a trade reference' }).click();
  for (const n of [1, 2]) {
    const item = trade.getByRole('listitem', { name: `Trade reference ${n}` });
    await fill(item, {
      Name: `${prefix} Supplier ${n}`,
      Telephone: `555-010${n}`,
      Fax: `555-020${n}`,
      Contact: `Contact ${n}`,
    });
  }
  const card = region(page, 'CREDIT CARD INFORMATION');
  await card.getByLabel('Card Holder Name').fill(`${prefix} Holder`);
  await card.getByLabel('Mastercard', { exact: true }).check();
  await card.getByLabel('Expiry year').selectOption(nextYear);
  await card.getByLabel('Expiry month').selectOption('06');
  await card.getByLabel(/keep this credit card on file/).check();
  await region(page, 'CREDIT TERMS AND CONDITIONS')
    .getByLabel(/acknowledge the credit terms/)
    .check();
}

export type CanadianApplicant = {
  owner: string;
  email: string;
  company: string;
  /** Where invoices go; in Ontario here (HST), so the tax on the first order is known. */
  billing: { street: string; city: string; postalCode: string; province: string };
  /** The "SHIPPING ADDRESS (IF DIFFERENT)" section, filled when the goods go elsewhere. */
  shipping: {
    consignee: string;
    street: string;
    city: string;
    postalCode: string;
    province: string;
  };
};

/**
 * A complete Canadian application outside Québec, from the first step to the success page: every
 * required field, a separate shipping address, two officers and trade references, the card.
 */
export async function applyAsCanadianBusiness(page: Page, a: CanadianApplicant): Promise<void> {
  await step1(page, a.owner, a.email, 'Canada');
  await page.getByRole('heading', { name: 'NEW ACCOUNT APPLICATION' }).waitFor();
  await page.getByLabel('Company Name', { exact: true }).fill(a.company);
  await page.getByLabel('Date of registration').fill('2012-05-01');
  const billing = region(page, 'BILLING ADDRESS');
  await fill(
    billing,
    {
      Street: a.billing.street,
      City: a.billing.city,
      'Postal Code': a.billing.postalCode,
      Telephone: '416-555-0100',
    },
    { Province: a.billing.province },
  );
  await fill(billing, {
    'GST #': '123456789RT0001',
    'PST #': 'PST-0001',
    'Type of Business': 'Yarn shop',
    'Business License #': 'BL-1',
    'IRS Business #': 'BN-1',
    'Business Email': a.email,
    Website: 'https://shop.example',
    'A/P Contact': 'Accounts Payable',
  });
  await answerBillingChoices(billing);
  const shipping = region(page, 'SHIPPING ADDRESS (IF DIFFERENT)');
  await fill(
    shipping,
    {
      'Consignee Name': a.shipping.consignee,
      Street: a.shipping.street,
      City: a.shipping.city,
      PC: a.shipping.postalCode,
    },
    { Prov: a.shipping.province },
  );
  const owner = region(page, /^OWNER'S INFORMATION/);
  await fill(
    owner,
    {
      'Home Address': '12 Elm Avenue',
      City: a.billing.city,
      'Postal Code': a.billing.postalCode,
      Telephone: '416-555-0199',
      'Business Name': a.company,
      'Driver’s License #': 'ON-D1234',
    },
    { Province: a.billing.province },
  );
  const bank = region(page, 'BANKING INFORMATION');
  await fill(
    bank,
    {
      'Bank Name': 'Bank of the Lakes',
      'Bank Account #': '00123-004-1234567',
      'Bank Telephone': '416-555-0142',
      'Account Manager': 'Sam Banker',
      'Bank Address': '1 Bay Street',
      City: a.billing.city,
      'Postal Code': a.billing.postalCode,
    },
    { Province: a.billing.province },
  );
  await fillListsAndCard(page, 'GL');
  await submitApplication(page);
}

/**
 * Staff approve `company`'s application at /admin/applications, then open the customer it created
 * (searched by its code at /admin/customers). Answers the customer code.
 */
export async function approveApplication(page: Page, company: string): Promise<string> {
  await page.goto('/admin/applications');
  await page.getByRole('link', { name: new RegExp(`from ${company}$`) }).click();
  await page.getByRole('heading', { name: new RegExp(company) }).waitFor();
  await page.getByRole('button', { name: 'Approve and create the account' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Approve and create the account' })
    .click();
  await page.getByText(/Approved: customer (CA|US)\d{6} created/).waitFor();
  const code = (await page.getByTestId('customer-code').innerText()).match(/(CA|US)\d{6}/)?.[0];
  expect(code, 'the new customer code').toBeDefined();
  await page.goto('/admin/customers');
  const search = page.getByLabel('Search customers');
  await search.fill(code!);
  await search.press('Enter');
  await page.getByRole('link', { name: company }).click();
  await page.getByRole('heading', { level: 1, name: company }).waitFor();
  return code!;
}
