import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Props<T> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  /** The query whose rows are shown; the table shows it loading while it fetches. */
  query: { data?: readonly T[]; isFetching: boolean };
  /** Paged in the browser, this many rows a page, with the total; shown whole when omitted. */
  pageSize?: number;
  testId?: string;
};

/**
 * A short list one query reads whole (a side panel, a dialog's rows, a list from code), not a server-paged
 * list screen: that one is GridTable's.
 */
export function QueryTable<T extends object>({ query, pageSize, testId, ...table }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      size="small"
      data-testid={testId}
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={
        pageSize ? { pageSize, size: 'small', showTotal: (total) => t('grid.total', { count: total }) } : false
      }
      {...table}
    />
  );
}
