import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AddressBody, AddressBookEntry, AddressBookResponse } from '@wholesale/contract';
import { api, ApiError } from './api-client';
import { useErrorMessage } from './error-message';
import { optimisticUpdate } from './optimistic-update';

/**
 * An address book's calls, the buyer's (`/me/addresses`) or a customer's for staff
 * (`/admin/customers/:id/addresses`): every write answers the whole book.
 */
export function addressBookCalls(base: string) {
  return {
    get: () => api.get<AddressBookResponse>(base),
    add: (body: AddressBody) => api.post<AddressBookResponse>(base, body),
    edit: ({ id, body }: { id: number; body: AddressBody }) =>
      api.put<AddressBookResponse>(`${base}/${id}`, body),
    makeDefault: (id: number) => api.post<AddressBookResponse>(`${base}/${id}/default`),
    remove: (id: number) => api.delete<AddressBookResponse>(`${base}/${id}`),
  };
}

type Change<V> = (book: AddressBookEntry[], input: V) => AddressBookEntry[];

// The book as it will be once the server agrees: shown at once, rolled back if it refuses.
const added: Change<AddressBody> = (book, body) => [
  ...book,
  {
    ...body,
    id: -Date.now(),
    is_default: book.length === 0,
    is_billing: false,
    open_orders: 0,
  },
];
const edited: Change<{ id: number; body: AddressBody }> = (book, { id, body }) =>
  book.map((a) => (a.id === id ? { ...a, ...body } : a));
const madeDefault: Change<number> = (book, id) =>
  book
    .map((a) => ({ ...a, is_default: a.id === id }))
    .sort((a, b) => Number(b.is_default) - Number(a.is_default));
const removed: Change<number> = (book, id) => book.filter((a) => a.id !== id);

/**
 * The four writes of an address book with optimistic updates (docs/product/accounts.md
 * "Addresses"): the list changes at once, the server's book replaces it, a refusal puts the old
 * list back and says why in a toast. Field errors of a refused add or edit stay with the caller's
 * form (the promise of `mutateAsync` rejects with them), so they are not toasted.
 */
export function useAddressBookWrites(base: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const { t } = useTranslation('addresses');
  const calls = addressBookCalls(base);

  function write<V>(
    mutationFn: (input: V) => Promise<AddressBookResponse>,
    change: Change<V>,
    done: (input: V) => string,
  ) {
    const optimistic = optimisticUpdate<AddressBookResponse, V>(
      queryClient,
      queryKey,
      (previous, input) => ({ ...previous, addresses: change(previous.addresses, input) }),
    );
    return {
      mutationFn,
      onMutate: optimistic.onMutate,
      onError: (error: unknown, input: V, context?: { previous?: AddressBookResponse }) => {
        optimistic.onError(error, input, context);
        if (!(error instanceof ApiError && error.fields)) toast.error(errorMessage(error));
      },
      onSuccess: (data: AddressBookResponse, input: V) => {
        queryClient.setQueryData(queryKey, data);
        toast.success(done(input));
      },
    };
  }

  const labelOf = (id: number) =>
    queryClient.getQueryData<AddressBookResponse>(queryKey)?.addresses.find((a) => a.id === id)
      ?.label ?? '';

  return {
    add: useMutation(write(calls.add, added, () => t('toast.added'))),
    edit: useMutation(write(calls.edit, edited, () => t('toast.saved'))),
    makeDefault: useMutation(
      write(calls.makeDefault, madeDefault, (id) => t('toast.defaultSet', { label: labelOf(id) })),
    ),
    remove: useMutation(write(calls.remove, removed, () => t('toast.removed'))),
  };
}

export type AddressBookWrites = ReturnType<typeof useAddressBookWrites>;
