/**
 * The English validation messages of the registration forms. docs/product/registration.md messages are copied exactly
 * (NOTE: 'Please enter your consignee  name.' has two spaces and 'Driver’s License' a curly
 * apostrophe in docs/product/registration.md; both are kept on purpose). Messages the original forms leave open are ours.
 */
export const REGISTRATION_MESSAGES = {
  // Step 1 (docs/product/registration.md "Registration step 1")
  ownerNameRequired: 'Owner Name is required',
  ownerEmailRequired: 'Email Address is required',
  invalidEmail: 'Invalid email address',
  countryRequired: 'Please choose the country of your company',

  // Shared by both application forms (docs/product/registration.md)
  street: 'Street field is required',
  city: 'City field is required',
  province: 'Province field is required',
  postalCode: 'Postal code field is required',
  telephone: 'Telephone field is required',
  state: 'State field is required',
  zip: 'Zip field is required',
  fax: 'Fax field is required',
  gst: 'GST field is required',
  pst: 'PST field is required',
  qst: 'QST field is required',
  businessTypeCa: 'Type of Business field is required',
  businessTypeUsa: 'Type of Business is required',
  businessLicense: 'Business License field is required',
  irsBusiness: 'IRS Business field is required',
  email: 'Email field is required',
  website: 'Website field is required',
  apContact: 'A/P Contact field is required',
  formerName: "Please enter your former customer's name.",
  preferredCourier: 'Preferred Courier is required',
  customsBroker: 'Customs Broker is required',
  courierAccount: 'Courier Account is required',
  consigneeName: 'Please enter your consignee  name.',
  shippingProv: 'Prov field is required',
  shippingPc: 'PC field is required',
  ownerName: 'Please enter your owner name.',
  ownerAddress: 'Please enter your home address.',
  ownerBusinessName: 'Business Name field is required',
  driverLicense: 'Driver’s License field is required',
  socialSecurity: 'Social Security field is required',
  bankName: 'Bank name is required',
  bankAccountNumber: 'Bank account number field is required',
  bankTel: 'Bank telephone field is required',
  bankAccountMgr: 'Bank account manager field is required',
  bankAddress: 'Bank address field is required',
  bankPostalCode: 'Postal Code field is required',
  cardholderName: 'Card holder name is required',

  // Rules the original forms name without a message (ours)
  companyName: 'Company name is required',
  registrationDateInvalid: 'Please enter a valid date',
  registrationDateFuture: 'The registration date cannot be in the future',
  otherType: 'Please specify how your business is registered.',
  yesNo: 'Please answer Yes or No',
  cardType: 'Please choose Visa or Mastercard',
  expiryRequired: 'Card expiry date is required',
  expiryInvalid: 'Please choose the expiry month and year',
  expiryPast: 'The card expiry date cannot be in the past',
  cardAuthorization: 'Please authorize us to keep your card on file',
  termsAcknowledged: 'Please acknowledge the credit terms and conditions',
  numeric: 'Please enter a telephone number using digits',
  tooLong: 'This value is too long',
  countryInvalid: 'Country must be ca or usa',
  sectionChoice: 'Please tick the box or leave it empty',
  // Postal codes and ZIP codes checked for their country and province or state (ours).
  postalCodeFormat: 'Postal code must be written A1A 1A1',
  postalCodeProvince: 'Postal code does not match the province',
  zipFormat: 'Zip must be written 12345 or 12345-6789',
  zipState: 'Zip does not match the state',
} as const;

export type RegistrationMessageKey = keyof typeof REGISTRATION_MESSAGES;
