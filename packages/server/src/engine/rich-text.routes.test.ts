import type { TableDesign } from '@trestle/shared';
import { xssCorpus } from '@trestle/shared/testing/xss-corpus';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { keyField, label, referenceField, tableDesign } from '../test/designs.ts';
import { body } from '../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../test/use-test-app.ts';
import { sanitizeRichText } from './rich-text.ts';

/**
 * Every path that writes a rich-text value stores the sanitiser's form of it, never what was sent: the
 * engine's add and update of a record and of its detail lines, the change log beside them, a designed
 * field's default, and the designer's migrations that turn text into rich text (a type change, its roll
 * back, a brought-in table's rows), which escape the text instead. Excel import takes no rich-text column.
 */
const t = useTestApp();

type Row = Record<string, unknown>;
const rich = (id: string, name: string, extra: object = {}) =>
  ({ id, name, type: 'richText', label: label(name), ...extra }) as TableDesign['fields'][number];
const HOSTILE_DEFAULT = '<p onclick="alert(1)">Hello</p><script>alert(1)</script><img src="https://t.example/p.gif">';
/** Plain text as a browser shows it when it is put in HTML escaped. */
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

async function applied(design: TableDesign) {
  const { id } = await t.data<{ id: number }>('/api/tableDesign/add', { design });
  await t.data('/api/tableDesign/apply', { id });
  return id;
}
const designOf = async (id: number) =>
  body(await t.get(`/api/tableDesign/get?id=${id}`)).data as {
    version: number;
    draft: TableDesign;
    applied: TableDesign | null;
  };
const rowsOf = async (entity: string) =>
  (await t.data<{ rows: Row[] }>(`/api/${entity}/getPageData`, { rows: 500, sort: 'id', order: 'asc' })).rows;
const linesOf = async (key: number) =>
  (await t.data<{ rows: Row[] }>('/api/Note/getDetailPage', { value: key, rows: 500, sort: 'id', order: 'asc' })).rows;

const notes = madeInBeforeAll(async () => {
  const designId = await applied(
    tableDesign('Note', [
      keyField('n1', 'code', 'Code'),
      rich('n2', 'body'),
      rich('n3', 'intro', { default: HOSTILE_DEFAULT }),
      rich('n4', 'summary', { required: true, length: 200 }),
    ]),
  );
  await applied(
    tableDesign(
      'NoteLine',
      [
        referenceField('l1', 'noteId', 'Note', { table: 'notes', labelColumn: 'code' }, { required: true }),
        rich('l2', 'text'),
      ],
      { master: { entity: 'Note', field: 'noteId' } },
    ),
  );
  return { designId, keys: [] as number[] };
});

describe('the engine writes rich text only in its sanitised form', () => {
  it('adds each payload to a record and to a detail line: what is read back is the sanitised payload', async () => {
    for (const [i, p] of xssCorpus.entries()) {
      const res = await t.post('/api/Note/add', {
        mainData: { code: `N-${i}`, body: p.html, summary: 'ok' },
        detailData: { NoteLine: [{ text: p.html }] },
      });
      expect(res.statusCode, `${p.id}: ${res.body}`).toBe(200);
      notes.keys.push((body(res).data as { key: number }).key);
    }
    const rows = await rowsOf('Note');
    for (const [i, p] of xssCorpus.entries()) {
      const row = rows.find((r) => r.code === `N-${i}`);
      expect(row?.body, p.id).toBe(sanitizeRichText(p.html));
      const [line] = await linesOf(notes.keys[i] ?? 0);
      expect(line?.text, p.id).toBe(sanitizeRichText(p.html));
    }
  });

  it('updates each record and its line with another payload, and adds a line with a third', async () => {
    const n = xssCorpus.length;
    const html = (i: number) => xssCorpus[i % n]?.html ?? '';
    const rows = await rowsOf('Note');
    for (const [i, key] of notes.keys.entries()) {
      const row = rows.find((r) => r.id === key);
      const [line] = await linesOf(key);
      const res = await t.post('/api/Note/update', {
        mainData: { id: key, version: row?.version, body: html(i + 1), intro: html(i + 2) },
        detailData: { NoteLine: [{ id: line?.id, version: line?.version, text: html(i + 3) }, { text: html(i + 4) }] },
      });
      expect(res.statusCode, `${xssCorpus[i]?.id}: ${res.body}`).toBe(200);
    }
    const after = await rowsOf('Note');
    for (const [i, key] of notes.keys.entries()) {
      const row = after.find((r) => r.id === key);
      expect([row?.body, row?.intro]).toEqual([sanitizeRichText(html(i + 1)), sanitizeRichText(html(i + 2))]);
      const lines = (await linesOf(key)).map((l) => l.text);
      expect(lines).toEqual([sanitizeRichText(html(i + 3)), sanitizeRichText(html(i + 4))]);
    }
  });

  it('logs the stored value, and a payload sent again unchanged is no change', async () => {
    const logged = await queryRows<{ after: string }>(
      t.database.db,
      sql`SELECT after FROM data_change_log WHERE entity IN ('Note', 'NoteLine') AND field IN ('body', 'intro', 'text')`,
    );
    expect(logged.length).toBeGreaterThan(xssCorpus.length * 3);
    for (const { after } of logged) expect(after).toBe(sanitizeRichText(after));
    const key = notes.keys[0] ?? 0;
    const [row] = (await rowsOf('Note')).filter((r) => r.id === key);
    const [line] = await linesOf(key);
    const count = async () =>
      (await queryRows(t.database.db, sql`SELECT 1 FROM data_change_log WHERE entity_key = ${key} AND entity = 'Note'`))
        .length;
    const before = await count();
    await t.data('/api/Note/update', {
      mainData: { id: key, version: row?.version, body: xssCorpus[1]?.html },
      detailData: { NoteLine: [{ id: line?.id, version: line?.version, text: xssCorpus[3]?.html }] },
    });
    expect(await count()).toBe(before);
    expect((await linesOf(key))[0]?.version).toBe(line?.version);
  });

  it('refuses a value longer than its field once sanitised, and a required one left empty, on the field', async () => {
    const long = 'a < b '.repeat(3000);
    expect(long.length).toBeLessThanOrEqual(20_000);
    const tooLong = await t.post('/api/Note/add', {
      mainData: { code: 'LONG', summary: 'ok', body: long },
      detailData: { NoteLine: [{ text: 'fine' }, { text: long }] },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).data).toEqual({ fieldErrors: { 'mainData.body': 'at most 20000 characters' } });
    const line = await t.post('/api/Note/add', {
      mainData: { code: 'LONG', summary: 'ok' },
      detailData: { NoteLine: [{ text: 'fine' }, { text: long }] },
    });
    expect(body(line).data).toEqual({ fieldErrors: { 'detailData.NoteLine.1.text': 'at most 20000 characters' } });
    const emptied = await t.post('/api/Note/add', { mainData: { code: 'EMPTY', summary: '<script>x()</script>' } });
    expect(emptied.statusCode).toBe(400);
    expect(body(emptied).data).toEqual({ fieldErrors: { 'mainData.summary': 'required' } });
  });
});

