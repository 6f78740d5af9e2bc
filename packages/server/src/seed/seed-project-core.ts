import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { dictionariesFrom } from './seed-dictionaries.ts';
import type { AreaSeed, DemoContext } from './seed-project.ts';
import dictionaryFile from './seed-project-core.dictionaries.json' with { type: 'json' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

const CUSTOMERS: [code: string, name: string, industry: string][] = [
  ['C001', 'Harbour City Metro Corp.', 'TRANSPORT'],
  ['C002', 'Eastern Provincial Hospital', 'HEALTH'],
  ['C003', 'Riverside Municipal Bureau of Data', 'GOVERNMENT'],
  ['C004', 'Northwind Energy Grid', 'ENERGY'],
  ['C005', 'Summit Bank', 'FINANCE'],
  ['C006', 'Jade Valley University', 'EDUCATION'],
];

const SUPPLIERS: [code: string, name: string, category: string][] = [
  ['S001', 'Lumen Networks Ltd.', 'EQUIPMENT'],
  ['S002', 'Tianhe Servers Co.', 'EQUIPMENT'],
  ['S003', 'Bluestone Software', 'SOFTWARE'],
  ['S004', 'Swift Install Services', 'SUBCONTRACT'],
  ['S005', 'Cargo Express Logistics', 'LOGISTICS'],
];

/** 20 projects across every stage: [type, status, stage, progress, days from today to the planned start]. */
const PROJECTS: [type: 'DELIVERY' | 'OM', status: string, stage: string, progress: number, startOffset: number][] = [
  ['DELIVERY', 'DRAFT', 'INITIATION', 0, 20],
  ['DELIVERY', 'DRAFT', 'INITIATION', 0, 35],
  ['DELIVERY', 'IN_PROGRESS', 'PROCUREMENT', 15, -40],
  ['DELIVERY', 'IN_PROGRESS', 'PROCUREMENT', 20, -60],
  ['DELIVERY', 'IN_PROGRESS', 'DELIVERY', 35, -90],
  ['DELIVERY', 'IN_PROGRESS', 'DELIVERY', 40, -120],
  ['DELIVERY', 'IN_PROGRESS', 'IMPLEMENTATION', 55, -150],
  ['DELIVERY', 'IN_PROGRESS', 'IMPLEMENTATION', 60, -200],
  ['DELIVERY', 'ON_HOLD', 'IMPLEMENTATION', 45, -180],
  ['DELIVERY', 'IN_PROGRESS', 'PRELIM_ACCEPTANCE', 75, -240],
  ['DELIVERY', 'IN_PROGRESS', 'TRIAL_RUN', 85, -270],
  ['DELIVERY', 'IN_PROGRESS', 'FINAL_ACCEPTANCE', 92, -300],
  ['DELIVERY', 'ACCEPTED', 'FINAL_ACCEPTANCE', 100, -360],
  ['DELIVERY', 'WARRANTY', 'WARRANTY', 100, -500],
  ['DELIVERY', 'CLOSED', 'WARRANTY', 100, -900],
  ['DELIVERY', 'CANCELLED', 'INITIATION', 0, -30],
  ['OM', 'DRAFT', 'INITIATION', 0, 15],
  ['OM', 'ACTIVE', 'WARRANTY', 50, -180],
  ['OM', 'ACTIVE', 'WARRANTY', 90, -330],
  ['OM', 'EXPIRED', 'WARRANTY', 100, -400],
];

const NAMES = [
  'Metro Line 4 signalling network',
  'Hospital campus Wi-Fi refresh',
  'City data centre phase II',
  'Grid dispatch video wall',
  'Core banking network upgrade',
  'University smart classrooms',
  'Metro depot security cameras',
  'Hospital PACS storage',
  'Municipal cloud migration',
  'Substation fibre backbone',
  'Branch SD-WAN rollout',
  'Campus unified communications',
  'Metro ticketing servers',
  'Emergency ward paging system',
  'Records archive digitisation',
  'Smart parking pilot',
  'Data centre O&M 2027',
  'Metro network O&M',
  'Hospital IT O&M',
  'Bank branch O&M 2025',
];

async function insertReturningIds(tx: Db, query: ReturnType<typeof sql>): Promise<number[]> {
  return (await queryRows<{ id: number }>(tx, query)).map((r) => r.id);
}

/** Customers, suppliers, 20 projects with their teams; pm manages every third one and is a member there. */
async function demo(tx: Db, ctx: DemoContext) {
  const { tenantId: t, today } = ctx;
  const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from projects`);
  if ((existing?.n ?? 0) > 0) return;

  ctx.customerIds = await insertReturningIds(
    tx,
    sql`insert into customers (tenant_id, code, name, industry, tax_no, contact_name, contact_phone, created_by)
        values ${sql.join(
          CUSTOMERS.map(
            ([code, name, industry], i) =>
              sql`(${t}, ${code}, ${name}, ${industry}, ${`91310000MA1K${String(4000 + i)}X`}, ${`Contact ${i + 1}`}, ${`1380000${String(1000 + i)}`}, ${ctx.adminUserId})`,
          ),
          sql`, `,
        )} returning id`,
  );
  ctx.supplierIds = await insertReturningIds(
    tx,
    sql`insert into suppliers (tenant_id, code, name, category, tax_no, contact_name, created_by)
        values ${sql.join(
          SUPPLIERS.map(
            ([code, name, category], i) =>
              sql`(${t}, ${code}, ${name}, ${category}, ${`91440300MA5F${String(7000 + i)}Y`}, ${`Sales desk ${i + 1}`}, ${ctx.adminUserId})`,
          ),
          sql`, `,
        )} returning id`,
  );

  const [pmEmployee, adminEmployee, ...staff] = ctx.employeeIds;
  if (pmEmployee === undefined || adminEmployee === undefined) throw new Error('seed: no employees');
  // The demo accounts are employees too: pm manages projects, admin signs off.
  await tx.execute(sql`update employees set user_id = ${ctx.pmUserId} where id = ${pmEmployee} and user_id is null`);
  await tx.execute(
    sql`update employees set user_id = ${ctx.adminUserId} where id = ${adminEmployee} and user_id is null`,
  );
  const [org] = await queryRows<{ id: number }>(tx, sql`select id from organizations where code = 'PMO' limit 1`);

  for (const [i, [type, status, stage, progress, offset]] of PROJECTS.entries()) {
    const code = `${type === 'OM' ? 'YW' : 'XM'}${today.getUTCFullYear()}-${String(i + 1).padStart(4, '0')}`;
    const pmOwned = i % 3 === 0;
    const manager = pmOwned ? pmEmployee : (staff[i % staff.length] ?? adminEmployee);
    const start = addDays(today, offset);
    const end = addDays(start, type === 'OM' ? 365 : 240 + (i % 4) * 30);
    const approved = status !== 'DRAFT';
    const om =
      type === 'OM'
        ? sql`${isoDay(start)}, ${isoDay(end)}, ${'Hardware and software maintenance, quarterly inspection, 4-hour on-site response'}, 4, 24, 'QUARTERLY', 4, ${i % 2}, ${String(120000 + i * 10000)}, 'QUARTERLY'`
        : sql`null, null, null, null, null, null, null, null, null, null`;
    const [id] = await insertReturningIds(
      tx,
      sql`insert into projects (tenant_id, code, name, type, customer_id, organization_id, manager_id, sales_owner_id,
            planned_start, planned_end, actual_start, stage, status, progress_pct, priority, warranty_months,
            site_address, service_start, service_end, service_scope, sla_response_hours, sla_resolve_hours,
            inspection_frequency, planned_inspections, onsite_staff_count, annual_fee, billing_cycle,
            audit_status, audited_by, audited_at, created_by)
          values (${t}, ${code}, ${NAMES[i] ?? `Project ${i + 1}`}, ${type}, ${ctx.customerIds[i % ctx.customerIds.length]},
            ${org?.id}, ${manager}, ${adminEmployee}, ${isoDay(start)}, ${isoDay(end)},
            ${approved && offset < 0 ? isoDay(start) : null}, ${stage}, ${status}, ${progress},
            ${i % 5 === 0 ? 'HIGH' : 'NORMAL'}, ${type === 'DELIVERY' ? 12 : null}, ${`Site ${i + 1}, ${CUSTOMERS[i % CUSTOMERS.length]?.[1]}`},
            ${om}, ${approved ? 1 : 0}, ${approved ? ctx.adminUserId : null}, ${approved ? today : null},
            ${pmOwned ? ctx.pmUserId : ctx.adminUserId})
          returning id`,
    );
    if (id === undefined) continue;
    const team = [manager, staff[(i + 1) % staff.length], staff[(i + 2) % staff.length]].filter(
      (e, j, all): e is number => e !== undefined && all.indexOf(e) === j,
    );
    await tx.execute(
      sql`insert into project_team (tenant_id, project_id, employee_id, role, join_date, allocation_pct, created_by)
          values ${sql.join(
            team.map(
              (e, j) =>
                sql`(${t}, ${id}, ${e}, ${j === 0 ? 'PM' : j === 1 ? 'TECH_LEAD' : 'ENGINEER'}, ${isoDay(start)}, ${j === 0 ? 50 : 100}, ${ctx.adminUserId})`,
            ),
            sql`, `,
          )}`,
    );
    ctx.projects.push({ id, code, type, status, stage, pmOwned });
  }
  // Membership drives the "projects I am a member of" scope: the team's users, kept by the project hooks.
  await tx.execute(
    sql`insert into project_members (tenant_id, project_id, user_id)
        select ${t}, pt.project_id, e.user_id from project_team pt join employees e on e.id = pt.employee_id
        where e.user_id is not null on conflict do nothing`,
  );
}

const ENTITY_BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Export', 'Import'];
const APPROVAL_BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Audit', 'Export'];

export const coreArea: AreaSeed = {
  menus: [
    {
      code: 'Customer',
      name: 'Customers',
      nameZh: '客户管理',
      url: '/Customer',
      icon: 'ShopOutlined',
      parent: 'Project',
      buttons: ENTITY_BUTTONS,
    },
    {
      code: 'Supplier',
      name: 'Suppliers',
      nameZh: '供应商管理',
      url: '/Supplier',
      icon: 'ShoppingOutlined',
      parent: 'Project',
      buttons: ENTITY_BUTTONS,
    },
    {
      code: 'ProjectInformation',
      name: 'Project information',
      nameZh: '项目信息',
      url: '/ProjectInformation',
      icon: 'ProjectOutlined',
      parent: 'Project',
      buttons: APPROVAL_BUTTONS,
    },
    {
      code: 'YWProjectInformation',
      name: 'O&M projects',
      nameZh: '运维项目',
      url: '/YWProjectInformation',
      icon: 'ToolOutlined',
      parent: 'Project',
      buttons: APPROVAL_BUTTONS,
    },
  ],
  dictionaries: dictionariesFrom(dictionaryFile),
  pmGrants: {
    Customer: ['Search', 'Export'],
    Supplier: ['Search', 'Export'],
    ProjectInformation: ['Search', 'Add', 'Update', 'Export'],
    YWProjectInformation: ['Search', 'Add', 'Update', 'Export'],
  },
  demo,
};
