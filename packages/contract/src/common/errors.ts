/**
 * The error catalogue: every error the API can answer has a stable code, an HTTP status and an
 * English message. The web maps codes to translated text (locales/<lng>/errors.json).
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail or password is incorrect' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  ACCOUNT_INACTIVE: {
    status: 403,
    message: 'This account is inactive; please contact us to reactivate it',
  },
  CSRF_FAILED: { status: 403, message: 'The security token is missing or does not match' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This API path does not exist' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This type of content is not accepted' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be processed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side' },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Why a cart or order call was refused, beyond its code: the API answers `error.reason`
 * ({ key, params }) beside its English `message`, and the web shows the key's text in the buyer's
 * language. A param named `…Cents` is an amount of money, shown formatted under the name without
 * `Cents` (`minimumCents` fills `{{minimum}}`).
 */
export const ERROR_REASONS = {
  NOT_SOLD_HERE: 'This product is not sold in your country',
  OUT_OF_STOCK: 'This product is currently out of stock',
  CART_LINE_MISSING: 'This cart line does not exist',
  PRODUCT_OUT_OF_STOCK: '{{product}} is currently out of stock',
  ONLY_AVAILABLE: 'Only {{available}} ship packs of {{product}} are available',
  NO_LONGER_SOLD: 'A product in your cart is no longer sold',
  NOTHING_SELECTED: 'There is nothing selected in your cart to order',
  OPENING_MINIMUM: 'Your opening order must reach {{minimum}}; this order comes to {{total}}',
  ORDER_IN_PROGRESS: 'This order is being placed already; please retry',
  REQUEST_IN_PROGRESS: 'This request is being processed already; please retry',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request',
  TRANSITION_NOT_ALLOWED: 'An order that is {{from}} cannot become {{to}}; allowed: {{allowed}}',
  ORDER_CHANGED:
    'Someone else changed this order meanwhile; reload it (allowed now from {{from}}: {{allowed}})',
  UNKNOWN_ADDRESS: 'This ship-to address is not one of your addresses',
  SHIP_DATE_INVALID: 'The requested ship date must be a date written YYYY-MM-DD',
  DATE_INVALID: '{{field}} must be a real date written YYYY-MM-DD',
  TEXT_DIRECTION_CONTROL:
    '{{field}} must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)',
  DATE_RANGE_REVERSED: '{{field}} must not be after {{other}}',
  SHIP_DATE_PAST: 'The requested ship date must not be in the past',
  SHIP_DATE_TOO_FAR: 'The requested ship date must be within a year of today',
  SHIP_DATE_NOT_BUSINESS_DAY: 'The requested ship date must be a business day (Monday to Friday)',
  SIGN_IN_WAIT: 'Too many failed sign-in attempts; please try again in {{seconds}} seconds',
  APPLY_WAIT:
    'Too many applications were sent from your network; please try again in {{minutes}} minutes',
  STAFF_SELF_ADMIN: 'You cannot remove your own admin role; ask another admin',
  STAFF_SELF_DEACTIVATE: 'You cannot deactivate your own account; ask another admin',
  STAFF_LAST_ADMIN: 'This is the last active admin; make someone else admin first',
  EMAIL_TAKEN: 'An account with this e-mail already exists',
  CUSTOMER_CODE_TAKEN: 'Another customer already has the customer code {{code}}',
  ACCOUNT_NOT_ACTIVE: 'This account is inactive; reactivate it first',
  MAIL_NOT_FAILED: 'Only a failed mail can be sent again; this one is {{status}}',
  // Address books (docs/product/accounts.md "Addresses").
  ADDRESS_NOT_FOUND: 'No such address',
  PARCEL_NOT_FOUND: 'This order has no parcel #{{parcel}}',
  ADDRESS_BOOK_FULL:
    'An address book holds at most {{max}} addresses; remove one that is no longer used first',
  ADDRESS_IN_USE:
    'This address cannot be removed while open orders ship to it ({{count}}); it can be once they have shipped or been cancelled',
  ADDRESS_IS_BILLING: 'The billing address cannot be removed; edit it instead',
  ADDRESS_IS_DEFAULT:
    'The default ship-to address cannot be removed; make another address the default first',
  // Catalogue import files refused for what they would cost to read (field `file` or `images`).
  IMPORT_ZIP_BOMB:
    'The part {{part}} of the file is compressed {{ratio}} times: refused as a ZIP bomb',
  IMPORT_UNPACKED_TOO_LARGE:
    'The file unpacks to more than {{limit}} MB; split it into smaller files',
  IMPORT_TOO_MANY_PARTS: 'The file holds {{found}} parts; at most {{limit}} are accepted',
  IMPORT_SHARED_STRINGS:
    'The shared texts of the workbook exceed {{limit}} MB; save it again or split it into smaller files',
  IMPORT_TOO_MANY_ROWS: 'The file has more than {{limit}} rows; split it into smaller files',
  IMPORT_ROW_TOO_LONG: 'Row {{row}} is longer than 1 MB; a row may hold at most 1 MB of text',
  IMPORT_PARSER_MEMORY:
    'Reading the file needs more than the {{limit}} MB an import may use; split it into smaller files',
  // Catalogue structure (categories, classes, brands).
  FIELD_REQUIRED: '{{field}} is required',
  CODE_INVALID:
    '{{field}} must be 1 to 32 capital letters, digits, - or _, starting with a letter or digit',
  CLASS_CODE_INVALID: '{{field}} must be 1 to 4 capital letters or digits',
  CODE_TAKEN: 'The code {{code}} is already used',
  CATEGORY_TOO_DEEP: 'A category can go under a category or a sub-category only (three levels)',
  CATEGORY_HAS_CHILDREN:
    'This category still has categories under it ({{count}}); retire or move them first',
  STRUCTURE_IN_USE:
    '{{code}} still holds products ({{count}}); choose where to move them before retiring it',
  // Trade credit (docs/product/accounts-receivable.md "Credit at approval, deposits and holds").
  CREDIT_LIMIT_INVALID: '{{field}} must be a whole number of cents, 0 or more',
  NET_DAYS_INVALID: '{{field}} must be a whole number of days from 0 to 365',
  DEPOSIT_AMOUNT_INVALID: '{{field}} must be a whole number of cents, more than 0',
  ORDER_WAITS_FOR_DEPOSIT:
    'This order waits for its opening deposit; record the deposit before accepting it',
  ORDER_ON_CREDIT_HOLD:
    'This order is on credit hold; a credit staff member must release it before it is accepted',
  ORDER_NOT_ON_HOLD: 'This order is not on credit hold',
  NO_DEPOSIT_OWED: 'This order owes no deposit, or its deposit was already recorded',
  MOVE_TARGET_INVALID: 'move_to must be another one of the same kind (and level, for a category)',
  // Returns (docs/product/accounts-receivable.md "Returns and credit notes"), field `lines.N`.
  RETURN_WINDOW_PASSED:
    'Returns are accepted within {{days}} days of shipment; this line shipped on {{date}}',
  RETURN_LINE_UNKNOWN: 'This line is not part of the order',
  RETURN_LINE_NOT_SHIPPED: '{{product}} has not shipped yet; only shipped lines can be returned',
  RETURN_LINE_TWICE: 'This line is listed twice; list each line once',
  RETURN_TOO_MANY: 'At most {{available}} ship packs of {{product}} can still be returned',
  RETURN_TRANSITION_NOT_ALLOWED:
    'A return that is {{from}} cannot become {{to}}; allowed: {{allowed}}',
  // Payments, statements and interest (docs/product/accounts-receivable.md).
  PAYMENT_CUSTOMER_UNKNOWN: 'customer_id names no customer of this store',
  PAYMENT_INVOICE_UNKNOWN: 'This invoice is not an open invoice of this customer',
  PAYMENT_OVER_OPEN: 'Invoice {{number}} has only {{open}} left to pay',
  PAYMENT_OVER_AMOUNT: 'The allocations add up to more than the payment ({{amount}})',
  PAYMENT_INVOICE_TWICE: 'Each invoice may be named once',
  PAYMENT_ALREADY_BOUNCED: 'This payment was already marked as bounced',
  PAYMENT_REF_REUSED: 'The external_ref {{ref}} was already used for a different payment',
  PERIOD_INVALID: 'period must be a month written YYYY-MM',
  PERIOD_NOT_ENDED: 'Interest is charged for a month once it has ended; {{period}} has not',
  // Price lists (docs/product/pricing.md "Managing price lists").
  PRICE_LIST_NAME_TAKEN: 'A price list named {{name}} already exists',
  GROUP_NAME_TAKEN: 'A customer group named {{name}} already exists',
  PRICE_SKU_UNKNOWN: 'No product has the SKU {{code}}',
  PRICE_BRAND_UNKNOWN: 'No brand has the name or code {{code}}',
  PRICE_CATEGORY_UNKNOWN: 'No category has the code {{code}}',
  PRICE_ENTRY_TAKEN:
    'This list already prices {{code}} from {{packs}} ship packs with the same first day; edit that entry instead',
  PRICE_CUSTOMER_UNKNOWN: 'No customer has the code {{code}}',
  PRICE_GROUP_UNKNOWN: 'There is no such customer group',
  PRICE_LIST_ALREADY_GIVEN: 'This list is already given to {{label}}',
  PRICE_LIST_CURRENCY_MISMATCH:
    'This list is in {{currency}}; the customer {{code}} buys in {{other}}',
  GROUP_MEMBER_ALREADY: 'The customer {{code}} is already in this group',
} as const;

export type ErrorReasonKey = keyof typeof ERROR_REASONS;
export type ErrorReasonParams = Record<string, string | number>;

/** The params as a text fills them in: `…Cents` amounts formatted by `money`, under the shorter name. */
export function reasonValues(
  params: ErrorReasonParams = {},
  money: (cents: number) => string,
): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Cents') && typeof value === 'number')
      values[name.slice(0, -5)] = money(value);
    else values[name] = value;
  }
  return values;
}

/** Fills `{{name}}` placeholders of a reason's text (the same syntax as the web's i18next). */
export function fillReason(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
