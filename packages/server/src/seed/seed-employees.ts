import type { Db } from '../db/client.ts';
import { employees } from '../db/schema.ts';

const GIVEN = [
  'Ada',
  'Bo',
  'Chen',
  'Dana',
  'Eli',
  'Fang',
  'Gus',
  'Hui',
  'Ivo',
  'Jun',
  'Kai',
  'Lena',
  'Ming',
  'Nia',
  'Omar',
  'Ping',
  'Quinn',
];
const FAMILY = ['Wang', 'Li', 'Zhang', 'Smith', 'Garcia', 'Liu', 'Chen', 'Kim', 'Novak', 'Yang'];
const TITLES = [
  'Network engineer',
  'Security engineer',
  'Project manager',
  'Site technician',
  'Software developer',
  'Accountant',
];
const SKILLS = ['network', 'security', 'cabling', 'software', 'hardware', 'pm'];

/** About 50 demo employees, deterministic, only into an empty table. */
export async function seedEmployees(tx: Db, tenantId: number, orgIds: Map<string, number>) {
  const [any] = await tx.select({ id: employees.id }).from(employees).limit(1);
  if (any) return;
  const orgs = ['PMO', 'ENG', 'FIN', 'HQ'].map((c) => orgIds.get(c) ?? null);
  const rows = Array.from({ length: 50 }, (_, i) => {
    const given = GIVEN[i % GIVEN.length] ?? 'Ada';
    const family = FAMILY[(i * 7) % FAMILY.length] ?? 'Wang';
    const left = i % 9 === 8;
    const hire = new Date(Date.UTC(2015 + (i % 10), (i * 5) % 12, 1 + (i % 27)));
    return {
      tenantId,
      code: `E${String(1001 + i)}`,
      name: `${given} ${family}`,
      gender: i % 2 ? 'female' : 'male',
      organizationId: orgs[i % orgs.length],
      title: TITLES[i % TITLES.length],
      phone: `13${String(800000000 + i * 7919).slice(0, 9)}`,
      email: `${given.toLowerCase()}.${family.toLowerCase()}${i}@example.com`,
      hireDate: hire.toISOString().slice(0, 10),
      leaveDate: left ? new Date(hire.getTime() + 400 * 86_400_000).toISOString().slice(0, 10) : null,
      status: left ? 'left' : 'active',
      skills: [SKILLS[i % SKILLS.length] ?? 'pm', SKILLS[(i + 2) % SKILLS.length] ?? 'pm'],
      hourlyRate: (45 + ((i * 13) % 60) + (i % 4) * 0.25).toFixed(2),
    };
  });
  await tx.insert(employees).values(rows);
}
