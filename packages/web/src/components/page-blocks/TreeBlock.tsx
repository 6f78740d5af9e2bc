import type { BlockProps, EntityScreenMeta, Where } from '@trestle/shared';
import { Button, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../grid/entity-api.ts';
import { BlockEmpty, BlockError, EntityGate } from './entity-block.tsx';
import { usePage } from './page-context.tsx';
import type { Row } from './page-wheres.ts';
import { useBlockWheres } from './use-block-wheres.ts';
import { useEntityRows } from './use-entity-rows.ts';
import { useRowTitle } from './use-row-title.ts';

type Props = BlockProps<'tree'>;

/** Roots are read this many rows at a time; a node's children at most CHILDREN at once. */
const ROOT_PAGE = 100;
const CHILDREN = 200;

/**
 * A self-referencing entity as a tree, read a level at a time: a node's children are the rows whose parent field
 * holds its key, read when it is opened. Selecting a node publishes its row to the page.
 */
export function TreeBlock({ uid, props }: { uid: string; props: Props }) {
  return <EntityGate entity={props.entity}>{(meta) => <LinkedTree uid={uid} props={props} meta={meta} />}</EntityGate>;
}

function LinkedTree({ uid, props, meta }: { uid: string; props: Props; meta: EntityScreenMeta }) {
  const { t } = useTranslation();
  const { wheres, waitingFor } = useBlockWheres(uid, props, meta.key);
  if (waitingFor) return <BlockEmpty text={t('pageBlocks.selectFirst', { block: waitingFor })} />;
  return <EntityTree key={JSON.stringify(wheres)} uid={uid} props={props} meta={meta} wheres={wheres} />;
}

type TreeProps = { uid: string; props: Props; meta: EntityScreenMeta; wheres: Where[] };

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || v === 0;

function EntityTree({ uid, props, meta, wheres }: TreeProps) {
  const { t } = useTranslation();
  const { select } = usePage();
  const [pages, setPages] = useState(1);
  const [children, setChildren] = useState<Record<number, Row[]>>({});
  // The engine filters by value, not by "empty": the roots are the rows read page by page whose parent is empty.
  const rows = useEntityRows(meta, { page: 1, rows: ROOT_PAGE * pages, wheres });
  const all = [...(rows.data?.rows ?? []), ...Object.values(children).flat()];
  const { titleOf } = useRowTitle(meta, props.titleField, all);
  useEffect(() => () => select(uid, null), [select, uid]);
  if (rows.error) return <BlockError error={rows.error} />;
  if (!rows.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const keyOf = (row: Row) => Number(row[meta.key]);
  const nodeOf = (row: Row): DataNode => {
    const key = keyOf(row);
    const kids = children[key];
    return {
      key,
      title: titleOf(row),
      isLeaf: kids !== undefined && kids.length === 0,
      ...(kids && kids.length > 0 ? { children: kids.map(nodeOf) } : {}),
    };
  };
  const roots = rows.data.rows.filter((r) => isEmpty(r[props.parentField]));
  const loadChildren = async (key: number) => {
    const page = await entityApi(meta.name).page({
      page: 1,
      rows: CHILDREN,
      wheres: [...wheres, { name: props.parentField, value: key, displayType: 'eq' }],
    });
    setChildren((c) => ({ ...c, [key]: page.rows }));
  };
  const rowOf = (key: number) => all.find((r) => keyOf(r) === key);
  return (
    <>
      {roots.length === 0 ? (
        <BlockEmpty />
      ) : (
        <Tree
          blockNode
          treeData={roots.map(nodeOf)}
          loadData={(node) => loadChildren(Number(node.key))}
          onSelect={(keys) => {
            const key = Number(keys[0]);
            const row = keys.length > 0 ? rowOf(key) : undefined;
            select(uid, row ? { entity: meta.name, key, row } : null);
          }}
        />
      )}
      {rows.data.rows.length < rows.data.total && (
        <Button type="link" size="small" onClick={() => setPages((p) => p + 1)}>
          {t('pageBlocks.treeMore')}
        </Button>
      )}
    </>
  );
}
