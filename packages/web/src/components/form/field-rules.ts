import { checkToggleValue, type FieldMeta, fieldValueSchema, lockedInForm } from '@trestle/shared';
import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form/index.js';
import { zodRule } from '../zod-rules.ts';

export type Trigger = 'onBlur' | 'onChange';

/** Typed fields validate when the user leaves them; choices (selects, pickers, switches) as soon as they change. */
export function triggerOf(field: Pick<FieldMeta, 'type'>): Trigger {
  return ['string', 'text', 'richText', 'integer', 'decimal', 'json'].includes(field.type) ? 'onBlur' : 'onChange';
}

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The required rule. It checks emptiness itself: a rule with keys besides `required` and `message`
 * (here `validateTrigger`) and no type is a *string* rule to async-validator, which then refused a
 * switch's true, a number or a reference id as "required".
 */
export function requiredRule(message: string, trigger: Trigger): RuleObject {
  return {
    required: true,
    message,
    validateTrigger: trigger,
    validator: (_rule, value: unknown) =>
      isEmptyValue(value) ? Promise.reject(new Error(message)) : Promise.resolve(),
  };
}

/** Spec §5: a field flagged required that has no required rule of its own gets one. */
export function withRequired(rules: FormRule[], required: boolean | undefined, message: string, trigger: Trigger) {
  const hasRequired = rules.some((r) => typeof r === 'object' && (r as RuleObject).required);
  return required && !hasRequired ? [requiredRule(message, trigger), ...rules] : rules;
}

/**
 * The words of a field rule's message in the reader's language: the shared schemas' messages are keys under
 * `validation.` (an unknown one is shown as it came), and 'required' is the form's own.
 */
export const ruleMessages =
  (t: (key: string, options?: { defaultValue: string }) => string) =>
  (msg: string): string =>
    msg === 'required' ? t('form.required') : t(`validation.${msg}`, { defaultValue: msg });

/**
 * The antd rules of a metadata field: the shared zod schema of its wire value (one source for client
 * and server), skipped while empty so that emptiness is the required rule's business alone.
 */
export function fieldRules(field: FieldMeta, translate: (message: string) => string): FormRule[] {
  // What the user cannot type is the server's to fill: nothing to check here.
  if (lockedInForm(field)) return [];
  const trigger = triggerOf(field);
  const zod = zodRule(fieldValueSchema(field), translate) as RuleObject;
  const rule: RuleObject = {
    validateTrigger: trigger,
    validator: (r, value: unknown, callback) =>
      isEmptyValue(value) ? Promise.resolve() : (zod.validator?.(r, value, callback) ?? Promise.resolve()),
  };
  return withRequired([rule], field.required, translate('required'), trigger);
}

/** A switch bound to a boolean field: anything but true or false is a programming error (spec §5). */
export const normalizeToggle = (value: unknown): boolean => checkToggleValue(value, true, false, 'switch');
