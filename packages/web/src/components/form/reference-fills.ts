import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { FieldSource } from './FieldInput.tsx';
import type { Option } from './selects.tsx';

/**
 * What a reference choice fills in the same form (a contract's customer): the chosen row's values written into
 * the fields `shown` lets through, and the labels of those that are references themselves, kept so that their
 * selects show the label rather than the id (`withFilled` adds it to a field's source). `after`: told once a choice filled something (setFieldsValue
 * tells the form's onValuesChange nothing). One rule for the entity's form and a form design's layout.
 */
export function useReferenceFills(form: FormInstance, shown: (name: string) => boolean, after?: () => void) {
  const [filled, setFilled] = useState<Record<string, Option>>({});
  const choose = (option: Option | undefined) => {
    const fill = Object.entries(option?.fill ?? {}).filter(([name]) => shown(name));
    if (fill.length === 0) return;
    form.setFieldsValue(Object.fromEntries(fill));
    const labels = option?.fillLabels ?? {};
    setFilled((known) => {
      const next = { ...known };
      for (const [name, value] of fill) {
        const label = labels[name];
        if ((typeof value === 'number' || typeof value === 'string') && label) next[name] = { value, label };
      }
      return next;
    });
    after?.();
  };
  const withFilled = (name: string, source: FieldSource): FieldSource => {
    const extra = filled[name];
    return extra ? { ...source, initialOptions: [...(source.initialOptions ?? []), extra] } : source;
  };
  return { withFilled, choose };
}
