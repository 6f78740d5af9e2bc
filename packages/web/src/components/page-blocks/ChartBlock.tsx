import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BlockProps, type Chart, langOf, type RunFilter, type RunItem, type RunResponse } from '@trestle/shared';
import { Alert, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { BiChart } from '../chart/BiChart.tsx';
import { chartHeight } from '../grid-layout/grid.ts';
import { BlockError, NoAccess } from './entity-block.tsx';
import { usePage } from './page-context.tsx';
import { filterRunFilters, pageFiltersOf } from './page-wheres.ts';

type Props = BlockProps<'chart'>;

/**
 * A batch of a page's charts as /api/bi/run takes it: with the page's id, a viewer's run is allowed for the
 * charts on that published page shared with them (without it, only a BI designer's).
 */
export type PageRunRequest = { pageId?: number; items: RunItem[] };
export const runPageCharts = (request: PageRunRequest) =>
  http.post<RunResponse>('/api/bi/run', request, { quiet: true });

/** The chart's definition: the page view's, else (the designer's preview) the BI designer's own read. */
function useChartDefinition(chartId: number) {
  const { charts } = usePage();
  const given = charts.find((c) => c.id === chartId);
  const read = useQuery({
    queryKey: ['bi', 'chart', chartId],
    queryFn: () => http.get<Chart>('/api/bi/chart', { id: chartId }, { quiet: true }),
    enabled: given === undefined,
    retry: false,
    staleTime: 60_000,
  });
  return { chart: given ?? read.data, error: given ? null : read.error };
}

/** A saved BI chart, run with the page filters aimed at it and the row selected in the block it links to. */
export function ChartBlock({ uid, props, h }: { uid: string; props: Props; h: number }) {
  const { t, i18n } = useTranslation();
  const page = usePage();
  const { chart, error } = useChartDefinition(props.chartId);
  const filters: RunFilter[] = filterRunFilters(pageFiltersOf(page.nodes), page.filters, uid);
  const selected = props.link ? page.selection[props.link.block] : undefined;
  if (props.link?.field && selected) filters.push({ field: props.link.field, values: [selected.key] });
  const request: PageRunRequest = {
    ...(page.mode === 'live' && page.pageId !== null ? { pageId: page.pageId } : {}),
    items: [{ key: uid, chartId: props.chartId, filters, parameters: {} }],
  };
  const run = useQuery({
    queryKey: ['pageBlocks', 'chart', request],
    queryFn: () => runPageCharts(request),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refused = (e: unknown) => e instanceof HttpError && [403, 404].includes(e.status);
  if (refused(run.error) || refused(error)) return <NoAccess name={chart?.name ?? t('pageBlocks.thisChart')} />;
  if (run.error) return <BlockError error={run.error} />;
  if (error) return <Alert type="warning" showIcon title={t('pageBlocks.missingChart')} />;
  const result = run.data?.results[uid];
  if (!chart || !result)
    return (
      <Flex align="center" justify="center" style={{ minHeight: 120 }}>
        <Spin />
      </Flex>
    );
  return (
    <BiChart
      definition={chart.definition}
      result={result}
      language={langOf(i18n.language)}
      height={chartHeight(h)}
      title={chart.name}
    />
  );
}
