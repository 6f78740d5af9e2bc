import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dataset } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/transport.ts';
import { renderInApp } from '../../test/render.tsx';
import { bodiesTo, button, choose, contractsDataset, entities, fakeServer } from './bi-design.test-kit.ts';
import { DatasetEditor } from './DatasetEditor.tsx';

const saved: Dataset = {
  id: 3,
  name: 'Contracts',
  description: '',
  ownerId: 1,
  ownerName: 'Ada Admin',
  version: 4,
  updatedAt: '2026-11-20T08:00:00Z',
  definition: contractsDataset,
};

const sqlDataset: Dataset = {
  ...saved,
  id: 6,
  name: 'Receipts',
  definition: {
    kind: 'sql',
    dataSourceId: null,
    sql: 'select receipt_date as day, amount from customer_receipts where amount > :least',
    parameters: [{ name: 'least', type: 'number', label: { en: 'At least', zh: '最少' }, default: 100 }],
    columns: [{ name: 'amount', type: 'number', label: { en: 'Received', zh: '收款' } }],
  },
};

function openEditor(id: number | null, canSql = false, row = saved) {
  const server = fakeServer(
    {
      '/api/bi/entities': entities,
      '/api/bi/dataset': row,
      '/api/bi/dataSources': [{ id: 2, name: 'Warehouse', kind: 'postgres' }],
    },
    (url) => {
      if (url === '/api/bi/dataset/save') return { id: 12, version: 1 };
      if (url === '/api/bi/sql/try')
        return {
          columns: [
            { name: 'day', type: 'date' },
            { name: 'amount', type: 'number' },
          ],
          rows: [{ day: '2026-03-01', amount: 250 }],
        };
      return null;
    },
  );
  const onSaved = vi.fn();
  renderInApp(<DatasetEditor id={id} canSave canSql={canSql} onSaved={onSaved} onClose={() => {}} />);
  return { server, onSaved };
}

const fieldNames = () =>
  within(screen.getByTestId('dataset-fields'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('.ant-typography')?.textContent);

// antd's first render is slow on a busy 2-core machine.
describe('the dataset editor', { timeout: 60_000 }, () => {
  it('builds an entity dataset — a reference followed, a calculated field, a default filter — and saves it', async () => {
    const { server, onSaved } = openEditor(null);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Contracts' } });
    await choose('Entity to read', 'Sales contracts (SalesContract)');
    await choose('References to follow (their fields join the dataset)', 'Customer → Customers');
    // The fields charts will see, worked out here: the entity's (not its rich text) and the customer's.
    await waitFor(() => expect(fieldNames()).toContain('customerId.name'));
    expect(fieldNames()).toContain('amountInclTax');
    expect(fieldNames()).not.toContain('remark');

    fireEvent.click(screen.getByRole('button', { name: /Add calculated field/ }));
    fireEvent.change(screen.getByLabelText('Name of calculated field 1'), { target: { value: 'outstanding' } });
    fireEvent.change(screen.getByLabelText('English label of calculated field 1'), {
      target: { value: 'Outstanding' },
    });
    fireEvent.change(screen.getByLabelText('Chinese label of calculated field 1'), { target: { value: '未付' } });
    await choose('Insert a field into calculated field 1', 'Amount (amountInclTax)');
    const expression = screen.getByLabelText('Expression of calculated field 1');
    fireEvent.change(expression, { target: { value: `${(expression as HTMLInputElement).value} - amountPaid` } });
    await waitFor(() => expect(fieldNames()).toContain('outstanding'));

    fireEvent.click(screen.getByRole('button', { name: /Add condition/ }));
    const condition = screen.getByTestId('condition-0');
    await choose('Field', 'Signed on', condition);
    await choose('Operator', 'at least', condition);
    fireEvent.change(within(condition).getByLabelText('Value'), { target: { value: '2026-01-01' } });

    expect(screen.queryByRole('list', { name: 'Problems' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(12));
    expect(bodiesTo(server.post, '/api/bi/dataset/save')).toEqual([
      {
        name: 'Contracts',
        description: '',
        definition: {
          kind: 'entity',
          entity: 'SalesContract',
          joins: ['customerId'],
          calculated: [
            { name: 'outstanding', label: { en: 'Outstanding', zh: '未付' }, expression: 'amountInclTax - amountPaid' },
          ],
          filters: [{ field: 'signDate', op: 'ge', value: '2026-01-01' }],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('shows the shared check’s problem with a calculation over a field that is not a number', async () => {
    openEditor(3);
    fireEvent.click(await button(/Add calculated field/));
    fireEvent.change(screen.getByLabelText('Expression of calculated field 1'), {
      target: { value: 'amountInclTax + contractNo' },
    });
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(within(problems).getByText(/contractNo is not a number/)).toBeTruthy();
  });

  it('offers SQL only with the SQL grant', async () => {
    openEditor(null);
    const sql = await screen.findByRole('radio', { name: 'SQL' });
    expect(sql.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('SQL datasets need the SQL grant on this screen')).toBeTruthy();
  });

  it('keeps the edits when someone else saved first, and saves over the version it read', async () => {
    const { server } = openEditor(3);
    const name = await screen.findByDisplayValue('Contracts');
    fireEvent.change(name, { target: { value: 'Contracts 2026' } });
    server.post.mockRejectedValue(new HttpError('Changed by someone else', 409, 'conflict', null));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText(/Someone else saved this/)).toBeTruthy();
    expect(screen.getByDisplayValue('Contracts 2026')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(bodiesTo(server.post, '/api/bi/dataset/save')).toMatchObject([
      { id: 3, version: 4, name: 'Contracts 2026', definition: contractsDataset },
    ]);
  });

  it('tries a SQL dataset with its parameters’ defaults and fills the columns, keeping the labels given', async () => {
    const { server } = openEditor(6, true, sqlDataset);
    fireEvent.click(await button(/Try/));
    await waitFor(() =>
      expect(bodiesTo(server.post, '/api/bi/sql/try')).toEqual([
        {
          dataSourceId: null,
          sql: sqlDataset.definition.kind === 'sql' ? sqlDataset.definition.sql : '',
          parameters: [{ name: 'least', type: 'number', label: { en: 'At least', zh: '最少' }, default: 100 }],
          values: { least: 100 },
        },
      ]),
    );
    const firstRows = await screen.findByRole('region', { name: 'First rows' });
    expect(within(firstRows).getByText('2026-03-01')).toBeTruthy();
    expect(screen.getByLabelText('English label of column day')).toHaveProperty('value', 'day');
    expect(screen.getByLabelText('English label of column amount')).toHaveProperty('value', 'Received');
    expect(fieldNames()).toEqual(['day', 'amount']);
  });
});
