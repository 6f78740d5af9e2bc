import { employeeMeta, type FieldMeta } from '@trestle/shared';
import type { RuleObject } from 'antd/es/form/index.js';
import { describe, expect, it } from 'vitest';
import { fieldRules, normalizeToggle, triggerOf, withRequired } from './field-rules.ts';

const field = (name: string): FieldMeta => {
  const f = employeeMeta.fields.find((x) => x.name === name);
  if (!f) throw new Error(name);
  return f;
};
const translate = (m: string) => `t:${m}`;

async function run(rules: ReturnType<typeof fieldRules>, value: unknown): Promise<string | null> {
  for (const r of rules as RuleObject[]) {
    if (r.required && (value === undefined || value === '' || value === null)) return String(r.message);
    try {
      await r.validator?.(r, value, () => {});
    } catch (e) {
      return (e as Error).message;
    }
  }
  return null;
}

describe('field rules from metadata', () => {
  it('validates typed text on blur and choices on change', () => {
    expect(triggerOf(field('name'))).toBe('onBlur');
    expect(triggerOf(field('hourlyRate'))).toBe('onBlur');
    expect(triggerOf(field('gender'))).toBe('onChange');
    expect(triggerOf(field('hireDate'))).toBe('onChange');
    for (const r of fieldRules(field('gender'), translate) as RuleObject[]) expect(r.validateTrigger).toBe('onChange');
  });

  it('gives a required field a required rule first, and none to an optional one', async () => {
    const rules = fieldRules(field('code'), translate) as RuleObject[];
    expect(rules[0]?.required).toBe(true);
    expect(await run(rules, '')).toBe('t:required');
    expect((fieldRules(field('title'), translate) as RuleObject[]).some((r) => r.required)).toBe(false);
    expect(await run(fieldRules(field('title'), translate), '')).toBeNull();
  });

  it('adds no second required rule when one is there', () => {
    const own = [{ required: true, message: 'mine' }];
    expect(withRequired(own, true, 'x', 'onBlur')).toEqual(own);
    expect(withRequired([], true, 'x', 'onBlur')).toEqual([
      expect.objectContaining({ required: true, message: 'x', validateTrigger: 'onBlur' }),
    ]);
  });

  it('checks the value with the shared zod schema and shows its first message, translated', async () => {
    expect(await run(fieldRules(field('phone'), translate), '12345')).toBe('t:not a valid phone');
    expect(await run(fieldRules(field('phone'), translate), '13800138000')).toBeNull();
    expect(await run(fieldRules(field('code'), translate), 'bad code!')).toBe('t:has the wrong format');
    expect(await run(fieldRules(field('hourlyRate'), translate), '12.345')).toMatch(/at most 10 digits/);
    expect(await run(fieldRules(field('hourlyRate'), translate), '-1')).toBe('t:at least 0');
    expect(await run(fieldRules(field('hireDate'), translate), '2026-02-30')).toBe(
      't:a real date as YYYY-MM-DD (1900–9999)',
    );
  });

  it('takes a required switch that is on, a number and a list as filled, and refuses empty ones', async () => {
    const [rule] = withRequired([], true, 'x', 'onChange') as RuleObject[];
    const check = (v: unknown) =>
      Promise.resolve(rule?.validator?.(rule, v, () => {})).then(
        () => null,
        (e: Error) => e.message,
      );
    for (const v of [true, false, 0, 12, ['a'], 'a']) expect(await check(v)).toBeNull();
    for (const v of [undefined, null, '', []]) expect(await check(v)).toBe('x');
  });

  it('refuses a switch value that is neither on nor off', () => {
    expect(normalizeToggle(true)).toBe(true);
    expect(normalizeToggle(false)).toBe(false);
    expect(() => normalizeToggle('yes')).toThrow(/switch value must be true or false/);
  });
});
