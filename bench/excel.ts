import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import pg from 'pg';

type Server = { base: string; token: string; pid?: number };

/** Resident memory of a process now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Streams an export of the filter to nowhere and times it. With the server's pid, also samples its
 * resident memory every 50 ms: just before the request, the highest seen during the export, and their
 * difference (what the export added; the process-wide VmHWM also carries earlier runs and start-up).
 */
export async function exportRun(server: Server, wheres: object[]) {
  const pid = server.pid;
  const before = pid ? rssMb(pid) : 0;
  let peak = before;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50) : undefined;
  const started = performance.now();
  const res = await fetch(`${server.base}/api/Employee/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ wheres, sort: 'id', order: 'asc' }),
  });
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  clearInterval(sampler);
  if (pid) peak = Math.max(peak, rssMb(pid));
  const memory = pid ? { rssBeforeMb: before, rssPeakDuringMb: peak, rssAddedMb: peak - before } : {};
  if (pid) console.log(`  export RSS: ${before} MB before, ${peak} MB at most during it, +${peak - before} MB`);
  return { seconds, megabytes: Math.round(bytes / 1048576), ...memory };
}

/** How many employees a filter on id (≤ maxId) matches, counted in SQL. */
export async function countEmployees(databaseUrl: string, maxId?: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const res = await client.query<{ n: number }>(
    'select count(*)::int as n from employees where tenant_id = 1 and deleted_at is null and ($1::int is null or id <= $1)',
    [maxId ?? null],
  );
  await client.end();
  return res.rows[0]?.n ?? 0;
}

/** Builds an .xlsx of `n` new employees from the template's headers, imports it with mode=all, times it, then removes the rows. */
export async function importRun(server: Server, n: number, databaseUrl: string) {
  const template = await fetch(`${server.base}/api/Employee/downLoadTemplate`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await template.arrayBuffer());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const value = (header: string, i: number): string | number | Date | null => {
    const h = header.toLowerCase();
    if (h === 'code') return `I${i}`;
    if (h === 'name') return `Imported ${i}`;
    if (h === 'gender') return i % 2 ? 'Female' : 'Male';
    if (h === 'hire date') return new Date(Date.UTC(2020, i % 12, 1 + (i % 27)));
    if (h === 'status') return 'Active';
    if (h === 'hourly cost rate') return 50 + (i % 100);
    return null;
  };
  for (let i = 1; i <= n; i++) sheet.addRow(headers.map((h) => value(h, i)));
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([buffer]), 'import.xlsx');
  const started = performance.now();
  const res = await fetch(`${server.base}/api/Employee/import?mode=all`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body: form,
  });
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const answer = (await res.json()) as { data: { imported?: number; invalid?: number } };
  if (!res.ok) throw new Error(`import answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`delete from employees where code like 'I%' and tenant_id = 1`);
  await client.end();
  return { seconds, imported: answer.data.imported ?? 0, fileMegabytes: Math.round(buffer.length / 1048576) };
}
