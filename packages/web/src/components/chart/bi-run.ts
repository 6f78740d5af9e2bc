import type { RunItem, RunRequest, RunResponse } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

/**
 * The calls a dashboard's viewer and its editor both make: every chart in one batched run, a chart's data as
 * Excel, its picture as a PNG.
 */

/** Every chart of a dashboard in one request, answered concurrently by the server; results by item key. */
export const runCharts = (request: RunRequest) => http.post<RunResponse>('/api/bi/run', request);

/** One chart's result as an .xlsx, as the viewer sees it (the same filters, the dashboard's sharing). */
export const exportChart = (item: RunItem, dashboardId?: number) =>
  http.download('/api/bi/export', dashboardId === undefined ? { item } : { item, dashboardId });

/** A chart's picture (a PNG data URL) saved as a file. */
export function savePng(dataUrl: string, name: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = `${name.replace(/[\\/:*?"<>|]+/g, '_') || 'chart'}.png`;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
