import { useQueryClient } from '@tanstack/react-query';
import type { BlockProps, EntityScreenMeta, PageResult, Where } from '@trestle/shared';
import { Flex, Form, Space } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../ActionToolbar.tsx';
import { labelOf } from '../form/layout.ts';
import { buildColumns, type Row } from '../grid/columns.tsx';
import { useDictionaries, useRemoteLabels } from '../grid/dictionaries.ts';
import { type EntityDialog, useEntityActions } from '../grid/entity-actions.tsx';
import { entitySource, gridKeys } from '../grid/entity-api.ts';
import { fieldSources } from '../grid/field-sources.ts';
import { GridTable } from '../grid/GridTable.tsx';
import { SearchPanel } from '../grid/SearchPanel.tsx';
import { GridSummary } from '../grid/summary.tsx';
import type { EntityGrid, EntityRequest } from '../grid/use-entity-grid.ts';
import { useGridState } from '../grid/use-grid-state.ts';
import { buildWheres, quickSearchField } from '../grid/wheres.ts';
import { QuickSearch } from '../QuickSearch.tsx';
import { blockListMeta, blockSearchMeta, blockToolbar } from './block-meta.ts';
import { DetailLines } from './DetailLines.tsx';
import { BlockEmpty, EntityGate, entityPath, useEntityGrants } from './entity-block.tsx';
import { GridBlockDialogs } from './GridBlockDialogs.tsx';
import { usePage } from './page-context.tsx';
import { useBlockWheres } from './use-block-wheres.ts';

type Props = BlockProps<'grid'>;

/**
 * A list of an entity on a page, built from the ViewGrid parts: its state, search, granted toolbar (the block's
 * actions, each under the viewer's grant on the entity's screen), table and dialogs. Selecting a row publishes
 * it to the page; with a link, it lists only the rows of the row selected in the linked block.
 */
export function GridBlock({ uid, props }: { uid: string; props: Props }) {
  return <EntityGate entity={props.entity}>{(meta) => <LinkedGrid uid={uid} props={props} meta={meta} />}</EntityGate>;
}

function LinkedGrid({ uid, props, meta }: { uid: string; props: Props; meta: EntityScreenMeta }) {
  const { t } = useTranslation();
  const { wheres, waitingFor } = useBlockWheres(uid, props, meta.key);
  if (waitingFor) return <BlockEmpty text={t('pageBlocks.selectFirst', { block: waitingFor })} />;
  // Another master row or filter is another list: its search, page and selection start again.
  return <GridBody key={JSON.stringify(wheres)} uid={uid} props={props} meta={meta} fixed={wheres} />;
}

/** The grid state of a block's list: the entity's pages at the block's size, always within its fixed wheres. */
function useBlockGrid(meta: EntityScreenMeta, pageSize: number, fixed: Where[]) {
  return useGridState<EntityRequest, PageResult>({
    ...entitySource(meta.name),
    rowKey: (r) => Number(r[meta.key]),
    defaultSort: meta.defaultSort,
    initial: {
      page: 1,
      rows: pageSize,
      sort: meta.defaultSort.field,
      order: meta.defaultSort.order,
      wheres: fixed,
      exactTotal: false,
    },
  });
}

/**
 * A block's search: its quick search (the entity's, when the block names no search fields) or its search form of
 * the fields it names, always within its fixed wheres.
 */
function useBlockSearch(meta: EntityScreenMeta, props: Props, grid: EntityGrid, fixed: Where[]) {
  const searchMeta = useMemo(() => blockSearchMeta(meta, props.searchFields), [meta, props.searchFields]);
  const quickField = props.searchFields.length === 0 ? quickSearchField(meta) : undefined;
  const [searchForm] = Form.useForm();
  const [quick, setQuick] = useState('');
  const search = () => {
    const values = quickField
      ? { [quickField.name]: quick }
      : ({ ...searchForm.getFieldsValue() } as Record<string, unknown>);
    grid.search({ wheres: [...fixed, ...buildWheres(searchMeta, values)], exactTotal: false });
  };
  const reset = () => {
    searchForm.resetFields();
    setQuick('');
    grid.setRequest((r) => ({ ...r, page: 1, wheres: fixed }));
  };
  return { searchMeta, quickField, form: props.searchFields.length > 0, searchForm, quick, setQuick, search, reset };
}

