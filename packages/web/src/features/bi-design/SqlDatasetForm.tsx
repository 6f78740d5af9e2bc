import { CaretRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type SqlDataset, type SqlTry, ui } from '@trestle/shared';
import { Alert, Button, Card, Select, Skeleton, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { biDesignKeys, listDataSourceChoices, trySql } from './bi-design-api.ts';
import { defaultValues, mergeColumns } from './dataset-model.ts';
import { SqlColumns, SqlParameters } from './SqlParts.tsx';

const SqlEditor = lazy(() => import('./SqlEditor.tsx').then((m) => ({ default: m.SqlEditor })));

type Props = {
  value: SqlDataset;
  /** Problems by path inside the definition (`parameters.0.name`, `sql`). */
  errors: Record<string, string>;
  readOnly: boolean;
  onChange(next: SqlDataset): void;
};

const MAIN_DATABASE = 0;
const SHOWN_ROWS = 20;

/**
 * A SQL dataset: one read-only SELECT on the main database or a data source, its typed parameters, and the
 * columns charts name. Try runs it on the server (with the parameters' defaults) and fills the columns from
 * what it answers, keeping the types and labels already given.
 */
export function SqlDatasetForm({ value, errors, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const sources = useQuery({ queryKey: biDesignKeys.dataSources(), queryFn: listDataSourceChoices });
  const [tried, setTried] = useState<SqlTry | null>(null);
  const [tryError, setTryError] = useState<string | null>(null);
  const [trying, setTrying] = useState(false);

  const runTry = async () => {
    setTrying(true);
    setTryError(null);
    try {
      const answer = await trySql({
        dataSourceId: value.dataSourceId,
        sql: value.sql,
        parameters: value.parameters,
        values: defaultValues(value.parameters),
      });
      setTried(answer);
      onChange({ ...value, columns: mergeColumns(answer.columns, value.columns) });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      setTried(null);
      setTryError(Object.values(e.fieldErrors)[0] ?? e.message);
    } finally {
      setTrying(false);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={t('biDesign.dataset.source')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select<number>
            aria-label={t('biDesign.sql.dataSource')}
            style={{ width: 320 }}
            value={value.dataSourceId ?? MAIN_DATABASE}
            loading={sources.isFetching}
            options={[
              { value: MAIN_DATABASE, label: t('biDesign.sql.mainDatabase') },
              ...(sources.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.kind})` })),
            ]}
            onChange={(id) => onChange({ ...value, dataSourceId: id === MAIN_DATABASE ? null : id })}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('biDesign.sql.hint')}
          </Typography.Text>
          <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: Math.round(ui.editorHeight / 40) }} />}>
            <SqlEditor
              label={t('biDesign.sql.statement')}
              value={value.sql}
              readOnly={readOnly}
              onChange={(sql) => onChange({ ...value, sql })}
            />
          </Suspense>
          {errors.sql && <Typography.Text type="danger">{errors.sql}</Typography.Text>}
        </Space>
      </Card>
      <Card size="small" title={t('biDesign.sql.parameters')}>
        <SqlParameters
          value={value.parameters}
          errors={errors}
          readOnly={readOnly}
          onChange={(parameters) => onChange({ ...value, parameters })}
        />
      </Card>
      <Card
        size="small"
        title={t('biDesign.sql.columns')}
        extra={
          <Button
            icon={<CaretRightOutlined />}
            loading={trying}
            disabled={readOnly || value.sql.trim() === ''}
            onClick={() => void runTry()}
          >
            {t('biDesign.sql.try')}
          </Button>
        }
      >
        {tryError && <Alert type="error" showIcon style={{ marginBottom: 8 }} title={tryError} />}
        <SqlColumns value={value.columns} errors={errors} onChange={(columns) => onChange({ ...value, columns })} />
        {tried && <TriedRows tried={tried} />}
      </Card>
    </Space>
  );
}

/** The first rows Try answered, as they came. */
function TriedRows({ tried }: { tried: SqlTry }) {
  const { t } = useTranslation();
  const rows = tried.rows.slice(0, SHOWN_ROWS).map((r, i) => ({ ...r, __row: i }));
  return (
    <section aria-label={t('biDesign.sql.firstRows')} style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('biDesign.sql.firstRows')}</Typography.Text>
      <Table
        size="small"
        rowKey="__row"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={tried.columns.map((c) => ({
          key: c.name,
          title: c.name,
          render: (_: unknown, r: Record<string, unknown>) => shown(r[c.name]),
        }))}
      />
    </section>
  );
}

const shown = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
