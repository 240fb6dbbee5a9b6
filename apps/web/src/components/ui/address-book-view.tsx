import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AddressBody,
  CA_PROVINCES,
  US_STATES,
  addressMessageKey,
  addressRemovalBlock,
  type AddressBodyInput,
  type AddressBookEntry,
} from '@wholesale/contract';
import { ApiError } from '@/lib/api-client';
import type { AddressBookWrites } from '@/lib/address-book';
import { useConfirm } from './confirm-dialog';
import { FieldError, errorAria } from './form-field';
import './address-book.css';
import './form-field.css';
import { SecondaryButton } from './buttons';

type FieldName = keyof AddressBodyInput;
const FIELDS: readonly FieldName[] = [
  'label',
  'company',
  'line1',
  'line2',
  'city',
  'country',
  'region',
  'postal_code',
];

/** An address's message in the reader's language (contract ADDRESS_MESSAGES by key). */
function useAddressMessage() {
  const { t } = useTranslation('addresses');
  return (message: string | undefined) => {
    const key = addressMessageKey(message);
    return key ? t(`validation.${key}`) : message;
  };
}

/** Puts an API 400's field messages on the form; true when it had any. */
function applyFieldErrors(error: unknown, setError: UseFormSetError<AddressBodyInput>): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  for (const [name, message] of Object.entries(error.fields))
    if ((FIELDS as readonly string[]).includes(name))
      setError(name as FieldName, { type: 'server', message });
  return true;
}

/**
 * The add/edit form of an address: labelled fields, the province or state list of the chosen
 * country, the postal code checked for both as the API checks it (contract AddressBody), every
 * message under its field and the first invalid field focused.
 */
