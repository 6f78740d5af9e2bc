import type { ChartDefinition } from '@trestle/shared';
import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { type BiPick, columnLabel, type OkResult, valueKey } from './chart-model.ts';
import { type ChartLanguage, formatChange, formatNumber, formatValue, type Scalar, toNumber, word } from './format.ts';
import { pivotModel } from './pivot.ts';

/** The chart types antd draws: the KPI's big numbers, the result as a table, and the pivot table. */

type ViewProps = {
  definition: ChartDefinition;
  result: OkResult;
  language: ChartLanguage;
  height: number;
  onPick?(pick: BiPick): void;
  selected?: readonly Scalar[];
};

const UP = '#3f8600';
const DOWN = '#cf1322';

/** Each measure of the first row as a big number, with its change against the period compared with. */
export function KpiView({ definition, result, language, height }: ViewProps) {
  const measures = result.columns.flatMap((column, index) => (column.role === 'measure' ? [{ column, index }] : []));
  const fmt = (v: number | null) => formatNumber(v, definition.style, language);
  return (
    // The number shrinks with a narrow tile (a container query), up to 36 px.
    <Flex
      wrap
      gap={32}
      align="center"
      justify="center"
      style={{ minHeight: Math.min(height, 160), containerType: 'inline-size' }}
    >
      {measures.map((m, j) => {
        const value = toNumber(result.rows[0]?.[m.index]);
        const previous = result.previous ? (result.previous[j] ?? null) : undefined;
        const change = previous === undefined ? null : formatChange(value, previous, language);
        return (
          <div key={m.column.name} style={{ textAlign: 'center' }}>
            <Typography.Text type="secondary">{columnLabel(m.column, language)}</Typography.Text>
            <div
              style={{
                fontSize: `clamp(14px, ${Math.round(8 / measures.length)}cqw, 36px)`,
                fontWeight: 600,
                lineHeight: 1.3,
                whiteSpace: 'nowrap',
              }}
            >
              {fmt(value)}
            </div>
            {previous !== undefined && (
              <div>
                {change ? <Change ratio={change.ratio} pct={change.pct} language={language} /> : null}
                <Typography.Text type="secondary" style={{ marginLeft: change ? 8 : 0 }}>
                  {previous === null
                    ? word(language, 'biChart.noPrevious')
                    : word(language, 'biChart.previous', { value: fmt(previous) })}
                </Typography.Text>
              </div>
            )}
          </div>
        );
      })}
    </Flex>
  );
}

function Change({ ratio, pct, language }: { ratio: number; pct: string; language: ChartLanguage }) {
  if (ratio === 0) return <Typography.Text>{word(language, 'biChart.unchanged')}</Typography.Text>;
  const up = ratio > 0;
  return (
    <Typography.Text
      style={{ color: up ? UP : DOWN }}
      aria-label={word(language, up ? 'biChart.up' : 'biChart.down', { pct })}
    >
      {up ? '▲' : '▼'} {pct}
    </Typography.Text>
  );
}

type Line = { key: number; cells: Scalar[] };
const PAGE = 50;

/** The result's rows as they came, every column written as the chart's style says; a row click picks it. */
export function ResultTable({ definition, result, language, height, onPick, selected = [] }: ViewProps) {
  const first = result.columns.findIndex((c) => c.role === 'dimension');
  const firstColumn = result.columns[first];
  const chosen = new Set(selected.map(valueKey));
  const columns: ColumnsType<Line> = result.columns.map((column, i) => {
    const measure = column.role === 'measure';
    return {
      key: column.name,
      title: columnLabel(column, language),
      align: measure ? 'right' : 'left',
      sorter: (a, b) => compare(a.cells[i] ?? null, b.cells[i] ?? null),
      render: (_, line) =>
        measure
          ? formatNumber(toNumber(line.cells[i]), definition.style, language)
          : formatValue(line.cells[i] ?? null, column, result.dictionaries, definition.style, language),
    };
  });
  const pick = (line: Line): BiPick | null => {
    if (!firstColumn?.field) return null;
    const value = line.cells[first] ?? null;
    const label = formatValue(value, firstColumn, result.dictionaries, definition.style, language);
    return { field: firstColumn.field, value, bucket: firstColumn.bucket, label };
  };
  return (
    <Table<Line>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={result.rows.map((cells, key) => ({ key, cells }))}
      pagination={result.rows.length > PAGE ? { pageSize: PAGE, size: 'small', showSizeChanger: false } : false}
      scroll={{ x: 'max-content', y: Math.max(height - 80, 120) }}
      rowClassName={(line) =>
        chosen.size > 0 && chosen.has(valueKey(line.cells[first])) ? 'ant-table-row-selected' : ''
      }
      onRow={(line) => {
        const picked = onPick ? pick(line) : null;
        return picked ? { onClick: () => onPick?.(picked), style: { cursor: 'pointer' } } : {};
      }}
    />
  );
}

