import type { DesignListItem, FormDesign, MixDraft, PermissionMatrix, TableDesign } from '@trestle/shared';
import { addForm, getForm, publishForm, saveForm } from '../../components/form-design/form-design-api.ts';
import { addDesign, applyDesign, listDesigns, saveDesign } from '../../components/table-design/table-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { grants, pages } from './mix-api.ts';
import type { MixState } from './mix-model.ts';
import { pageNodes } from './mix-page.ts';

/**
 * The publish's steps, each through the API of the designer that owns what it makes. Each may run again after
 * a publish cut short: it looks at what is there first (a design of the name, the page's nodes) and makes only
 * what is missing.
 */

/** A design saved (over the one of its name a cut-short publish left) and applied, unless applied already. */
async function ensureApplied(design: TableDesign, designs: readonly DesignListItem[]) {
  const found = designs.find((d) => d.name === design.name);
  if (found?.status === 'applied') return;
  let id: number;
  if (found) {
    id = found.id;
    await saveDesign(found.id, found.version, design);
  } else id = (await addDesign(design)).id;
  await applyDesign(id);
}

/** The table, then its detail (whose design names the table as its master: the master is applied first). */
export async function applyTables(table: TableDesign, detail: TableDesign | null) {
  const designs = await listDesigns();
  await ensureApplied(table, designs);
  if (detail) await ensureApplied(detail, designs);
}

/** The bound form: made once (its id recorded at once by the caller), then saved with its rules and published. */
export async function createForm(form: FormDesign): Promise<{ id: number; version: number }> {
  return addForm(form);
}

export async function publishBoundForm(id: number, form: FormDesign, made: { version: number } | null) {
  let version = made?.version ?? (await getForm(id)).version;
  if (!made) version = (await saveForm(id, version, form)).version;
  try {
    await publishForm(id, version);
  } catch (e) {
    // Published before the publish was cut short: the server has nothing new to publish.
    if (!(e instanceof HttpError && e.status === 409 && /nothing to publish/i.test(e.message))) throw e;
  }
}

/** The page's blocks not yet on it, its sharing and folder, then its publish. */
export async function fillAndPublishPage(
  pageId: number,
  app: MixState,
  table: TableDesign,
  detail: TableDesign | null,
) {
  const page = await pages.get(pageId);
  const have = new Set(page.nodes.map((n) => n.uid));
  const missing = pageNodes(app.draft, table, detail).filter((n) => !have.has(n.uid));
  if (missing.length > 0) await pages.patch({ id: pageId, ops: missing.map((node) => ({ op: 'insert', node })) });
  await pages.settings({
    id: pageId,
    title: app.title,
    shareRoles: app.draft.roles,
    menuFolder: app.draft.menuFolder,
    revision: page.revision,
  });
  await pages.publish(pageId, '');
}

/** The catalogue buttons each right needs on the table's menu entry, with Search to open it at all. */
const rightButtons: Record<MixDraft['rights'][number], string> = {
  add: 'Add',
  edit: 'Update',
  delete: 'Delete',
  export: 'Export',
  import: 'Import',
  audit: 'Audit',
};

export function buttonCodes(draft: MixDraft): string[] {
  const codes = new Set(['Search', ...draft.rights.map((r) => rightButtons[r])]);
  // A calendar over the detail lines adds a line through the master's update.
  if (draft.layout === 'listCalendar' && draft.layoutOptions.on === 'detail' && draft.rights.includes('add'))
    codes.add('Update');
  return [...codes];
}

/**
 * A role's whole grant as the permission editor would save it, with the table's menu entry opened (and the
 * folders above it) with the buttons given: the permission API replaces a role's grants on the menus the
 * caller may grant, so what the role has there is sent back as it is.
 */
export function grantBody(matrix: PermissionMatrix, menuUrl: string, codes: readonly string[]) {
  const menu = matrix.menus.find((m) => m.url === menuUrl);
  if (!menu) throw new Error(`The menu ${menuUrl} is not one you may grant`);
  const ids = matrix.buttons.filter((b) => codes.includes(b.code)).map((b) => b.id);
  const kept = matrix.menus
    .filter((m) => m.openable && m.opened && m.id !== menu.id)
    .map((m) => ({ menuId: m.id, buttonIds: m.granted.filter((b) => m.offered.includes(b)) }));
  const listed = new Set([menu.id, ...kept.map((k) => k.menuId)]);
  const folders: { menuId: number; buttonIds: number[] }[] = [];
  for (let up = menu.parentId; up !== null; ) {
    const parent = matrix.menus.find((m) => m.id === up);
    if (!parent) break;
    if (!listed.has(parent.id) && parent.openable) folders.push({ menuId: parent.id, buttonIds: [] });
    up = parent.parentId;
  }
  return {
    roleId: matrix.roleId,
    menus: [...kept, ...folders, { menuId: menu.id, buttonIds: ids.filter((id) => menu.offered.includes(id)) }],
  };
}

export async function grantRoles(draft: MixDraft, entity: string) {
  const codes = buttonCodes(draft);
  for (const roleId of draft.roles) {
    const matrix = await grants.matrix(roleId);
    await grants.save(grantBody(matrix, `/${entity}`, codes));
  }
}
