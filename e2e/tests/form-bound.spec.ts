import { api, apiGet, bearer } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { drag, showAndRequireWhenOn } from '../forms-helpers.ts';
import { choose, dataRows, dialog, toast, toolbarDialog } from '../grid-helpers.ts';

/** A designed table of vans: a plate, whether it is leased, and from whom. */
async function vanTable(page: import('@playwright/test').Page, entity: string) {
  const field = (id: string, name: string, type: string, en: string, zh: string, row: number, extra = {}) => ({
    id,
    name,
    type,
    label: { en, zh },
    edit: { row, col: 1 },
    ...extra,
  });
  const { id } = await api<{ id: number }>(page, '/api/tableDesign/add', {
    design: {
      name: entity,
      table: entity.toLowerCase(),
      label: { en: 'Vans', zh: '货车' },
      fields: [
        field('f1', 'plate', 'string', 'Plate', '车牌', 1, { required: true }),
        field('f2', 'leased', 'boolean', 'Leased', '租赁', 2),
        field('f3', 'lessor', 'string', 'Lessor', '出租方', 3),
      ],
    },
  });
  await api(page, '/api/tableDesign/apply', { id });
}

test.describe('a form bound to a designed table', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin binds a form to Vans: its add dialog takes the form’s layout and rule, and unbinding gives the default back', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const entity = `Van${stamp()}`;
    await vanTable(page, entity);

    await page.goto('/#/formDesign');
    await page.getByRole('button', { name: 'New form' }).click();
    const create = dialog(page, 'New form');
    await create.getByText('Bound: lays out an entity’s add and edit dialog').click();
    await choose(page, create.getByRole('combobox', { name: 'Entity' }), `Vans (${entity})`);
    await create.getByLabel('Title (English)').fill('Van');
    await create.getByRole('button', { name: 'Create' }).click();

    // The form starts as the table's own dialog; the lessor becomes "Leasing company", hidden until a rule shows
    // it, and a note is put at the top.
    const props = page.getByRole('form', { name: 'Properties' });
    await page.getByRole('button', { name: 'Field: Lessor', exact: true }).click();
    await props.getByLabel('Label (English)', { exact: true }).fill('Leasing company');
    await props.getByLabel('Label (Chinese)', { exact: true }).fill('租赁公司');
    await props.getByRole('switch', { name: 'Hidden until a rule shows it' }).click();
    await drag(
      page,
      page.getByRole('navigation', { name: 'Palette' }).getByRole('button', { name: 'Add Static text', exact: true }),
      page.getByRole('group', { name: 'Field: Plate' }),
    );
    await props.getByLabel('Text (English)').fill('Leased vans need the leasing company.');
    await props.getByLabel('Text (Chinese)').fill('租赁车辆需填写租赁公司。');
    await showAndRequireWhenOn(page, 'Leased (leased)', 'Leasing company (lessor)');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Published as version 1')).toBeVisible();

    // The add dialog is the form: the section, no lessor until the van is leased, then a lessor required.
    await page.goto(`/#/${entity}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vans');
    const add = await toolbarDialog(page, 'Add', 'Add Vans');
    await expect(add.getByText('Leased vans need the leasing company.')).toBeVisible();
    await add.getByLabel('Plate').fill('B-VN 101');
    await expect(add.getByLabel('Leasing company')).toHaveCount(0);
    await add.getByRole('switch', { name: 'Leased' }).click();
    await expect(add.getByLabel('Leasing company')).toBeVisible();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.locator('.ant-form-item-explain-error')).toHaveText(['This field is required']);
    await shoot(page, 'form-bound-add-dialog-en.png');
    await add.getByLabel('Leasing company').fill('Sixt Leasing');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(dataRows(page)).toHaveCount(1);

    // The server holds the rule too: a leased van without a lessor is refused whoever sends it.
    const refused = await page.request.post(`/api/${entity}/add`, {
      headers: await bearer(page),
      data: { mainData: { plate: 'B-VN 102', leased: true } },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).data.fieldErrors).toEqual({ 'mainData.lessor': 'required' });

    // Unbound, the dialog is the table's own again: the lessor shows at once.
    const forms = await apiGet<{ id: number; entity: string | null }[]>(page, '/api/formDesign/list');
    const form = forms.find((f) => f.entity === entity);
    if (!form) throw new Error('the bound form is not listed');
    await api(page, '/api/formDesign/del', { id: form.id });
    await page.reload();
    const again = await toolbarDialog(page, 'Add', 'Add Vans');
    await expect(again.getByLabel('Lessor')).toBeVisible();
    await expect(again.getByText('Leased vans need the leasing company.')).toHaveCount(0);
  });
});
