import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { type DashboardItem, type DashboardView, langOf } from '@trestle/shared';
import { Button, Card, Flex, Grid, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridStyle, readingOrder, tileHeight, tilePlace } from '../grid-layout/grid.ts';
import { DashboardFilterBar } from './DashboardFilterBar.tsx';
import { DashboardTile } from './DashboardTile.tsx';
import { useDashboardRun } from './dashboard-api.ts';
import { afterPick, drillTo, emptyState, type FilterValue, runItems, type ViewState } from './dashboard-state.ts';

/** The dashboard element shown full screen (the Fullscreen API), and whether it is. */
function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement === target.current && target.current !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  }, [target]);
  return { active, toggle, supported: typeof document.documentElement.requestFullscreen === 'function' };
}

/**
 * A dashboard as its viewer sees it: the filters above, the tiles on a 24-column grid (stacked on a narrow
 * screen), every chart run in one batch with what the viewer has filtered, clicked and drilled into.
 */
export function DashboardBoard({ view }: { view: DashboardView }) {
  const { t, i18n } = useTranslation();
  const language = langOf(i18n.language);
  const [state, setState] = useState<ViewState>(emptyState);
  const items = useMemo(() => runItems(view, state), [view, state]);
  const run = useDashboardRun(view.id, items, view.definition.refreshSeconds);
  const results = run.data?.results ?? {};
  const board = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(board);
  const wide = Grid.useBreakpoint().md !== false;

  const setFilter = (filterId: string, value: FilterValue | null) =>
    setState((s) => {
      const filters = { ...s.filters };
      if (value) filters[filterId] = value;
      else delete filters[filterId];
      return { ...s, filters };
    });

  const tile = (item: DashboardItem) => {
    if (item.kind === 'text')
      return (
        <Card size="small" style={{ height: '100%', overflow: 'auto' }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.text}</Typography.Paragraph>
        </Card>
      );
    const chart = view.charts.find((c) => c.id === item.chartId);
    const own = state.cross.find((c) => c.itemId === item.id);
    return (
      <DashboardTile
        item={item}
        chart={chart}
        result={results[item.id]}
        language={language}
        runItem={items.find((i) => i.key === item.id)}
        dashboardId={view.id}
        drills={state.drills[item.id] ?? []}
        selected={own ? [own.pick.value] : []}
        onPick={(pick) =>
          chart && setState((s) => afterPick(s, item.id, chart.definition, pick, view.definition.crossFilter))
        }
        onDrillTo={(depth) => setState((s) => drillTo(s, item.id, depth))}
      />
    );
  };

  return (
    <div
      ref={board}
      data-testid="dashboard"
      style={
        fullscreen.active
          ? { background: 'var(--ant-color-bg-layout, #f5f5f5)', padding: 16, overflow: 'auto' }
          : undefined
      }
    >
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {view.name}
          </Typography.Title>
          {view.description && <Typography.Text type="secondary">{view.description}</Typography.Text>}
        </div>
        <Space>
          {run.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary">
              {t('dashboardBoard.refreshedAt', { time: dayjs(run.dataUpdatedAt).format('HH:mm:ss') })}
              {view.definition.refreshSeconds > 0 &&
                ` · ${t('dashboardBoard.autoRefresh', { seconds: view.definition.refreshSeconds })}`}
            </Typography.Text>
          )}
          <Tooltip title={t('dashboardBoard.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('dashboardBoard.refresh')}
              loading={run.isFetching}
              onClick={() => void run.refetch()}
            />
          </Tooltip>
          {fullscreen.supported && (
            <Tooltip title={t(fullscreen.active ? 'dashboardBoard.exitFullScreen' : 'dashboardBoard.fullScreen')}>
              <Button
                icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={t(fullscreen.active ? 'dashboardBoard.exitFullScreen' : 'dashboardBoard.fullScreen')}
                onClick={fullscreen.toggle}
              />
            </Tooltip>
          )}
        </Space>
      </Flex>
      <DashboardFilterBar
        view={view}
        results={results}
        language={language}
        values={state.filters}
        onChange={setFilter}
        cross={state.cross}
        onRemoveCross={(itemId) => setState((s) => ({ ...s, cross: s.cross.filter((c) => c.itemId !== itemId) }))}
        onClearCross={() => setState((s) => ({ ...s, cross: [] }))}
      />
      {wide ? (
        <div style={gridStyle}>
          {view.definition.items.map((item) => (
            <div key={item.id} style={tilePlace(item)}>
              {tile(item)}
            </div>
          ))}
        </div>
      ) : (
        <Flex vertical gap={8}>
          {readingOrder(view.definition.items).map((item) => (
            <div key={item.id} style={{ height: tileHeight(item.h) }}>
              {tile(item)}
            </div>
          ))}
        </Flex>
      )}
    </div>
  );
}
