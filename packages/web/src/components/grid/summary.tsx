import { type EntityMeta, groupDigits } from '@trestle/shared';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from './columns.tsx';

type Props = {
  meta: EntityMeta;
  columns: TableColumnsType<Row>;
  summary: Record<string, string | number | null> | null;
};

/** The totals row under the page (sum/avg/count of the fields with `summary`), when the server sent one. */
export function GridSummary({ meta, columns, summary }: Props) {
  const { t } = useTranslation();
  if (!summary || !meta.fields.some((f) => f.summary)) return null;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid="grid-summary">
        {/* In one line: Chinese breaks between any two characters, and the narrow selection column stacked 合 over 计. */}
        <Table.Summary.Cell index={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{t('grid.summary')}</span>
        </Table.Summary.Cell>
        {columns.map((c, i) => {
          const name = String(c.key);
          const value = summary[name];
          const decimal = meta.fields.some((f) => f.name === name && f.type === 'decimal');
          return (
            <Table.Summary.Cell key={name} index={i + 1} align={value !== undefined ? 'right' : undefined}>
              {value === undefined || value === null ? '' : decimal ? groupDigits(String(value)) : String(value)}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
