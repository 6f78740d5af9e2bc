import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { biValueTypes, type SqlColumn, type SqlParameter } from '@trestle/shared';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextParameter } from './dataset-model.ts';

const MAX_PARAMETERS = 10;
const parameterTypes = ['string', 'number', 'date'] as const;

type Rows<T> = { value: T[]; errors: Record<string, string>; onChange(next: T[]): void };

const replaced = <T,>(list: T[], i: number, next: Partial<T>) =>
  list.map((item, j) => (j === i ? { ...item, ...next } : item));

/** The problems of one row, keyed `<list>.<i>.<part>`, in one line under it. */
function RowProblems({ errors, list, i }: { errors: Record<string, string>; list: string; i: number }) {
  const prefix = `${list}.${i}.`;
  const problems = Object.entries(errors).flatMap(([k, v]) => (k.startsWith(prefix) ? [v] : []));
  return problems.length > 0 ? <Typography.Text type="danger">{problems.join('; ')}</Typography.Text> : null;
}

/** A SQL dataset's parameters: `:name` in the statement, typed, labelled for the viewer, with a default. */
export function SqlParameters({ value, errors, readOnly, onChange }: Rows<SqlParameter> & { readOnly: boolean }) {
  const { t } = useTranslation();
  const set = (i: number, next: Partial<SqlParameter>) => onChange(replaced(value, i, next));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.length === 0 && <Typography.Text type="secondary">{t('biDesign.none')}</Typography.Text>}
      {value.map((p, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parameter's name is being edited, its place is its identity
          <Space key={i} orientation="vertical" size={2}>
            <Space wrap>
              <Input
                aria-label={t('biDesign.param.name', { n })}
                style={{ width: 140 }}
                value={p.name}
                onChange={(e) => set(i, { name: e.target.value })}
              />
              <Select
                aria-label={t('biDesign.param.type', { n })}
                style={{ width: 110 }}
                value={p.type}
                options={parameterTypes.map((type) => ({ value: type, label: t(`biDesign.valueType.${type}`) }))}
                onChange={(type: SqlParameter['type']) => set(i, { type, default: null })}
              />
              <Input
                aria-label={t('biDesign.param.labelEn', { n })}
                placeholder={t('biDesign.labelEn')}
                style={{ width: 150 }}
                value={p.label.en}
                onChange={(e) => set(i, { label: { ...p.label, en: e.target.value } })}
              />
              <Input
                aria-label={t('biDesign.param.labelZh', { n })}
                placeholder={t('biDesign.labelZh')}
                style={{ width: 150 }}
                value={p.label.zh}
                onChange={(e) => set(i, { label: { ...p.label, zh: e.target.value } })}
              />
              {p.type === 'number' ? (
                <InputNumber
                  aria-label={t('biDesign.param.default', { n })}
                  placeholder={t('biDesign.param.defaultPlaceholder')}
                  value={typeof p.default === 'number' ? p.default : null}
                  onChange={(v) => set(i, { default: typeof v === 'number' ? v : null })}
                />
              ) : (
                <Input
                  aria-label={t('biDesign.param.default', { n })}
                  placeholder={p.type === 'date' ? 'YYYY-MM-DD' : t('biDesign.param.defaultPlaceholder')}
                  style={{ width: 150 }}
                  value={typeof p.default === 'string' ? p.default : ''}
                  onChange={(e) => set(i, { default: e.target.value === '' ? null : e.target.value })}
                />
              )}
              <Button
                aria-label={t('biDesign.param.remove', { n })}
                icon={<DeleteOutlined />}
                disabled={readOnly}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            </Space>
            <RowProblems errors={errors} list="parameters" i={i} />
          </Space>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={readOnly || value.length >= MAX_PARAMETERS}
        onClick={() => onChange([...value, nextParameter(value)])}
      >
        {t('biDesign.param.add')}
      </Button>
    </Space>
  );
}

/** The columns charts name: as Try found them, each with a type the designer may correct and labels. */
export function SqlColumns({ value, errors, onChange }: Rows<SqlColumn>) {
  const { t } = useTranslation();
  const set = (i: number, next: Partial<SqlColumn>) => onChange(replaced(value, i, next));
  if (value.length === 0) return <Typography.Text type="secondary">{t('biDesign.sql.tryFirst')}</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="sql-columns">
      {value.map((c, i) => (
        <Space key={c.name} orientation="vertical" size={2}>
          <Space wrap>
            <Typography.Text code style={{ display: 'inline-block', minWidth: 140 }}>
              {c.name}
            </Typography.Text>
            <Select
              aria-label={t('biDesign.column.type', { name: c.name })}
              style={{ width: 120 }}
              value={c.type}
              options={biValueTypes.map((type) => ({ value: type, label: t(`biDesign.valueType.${type}`) }))}
              onChange={(type: SqlColumn['type']) => set(i, { type })}
            />
            <Input
              aria-label={t('biDesign.column.labelEn', { name: c.name })}
              placeholder={t('biDesign.labelEn')}
              style={{ width: 160 }}
              value={c.label.en}
              onChange={(e) => set(i, { label: { ...c.label, en: e.target.value } })}
            />
            <Input
              aria-label={t('biDesign.column.labelZh', { name: c.name })}
              placeholder={t('biDesign.labelZh')}
              style={{ width: 160 }}
              value={c.label.zh}
              onChange={(e) => set(i, { label: { ...c.label, zh: e.target.value } })}
            />
          </Space>
          <RowProblems errors={errors} list="columns" i={i} />
        </Space>
      ))}
    </Space>
  );
}
