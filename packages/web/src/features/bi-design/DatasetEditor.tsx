import {
  checkDataset,
  type Dataset,
  type DatasetDefinition,
  datasetFields,
  type EntityDataset,
  type EntityMeta,
  type SqlDataset,
} from '@trestle/shared';
import { ConfigProvider, Radio, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { biDesignKeys, getDataset, saveDataset, useBiEntities } from './bi-design-api.ts';
import { emptyEntityDataset, emptySqlDataset, withoutPrefix } from './dataset-model.ts';
import { DefinitionProblems, EditorFrame, NameFields } from './EditorFrame.tsx';
import { EntityDatasetForm } from './EntityDatasetForm.tsx';
import { FieldPreview } from './FieldPreview.tsx';
import { SqlDatasetForm } from './SqlDatasetForm.tsx';
import { useOpened } from './use-opened.tsx';
import { useDraftSaving } from './use-save.ts';

type Props = {
  /** The dataset to open; null for a new one. */
  id: number | null;
  canSave: boolean;
  /** The separate grant SQL datasets need (BIDesign's `Sql` button). */
  canSql: boolean;
  onSaved(id: number): void;
  onClose(): void;
};

/**
 * A dataset's editor: its name, and either an entity (with references to follow, calculated fields and
 * default filters) or a SQL statement; the fields it offers charts and its problems show as it is edited.
 */
export function DatasetEditor({ id, ...props }: Props) {
  const opened = useOpened(id, biDesignKeys.dataset, getDataset);
  const entities = useBiEntities();
  return (
    opened.waiting ?? (
      <LoadedDatasetEditor row={opened.row} entities={entities.data ?? []} onReload={opened.reload} {...props} />
    )
  );
}

type Draft = {
  name: string;
  description: string;
  kind: DatasetDefinition['kind'];
  /** Each kind's definition is kept, so switching back and forth loses nothing. */
  entity: EntityDataset;
  sql: SqlDataset;
};

const draftOf = (row: Dataset | null): Draft => ({
  name: row?.name ?? '',
  description: row?.description ?? '',
  kind: row?.definition.kind ?? 'entity',
  entity: row?.definition.kind === 'entity' ? row.definition : emptyEntityDataset(),
  sql: row?.definition.kind === 'sql' ? row.definition : emptySqlDataset(),
});

const definitionOf = (d: Draft): DatasetDefinition => (d.kind === 'entity' ? d.entity : d.sql);

function LoadedDatasetEditor({
  row,
  entities,
  canSave,
  canSql,
  onSaved,
  onClose,
  onReload,
}: Omit<Props, 'id'> & { row: Dataset | null; entities: EntityMeta[]; onReload(): Promise<Dataset | null> }) {
  const { t } = useTranslation();
  const { draft, setDraft, dirty, saver, save, reload } = useDraftSaving({
    kind: 'dataset',
    row,
    draftOf,
    bodyOf: (d: Draft) => ({ name: d.name, description: d.description, definition: definitionOf(d) }),
    send: saveDataset,
    onSaved,
    onReload,
  });
  const definition = definitionOf(draft);
  // A SQL dataset is read by those without the SQL grant, never changed by them.
  const readOnly = !canSave || (draft.kind === 'sql' && !canSql);
  const fields = useMemo(() => datasetFields(definition, entities), [definition, entities]);
  const checked = useMemo(
    () => (draft.kind === 'entity' && draft.entity.entity === '' ? {} : checkDataset(definition, entities)),
    [definition, entities, draft.kind, draft.entity.entity],
  );
  const problems = { ...checked, ...saver.refused };
  const errors = withoutPrefix(problems);
  const change = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));

  const title = t('biDesign.datasetTitle', { name: draft.name || t('biDesign.untitled') });
  return (
    <EditorFrame
      title={title}
      dirty={dirty}
      canSave={!readOnly}
      busy={saver.busy}
      conflict={saver.conflict}
      onSave={() => void save()}
      onReload={() => void reload()}
      onClose={onClose}
    >
      {/* Read-only: every control shows the dataset as it is, none changes it. */}
      <ConfigProvider componentDisabled={readOnly}>
        <NameFields name={draft.name} description={draft.description} readOnly={readOnly} onChange={change} />
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text>{t('biDesign.dataset.kind')}</Typography.Text>
          <Radio.Group
            aria-label={t('biDesign.dataset.kind')}
            optionType="button"
            value={draft.kind}
            onChange={(e) => change({ kind: e.target.value })}
            options={[
              { value: 'entity', label: t('biDesign.datasetKind.entity') },
              { value: 'sql', label: t('biDesign.datasetKind.sql'), disabled: !canSql },
            ]}
          />
          {!canSql && <Typography.Text type="secondary">{t('biDesign.dataset.sqlNeedsGrant')}</Typography.Text>}
        </Space>
        <DefinitionProblems problems={problems} />
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 360px', gap: 16, alignItems: 'start' }}>
          {draft.kind === 'entity' ? (
            <EntityDatasetForm
              value={draft.entity}
              entities={entities}
              fields={fields}
              errors={errors}
              readOnly={readOnly}
              onChange={(entity) => change({ entity })}
            />
          ) : (
            <SqlDatasetForm value={draft.sql} errors={errors} readOnly={readOnly} onChange={(sql) => change({ sql })} />
          )}
          <FieldPreview fields={fields} />
        </div>
      </ConfigProvider>
    </EditorFrame>
  );
}
