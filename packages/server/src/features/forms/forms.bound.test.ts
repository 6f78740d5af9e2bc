import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { applyDesign, createDesign } from '../../designer/apply.ts';
import { announceDesign } from '../../designer/registry-sync.ts';
import { keyField, label, tableDesign } from '../../test/designs.ts';
import { postFiles } from '../../test/multipart.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';

/**
 * A form bound to an entity lays out its add and edit dialog, and its rules hold on the engine's own add and
 * update, whoever calls them: a field it requires is required, a field it hides is refused.
 */
const t = useTestApp();
madeInBeforeAll(async () => {
  const [admin] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where user_key = 'admin'`);
  const design = tableDesign('Crane', [
    keyField('f1', 'code', 'Code'),
    { id: 'f2', name: 'tonnage', type: 'integer', label: label('Tonnage') },
    { id: 'f3', name: 'remark', type: 'string', length: 100, label: label('Remark') },
    { id: 'f4', name: 'secret', type: 'string', length: 100, label: label('Secret') },
  ]);
  const id = await createDesign(t.database.db, design, admin?.id ?? 0, t.app.entities.builtIns);
  await applyDesign(t.database.db, id, admin?.id ?? 0);
  await announceDesign(t.database.db, t.app.entities, 'Crane');
  return {};
});

const craneForm = {
  title: { en: 'Crane dialog', zh: '' },
  entity: 'Crane',
  items: [
    { kind: 'field', id: 'i1', name: 'code' },
    { kind: 'field', id: 'i2', name: 'tonnage' },
    { kind: 'field', id: 'i3', name: 'remark' },
    { kind: 'field', id: 'i4', name: 'secret', hidden: true },
  ],
  rules: [
    {
      id: 'r1',
      match: 'all',
      when: [{ subject: 'field', field: 'tonnage', op: 'gt', value: 50 }],
      actions: [{ action: 'require', target: 'remark' }],
    },
  ],
};

describe('a published bound form on the engine’s add and update', () => {
  it('requires by rule, refuses a hidden field (added, updated or imported), and lets go once the form is deleted', async () => {
    const add = (mainData: Record<string, unknown>) => t.post('/api/Crane/add', { mainData });
    // Before any form: the entity's own rules only.
    expect((await add({ code: 'C-0', tonnage: 80 })).statusCode).toBe(200);
    expect((await t.get('/api/Crane/getForm')).json().data).toBeNull();

    const made = await t.data<{ id: number; version: number }>('/api/formDesign/add', { design: craneForm });
    const second = await t.post('/api/formDesign/add', { design: { ...craneForm, title: { en: 'Again', zh: '' } } });
    expect(second.statusCode).toBe(409);
    // A draft governs nothing: only what is published does.
    expect((await add({ code: 'C-1', tonnage: 80 })).statusCode).toBe(200);
    await t.data('/api/formDesign/publish', { id: made.id, version: made.version });
    expect((await t.get('/api/Crane/getForm')).json().data.entity).toBe('Crane');

    const needsRemark = await add({ code: 'C-2', tonnage: 80 });
    expect(needsRemark.statusCode).toBe(400);
    expect(needsRemark.json().data.fieldErrors['mainData.remark']).toBe('required');
    expect((await add({ code: 'C-2', tonnage: 80, remark: 'Heavy' })).statusCode).toBe(200);
    const hidden = await add({ code: 'C-3', tonnage: 5, secret: 'x' });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().data.fieldErrors['mainData.secret']).toBe('hidden by the form: leave it empty');
    // The entity's own rules still hold under the form.
    const long = await add({ code: 'C'.repeat(30), tonnage: 5 });
    expect(long.statusCode).toBe(400);

    // An update is read against the whole record: raising the tonnage of a row without a remark needs one.
    const [row] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from cranes where code = 'C-0'`,
    );
    const raise = await t.post('/api/Crane/update', { mainData: { id: row?.id, version: row?.version, tonnage: 90 } });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().data.fieldErrors['mainData.remark']).toBe('required');
    // With the remark it goes through, on the record it names.
    const raised = await t.post('/api/Crane/update', {
      mainData: { id: row?.id, version: row?.version, tonnage: 90, remark: 'Long jib' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const [after] = await queryRows<{ tonnage: number; remark: string }>(
      t.database.db,
      sql`select tonnage, remark from cranes where code = 'C-0'`,
    );
    expect(after).toEqual({ tonnage: 90, remark: 'Long jib' });

    // An import is a write path too: each row is checked by the form as an add or an update would be.
    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('Cranes');
    ws.addRow(['Code', 'Tonnage', 'Remark', 'Secret']);
    ws.addRow(['C-10', 90, null, null]);
    ws.addRow(['C-11', 5, null, 'sneaked']);
    ws.addRow(['C-12', 90, 'Long jib', null]);
    const imported = await postFiles(t.app, '/api/Crane/import?mode=check', t.admin, [
      { name: 'cranes.xlsx', bytes: Buffer.from(await sheet.xlsx.writeBuffer()) },
    ]);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    expect(imported.json().data.errors).toEqual([
      { row: 2, field: 'remark', message: 'required' },
      { row: 3, field: 'secret', message: 'hidden by the form: leave it empty' },
    ]);

    await t.data('/api/formDesign/del', { id: made.id });
    expect((await t.get('/api/Crane/getForm')).json().data).toBeNull();
    expect((await add({ code: 'C-4', tonnage: 80, secret: 'x' })).statusCode).toBe(200);
  });
});
