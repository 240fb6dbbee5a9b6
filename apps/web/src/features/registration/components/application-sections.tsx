import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_SECTIONS,
  BUSINESS_REGISTRATIONS,
  CA_INVOICE_METHODS,
  CA_PROVINCES,
  CARD_TYPES,
  CONDITIONAL_ANSWERS,
  EMPTY_OFFICER,
  EMPTY_TRADE_REFERENCE,
  SECTION_CHOICES,
  USA_INVOICE_METHODS,
  US_STATES,
  applicationCountry,
  isSectionSkipped,
  sectionChoiceOf,
  type ApplicationField,
  type ApplicationFieldName,
  type ApplicationInput,
  type ConditionalAnswer,
  type SectionChoice,
} from '@wholesale/contract';
import { CreditTerms } from './credit-terms';
import { ExpiryDateField, RegistrationDateField } from './date-fields';
import {
  CheckboxField,
  CheckboxGroupField,
  RadioGroupField,
  SelectField,
  TextField,
  YesNoField,
} from './form-fields';
import { RepeatableList } from './repeatable-list';

export type FormCountry = 'ca' | 'usa';

/** The sections of the forms; titles are `registration:sections.<name>`. */
type SectionName =
  | 'company'
  | 'billing'
  | 'businessRegistered'
  | 'formerCustomer'
  | 'invoiceMethod'
  | 'courier'
  | 'businessType'
  | 'consent'
  | 'shipping'
  | 'owner'
  | 'officers'
  | 'trade'
  | 'salesManager'
  | 'banking'
  | 'card'
  | 'terms';

/**
 * Each form's sections in page order (docs/product/registration.md). The answers in a section come
 * from the contract's metadata: the section they are listed in, or their `formSection`.
 */
const FORM_SECTIONS: Record<FormCountry, readonly SectionName[]> = {
  ca: ['company', 'billing', 'shipping', 'owner', 'officers', 'trade', 'banking', 'card', 'terms'],
  usa: [
    'company',
    'billing',
    'businessRegistered',
    'formerCustomer',
    'invoiceMethod',
    'courier',
    'businessType',
    'consent',
    'shipping',
    'owner',
    'officers',
    'trade',
    'salesManager',
    'banking',
    'card',
    'terms',
  ],
};

/** The answers of one section of a form, in metadata order. */
function answersOf(country: FormCountry, section: SectionName): ApplicationField[] {
  const c = applicationCountry(country);
  return APPLICATION_SECTIONS.flatMap((s) =>
    s.fields.filter((f) => c in f.required && (f.formSection?.[c] ?? s.title) === section),
  );
}

/** Browser autofill hints; sealed answers are kept out of autofill. */
const AUTOCOMPLETE: Partial<Record<ApplicationFieldName, string>> = {
  company_name: 'organization',
  billing_street: 'address-line1',
  billing_city: 'address-level2',
  billing_pc: 'postal-code',
  billing_zip: 'postal-code',
  billing_telephone: 'tel',
  business_email: 'email',
  website: 'url',
  owner_name: 'name',
  email: 'email',
  cardholder_name: 'cc-name',
};

const INPUT_TYPES = { email: 'email', phone: 'tel', url: 'url', text: 'text' } as const;

/** The answers shown in the section's grid of inputs; choice groups stack below it. */
const GRID_KINDS: ReadonlySet<ApplicationField['kind']> = new Set([
  'text',
  'email',
  'phone',
  'url',
  'select',
  'date',
  'month',
  'radio',
]);

function isConditional(name: ApplicationFieldName): name is ConditionalAnswer {
  return name in CONDITIONAL_ANSWERS;
}

/** A conditional answer's input, shown only while the answer it depends on asks it. */
function WhenAsked({ name, children }: { name: ConditionalAnswer; children: ReactNode }) {
  const rule = CONDITIONAL_ANSWERS[name];
  const answer: unknown = useWatch<ApplicationInput>({ name: rule.on });
  return rule.asked(answer) ? children : null;
}

