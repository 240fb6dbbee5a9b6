import { z } from 'zod';
import { REGISTRATION_MESSAGES as M } from './messages';
import { multiSelect, optionalText, required, requiredEmail, requiredPhone } from './answers';
import { CA_INVOICE_METHODS, USA_INVOICE_METHODS } from './choices';
import { commonFields } from './parts';
import { type ConditionalAnswer, withConditionalRules } from './rules';
import { withSectionChoices } from './section-choices';

/**
 * The registration wizard (docs/product/registration.md): one schema for step 1 and one per application form.
 * The same schemas drive react-hook-form (zodResolver, validation on blur) and POST /api/store/user,
 * so the messages cannot drift between the browser and the server.
 */

/** A form's schema: its answers, the section checkboxes, then the conditional answers it has. */
function applicationForm<T extends z.ZodRawShape>(
  form: 'ca' | 'us',
  object: z.ZodObject<T>,
  conditional: readonly ConditionalAnswer[],
) {
  return withConditionalRules(withSectionChoices(form, object), conditional);
}

/** docs/product/registration.md "NEW ACCOUNT APPLICATION" with the docs/product/registration.md Canadian payload and the docs/product/registration.md messages. */
export const CanadianApplication = applicationForm(
  'ca',
  z.object({
    ...commonFields,
    country: z.literal('ca', { error: M.countryInvalid }),
    billing_street: required(M.street),
    billing_city: required(M.city),
    billing_prov: required(M.province, 40),
    billing_pc: required(M.postalCode, 20),
    billing_telephone: requiredPhone(M.telephone),
    billing_gst: required(M.gst, 40),
    billing_pst: required(M.pst, 40),
    billing_qst: optionalText(40),
    business_type: required(M.businessTypeCa),
    business_license: required(M.businessLicense, 60),
    invoiceMethod: multiSelect(CA_INVOICE_METHODS),
    shipping_prov: required(M.shippingProv, 40),
    shipping_pc: required(M.shippingPc, 20),
    owner_prov: required(M.province, 40),
    owner_postal_code: required(M.postalCode, 20),
    owner_business_name: required(M.ownerBusinessName),
    bank_province: required(M.province, 40),
    bank_postal_code: required(M.bankPostalCode, 20),
  }),
  ['formerName', 'otherType', 'billing_qst'],
);
export type CanadianApplication = z.output<typeof CanadianApplication>;
export type CanadianApplicationInput = z.input<typeof CanadianApplication>;

/** docs/product/registration.md "USA ACCOUNT APPLICATION" with the docs/product/registration.md USA payload and the docs/product/registration.md messages. */
export const UsaApplication = applicationForm(
  'us',
  z.object({
    ...commonFields,
    // docs/product/registration.md: fixed to usa on this form; 'us' (the cflag cookie's spelling) is accepted too.
    country: z.enum(['usa', 'us'], { error: M.countryInvalid }),
    billing_street: required(M.street),
    billing_city: required(M.city),
    billing_state: required(M.state, 40),
    billing_zip: required(M.zip, 20),
    billing_telephone: requiredPhone(M.telephone),
    billing_fax: requiredPhone(M.fax),
    invoiceMethod: multiSelect(USA_INVOICE_METHODS),
    preferredCourier: required(M.preferredCourier),
    customsBroker: required(M.customsBroker),
    courierAccount: required(M.courierAccount, 60),
    business_type: required(M.businessTypeUsa),
    shipping_state: required(M.state, 40),
    shipping_zip: required(M.zip, 20),
    owner_state: required(M.state, 40),
    owner_zip: required(M.zip, 20),
    owner_social_security: required(M.socialSecurity, 20),
    bank_state: required(M.state, 40),
    bank_zip: required(M.zip, 20),
  }),
  ['formerName', 'otherType'],
);
export type UsaApplication = z.output<typeof UsaApplication>;
export type UsaApplicationInput = z.input<typeof UsaApplication>;

/** POST /api/store/user body: either form, told apart by `country`. */
export const StoreApplicationBody = z.discriminatedUnion(
  'country',
  [CanadianApplication, UsaApplication],
  {
    error: M.countryInvalid,
  },
);
export type StoreApplicationBody = z.output<typeof StoreApplicationBody>;

/** Step 1 'Personal Information' (docs/product/registration.md): owner name, e-mail, company country and language. */
export const RegistrationStep1 = z.object({
  owner_name: required(M.ownerNameRequired),
  owner_email: requiredEmail(M.ownerEmailRequired),
  country: z.enum(['ca', 'usa'], { error: M.countryRequired }),
  lang: z.enum(['en', 'fr', 'es']).default('en'),
});
export type RegistrationStep1 = z.output<typeof RegistrationStep1>;
export type RegistrationStep1Input = z.input<typeof RegistrationStep1>;

/** docs/product/registration.md: anything but ca gives the USA form. */
export function formForCountry(country: string | null | undefined): 'ca' | 'usa' {
  return (country ?? '').trim().toLowerCase() === 'ca' ? 'ca' : 'usa';
}
