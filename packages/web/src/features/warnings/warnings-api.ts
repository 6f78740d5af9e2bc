import type {
  PageRequest,
  PageResult,
  WarningEvaluation,
  WarningRuleRow,
  WarningRuleUpdate,
  WarningSnooze,
} from '@trestle/shared';
import type { Option } from '../../components/form/selects.tsx';
import { http } from '../../lib/http/client.ts';

/** Query keys of /ProjectWarning: the lists (worded by the server in the language asked) and the rules. */
export const warningKeys = {
  all: ['warnings'] as const,
  lists: (language: string) => [...warningKeys.all, 'list', language] as const,
  rules: () => [...warningKeys.all, 'rules'] as const,
};

/** A page of warnings; the server re-checks the rules of the projects in view first. */
export const listWarnings = (req: PageRequest) => http.post<PageResult>('/api/ProjectWarning/list', req);
export const evaluateWarnings = () => http.post<WarningEvaluation>('/api/ProjectWarning/evaluate', {});
export const acknowledgeWarnings = (keys: number[], note = '') =>
  http.post<{ count: number }>('/api/ProjectWarning/acknowledge', { keys, note });
export const snoozeWarnings = (body: WarningSnooze) =>
  http.post<{ count: number }>('/api/ProjectWarning/snooze', body, { quiet: true });
export const ignoreWarnings = (keys: number[], note: string) =>
  http.post<{ count: number }>('/api/ProjectWarning/ignore', { keys, note }, { quiet: true });
export const exportWarnings = (req: PageRequest) => http.download('/api/ProjectWarning/export', req);
export const lookupProjects = (q: string) =>
  http.get<Option[]>('/api/ProjectWarning/lookup', { field: 'projectId', q });

export const warningRules = () => http.get<WarningRuleRow[]>('/api/ProjectWarning/rules');
export const saveWarningRule = (body: WarningRuleUpdate) =>
  http.post<null>('/api/ProjectWarning/saveRule', body, { quiet: true });
