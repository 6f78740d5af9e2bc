import { useQuery } from '@tanstack/react-query';
import { type Chart, type ChartDefinition, type ChartType, checkChart, datasetFields } from '@trestle/shared';
import { Card, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { biDesignKeys, getChart, getDataset, listBi, saveChart, useBiEntities } from './bi-design-api.ts';
import { ChartPreview } from './ChartPreview.tsx';
import { ChartSettings } from './ChartSettings.tsx';
import { ChartTypePicker } from './ChartTypePicker.tsx';
import { ChartWells } from './ChartWells.tsx';
import { addField, emptyChart, forDataset, missingParts, parsedChart } from './chart-model.ts';
import { withoutPrefix } from './dataset-model.ts';
import { DefinitionProblems, EditorFrame, NameFields } from './EditorFrame.tsx';
import { FieldDnd } from './FieldDnd.tsx';
import { FieldPalette } from './FieldPalette.tsx';
import { useOpened } from './use-opened.tsx';
import { useDraftSaving } from './use-save.ts';

type Props = {
  /** The chart to open; null for a new one. */
  id: number | null;
  canSave: boolean;
  onSaved(id: number): void;
  onClose(): void;
};

/**
 * The chart builder: a dataset, a chart type, the dataset's fields dragged (or clicked) onto dimensions,
 * series, measures and filters, the settings beside them, and a preview drawn from the server as it is built.
 */
export function ChartBuilder({ id, ...props }: Props) {
  const opened = useOpened(id, biDesignKeys.chart, getChart);
  return opened.waiting ?? <LoadedChartBuilder row={opened.row} onReload={opened.reload} {...props} />;
}

type Draft = { name: string; description: string; definition: ChartDefinition };

const draftOf = (row: Chart | null): Draft => ({
  name: row?.name ?? '',
  description: row?.description ?? '',
  definition: row?.definition ?? emptyChart(),
});

/** The chosen dataset's definition and the fields it offers, with the shared check's word on the chart. */
function useDatasetOf(chart: ChartDefinition) {
  const entities = useBiEntities();
  const dataset = useQuery({
    queryKey: biDesignKeys.dataset(chart.datasetId),
    queryFn: () => getDataset(chart.datasetId),
    enabled: chart.datasetId > 0,
    staleTime: 60_000,
  });
  const definition = dataset.data?.definition;
  const fields = useMemo(
    () => (definition ? datasetFields(definition, entities.data ?? []) : []),
    [definition, entities.data],
  );
  const problems = useMemo(
    () => (definition ? checkChart(chart, definition, entities.data ?? []) : {}),
    [chart, definition, entities.data],
  );
  return { fields, problems, loading: dataset.isFetching };
}

function LoadedChartBuilder({
  row,
  canSave,
  onSaved,
  onClose,
  onReload,
}: Omit<Props, 'id'> & { row: Chart | null; onReload(): Promise<Chart | null> }) {
  const { t } = useTranslation();
  const { draft, setDraft, dirty, saver, save, reload } = useDraftSaving({
    kind: 'chart',
    row,
    draftOf,
    bodyOf: (d: Draft) => d,
    send: saveChart,
    onSaved,
    onReload,
  });
  const datasets = useQuery({ queryKey: biDesignKeys.list('dataset'), queryFn: () => listBi('dataset') });
  const chart = draft.definition;
  const { fields, problems: checked } = useDatasetOf(chart);
  const problems = { ...checked, ...saver.refused };
  const errors = withoutPrefix(problems);
  const setChart = (definition: ChartDefinition) => setDraft((d) => ({ ...d, definition }));
  const setType = (type: ChartType) =>
    setChart(type === 'kpi' ? { ...chart, type } : { ...chart, type, compare: 'none', compareField: null });

  const missing = missingParts(chart).map((part) => t(`biDesign.chart.missing.${part}`));
  const ready = missing.length === 0 && Object.keys(checked).length === 0 ? parsedChart(chart) : null;
  const waiting = missing.length > 0 ? missing : ready ? [] : [t('biDesign.chart.fixFirst')];

  const title = t('biDesign.chartTitle', { name: draft.name || t('biDesign.untitled') });
  return (
    <EditorFrame
      title={title}
      dirty={dirty}
      canSave={canSave}
      busy={saver.busy}
      conflict={saver.conflict}
      onSave={() => void save()}
      onReload={() => void reload()}
      onClose={onClose}
    >
      <NameFields
        name={draft.name}
        description={draft.description}
        readOnly={!canSave}
        onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
      />
      <DefinitionProblems problems={problems} />
      <FieldDnd onDrop={(well, field) => setChart(addField(chart, well, field))}>
        <div
          style={{ display: 'grid', gridTemplateColumns: '240px minmax(0, 1fr) 320px', gap: 12, alignItems: 'start' }}
        >
          <Card size="small" title={t('biDesign.chart.dataset')}>
            <Select<number>
              aria-label={t('biDesign.chart.dataset')}
              placeholder={t('biDesign.chart.chooseDataset')}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: '100%', marginBottom: 12 }}
              loading={datasets.isFetching}
              value={chart.datasetId > 0 ? chart.datasetId : undefined}
              options={(datasets.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              onChange={(datasetId) => setChart(forDataset(chart, datasetId, []))}
            />
            <FieldPalette fields={fields} onAdd={(well, field) => setChart(addField(chart, well, field))} />
          </Card>
          <Space orientation="vertical" size={8} style={{ width: '100%', minWidth: 0 }}>
            <ChartTypePicker value={chart.type} onChange={setType} />
            <ChartWells chart={chart} fields={fields} errors={errors} onChange={setChart} />
            <ChartPreview chart={ready} waiting={waiting} title={draft.name} />
          </Space>
          <ChartSettings chart={chart} fields={fields} errors={errors} onChange={setChart} />
        </div>
      </FieldDnd>
    </EditorFrame>
  );
}
