import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../zod-rules.ts';

/** A shared schema's message code in the reader's language; a code with no text shows as it is. */
export function useValidationText(): (msg: string) => string {
  const { t } = useTranslation();
  return (msg) => t(`validation.${msg}`, { defaultValue: msg });
}

/** The rule of a form field from its schema field, its message in the reader's language. */
export function useSchemaRule<K extends string>(shape: Record<K, z.ZodType>): (name: K) => FormRule {
  const translate = useValidationText();
  return (name) => zodRule(shape[name], translate);
}
