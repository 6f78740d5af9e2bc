import type { WarningRule } from './rule.ts';
import { W05, W18 } from './rules-projects.ts';
import { W06, W07, W08, W12, W13, W14, W15 } from './rules-purchasing.ts';
import { W09, W10, W11, W19, W21 } from './rules-sales.ts';
import { W01, W02, W03, W04, W16, W17, W20 } from './rules-schedule.ts';

/** The rules of docs/domain.md §3, in code order; each tenant's warning_rule rows switch and tune them. */
export const RULES: WarningRule[] = [
  W01,
  W02,
  W03,
  W04,
  W05,
  W06,
  W07,
  W08,
  W09,
  W10,
  W11,
  W12,
  W13,
  W14,
  W15,
  W16,
  W17,
  W18,
  W19,
  W20,
  W21,
];

export const ruleNamed = (code: string) => RULES.find((r) => r.code === code);
