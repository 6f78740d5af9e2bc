import type { CustomFilter } from '@trestle/shared';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConditionField, ConditionList } from '../../components/filter-conditions/ConditionList.tsx';
import { LabelledSelect } from './LabelledSelect.tsx';

export { newCondition } from '../../components/filter-conditions/ConditionList.tsx';

type Props = {
  value: CustomFilter;
  fields: ConditionField[];
  /** Problems by `conditions.<i>.<field|op|value>`, from the shared check or the server. */
  errors: Record<string, string>;
  onChange(next: CustomFilter): void;
};

/** The custom-filter editor: whether all or any conditions must hold, and the conditions (at least one). */
export function RuleEditor({ value, fields, errors, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <LabelledSelect<'all' | 'any'>
        label={t('dataPermission.match')}
        style={{ width: 160 }}
        value={value.match}
        options={[
          { value: 'all', label: t('dataPermission.match.all') },
          { value: 'any', label: t('dataPermission.match.any') },
        ]}
        onChange={(match) => onChange({ ...value, match })}
      />
      <ConditionList
        conditions={value.conditions}
        fields={fields}
        errors={errors}
        minimum={1}
        onChange={(conditions) => onChange({ ...value, conditions })}
      />
    </Space>
  );
}
