import type { TableColumnsType } from 'antd';
import { Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar, type ToolbarItem } from '../ActionToolbar.tsx';
import { QuickSearch } from '../QuickSearch.tsx';
import { GridTable } from './GridTable.tsx';
import { gridActions } from './grid-actions.tsx';
import { type GridPage, type GridSource, useGridDialog, useGridState } from './use-grid-state.ts';

/** A list searched by one text box: the text and the page asked for. */
export type RecordListRequest = { q: string; page: number; rows: number };

/**
 * The state of a screen's own list of records, searched by one text box, whose records open in the
 * screen's dialog: the grid, the text, the selected record and the dialog's target (null: a new record).
 */
export function useRecordList<R extends { id: number }>(source: GridSource<RecordListRequest, GridPage<R>>) {
  const [text, setText] = useState('');
  const grid = useGridState({ ...source, initial: { q: '', page: 1, rows: 30 }, rowKey: (r: R) => r.id });
  const dialog = useGridDialog<number>(grid.reload);
  const search = () => grid.search({ q: text.trim() });
  return { grid, dialog, text, setText, search, selected: grid.selectedRows[0] };
}

export type RecordListState<R extends { id: number }> = ReturnType<typeof useRecordList<R>>;

type Props<R extends { id: number }> = {
  list: RecordListState<R>;
  searchHint: string;
  searchTestId?: string;
  /** The screen's own actions, after Search, Add and Edit. */
  actions?: ToolbarItem[];
  testId: string;
  columns: TableColumnsType<R>;
};

/**
 * The search box and toolbar (Search, Add, Edit of the selected record, then the screen's own) above the
 * list; one record is selected at a time, and a double-click opens it as Edit does.
 */
export function RecordList<R extends { id: number }>({
  list,
  searchHint,
  searchTestId,
  actions = [],
  testId,
  columns,
}: Props<R>) {
  const { t } = useTranslation();
  const standard = gridActions(t);
  const { dialog, selected } = list;
  return (
    <>
      <Space wrap>
        <QuickSearch
          testId={searchTestId}
          placeholder={searchHint}
          value={list.text}
          onChange={list.setText}
          onSearch={list.search}
        />
        <ActionToolbar
          items={[
            standard.search(list.search),
            standard.add(() => dialog.open(null)),
            standard.edit(() => selected && dialog.open(selected.id), !selected),
            ...actions,
          ]}
        />
      </Space>
      <GridTable
        grid={list.grid}
        testId={testId}
        selection="radio"
        onOpen={(row) => dialog.open(row.id)}
        columns={columns}
      />
    </>
  );
}
