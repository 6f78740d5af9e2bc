import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { accessWith, publishedForm, siteVisitWith, visitAnswer } from '../../test/forms.ts';
import { body } from '../../test/helper.ts';
import { PDF, PNG, postFiles } from '../../test/multipart.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** A standalone form's file, image and rich-text picture fields upload through the form, as its fillers. */
const t = useTestApp({ pm: true });

const withFiles = (title: string) =>
  siteVisitWith(title, [
    { name: 'sitePhoto', type: 'image', label: { en: 'Site photo', zh: '现场照片' } },
    { name: 'permit', type: 'file', label: { en: 'Permit', zh: '许可证' } },
  ]);
const upload = (formId: number, token = t.admin, part = { name: 'site.png', bytes: PNG }) =>
  postFiles(t.app, `/api/form/upload?id=${formId}`, token, [part]);
const roleId = async (code: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = ${code}`))[0]?.id ?? 0;

describe('uploading to a form', () => {
  it('stores the file for the caller’s company and answers as an entity’s upload does', async () => {
    const form = await publishedForm(t, withFiles('Uploads'));
    const res = await upload(form.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Uploaded');
    const [stored] = body(res).data as { key: string; name: string; size: number; type: string; url: string }[];
    expect(stored).toMatchObject({
      name: 'site.png',
      size: PNG.length,
      type: 'image/png',
      url: `/api/file/${stored?.key}`,
    });
    const [row] = await queryRows<{ same: boolean }>(
      t.database.db,
      sql`select f.tenant_id = (select tenant_id from forms where id = ${form.id}) as same
          from files f where f.key = ${stored?.key}::uuid`,
    );
    expect(row?.same).toBe(true);

    const pdf = await upload(form.id, t.admin, { name: 'permit.pdf', bytes: PDF });
    const permit = (body(pdf).data as { key: string }[])[0]?.key;
    const answer = visitAnswer({ sitePhoto: stored?.key, permit });
    const res2 = await t.post('/api/form/submit', { id: form.id, version: 1, mainData: answer });
    expect(res2.statusCode, res2.body).toBe(200);
  });

  it('judges a file by its content, not its name, as the entity upload does', async () => {
    const form = await publishedForm(t, withFiles('Disguised'));
    const res = await upload(form.id, t.admin, { name: 'photo.png', bytes: Buffer.from('MZ\x90\x00 not a picture') });
    expect(res.statusCode).toBe(400);
    expect(body(res).data).toEqual({ fieldErrors: { file: 'type not allowed' } });
  });

  it('refuses (403) a caller the form’s fill roles leave out, and takes their file once let in', async () => {
    const form = await publishedForm(t, withFiles('Admins upload'));
    const saved = await t.data<{ version: number }>('/api/formDesign/access', {
      id: form.id,
      version: form.version,
      access: accessWith({ fillRoles: [await roleId('admin')] }),
    });
    expect((await upload(form.id, t.pm)).statusCode).toBe(403);
    await t.data('/api/formDesign/access', {
      id: form.id,
      version: saved.version,
      access: accessWith({ fillRoles: [await roleId('pm')] }),
    });
    expect((await upload(form.id, t.pm)).statusCode).toBe(200);
  });

  it('answers 404 for a form that is not there or takes no answers yet', async () => {
    expect((await upload(999_999)).statusCode).toBe(404);
    const draft = await t.data<{ id: number }>('/api/formDesign/add', { design: withFiles('Draft only') });
    expect((await upload(draft.id)).statusCode).toBe(404);
  });
});