describe("the designer's paths into a rich-text column", () => {
  it("stores a rich-text field's default sanitised: in the design, the column's DEFAULT and the new-record form", async () => {
    const { draft, applied: live } = await designOf(notes.designId);
    const defaultOf = (d: TableDesign | null) => d?.fields.find((f) => f.name === 'intro')?.default;
    expect([defaultOf(draft), defaultOf(live)]).toEqual(['<p>Hello</p>', '<p>Hello</p>']);
    const meta = (await t.get('/api/Note/getMeta')).json().data as { fields: { name: string; default?: unknown }[] };
    expect(meta.fields.find((f) => f.name === 'intro')?.default).toBe('<p>Hello</p>');
    const { key } = await t.data<{ key: number }>('/api/Note/add', { mainData: { code: 'DEFAULT', summary: 'ok' } });
    expect((await rowsOf('Note')).find((r) => r.id === key)?.intro).toBe('<p>Hello</p>');
    const tooLong = await t.post('/api/tableDesign/add', {
      design: tableDesign('Memo', [rich('m1', 'body', { default: '<a href="/">x</a>'.repeat(10), length: 100 })]),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).data).toEqual({ fieldErrors: { 'fields.0.default': 'at most 100 characters' } });
  });

  it('escapes text that becomes rich text by a type change, and gives it back as typed when rolled back', async () => {
    const memo = tableDesign('Memo', [
      keyField('m0', 'code', 'Code'),
      { id: 'm1', name: 'note', type: 'text', label: label('Note') },
    ]);
    const id = await applied(memo);
    for (const [i, p] of xssCorpus.entries())
      await t.data('/api/Memo/add', { mainData: { code: `M-${i}`, note: p.html } });
    const { version } = await designOf(id);
    const richer = { ...memo, fields: memo.fields.map((f) => (f.id === 'm1' ? { ...f, type: 'richText' } : f)) };
    await t.data('/api/tableDesign/save', { id, version, design: richer });
    await t.data('/api/tableDesign/apply', { id });
    const asRich = await rowsOf('Memo');
    for (const [i, p] of xssCorpus.entries()) {
      const note = asRich.find((r) => r.code === `M-${i}`)?.note;
      expect(note, p.id).toBe(escaped(p.html.trim()));
      expect(sanitizeRichText(String(note)), p.id).toBe(note);
    }
    await t.data('/api/tableDesign/rollback', { id });
    const asText = await rowsOf('Memo');
    for (const [i, p] of xssCorpus.entries()) expect(asText.find((r) => r.code === `M-${i}`)?.note).toBe(p.html.trim());
  });

  it("escapes a brought-in table's text copied into a rich-text field", async () => {
    await t.database.db.execute(sql`CREATE TABLE legacy_pages (id serial PRIMARY KEY, body text)`);
    for (const p of xssCorpus) await t.database.db.execute(sql`INSERT INTO legacy_pages (body) VALUES (${p.html})`);
    const { design } = await t.data<{ design: TableDesign }>('/api/tableDesign/introspect', { table: 'legacy_pages' });
    const asRich = {
      ...design,
      fields: design.fields.map((f) => (f.name === 'body' ? { ...f, type: 'richText' } : f)),
    };
    await applied(asRich as TableDesign);
    const rows = await rowsOf(design.name);
    expect(rows).toHaveLength(xssCorpus.length);
    for (const [i, p] of xssCorpus.entries()) {
      const value = rows.find((r) => r.id === i + 1)?.body;
      expect(value, p.id).toBe(escaped(p.html));
      expect(sanitizeRichText(String(value)), p.id).toBe(value);
    }
  });
});
