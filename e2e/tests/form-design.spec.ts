import type { Page } from '@playwright/test';
import { apiGet } from '../api-helpers.ts';
import { expect, shoot, stamp, test } from '../fixtures.ts';
import { drag, showAndRequireWhenOn } from '../forms-helpers.ts';
import { choose, dialog, toast } from '../grid-helpers.ts';

/** The form designer as an admin uses it: the palette, the canvas, the properties and the rules. */

type NewField = { type: string; name: string; en: string; zh: string; required?: boolean };

const properties = (page: Page) => page.getByRole('form', { name: 'Properties' });

/** Adds a field from the palette after the selected item and names it in the properties. */
async function addField(page: Page, f: NewField) {
  await page
    .getByRole('navigation', { name: 'Palette' })
    .getByRole('button', { name: `Add ${f.type}`, exact: true })
    .click();
  const props = properties(page);
  await props.getByLabel('Field name', { exact: true }).fill(f.name);
  await props.getByLabel('Label (English)', { exact: true }).fill(f.en);
  await props.getByLabel('Label (Chinese)', { exact: true }).fill(f.zh);
  if (f.required) await props.getByRole('switch', { name: 'Required' }).click();
}

async function addSection(page: Page, en: string, zh: string) {
  await page
    .getByRole('navigation', { name: 'Palette' })
    .getByRole('button', { name: 'Add Section', exact: true })
    .click();
  await properties(page).getByLabel('Section title (English)').fill(en);
  await properties(page).getByLabel('Section title (Chinese)').fill(zh);
}

