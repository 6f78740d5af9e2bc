import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { wideTable } from '../../lib/theme.ts';
import type { GridPage, GridPaging, GridState, RowOf } from './use-grid-state.ts';

type Props<Q extends GridPaging, P extends GridPage<unknown>> = Omit<
  TableProps<RowOf<P>>,
  'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowSelection' | 'rowKey'
> & {
  grid: GridState<Q, P>;
  /** Several rows ticked (checkbox), one (radio), or none. */
  selection?: 'checkbox' | 'radio';
  /** Laid over the grid's paging (the size changer, the total's wording); false for a list shown whole. */
  pagination?: TablePaginationConfig | false;
  /** The request's sort field for a sorted column; the column's key when omitted. */
  sortField?: (columnKey: string) => string;
  /** Wide lists scroll sideways inside the table rather than the page. */
  wide?: boolean;
  /** What a double-click on a row does (opens its edit dialog). */
  onOpen?: (row: RowOf<P>) => void;
  testId?: string;
};

/**
 * The table of a server-paged list: its rows, paging, sort and selection live in the grid state, so a
 * page or sort change is a new request. Columns, row actions (a column) and row events are the screen's.
 */
export function GridTable<Q extends GridPaging, P extends GridPage<unknown>>({
  grid,
  selection,
  pagination,
  sortField = (key) => key,
  wide = false,
  onOpen,
  testId,
  ...table
}: Props<Q, P>) {
  const { t } = useTranslation();
  const { request, setRequest, defaultSort } = grid;

  const onSort = (current: number | undefined, pageSize: number | undefined, sorter: SorterResult<RowOf<P>>) => {
    const sort = sorter.order
      ? sortField(String(sorter.columnKey ?? sorter.field))
      : (defaultSort?.field ?? request.sort);
    const order = sorter.order ? (sorter.order === 'ascend' ? 'asc' : 'desc') : (defaultSort?.order ?? request.order);
    setRequest((r) => ({
      ...r,
      // A new sort starts again from the first page.
      page: r.sort !== sort || r.order !== order ? 1 : (current ?? 1),
      rows: pageSize ?? r.rows,
      sort,
      order,
    }));
  };

  return (
    <Table<RowOf<P>>
      size="small"
      data-testid={testId}
      rowKey={grid.rowKey}
      loading={grid.query.isFetching}
      dataSource={grid.rows}
      {...(wide ? wideTable : {})}
      rowSelection={
        selection && {
          type: selection,
          // In a table scrolling sideways the ticks stay in view.
          fixed: wide || undefined,
          selectedRowKeys: grid.selectedKeys,
          onChange: grid.select,
        }
      }
      pagination={
        pagination !== false &&
        !grid.whole && {
          current: request.page,
          pageSize: request.rows,
          total: grid.total,
          size: 'small',
          showTotal: (total) => t('grid.total', { count: total }),
          ...pagination,
        }
      }
      onChange={(p, _filters, sorter) =>
        onSort(p.current, p.pageSize, Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter)
      }
      onRow={onOpen && ((row) => ({ onDoubleClick: () => onOpen(row) }))}
      {...table}
    />
  );
}
