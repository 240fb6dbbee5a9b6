/**
 * The registration wizard and the credit application (docs/product/registration.md): the zod schemas
 * (./forms.ts with its parts ./answers.ts, ./parts.ts, ./rules.ts, ./section-choices.ts and
 * ./choices.ts; the staff review in ./staff-review.ts), the application as data (./fields.ts) and the
 * English messages (./messages.ts, ./message-keys.ts).
 */
export { REGISTRATION_MESSAGES, type RegistrationMessageKey } from './messages';
export { registrationMessageKey } from './message-keys';
export * from './choices';
export { firstAllowedExpiry, isExpiryInPast, parseExpiry } from './answers';
export { HONEYPOT_FIELD, isBlankEntry, MAX_LIST_ENTRIES, Officer, TradeReference } from './parts';
export { CONDITIONAL_ANSWERS, type ConditionalAnswer, isConditionallyAsked } from './rules';
export {
  applySectionChoices,
  isSectionSkipped,
  SECTION_CHOICES,
  type SectionChoice,
  sectionChoiceOf,
  SKIPPABLE_FIELD_SCHEMAS,
} from './section-choices';
export * from './forms';
export * from './staff-review';
export { sampleCanadianApplication, sampleUsaApplication } from './samples';
export * from './fields';
