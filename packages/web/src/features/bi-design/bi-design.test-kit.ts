import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BiListItem, DatasetDefinition, EntityMeta, FieldMeta } from '@trestle/shared';
import { vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';
import { menuEntry } from '../../test/render.tsx';

/** The BIDesign screen's buttons, as the catalogue has them; a test grants some of them. */
const catalogue = ['Search', 'Add', 'Update', 'Delete', 'Sql'].map((code, i) => ({
  id: i + 1,
  code,
  name: code,
  functionName: code.toLowerCase(),
  icon: '',
  sort: i,
}));

/** The signed-in designer holds these buttons on /BIDesign. */
export function grantBiDesign(granted: string[]) {
  const store = useAppStore.getState();
  store.setButtons(catalogue);
  store.setPermission([
    menuEntry({
      id: 90,
      name: 'BI design',
      url: '/BIDesign',
      permission: catalogue.filter((b) => granted.includes(b.code)).map((b) => b.id),
    }),
  ]);
}

const label = (en: string, zh = en) => ({ en, zh });
const field = (f: Partial<FieldMeta> & Pick<FieldMeta, 'name' | 'type'>): FieldMeta => ({ label: label(f.name), ...f });
const entity = (name: string, table: string, fields: FieldMeta[], en: string): EntityMeta => ({
  name,
  table,
  key: 'id',
  label: label(en),
  fields,
  defaultSort: { field: 'id', order: 'desc' },
  details: [],
  softDelete: false,
  audit: false,
  separateApprover: false,
  scope: {},
});

/** Two entities: contracts, whose customer reference can be followed to the customers. */
export const entities: EntityMeta[] = [
  entity(
    'SalesContract',
    'sales_contracts',
    [
      field({ name: 'id', type: 'integer', label: label('ID') }),
      field({ name: 'contractNo', type: 'string', label: label('Contract no.', '合同编号') }),
      field({
        name: 'customerId',
        type: 'reference',
        label: label('Customer', '客户'),
        reference: { table: 'customers', labelColumn: 'name' },
      }),
      field({ name: 'signDate', type: 'date', label: label('Signed on', '签订日期') }),
      field({ name: 'amountInclTax', type: 'decimal', label: label('Amount', '金额') }),
      field({ name: 'amountPaid', type: 'decimal', label: label('Paid', '已付') }),
      field({ name: 'remark', type: 'richText', label: label('Remark') }),
    ],
    'Sales contracts',
  ),
  entity(
    'Customer',
    'customers',
    [
      field({ name: 'id', type: 'integer', label: label('ID') }),
      field({ name: 'name', type: 'string', label: label('Name', '名称') }),
    ],
    'Customers',
  ),
];

export const contractsDataset: DatasetDefinition = {
  kind: 'entity',
  entity: 'SalesContract',
  joins: ['customerId'],
  calculated: [],
  filters: [],
};

export const listItem = (over: Partial<BiListItem> & Pick<BiListItem, 'id' | 'name' | 'kind'>): BiListItem => ({
  description: '',
  source: '',
  ownerName: 'Ada Admin',
  sharedWith: [],
  usedBy: 0,
  updatedAt: '2026-11-20T08:00:00Z',
  ...over,
});

/** The server's fake: GETs answered by path from `routes` (an unknown path fails the test), POSTs by `post`. */
export function fakeServer(
  routes: Record<string, unknown>,
  post: (url: string, body: unknown) => unknown = () => null,
) {
  const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url in routes) return routes[url];
    throw new Error(`unexpected GET ${url}`);
  });
  const sent = vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => post(url, body));
  return { get, post: sent };
}

/** The bodies POSTed to `url`, in order. */
export const bodiesTo = (post: ReturnType<typeof fakeServer>['post'], url: string) =>
  post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);

/** Opens an antd select by its label (inside `scope`): the options of its dropdown. */
async function openSelect(selectLabel: string, scope: HTMLElement): Promise<Element[]> {
  // Each select's dropdown is added on its first opening; the ones already there are other selects'.
  const before = new Set(document.querySelectorAll('.ant-select-dropdown'));
  fireEvent.mouseDown(within(scope).getByLabelText(selectLabel));
  return waitFor(() => {
    const dropdown = [...document.querySelectorAll('.ant-select-dropdown')].find((d) => !before.has(d));
    const options = [...(dropdown?.querySelectorAll('.ant-select-item-option') ?? [])];
    if (options.length === 0) throw new Error(`no options in ${selectLabel}`);
    return options;
  });
}

/** The options a select offers, by their text. */
export const optionsOf = async (selectLabel: string, scope: HTMLElement = document.body) =>
  (await openSelect(selectLabel, scope)).map((o) => o.textContent);

/** Opens an antd select by its label (inside `scope`) and picks the option with this title. */
export async function choose(selectLabel: string, option: string, scope: HTMLElement = document.body) {
  const options = await openSelect(selectLabel, scope);
  const found = options.find((o) => o.getAttribute('title') === option);
  if (!found) throw new Error(`no option ${option} in ${selectLabel}`);
  fireEvent.click(found);
}

/** The button with this accessible name, once it shows. */
export const button = (name: string | RegExp) => screen.findByRole('button', { name });
