import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldMessage } from './use-field-message';

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