function AddressForm({
  initial,
  country,
  title,
  onSave,
  onCancel,
}: {
  initial?: AddressBookEntry;
  country: 'ca' | 'us';
  title: string;
  onSave: (body: AddressBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('addresses');
  const message = useAddressMessage();
  const id = useId();
  const form = useForm<AddressBodyInput, unknown, AddressBody>({
    resolver: zodResolver(AddressBody),
    mode: 'onBlur',
    defaultValues: {
      label: initial?.label ?? '',
      company: initial?.company ?? '',
      line1: initial?.line1 ?? '',
      line2: initial?.line2 ?? '',
      city: initial?.city ?? '',
      country: initial?.country ?? country,
      region: initial?.region ?? '',
      postal_code: initial?.postal_code ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const chosen = watch('country') === 'us' ? 'us' : 'ca';
  const regions: readonly string[] = chosen === 'ca' ? CA_PROVINCES : US_STATES;

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (error) {
      applyFieldErrors(error, setError);
    }
  });

  const field = (name: FieldName, label: string, control: React.ReactNode) => {
    const fieldId = `${id}-${name}`;
    return (
      <div className="address-form__field">
        <label htmlFor={fieldId}>{label}</label>
        {control}
        <FieldError id={fieldId} error={message(errors[name]?.message)} />
      </div>
    );
  };
  const input = (name: FieldName, autoComplete: string) => {
    const fieldId = `${id}-${name}`;
    return (
      <input
        id={fieldId}
        className="text-input"
        autoComplete={autoComplete}
        {...errorAria(fieldId, errors[name]?.message)}
        {...register(name)}
      />
    );
  };

  return (
    <form className="address-form" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="address-form__title">{title}</h3>
      {field('label', t('fields.label'), input('label', 'off'))}
      {field('company', t('fields.company'), input('company', 'organization'))}
      {field('line1', t('fields.line1'), input('line1', 'address-line1'))}
      {field('line2', t('fields.line2'), input('line2', 'address-line2'))}
      {field('city', t('fields.city'), input('city', 'address-level2'))}
      {field(
        'country',
        t('fields.country'),
        <select
          id={`${id}-country`}
          className="text-input"
          {...errorAria(`${id}-country`, errors.country?.message)}
          {...register('country')}
        >
          <option value="ca">{t('countries.ca')}</option>
          <option value="us">{t('countries.us')}</option>
        </select>,
      )}
      {field(
        'region',
        t(chosen === 'ca' ? 'fields.province' : 'fields.state'),
        <select
          id={`${id}-region`}
          className="text-input"
          autoComplete="address-level1"
          {...errorAria(`${id}-region`, errors.region?.message)}
          {...register('region')}
        >
          <option value="">{t('fields.choose')}</option>
          {regions.map((code) => (
            <option key={code} value={code}>
              {chosen === 'ca' ? t(`provinces.${code as (typeof CA_PROVINCES)[number]}`) : code}
            </option>
          ))}
        </select>,
      )}
      {field(
        'postal_code',
        t(chosen === 'ca' ? 'fields.postalCode' : 'fields.zip'),
        input('postal_code', 'postal-code'),
      )}
      <p className="address-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('save')}
        </button>
        <SecondaryButton onClick={onCancel}>{t('cancel')}</SecondaryButton>
      </p>
    </form>
  );
}

/**
 * An address book (docs/product/accounts.md "Addresses"), the buyer's or a customer's on the staff
 * screen: each address with its default and billing marks and its open orders, Edit, Make default
 * and Remove (offered only when the address can go, else the reason is written instead), and the
 * add/edit form. The data and its writes come from the caller (`writes`); without `writes` the book
 * is read-only (staff who may only read it).
 */
export function AddressBookView({
  addresses,
  country,
  writes,
  headingLevel = 2,
}: {
  addresses: AddressBookEntry[];
  country: 'ca' | 'us';
  writes?: AddressBookWrites;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('addresses');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const addButton = useRef<HTMLButtonElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const close = () => {
    setEditing(null);
    addButton.current?.focus();
  };

  const remove = async (address: AddressBookEntry) => {
    if (!writes) return;
    const yes = await confirm(t('removeConfirm', { label: address.label }), {
      confirmLabel: t('remove'),
    });
    if (yes) writes.remove.mutate(address.id);
  };

  return (
    <div className="address-book" data-testid="address-book">
      {addresses.length === 0 ? <p className="address-book__empty">{t('empty')}</p> : null}
      <ul className="address-book__list">
        {addresses.map((address) => {
          const block = addressRemovalBlock(address);
          return (
            <li key={address.id} className="address-card" aria-label={address.label}>
              {editing === address.id && writes ? (
                <AddressForm
                  initial={address}
                  country={country}
                  title={t('editTitle', { label: address.label })}
                  onCancel={close}
                  onSave={async (body) => {
                    await writes.edit.mutateAsync({ id: address.id, body });
                    close();
                  }}
                />
              ) : (
                <>
                  <Heading className="address-card__label">{address.label}</Heading>
                  <p className="address-card__marks">
                    {address.is_default ? (
                      <span className="address-card__mark">{t('defaultMark')}</span>
                    ) : null}
                    {address.is_billing ? (
                      <span className="address-card__mark">{t('billing')}</span>
                    ) : null}
                  </p>
                  <address className="address-card__text">
                    {address.company}
                    <br />
                    {address.line1}
                    {address.line2 ? (
                      <>
                        <br />
                        {address.line2}
                      </>
                    ) : null}
                    <br />
                    {address.city} {address.region} {address.postal_code}
                    <br />
                    {t(`countries.${address.country}`)}
                  </address>
                  {address.open_orders > 0 ? (
                    <p className="address-card__note">
                      {t('openOrders', { count: address.open_orders })}
                    </p>
                  ) : null}
                  {writes ? (
                    <p className="address-card__actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={`${t('edit')} ${address.label}`}
                        disabled={address.id < 0}
                        onClick={() => setEditing(address.id)}
                      >
                        {t('edit')}
                      </button>
                      {address.is_default ? null : (
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={`${t('makeDefault')} ${address.label}`}
                          disabled={address.id < 0}
                          onClick={() => writes.makeDefault.mutate(address.id)}
                        >
                          {t('makeDefault')}
                        </button>
                      )}
                      {block ? (
                        <span className="address-card__note">{t(`cannotRemove.${block}`)}</span>
                      ) : (
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={`${t('remove')} ${address.label}`}
                          disabled={address.id < 0}
                          onClick={() => void remove(address)}
                        >
                          {t('remove')}
                        </button>
                      )}
                    </p>
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {writes ? (
        editing === 'new' ? (
          <AddressForm
            country={country}
            title={t('addTitle')}
            onCancel={close}
            onSave={async (body) => {
              await writes.add.mutateAsync(body);
              close();
            }}
          />
        ) : (
          <button
            ref={addButton}
            type="button"
            className="button"
            onClick={() => setEditing('new')}
          >
            {t('add')}
          </button>
        )
      ) : null}
      {confirmDialog}
    </div>
  );
}