test.describe('/formDesign', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin lays out the site visit request: two sections, twelve fields, a sub-table, a hazard rule and a computed total; previews it in both languages and on a phone; publishes it', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const suffix = stamp();
    const title = `Site visit request ${suffix}`;
    await page.goto('/#/formDesign');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Form designer');
    await page.getByRole('button', { name: 'New form' }).click();
    const create = dialog(page, 'New form');
    await create.getByLabel('Title (English)').fill(title);
    await create.getByLabel('Title (Chinese)').fill(`现场勘察申请 ${suffix}`);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('navigation', { name: 'Palette' })).toBeVisible();

    await addSection(page, 'Visit', '勘察');
    await addField(page, { type: 'Text (short)', name: 'siteName', en: 'Site name', zh: '现场名称', required: true });
    await addField(page, { type: 'Date', name: 'visitDate', en: 'Visit date', zh: '勘察日期', required: true });
    await addField(page, { type: 'Text (short)', name: 'contactPhone', en: 'Contact phone', zh: '联系电话' });
    await choose(page, properties(page).getByLabel('Validator'), 'Phone');
    await addField(page, { type: 'Integer', name: 'visitors', en: 'Visitors', zh: '人数' });
    await addField(page, { type: 'Choice', name: 'priority', en: 'Priority', zh: '优先级' });
    const props = properties(page);
    await props.getByRole('radio', { name: 'Own options' }).check();
    for (const [n, value, en, zh] of [
      [1, 'low', 'Low', '低'],
      [2, 'high', 'High', '高'],
    ] as const) {
      // A choice starts with two empty options to fill.
      if ((await props.getByLabel(`Value of option ${n}`).count()) === 0)
        await props.getByRole('button', { name: 'Add option' }).click();
      await props.getByLabel(`Value of option ${n}`).fill(value);
      await props.getByLabel(`English label of option ${n}`).fill(en);
      await props.getByLabel(`Chinese label of option ${n}`).fill(zh);
    }
    await addField(page, { type: 'Time', name: 'arrivalTime', en: 'Arrival time', zh: '到达时间' });

    // The second section is dragged from the palette onto the canvas, below the first.
    await drag(
      page,
      page.getByRole('navigation', { name: 'Palette' }).getByRole('button', { name: 'Add Section', exact: true }),
      page.getByRole('group', { name: 'Drop area: Form canvas' }),
    );
    const second = page.getByRole('group', { name: /^Section: Section/ });
    await expect(second).toBeVisible();
    await second
      .getByRole('button', { name: /^Section: Section/ })
      .first()
      .click();
    await properties(page).getByLabel('Section title (English)').fill('Safety and cost');
    await properties(page).getByLabel('Section title (Chinese)').fill('安全与费用');

    await addField(page, { type: 'Yes / no', name: 'hazardsPresent', en: 'Hazards present', zh: '存在危险' });
    await addField(page, { type: 'Text (long)', name: 'hazardDetails', en: 'Hazard details', zh: '危险说明' });
    await addField(page, { type: 'Decimal', name: 'travelCost', en: 'Travel cost', zh: '差旅费' });
    await addField(page, { type: 'Decimal', name: 'equipmentCost', en: 'Equipment cost', zh: '设备费' });

    await page
      .getByRole('navigation', { name: 'Palette' })
      .getByRole('button', { name: 'Add Sub-table', exact: true })
      .click();
    await props.getByLabel('Sub-table name').fill('Attendees');
    await props.getByLabel('Label (English)', { exact: true }).fill('Attendees');
    await props.getByLabel('Label (Chinese)', { exact: true }).fill('参加人员');
    for (const [n, name, en, zh, type] of [
      [1, 'person', 'Person', '姓名', 'Text (short)'],
      [2, 'fee', 'Fee', '费用', 'Decimal'],
    ] as const) {
      // A sub-table starts with one field; each field's settings fold out from its header.
      const header = props.getByRole('button', { name: new RegExp(`^Sub-table field ${n} — `) });
      if ((await header.count()) === 0) await props.getByRole('button', { name: 'Add a sub-table field' }).click();
      const line = props.getByRole('group', { name: `Sub-table field ${n}`, exact: true });
      if (!(await line.isVisible())) await header.click();
      await line.getByLabel('Field name', { exact: true }).fill(name);
      await line.getByLabel('Label (English)', { exact: true }).fill(en);
      await line.getByLabel('Label (Chinese)', { exact: true }).fill(zh);
      await choose(page, line.getByLabel('Type', { exact: true }), type);
    }

    await addField(page, { type: 'Decimal', name: 'totalCost', en: 'Total cost', zh: '总费用' });
    await props
      .getByLabel('Computed expression')
      .fill('coalesce(travelCost, 0) + coalesce(equipmentCost, 0) + sum(Attendees.fee)');
    await addField(page, { type: 'Rich text', name: 'notes', en: 'Notes', zh: '备注' });

    // The rule: hazards present → show the details and require them.
    await showAndRequireWhenOn(
      page,
      'Hazards present (hazardsPresent)',
      'Hazard details (hazardDetails)',
      'Hazards need details',
    );
    await expect(page.getByRole('list', { name: 'Problems in the design' })).toHaveCount(0);

    // The preview behaves as the form will: the details come with the switch, the total with the costs.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByTestId('form-preview');
    await expect(preview.getByLabel('Hazard details')).toHaveCount(0);
    await preview.getByRole('switch', { name: 'Hazards present' }).click();
    await expect(preview.getByLabel('Hazard details')).toBeVisible();
    await preview.getByLabel('Travel cost').fill('100');
    await preview.getByLabel('Equipment cost').fill('25.5');
    await expect(preview.getByLabel('Total cost')).toHaveValue(/125\.50/);
    await shoot(page, 'form-designer-preview-en.png');
    await page.getByText('中文', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '中文', exact: true })).toBeChecked();
    await expect(preview.getByText('危险说明')).toBeVisible();
    await page.getByRole('switch', { name: 'Phone width' }).click();
    await shoot(page, 'form-designer-preview-phone-zh.png');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Published as version 1')).toBeVisible();

    // What was published is the form the fill story uses: twelve fields, two sections, a sub-table, the rule.
    const list = await apiGet<{ id: number; title: { en: string } }[]>(page, '/api/formDesign/list');
    const made = list.find((f) => f.title.en === title);
    if (!made) throw new Error('the form is not in the list');
    const detail = await apiGet<{
      published: {
        fields: { name: string }[];
        tables: { name: string }[];
        items: { kind: string }[];
        rules: unknown[];
      };
    }>(page, `/api/formDesign/get?id=${made.id}`);
    expect(detail.published.fields.map((f) => f.name)).toHaveLength(12);
    expect(detail.published.items.filter((i) => i.kind === 'section')).toHaveLength(2);
    expect(detail.published.tables.map((t) => t.name)).toEqual(['Attendees']);
    expect(detail.published.rules).toHaveLength(1);

    await page.getByRole('button', { name: 'Back to the forms' }).click();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Published');
    await shoot(page, 'form-designer-list-en.png');
    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('表单设计器');
    await page
      .getByRole('row', { name: new RegExp(`现场勘察申请 ${suffix}`) })
      .getByRole('button', { name: /设计/ })
      .click();
    await expect(page.getByRole('navigation', { name: '组件' })).toBeVisible();
    await shoot(page, 'form-designer-zh.png');
  });
});
