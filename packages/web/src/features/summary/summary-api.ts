import {
  formatDecimal,
  type PortfolioRequest,
  type PortfolioResult,
  type ProjectFigures,
  type SummaryCharts,
  type SummaryChartsRequest,
  type SummaryOptions,
} from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

/** Query keys of /ProjectSummary. */
export const summaryKeys = {
  all: ['summary'] as const,
  portfolio: () => [...summaryKeys.all, 'portfolio'] as const,
  charts: (req: SummaryChartsRequest) => [...summaryKeys.all, 'charts', req] as const,
  project: (id: number) => [...summaryKeys.all, 'project', id] as const,
  options: () => [...summaryKeys.all, 'options'] as const,
};

export const portfolio = (req: PortfolioRequest) => http.post<PortfolioResult>('/api/ProjectSummary/portfolio', req);
export const summaryCharts = (req: SummaryChartsRequest) => http.post<SummaryCharts>('/api/ProjectSummary/charts', req);
export const projectFigures = (id: number) => http.get<ProjectFigures>('/api/ProjectSummary/project', { id });
export const summaryOptions = () => http.get<SummaryOptions>('/api/ProjectSummary/options');

/** A decimal string as money with thousands separators, on the text (exact at any size). */
export const formatMoney = (value: string | null | undefined) =>
  value === null || value === undefined ? '' : (formatDecimal(value, 2) ?? value);

export const formatPct = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value}%`;
