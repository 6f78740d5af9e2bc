import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/server/src/db/client.ts';

/** Tenant 1's organisations as a PostgreSQL array literal: Drizzle would spread a JS array into a row. */
export async function organizationArray(db: Db): Promise<string> {
  const [orgs] = await queryRows<{ ids: number[] }>(
    db,
    sql`select array_agg(id) as ids from organizations where tenant_id = 1`,
  );
  return `{${(orgs?.ids ?? []).join(',')}}`;
}

/**
 * The person columns of generated row `g` of an INSERT … SELECT over generate_series: name, gender,
 * organization_id, title, phone, email (`mail` starts the address) and hire_date, the same for every list
 * made this way, so the benchmark's lists read alike.
 */
export function personColumns(organizations: string, mail: string): SQL {
  return sql`(array['Ada','Bo','Chen','Dana','Eli','Fang','Gus','Hui'])[1 + g % 8] || ' ' || (array['Wang','Li','Smith','Kim','Novak'])[1 + g % 5],
    case when g % 2 = 0 then 'male' else 'female' end,
    (${organizations}::int[])[1 + g % greatest(cardinality(${organizations}::int[]), 1)],
    (array['Network engineer','Security engineer','Project manager','Site technician'])[1 + g % 4],
    '138' || lpad((g % 100000000)::text, 8, '0'), ${sql.raw(`'${mail}'`)} || g || '@example.com',
    date '2010-01-01' + (g::bigint * 7919 % 5000)::int`;
}
