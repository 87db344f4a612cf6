import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `useForm` with the contract's zod schema and `mode: 'onTouched'`, so a field validates when it is left and
 * the kit's inputs show its error once touched (spec section 5).
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  options?: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>,
) {
  return useForm<TInput, unknown, TOutput>({
    ...options,
    mode: options?.mode ?? 'onTouched',
    resolver: zodResolver(schema),
  });
}