function compare(a: Scalar, b: Scalar): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

type PivotLine = { key: string; headers: string[]; cells: (number | null)[]; totals: (number | null)[] };

/** The pivot: the other dimensions down, the last one across (each of its values with every measure), totals. */
export function PivotTable({ definition, result, language, height }: ViewProps) {
  const model = useMemo(() => pivotModel(definition, result, language), [definition, result, language]);
  const fmt = (v: number | null | undefined) =>
    v === null || v === undefined ? '' : formatNumber(v, definition.style, language);
  const measureCount = Math.max(1, result.columns.filter((c) => c.role === 'measure').length);
  const oneMeasure = measureCount === 1;
  const totalWord = word(language, 'biChart.total');

  const headerColumns: ColumnsType<PivotLine> = model.headers.map((title, h) => ({
    key: `h${h}`,
    title,
    fixed: 'left',
    render: (_, line) => line.headers[h],
  }));
  const cell = (ci: number) => ({
    align: 'right' as const,
    render: (_: unknown, line: PivotLine) => fmt(line.cells[ci]),
  });
  // Each value across: one column per measure, grouped under the value when there are several measures.
  const groups = new Map<string, ColumnsType<PivotLine>>();
  model.columns.forEach((c, ci) => {
    const group = c.group ?? '';
    const column = { key: c.key, title: model.pivoted && oneMeasure ? group : c.title, ...cell(ci) };
    groups.set(group, [...(groups.get(group) ?? []), column]);
  });
  const valueColumns: ColumnsType<PivotLine> =
    model.pivoted && !oneMeasure
      ? [...groups.entries()].map(([group, children]) => ({ key: `g:${group}`, title: group, children }))
      : [...groups.values()].flat();
  const totalColumns: ColumnsType<PivotLine> = model.pivoted
    ? model.grandTotals.map((_, j) => ({
        key: `t${j}`,
        title: oneMeasure ? totalWord : `${totalWord} · ${model.columns[j]?.title ?? ''}`,
        align: 'right',
        render: (_: unknown, line: PivotLine) => <strong>{fmt(line.totals[j])}</strong>,
      }))
    : [];

  const lines: PivotLine[] = model.rows.map((r, i) => ({
    key: r.key,
    headers: r.headers,
    cells: r.cells,
    totals: model.rowTotals[i] ?? [],
  }));
  const strong = (v: number | null | undefined) => <strong>{fmt(v)}</strong>;
  const totalCells = [
    ...headerColumns.map((c, h) => ({
      key: String(c.key),
      align: undefined,
      content: h === 0 ? <strong>{totalWord}</strong> : null,
    })),
    ...model.columns.map((c, ci) => ({ key: c.key, align: 'right' as const, content: strong(model.columnTotals[ci]) })),
    ...totalColumns.map((c, j) => ({
      key: String(c.key),
      align: 'right' as const,
      content: strong(model.grandTotals[j]),
    })),
  ];
  const summary = () => (
    <Table.Summary fixed>
      <Table.Summary.Row>
        {totalCells.map((cell, index) => (
          <Table.Summary.Cell key={cell.key} index={index} align={cell.align}>
            {cell.content}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
  return (
    <Table<PivotLine>
      size="small"
      bordered
      rowKey="key"
      columns={[...headerColumns, ...valueColumns, ...totalColumns]}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content', y: Math.max(height - 100, 120) }}
      summary={summary}
    />
  );
}
