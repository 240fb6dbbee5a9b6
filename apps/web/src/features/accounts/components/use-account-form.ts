import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { applyServerFieldErrors, useFieldMessage } from './use-field-message';

/**
 * An account form (sign-in, password forms): the contract's schema checks a field once it has been
 * touched, and `messages` holds each field's error in the user's language.
 */
export function useAccountForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: In,
) {
  const fieldMessage = useFieldMessage();
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaultValues as DefaultValues<In>,
  });
  const messages = Object.fromEntries(
    Object.keys(defaultValues).map((name) => [
      name,
      fieldMessage(form.getFieldState(name as Path<In>, form.formState).error?.message),
    ]),
  ) as Partial<Record<keyof In, string>>;
  return { ...form, messages };
}

/** What a password form's submit does beyond the shared flow. */
type PasswordSubmit<In extends FieldValues, Out, Vars> = {
  /** The request's body from the checked values; `null` sends nothing. */
  variables: (values: Out) => Vars | null;
  /** The fields a server error may name and show under. */
  fields: readonly Path<In>[];
  /** The toast on success. */
  success: string;
  onSuccess?: () => void;
  /** `rest`: the names of failed fields that the form does not show. */
  onError?: (error: unknown, rest: string[]) => void;
};

/**
 * A password form's submit (change and reset): the checked values go through `mutation`; success
 * toasts and clears the form; a server error on one of the form's fields shows under that field.
 * Returns AuthForm's wiring.
 */
export function usePasswordForm<In extends FieldValues, Out extends FieldValues, Vars>(
  schema: z.ZodType<Out, In>,
  empty: In,
  mutation: Pick<UseMutationResult<unknown, unknown, Vars>, 'mutate' | 'isPending'>,
  submit: PasswordSubmit<In, Out, Vars>,
) {
  const { register, handleSubmit, reset, setError, messages } = useAccountForm(schema, empty);
  const onSubmit = handleSubmit((values) => {
    const variables = submit.variables(values);
    if (variables === null) return;
    mutation.mutate(variables, {
      onSuccess: () => {
        toast.success(submit.success);
        reset(empty);
        submit.onSuccess?.();
      },
      onError: (error) => {
        const rest = applyServerFieldErrors(error, submit.fields, setError);
        submit.onError?.(error, rest);
      },
    });
  });
  // What AuthForm takes from the form.
  return { onSubmit, errors: messages, register, pending: mutation.isPending };
}
