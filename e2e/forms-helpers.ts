import type { Locator } from '@playwright/test';
import type { FormAccess, FormDesignInput } from '@trestle/shared';
import { api, apiGet } from './api-helpers.ts';
import type { Page } from './fixtures.ts';
import { choose } from './grid-helpers.ts';

/** Forms made through the API for the stories that fill, read or bind them. */

/** A role's id by its code, read as the permission screen reads it. */
export async function roleId(page: Page, code: string): Promise<number> {
  const roles = await apiGet<{ id: number; code: string }[]>(page, '/api/permission/getRoles');
  const role = roles.find((r) => r.code === code);
  if (!role) throw new Error(`no role ${code}`);
  return role.id;
}

/** A form added, given its access and published as version 1. */
export async function publishedForm(
  page: Page,
  design: FormDesignInput,
  access: Partial<FormAccess> = {},
): Promise<{ id: number; publicToken: string | null }> {
  const added = await api<{ id: number; version: number }>(page, '/api/formDesign/add', { design });
  const given = await api<{ version: number; publicToken: string | null }>(page, '/api/formDesign/access', {
    id: added.id,
    version: added.version,
    access: {
      designRoles: [],
      fillRoles: [],
      readRoles: [],
      publicLink: { enabled: false, expiresAt: null, maxCount: null, captcha: false },
      ...access,
    },
  });
  await api(page, '/api/formDesign/publish', { id: added.id, version: given.version });
  return { id: added.id, publicToken: given.publicToken };
}

/** A drag with the mouse, in steps, as dnd-kit's pointer sensor wants it (it starts after a few pixels). */
export async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 12, { steps: 15 });
  await page.mouse.up();
}

/**
 * Builds the designer's first rule in its Rules tab, as an admin does: while a yes/no field is on, show a target
 * and require it (`field` and `target` as their choices read: "Leased (leased)").
 */
export async function showAndRequireWhenOn(page: Page, field: string, target: string, name?: string) {
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('group', { name: 'Rule 1' });
  if (name) await rule.getByLabel('Rule name').fill(name);
  await rule.getByRole('button', { name: 'Add condition' }).click();
  const condition = rule.getByRole('group', { name: 'Condition 1' });
  await choose(page, condition.getByLabel('Field', { exact: true }), field);
  await choose(page, condition.getByLabel('Operator'), 'equals');
  await condition.getByRole('switch', { name: 'Value' }).click();
  for (const [n, action] of [
    [1, 'Show'],
    [2, 'Require'],
  ] as const) {
    await rule.getByRole('button', { name: 'Add action' }).click();
    const a = rule.getByRole('group', { name: `Action ${n}` });
    await choose(page, a.getByLabel('Action', { exact: true }), action);
    await choose(page, a.getByLabel('Target'), target);
  }
}
