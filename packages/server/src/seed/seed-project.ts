import type { Db } from '../db/client.ts';
import { coreArea } from './seed-project-core.ts';
import { purchasingArea } from './seed-purchasing.ts';
import { salesArea } from './seed-sales.ts';
import { scheduleArea } from './seed-schedule.ts';
import { warningsArea } from './seed-warnings.ts';

export type SeedMenu = {
  code: string;
  name: string;
  nameZh: string;
  url: string;
  icon: string;
  parent: string | null;
  buttons: string[];
  /** 1 shown (default), 2 grantable but hidden from the navigation. */
  enable?: number;
};
export type SeedDictionary = { code: string; name: string; items: [value: string, en: string, zh: string][] };

/** What the demo of one area builds on: the tenant, its people and what earlier areas created. */
export type DemoContext = {
  tenantId: number;
  /** The admin's and pm's user ids; pm manages the projects of its own (data scope "projects"). */
  adminUserId: number;
  pmUserId: number;
  /** Demo projects, in code order, with what later areas need to build complete chains. */
  projects: { id: number; code: string; type: 'DELIVERY' | 'OM'; status: string; stage: string; pmOwned: boolean }[];
  customerIds: number[];
  supplierIds: number[];
  employeeIds: number[];
  /** Today, so demo dates sit around it and every screen and warning has something to show. */
  today: Date;
};

/**
 * One part of the project area as the seed sees it: its menus (under the Projects folder), its
 * dictionaries, what the demo pm role may do there, and its demo data (run in the listed order).
 */
export type AreaSeed = {
  menus: SeedMenu[];
  dictionaries: SeedDictionary[];
  pmGrants: Record<string, string[]>;
  demo?(tx: Db, ctx: DemoContext): Promise<void>;
};

export const PROJECT_AREAS: AreaSeed[] = [coreArea, salesArea, purchasingArea, scheduleArea, warningsArea];
