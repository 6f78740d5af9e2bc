import { useQuery } from '@tanstack/react-query';
import type { EntityScreenMeta } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { buildColumns, type Row } from '../grid/columns.tsx';
import { useDictionaries, useRemoteLabels } from '../grid/dictionaries.ts';
import { entityApi, gridKeys } from '../grid/entity-api.ts';
import { QueryTable } from '../grid/QueryTable.tsx';

/** How many lines an expanded row shows: its document's lines, read at once (the dialog reads 500). */
const LINES = 100;

/** The lines of a master row's first detail entity, read through the master's getDetailPage, under the row. */
export function DetailLines({ master, masterKey }: { master: EntityScreenMeta; masterKey: number }) {
  const { t, i18n } = useTranslation();
  const rel = master.details[0];
  const child = master.detailMetas.find((m) => m.name === rel?.entity);
  const lines = useQuery({
    queryKey: gridKeys.detail(master.name, masterKey, rel?.entity ?? ''),
    queryFn: () => entityApi(master.name).detailPage({ value: masterKey, detail: rel?.entity, page: 1, rows: LINES }),
    enabled: rel !== undefined,
  });
  const rows = lines.data?.rows ?? [];
  const dictionaries = useDictionaries(child ? [child] : []);
  const remoteLabels = useRemoteLabels(child ?? master, rows, dictionaries);
  if (!rel || !child) return null;
  const columns = buildColumns(
    { ...child, fields: child.fields.filter((f) => f.name !== rel.foreignKey) },
    { language: i18n.language, t, dictionaries, remoteLabels, order: 'asc', hidden: new Set() },
  );
  return (
    <QueryTable<Row>
      testId={`detail-lines-${masterKey}`}
      query={{ data: rows, isFetching: lines.isFetching }}
      rowKey={(r) => String(r[child.key])}
      columns={columns}
    />
  );
}
