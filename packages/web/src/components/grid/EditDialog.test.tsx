import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type EntityMeta, type FormDesign, formDesignSchema } from '@trestle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { showAndRequireWhenOn } from '../../test/form-rules.ts';
import { renderInApp } from '../../test/render.tsx';
import { EditDialog } from './EditDialog.tsx';

const label = (en: string) => ({ en, zh: en });
const inspection: EntityMeta = {
  name: 'Inspection',
  table: 'inspection',
  key: 'id',
  label: label('Inspections'),
  singular: label('Inspection'),
  defaultSort: { field: 'id', order: 'desc' },
  details: [],
  softDelete: false,
  audit: false,
  separateApprover: false,
  scope: {},
  fields: [
    { name: 'id', type: 'integer', label: label('Id'), readOnly: true },
    { name: 'site', type: 'string', label: label('Site'), length: 100, edit: { row: 1, col: 1 } },
    { name: 'hazards', type: 'boolean', label: label('Hazards present'), edit: { row: 1, col: 2 } },
    { name: 'hazardDetails', type: 'text', label: label('Hazard details'), edit: { row: 2, col: 1 } },
    { name: 'notes', type: 'string', label: label('Notes'), length: 100, edit: { row: 3, col: 1 } },
  ],
};

/** The form bound to it: hazards first in a section of their own, notes left off, details shown by a rule. */
const bound: FormDesign = formDesignSchema.parse({
  title: label('Inspection'),
  entity: 'Inspection',
  items: [
    {
      kind: 'section',
      id: 's1',
      title: label('Hazards'),
      items: [
        { kind: 'field', id: 'f1', name: 'hazards' },
        { kind: 'field', id: 'f2', name: 'hazardDetails', span: 24 },
      ],
    },
    { kind: 'field', id: 'f3', name: 'site' },
  ],
  rules: [showAndRequireWhenOn('hazards', 'hazardDetails')],
  width: 720,
});

function renderDialog(form: FormDesign | null) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/Inspection/getForm') return form;
    if (url === '/api/user/getCurrentUserInfo') return { roles: [], organization: null };
    throw new Error(`unexpected GET ${url}`);
  });
  const post = vi.spyOn(http, 'post').mockResolvedValue({ key: 1 });
  const onSaved = vi.fn();
  renderInApp(
    <EditDialog
      meta={inspection}
      detailMetas={[]}
      row={null}
      sourceOf={() => () => ({})}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  );
  return { post, onSaved };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('EditDialog with a bound form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lays the fields out as the form says: its section, its order, and nothing it leaves off', async () => {
    renderDialog(bound);
    const section = await screen.findByRole('group', { name: 'Hazards' });
    expect(section.textContent).toContain('Hazards present');
    expect(screen.getByLabelText('Site')).toBeTruthy();
    expect(screen.queryByLabelText('Notes')).toBeNull();
    expect(screen.queryByLabelText('Hazard details')).toBeNull();
    // The section comes before the site, as placed: the entity's own layout has the site first.
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['Hazards present', 'Site']);
  });

  it('shows and requires hazard details while hazards are present, and sends them only then', async () => {
    const { post, onSaved } = renderDialog(bound);
    fireEvent.click(await screen.findByRole('switch', { name: 'Hazards present' }));
    const details = await screen.findByLabelText('Hazard details');
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'Pier 4' } });
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(details, { target: { value: 'Open trench' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Hazards present' }));
    await waitFor(() => expect(screen.queryByLabelText('Hazard details')).toBeNull());
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = post.mock.calls[0]?.[1] as { mainData: Record<string, unknown> };
    expect(post.mock.calls[0]?.[0]).toBe('/api/Inspection/add');
    expect(body.mainData).toMatchObject({ site: 'Pier 4', hazards: false });
    expect(body.mainData).not.toHaveProperty('hazardDetails');
  });

  it('is the entity’s own dialog when no form is bound', async () => {
    renderDialog(null);
    expect(await screen.findByLabelText('Notes')).toBeTruthy();
    expect(screen.getByLabelText('Hazard details')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Hazards' })).toBeNull();
  });
});