function isSectionChoice(name: ApplicationFieldName): name is SectionChoice {
  return name in SECTION_CHOICES;
}

/**
 * The answers a section checkbox skips ("Same as billing address", "Not applicable"), shown only
 * while it is unticked; their values are kept, so unticking brings back what was typed.
 */
function WhenSectionAsked({ choice, children }: { choice: SectionChoice; children: ReactNode }) {
  const ticked: unknown = useWatch<ApplicationInput>({ name: choice });
  return isSectionSkipped(choice, { [choice]: ticked }) ? null : children;
}

function useChoices(country: FormCountry) {
  const { t } = useTranslation('registration');
  return {
    regions:
      country === 'ca'
        ? CA_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) }))
        : US_STATES.map((code) => ({ value: code, label: code })),
    card_type: CARD_TYPES.map((v) => ({ value: v, label: t(`fields.${v}`) })),
    businessRegistered: BUSINESS_REGISTRATIONS.map((v) => ({ value: v, label: t(`fields.${v}`) })),
    invoiceMethod: (country === 'ca' ? CA_INVOICE_METHODS : USA_INVOICE_METHODS).map((v) => ({
      value: v,
      label: t(`fields.invoice_${v}`),
    })),
  };
}

/** One answer's input, chosen by its kind in the metadata. */
function Answer({ field, country }: { field: ApplicationField; country: FormCountry }) {
  const { t } = useTranslation('registration');
  const choices = useChoices(country);
  const { name, kind } = field;
  const label = t(field.label);
  const required = isConditional(name) || field.required[applicationCountry(country)] === true;
  let input: ReactNode;
  switch (kind) {
    case 'select':
      input = <SelectField name={name} label={label} options={choices.regions} required />;
      break;
    case 'date':
      input = <RegistrationDateField name={name} label={label} />;
      break;
    case 'month':
      input = <ExpiryDateField name={name} label={label} />;
      break;
    case 'radio':
      input = <RadioGroupField name={name} legend={label} options={choices.card_type} required />;
      break;
    case 'checkboxes':
      input = (
        <CheckboxGroupField
          name={name}
          legend={label}
          options={name === 'invoiceMethod' ? choices.invoiceMethod : choices.businessRegistered}
        />
      );
      break;
    case 'yesNo':
      input = <YesNoField name={name} legend={label} />;
      break;
    case 'checkbox':
      input = <CheckboxField name={name} label={label} required={!isSectionChoice(name)} />;
      break;
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
      input = (
        <TextField
          name={name}
          label={label}
          required={required}
          type={INPUT_TYPES[kind]}
          inputMode={kind === 'phone' ? 'tel' : undefined}
          autoComplete={AUTOCOMPLETE[name] ?? (field.sensitive ? 'off' : undefined)}
        />
      );
      break;
    default:
      return null;
  }
  return isConditional(name) ? <WhenAsked name={name}>{input}</WhenAsked> : input;
}

/**
 * A section's answers: its section checkbox first (the answers it skips hidden while ticked), then
 * inputs in a grid, choice groups stacked (a conditional answer goes with the answer it depends
 * on), then single checkboxes.
 */
function Answers({ country, section }: { country: FormCountry; section: SectionName }) {
  const all = answersOf(country, section);
  const choice = all.find((f) => isSectionChoice(f.name));
  const answers = all.filter((f) => f !== choice);
  const skippable = choice ? answers.filter((f) => sectionChoiceOf(f.name) === choice.name) : [];
  const stacked = ({ name, kind }: ApplicationField): boolean =>
    isConditional(name)
      ? answers.some((a) => a.name === CONDITIONAL_ANSWERS[name].on && stacked(a))
      : !GRID_KINDS.has(kind);
  const grid = answers.filter((f) => f.kind !== 'checkbox' && !stacked(f));
  const stack = answers.filter((f) => f.kind !== 'checkbox' && stacked(f));
  const render = (fields: ApplicationField[]) =>
    fields.map((f) => <Answer key={f.name} field={f} country={country} />);
  const asked = grid.filter((f) => !skippable.includes(f));
  return (
    <>
      {choice && <Answer field={choice} country={country} />}
      {asked.length > 0 && <div className="form-grid">{render(asked)}</div>}
      {choice && skippable.length > 0 && (
        <WhenSectionAsked choice={choice.name as SectionChoice}>
          <div className="form-grid">{render(grid.filter((f) => skippable.includes(f)))}</div>
        </WhenSectionAsked>
      )}
      {stack.length > 0 && <div className="form-stack">{render(stack)}</div>}
      {render(answers.filter((f) => f.kind === 'checkbox'))}
    </>
  );
}

