import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type CalculatedField, type DatasetField, langOf } from '@trestle/shared';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextCalculated } from './dataset-model.ts';

type Props = {
  value: CalculatedField[];
  /** The numbers an expression may read: the entity's own and the other calculated fields. */
  numberFields: DatasetField[];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange(next: CalculatedField[]): void;
};

const MAX_CALCULATED = 30;

/**
 * Numbers worked out per row, in the computed fields' expression language (`amountInclTax - amountPaid`):
 * each with a name charts use, labels in both languages, and the fields it may read offered as hints.
 */
export function CalculatedFields({ value, numberFields, errors, readOnly, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const set = (i: number, next: Partial<CalculatedField>) =>
    onChange(value.map((c, j) => (j === i ? { ...c, ...next } : c)));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.length === 0 && <Typography.Text type="secondary">{t('biDesign.none')}</Typography.Text>}
      {value.map((c, i) => {
        const n = i + 1;
        const problems = ['name', 'expression', 'label'].flatMap((k) => errors[`calculated.${i}.${k}`] ?? []);
        // A field can be read by the others, never by itself.
        const hints = numberFields.filter((f) => f.name !== c.name);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a calculated field's name is being edited, its place is its identity
          <Space key={i} orientation="vertical" size={4} style={{ width: '100%' }} data-testid={`calculated-${i}`}>
            <Space wrap>
              <Input
                aria-label={t('biDesign.calc.name', { n })}
                placeholder={t('biDesign.calc.namePlaceholder')}
                style={{ width: 150 }}
                value={c.name}
                onChange={(e) => set(i, { name: e.target.value })}
              />
              <Input
                aria-label={t('biDesign.calc.labelEn', { n })}
                placeholder={t('biDesign.labelEn')}
                style={{ width: 160 }}
                maxLength={100}
                value={c.label.en}
                onChange={(e) => set(i, { label: { ...c.label, en: e.target.value } })}
              />
              <Input
                aria-label={t('biDesign.calc.labelZh', { n })}
                placeholder={t('biDesign.labelZh')}
                style={{ width: 160 }}
                maxLength={100}
                value={c.label.zh}
                onChange={(e) => set(i, { label: { ...c.label, zh: e.target.value } })}
              />
              <Button
                aria-label={t('biDesign.calc.remove', { n })}
                icon={<DeleteOutlined />}
                disabled={readOnly}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            </Space>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={t('biDesign.calc.expression', { n })}
                placeholder={t('biDesign.calc.expressionHint')}
                maxLength={500}
                value={c.expression}
                status={errors[`calculated.${i}.expression`] ? 'error' : undefined}
                style={{ fontFamily: 'monospace' }}
                onChange={(e) => set(i, { expression: e.target.value })}
              />
              <Select<string>
                aria-label={t('biDesign.calc.insert', { n })}
                placeholder={t('biDesign.calc.insertPlaceholder')}
                style={{ width: 220 }}
                value={null}
                showSearch={{ optionFilterProp: 'label' }}
                options={hints.map((f) => ({ value: f.name, label: `${f.label[lang]} (${f.name})` }))}
                onChange={(name) => set(i, { expression: joinExpression(c.expression, name) })}
              />
            </Space.Compact>
            {problems.length > 0 && <Typography.Text type="danger">{problems.join('; ')}</Typography.Text>}
          </Space>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={readOnly || value.length >= MAX_CALCULATED}
        onClick={() => onChange([...value, nextCalculated(value)])}
      >
        {t('biDesign.calc.add')}
      </Button>
    </Space>
  );
}

/** A field's name added at the end of an expression, spaced from what is there. */
const joinExpression = (expression: string, name: string) =>
  expression.trim() === '' ? name : `${expression.trimEnd()} ${name}`;