type SearchBarProps = {
  uid: string;
  meta: EntityScreenMeta;
  search: ReturnType<typeof useBlockSearch>;
  sourceOf: ReturnType<typeof fieldSources>;
  children: ReactNode;
};

/** The quick search (or the block's search form) with the toolbar beside it. */
function BlockSearchBar({ uid, meta, search, sourceOf, children }: SearchBarProps) {
  const { i18n } = useTranslation();
  const { quickField } = search;
  return (
    <>
      <Flex justify="space-between" wrap gap="small">
        {quickField ? (
          <QuickSearch
            testId={`block-${uid}-search`}
            placeholder={labelOf(quickField, i18n.language)}
            value={search.quick}
            onChange={search.setQuick}
            onSearch={search.search}
          />
        ) : (
          <span />
        )}
        {children}
      </Flex>
      {search.form && (
        <SearchPanel
          meta={search.searchMeta}
          form={search.searchForm}
          open
          sourceOf={sourceOf(meta)}
          onSearch={search.search}
          onReset={search.reset}
          onValuesChange={() => {}}
        />
      )}
    </>
  );
}

type BodyProps = { uid: string; props: Props; meta: EntityScreenMeta; fixed: Where[] };

function GridBody({ uid, props, meta, fixed }: BodyProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { select } = usePage();
  const grants = useEntityGrants(meta.name);
  const grid = useBlockGrid(meta, props.pageSize, fixed);
  const listMeta = useMemo(() => blockListMeta(meta, props.columns), [meta, props.columns]);
  const searching = useBlockSearch(meta, props, grid, fixed);
  const [dialog, setDialog] = useState<EntityDialog>(null);
  const dictionaries = useDictionaries([meta, ...meta.detailMetas]);
  const remoteLabels = useRemoteLabels(meta, grid.rows, dictionaries);
  const sourceOf = fieldSources(meta, dictionaries, grants.can('Upload'));

  // The row this block published goes with it (another master row, the block gone).
  useEffect(() => () => select(uid, null), [select, uid]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });
  const items = blockToolbar(
    useEntityActions({ meta, grid, search: searching.search, open: setDialog, refresh }),
    props.actions,
  );
  const columns = buildColumns(listMeta, {
    language: i18n.language,
    t,
    dictionaries,
    remoteLabels,
    sort: grid.request.sort,
    order: grid.request.order ?? 'desc',
    hidden: new Set(),
  });
  const canEdit = props.actions.includes('edit') && grants.can('Update');
  const firstDetail = meta.details[0];
  const pick = (row: Row) => {
    const key = Number(row[meta.key]);
    grid.select([key], [row]);
    select(uid, { entity: meta.name, key, row });
  };

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <BlockSearchBar uid={uid} meta={meta} search={searching} sourceOf={sourceOf}>
        <ActionToolbar items={items} menuUrlPath={entityPath(meta.name)} />
      </BlockSearchBar>
      <GridTable
        grid={grid}
        testId={`block-${uid}-table`}
        wide
        selection="checkbox"
        columns={columns}
        onRow={(row) => ({
          onClick: () => pick(row),
          onDoubleClick: () => {
            if (canEdit) setDialog({ kind: 'edit', row });
          },
        })}
        expandable={
          props.expandDetails && firstDetail
            ? { expandedRowRender: (row) => <DetailLines master={meta} masterKey={Number(row[meta.key])} /> }
            : undefined
        }
        summary={() => <GridSummary meta={listMeta} columns={columns} summary={grid.query.data?.summary ?? null} />}
      />
      <GridBlockDialogs
        dialog={dialog}
        meta={meta}
        grid={grid}
        grants={grants}
        sourceOf={sourceOf}
        onClose={() => setDialog(null)}
        refresh={refresh}
      />
    </Space>
  );
}