/** A titled section of the form (a landmark named by its heading). */
function Section({
  id,
  title,
  hiddenTitle,
  children,
}: {
  id: string;
  title: string;
  hiddenTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="form-section" aria-labelledby={`section-${id}`}>
      <h3 id={`section-${id}`} className={hiddenTitle ? 'visually-hidden' : undefined}>
        {title}
      </h3>
      {children}
    </section>
  );
}

// The application's repeatable lists: each item's fields in order (name and label under
// fields), and the labels of the list under lists.
const LISTS = {
  officers: {
    blank: EMPTY_OFFICER,
    labels: { item: 'officer', add: 'addOfficer', remove: 'removeOfficer' },
    fields: [
      ['name', 'officerName'],
      ['title', 'officerTitle'],
      ['address', 'officerAddress'],
    ],
  },
  trade: {
    blank: EMPTY_TRADE_REFERENCE,
    labels: { item: 'trade', add: 'addTrade', remove: 'removeTrade' },
    fields: [
      ['name', 'tradeName'],
      ['telephone', 'tradeTelephone'],
      ['fax', 'tradeFax'],
      ['contact', 'tradeContact'],
    ],
  },
} as const;
const PHONE_FIELDS: readonly string[] = ['telephone', 'fax'];

function ApplicationList({ name }: { name: keyof typeof LISTS }) {
  const { t } = useTranslation('registration');
  const { blank, labels, fields } = LISTS[name];
  return (
    <RepeatableList
      name={name}
      blank={{ ...blank }}
      itemLabel={(n) => t(`lists.${labels.item}`, { n })}
      addLabel={t(`lists.${labels.add}`)}
      removeLabel={(n) => t(`lists.${labels.remove}`, { n })}
      renderItem={(i) =>
        fields.map(([field, label]) => {
          const phone = PHONE_FIELDS.includes(field);
          return (
            <TextField
              key={field}
              name={`${name}.${i}.${field}`}
              label={t(`fields.${label}`)}
              type={phone ? 'tel' : undefined}
              inputMode={phone ? 'tel' : undefined}
            />
          );
        })
      }
    />
  );
}

/** Heading ids that differ from the section's name. */
const SECTION_IDS: Partial<Record<SectionName, string>> = {
  businessRegistered: 'registered',
  formerCustomer: 'former',
  invoiceMethod: 'invoice',
  businessType: 'type',
  salesManager: 'sales-manager',
};

/** One section of the form: its title, what stands before the answers, the answers. */
function FormSection({ country, section }: { country: FormCountry; section: SectionName }) {
  const { t } = useTranslation('registration');
  const title =
    section === 'officers' && country === 'usa'
      ? t('sections.officersUsa')
      : t(`sections.${section}`);
  return (
    <Section id={SECTION_IDS[section] ?? section} title={title} hiddenTitle={section === 'company'}>
      {section === 'card' && <p className="field-hint">{t('card.noNumber')}</p>}
      {section === 'terms' && <CreditTerms country={country} />}
      {section === 'officers' ? (
        <ApplicationList name="officers" />
      ) : section === 'trade' ? (
        <ApplicationList name="trade" />
      ) : (
        <Answers country={country} section={section} />
      )}
    </Section>
  );
}

/** Every section of a country's form, in page order. */
export function ApplicationSections({ country }: { country: FormCountry }) {
  return FORM_SECTIONS[country].map((section) => (
    <FormSection key={section} country={country} section={section} />
  ));
}
