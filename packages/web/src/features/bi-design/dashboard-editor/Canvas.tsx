import type { Chart, ChartResult, DashboardItem } from '@trestle/shared';
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BiChart } from '../../../components/chart/BiChart.tsx';
import type { ChartLanguage } from '../../../components/chart/format.ts';
import { GridTile } from '../../../components/grid-layout/GridTile.tsx';
import { chartHeight, gridStyle, tileHeight } from '../../../components/grid-layout/grid.ts';
import { bottomOf, type Rect } from '../../../components/grid-layout/layout.ts';
import { useGridDrag } from '../../../components/grid-layout/use-grid-drag.ts';

type Props = {
  items: DashboardItem[];
  charts: Map<number, Chart>;
  results: Record<string, ChartResult>;
  language: ChartLanguage;
  nameOf(item: DashboardItem): string;
  selectedId: string | null;
  onSelect(id: string): void;
  onPlace(id: string, rect: Rect): void;
  onRemove(id: string): void;
};

/**
 * The dashboard's 24-column grid as the viewer draws it, each tile moved by dragging its title and resized by
 * its corner, or with the arrow keys when focused (components/grid-layout); the charts drawn from the
 * preview's batch.
 */
export function Canvas({ items, charts, results, language, nameOf, selectedId, onSelect, onPlace, onRemove }: Props) {
  const { t } = useTranslation();
  const drag = useGridDrag(onSelect, onPlace);

  return (
    <div ref={drag.grid} style={{ ...gridStyle, minHeight: tileHeight(bottomOf(items) + 4), position: 'relative' }}>
      {items.map((item) => {
        const name = nameOf(item);
        const chart = item.chartId === null ? undefined : charts.get(item.chartId);
        const result = results[item.id];
        return (
          <GridTile
            key={item.id}
            tile={item}
            drag={drag}
            selected={item.id === selectedId}
            title={
              <Typography.Text strong ellipsis>
                {name}
              </Typography.Text>
            }
            handleLabel={t('dashboardEditor.tileLabel', { name, x: item.x + 1, y: item.y + 1, w: item.w, h: item.h })}
            removeLabel={`${t('dashboardEditor.remove')}: ${name}`}
            resizeLabel={t('dashboardEditor.resize', { name })}
            onSelect={onSelect}
            onRemove={onRemove}
          >
            {item.kind === 'text' ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.text}</Typography.Paragraph>
            ) : chart && result ? (
              <BiChart
                definition={chart.definition}
                result={result}
                language={language}
                height={chartHeight(item.h)}
                title={name}
              />
            ) : (
              <Flex align="center" justify="center" style={{ height: '100%' }}>
                <Spin />
              </Flex>
            )}
          </GridTile>
        );
      })}
    </div>
  );
}
