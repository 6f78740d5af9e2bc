import type {
  PortfolioRequest,
  PortfolioResult,
  ProjectFigures,
  SummaryCharts,
  SummaryChartsRequest,
  SummaryOptions,
} from '@trestle/shared';
import { http } from '../../lib/http.ts';

/** Query keys of /ProjectSummary. */
export const summaryKeys = {
  all: ['summary'] as const,
  portfolio: (req: PortfolioRequest) => [...summaryKeys.all, 'portfolio', req] as const,
  charts: (req: SummaryChartsRequest) => [...summaryKeys.all, 'charts', req] as const,
  project: (id: number) => [...summaryKeys.all, 'project', id] as const,
  options: () => [...summaryKeys.all, 'options'] as const,
};

export const portfolio = (req: PortfolioRequest) => http.post<PortfolioResult>('/api/ProjectSummary/portfolio', req);
export const summaryCharts = (req: SummaryChartsRequest) => http.post<SummaryCharts>('/api/ProjectSummary/charts', req);
export const projectFigures = (id: number) => http.get<ProjectFigures>('/api/ProjectSummary/project', { id });
export const summaryOptions = () => http.get<SummaryOptions>('/api/ProjectSummary/options');

/** A decimal string as money with thousands separators (the amount stays exact up to 15 digits). */
export const formatMoney = (value: string | null | undefined) =>
  value === null || value === undefined
    ? ''
    : Number(value).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatPct = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value}%`;
