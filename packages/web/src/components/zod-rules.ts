import type { FormRule } from 'antd';
import type { z } from 'zod';

/** The antd rule that validates a field with a shared zod schema, so the client rules have one source. */
export function zodRule(schema: z.ZodType, translate: (message: string) => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translate(result.error.issues[0]?.message ?? 'required'));
    },
  };
}

/**
 * Server field errors (HttpError.fieldErrors) for the given form fields, in the shape antd's
 * form.setFields takes; errors of fields the form does not have are left out.
 */
export function fieldErrorsToFields<K extends string>(fieldErrors: Record<string, string>, names: readonly K[]) {
  return names.flatMap((name) => {
    const message = fieldErrors[name];
    return message ? [{ name, errors: [message] }] : [];
  });
}

/** "Confirm password": required, and equal to the field it confirms. */
export function confirmRules(field: string, messages: { required: string; mismatch: string }): FormRule[] {
  return [
    { required: true, message: messages.required },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(field)) throw new Error(messages.mismatch);
      },
    }),
  ];
}
