import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { checkFormDesign, type FormDesign, ruleSchema } from '@trestle/shared';
import { App } from 'antd';
import { useReducer, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { placeErrors } from '../../components/form-design/design-errors.ts';
import { historyReducer, startHistory } from '../../components/form-design/design-history.ts';
import { DesignerContext, type Selection } from '../../components/form-design/designer-context.ts';
import { RulesEditor } from '../../components/form-design/RulesEditor.tsx';
import { designErrors } from '../../components/form-design/use-design-errors.ts';
import { http } from '../../lib/http/client.ts';

const label = (en: string) => ({ en, zh: en });
const visit: FormDesign = {
  title: label('Site visit'),
  fields: [
    { name: 'hazardsPresent', type: 'boolean', label: label('Hazards present') },
    { name: 'hazardDetails', type: 'text', label: label('Hazard details') },
  ],
  tables: [],
  items: [
    { kind: 'field', id: 'f1', name: 'hazardsPresent' },
    { kind: 'field', id: 'f2', name: 'hazardDetails', span: 24 },
  ],
  rules: [],
};

/** The rules editor over a design held as the designer holds it, showing what it makes. */
function Harness({ initial, seen }: { initial: FormDesign; seen: (d: FormDesign) => void }) {
  const [history, dispatch] = useReducer(historyReducer, initial, startHistory);
  const [selection, select] = useState<Selection>(null);
  const design = history.present;
  seen(design);
  const errors = designErrors(design, undefined, null);
  return (
    <DesignerContext.Provider
      value={{
        design,
        change: (change, key) => dispatch({ type: 'change', change, key }),
        selection,
        select,
        errors,
        placed: placeErrors(design, errors),
        entity: undefined,
      }}
    >
      <RulesEditor />
    </DesignerContext.Provider>
  );
}

function renderEditor(initial: FormDesign) {
  let latest = initial;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <Harness initial={initial} seen={(d) => (latest = d)} />
      </App>
    </QueryClientProvider>,
  );
  return () => latest;
}

/** Opens an antd select found by its label inside `scope` and picks the option with this title. */
async function choose(scope: HTMLElement, selectLabel: string, option: string) {
  // Each select's dropdown is added on its first opening; the ones already there are other selects'.
  const before = new Set(document.querySelectorAll('.ant-select-dropdown'));
  fireEvent.mouseDown(within(scope).getByLabelText(selectLabel));
  const found = await waitFor(() => {
    const dropdown = [...document.querySelectorAll('.ant-select-dropdown')].find((d) => !before.has(d));
    const el = [...(dropdown?.querySelectorAll('.ant-select-item-option') ?? [])].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!el) throw new Error(`no option ${option}`);
    return el;
  });
  fireEvent.click(found);
}

describe('the rules editor', () => {
  beforeEach(() => {
    vi.spyOn(http, 'get').mockResolvedValue([]);
  });

  it('makes the rule "hazards present → show and require the hazard details", which the contract accepts', async () => {
    const design = renderEditor(visit);
    fireEvent.click(screen.getByRole('button', { name: /Add rule/ }));
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    fireEvent.change(within(rule).getByLabelText('Rule name'), { target: { value: 'Hazards need details' } });

    fireEvent.click(within(rule).getByRole('button', { name: /Add condition/ }));
    const condition = within(rule).getByRole('group', { name: 'Condition 1' });
    await choose(condition, 'Field', 'Hazards present (hazardsPresent)');
    fireEvent.click(within(condition).getByRole('switch', { name: 'Value' }));

    const show = within(rule).getByRole('group', { name: 'Action 1' });
    await choose(show, 'Target', 'Hazard details (hazardDetails)');
    fireEvent.click(within(rule).getByRole('button', { name: /Add action/ }));
    const require = within(rule).getByRole('group', { name: 'Action 2' });
    await choose(require, 'Action', 'Require');
    await choose(require, 'Target', 'Hazard details (hazardDetails)');

    const made = design();
    expect(made.rules).toHaveLength(1);
    const [r] = made.rules;
    expect(ruleSchema.safeParse(r).success).toBe(true);
    expect(r).toMatchObject({
      name: 'Hazards need details',
      match: 'all',
      when: [{ subject: 'field', field: 'hazardsPresent', op: 'eq', value: true }],
      actions: [
        { action: 'show', target: 'hazardDetails' },
        { action: 'require', target: 'hazardDetails' },
      ],
    });
    expect(checkFormDesign(made)).toEqual({});
  });

  it('names the filler’s organisations by name in their tree, from the designer’s own list, and keeps their ids', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
      url === '/api/formDesign/organizations'
        ? [
            { id: 1, name: 'Head office', parentId: null },
            { id: 7, name: 'Site team', parentId: 1 },
          ]
        : [],
    );
    const design = renderEditor(visit);
    fireEvent.click(screen.getByRole('button', { name: /Add rule/ }));
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    fireEvent.click(within(rule).getByRole('button', { name: /Add condition/ }));
    const condition = within(rule).getByRole('group', { name: 'Condition 1' });
    await choose(condition, 'Subject', 'The user’s organisation');
    fireEvent.mouseDown(within(condition).getByLabelText('Organisations'));
    const node = await screen.findByTitle('Site team');
    fireEvent.click(node);
    await waitFor(() => expect(design().rules[0]?.when[0]).toEqual({ subject: 'organization', op: 'in', value: [7] }));
    expect(get).toHaveBeenCalledWith('/api/formDesign/organizations');
    expect(get).not.toHaveBeenCalledWith('/api/Role/getRoleTree', undefined, expect.anything());
  });

  it('shows beside a rule the check’s word on a target that is not on the form', () => {
    renderEditor({
      ...visit,
      rules: [{ id: 'r1', match: 'all', when: [], actions: [{ action: 'show', target: 'ghostField' }] }],
    });
    const action = screen.getByRole('group', { name: 'Action 1' });
    expect(within(action).getByText('no field, sub-table or section named ghostField')).toBeTruthy();
  });
});
