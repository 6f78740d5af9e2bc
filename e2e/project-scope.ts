import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { accounts, expect } from './fixtures.ts';
import { moreAction, openSelectList, toolbarButton } from './grid-helpers.ts';
import { workbookOf } from './workbooks.ts';

/**
 * For the project area's browser tests under a data scope: admin's view of the rows as the independent
 * source, and the readings of a screen (an export, a picker's choices, a chart's categories) to hold up to it.
 */

export type Row = Record<string, unknown> & { id: number };
export type Choice = { value: number; label: string };
export type ChoiceKind = 'projects' | 'ProjectContract' | 'PurchaseContract' | 'paymentTerms';
/** A reference select of a dialog: its label, its field, the text typed and what its choices belong to. */
export type Picker = { label: string; field: string; q: string; of: ChoiceKind };

export const isProjectList = (entity: string) => entity === 'ProjectInformation' || entity === 'YWProjectInformation';
export const sorted = <T>(xs: T[]) => [...xs].sort();
export const totalText = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

/** Admin's side, through the API with its own token: the independent source pm's screens are checked against. */
export class AdminView {
  private readonly rowsOf = new Map<string, Row[]>();
  pmProjects: Row[] = [];
  /** Of each kind of choice, the ids that belong to pm's projects. */
  readonly pmOwned = new Map<ChoiceKind, Set<number>>();

  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async open(request: APIRequestContext) {
    const login = await request.post('/api/user/login', { data: accounts.admin });
    expect(login.status()).toBe(200);
    const view = new AdminView(request, ((await login.json()) as { data: { token: string } }).data.token);
    await view.load();
    return view;
  }

  async call<T>(url: string, data?: unknown): Promise<T> {
    const headers = { Authorization: `Bearer ${this.token}` };
    const res =
      data === undefined ? await this.request.get(url, { headers }) : await this.request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  }

  async all(entity: string): Promise<Row[]> {
    const cached = this.rowsOf.get(entity);
    if (cached) return cached;
    const page = await this.call<{ rows: Row[]; total: number }>(`/api/${entity}/getPageData`, {
      page: 1,
      rows: 500,
      exactTotal: true,
    });
    expect(page.rows.length, `${entity}: every row on one page`).toBe(page.total);
    this.rowsOf.set(entity, page.rows);
    return page.rows;
  }

  get pmIds() {
    return new Set(this.pmProjects.map((p) => p.id));
  }

  /** The row's project: the row itself on the project lists. */
  projectOf(entity: string, row: Row) {
    return isProjectList(entity) ? row.id : Number(row.projectId);
  }

  /** pm's projects: those it manages or is on the team of (the membership the "projects" scope reads). */
  private async load() {
    const staff = await this.all('Employee');
    const pmEmployee = staff.find((e) => e.userIdLabel === accounts.pm.userName);
    if (!pmEmployee) throw new Error('no employee is linked to the pm account');
    for (const entity of ['ProjectInformation', 'YWProjectInformation']) {
      for (const p of await this.all(entity)) {
        const team = await this.call<{ rows: Row[] }>(`/api/${entity}/getDetailPage`, {
          page: 1,
          rows: 100,
          value: p.id,
        });
        const onTeam = team.rows.some((m) => m.employeeId === pmEmployee.id && !m.leaveDate);
        if (p.managerId === pmEmployee.id || onTeam) this.pmProjects.push(p);
      }
    }
    const ids = this.pmIds;
    this.pmOwned.set('projects', ids);
    for (const kind of ['ProjectContract', 'PurchaseContract'] as const) {
      const owned = (await this.all(kind)).filter((c) => ids.has(Number(c.projectId)));
      this.pmOwned.set(kind, new Set(owned.map((c) => c.id)));
    }
    const terms = new Set<number>();
    for (const id of this.pmOwned.get('ProjectContract') ?? []) {
      const lines = await this.call<{ rows: Row[] }>('/api/ProjectContract/getDetailPage', {
        page: 1,
        rows: 100,
        value: id,
      });
      for (const t of lines.rows) terms.add(t.id);
    }
    this.pmOwned.set('paymentTerms', terms);
  }

  /** pm is offered exactly admin's choices for the same text that belong to pm's projects, and admin has more. */
  async expectPmChoices(picked: { offered: Choice[]; shown: string[] }, entity: string, picker: Picker) {
    const all = await this.call<Choice[]>(
      `/api/${entity}/lookup?field=${picker.field}&q=${encodeURIComponent(picker.q)}`,
    );
    expect(all.length, 'admin sees every choice (under the lookup limit)').toBeLessThan(50);
    const owned = this.pmOwned.get(picker.of) ?? new Set();
    const expected = all.filter((c) => owned.has(c.value));
    expect(expected.length, `${picker.label}: pm has choices`).toBeGreaterThan(0);
    expect(expected.length, `${picker.label}: other projects' choices exist`).toBeLessThan(all.length);
    expect(sorted(picked.offered.map((c) => c.value))).toEqual(sorted(expected.map((c) => c.value)));
    const labels = new Set(expected.map((c) => c.label));
    expect(picked.shown.length).toBeGreaterThan(0);
    expect(picked.shown.filter((t) => !labels.has(t))).toEqual([]);
  }
}

/** The rows of a downloaded workbook's first sheet, as texts by header. */
export async function exportedRows(page: Page, file: string, action: (page: Page) => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await action(page);
  const wb = await workbookOf(await downloading, file);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the export has no sheet');
  const header: string[] = [];
  ws.getRow(1).eachCell((cell, c) => {
    header[c - 1] = cell.text;
  });
  const rows: Record<string, string>[] = [];
  for (let n = 2; n <= ws.actualRowCount; n++) {
    const row = ws.getRow(n);
    rows.push(Object.fromEntries(header.map((h, c) => [h, row.getCell(c + 1).text])));
  }
  return rows;
}

/** A toolbar action, inline or under More (a screen with few grants shows them all inline). */
export async function toolbarAction(page: Page, name: string) {
  const inline = toolbarButton(page, name);
  if (await inline.count()) return inline.click();
  await moreAction(page, name);
}

/** Types into a reference select of the dialog; what the server offered and what the list shows. */
export async function offeredChoices(page: Page, scope: Locator, path: string, picker: Picker) {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === path && url.searchParams.get('field') === picker.field && url.searchParams.get('q') === picker.q
    );
  });
  const select = scope.getByLabel(picker.label, { exact: true });
  await select.click();
  await select.fill(picker.q);
  const offered = ((await (await answered).json()) as { data: Choice[] }).data;
  const options = openSelectList(page).locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const shown = await options.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  await select.press('Escape');
  await expect(openSelectList(page)).toHaveCount(0);
  return { offered, shown };
}

/** Sweeps the pointer across a bar chart and reads each axis tooltip's first line (the category). */
export async function hoveredCategories(page: Page, chart: Locator): Promise<string[]> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not on screen');
  const tooltip = chart.locator(':scope > div:not(:has(canvas))');
  const seen = new Set<string>();
  for (let x = box.x + 4; x < box.x + box.width; x += 12) {
    await page.mouse.move(x, box.y + box.height * 0.5);
    if (!(await tooltip.isVisible())) continue;
    const first = (await tooltip.innerText()).split('\n')[0]?.trim();
    if (first) seen.add(first);
  }
  return [...seen];
}
