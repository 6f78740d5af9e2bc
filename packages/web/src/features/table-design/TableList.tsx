import { type Lang, langOf } from '@trestle/shared';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { wideTable } from '../../lib/theme.ts';

const PAGE_SIZE = 30;

/** What a listed table shows first: its label, its entity's name and its table. */
type ListedTable = { label: Record<Lang, string>; name: string; table: string };

type Props<R extends ListedTable> = {
  rowKey: keyof R & string;
  testId: string;
  query: { data?: readonly R[]; isFetching: boolean };
  nameWidth: number;
  /** The list's own columns, after the label, the name and the table. */
  columns: TableColumnsType<R>;
};

/**
 * A list of tables (the designs, the built-in entities), few enough to be read whole and paged here:
 * each one's label, name and table, then the list's own columns.
 */
export function TableList<R extends ListedTable>({ rowKey, testId, query, nameWidth, columns }: Props<R>) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <QueryTable<R>
      rowKey={rowKey}
      testId={testId}
      query={query}
      {...wideTable}
      pageSize={PAGE_SIZE}
      columns={[
        { key: 'label', title: t('tableDesign.label'), fixed: 'left', width: 200, render: (_, r) => r.label[lang] },
        { key: 'name', dataIndex: 'name', title: t('tableDesign.name'), width: nameWidth },
        { key: 'table', dataIndex: 'table', title: t('tableDesign.table'), width: 180 },
        ...columns,
      ]}
    />
  );
}
