import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FormBody, type FormDesignInput, formDesignSchema } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/transport.ts';
import { showAndRequireWhenOn } from '../../test/form-rules.ts';
import { renderInApp } from '../../test/render.tsx';
import { FormFill, type FormFillProps } from './FormFill.tsx';

const label = (en: string) => ({ en, zh: '' });

/** A site inspection: hazard details shown and required while hazards are present; a total over the lines. */
const inspection: FormDesignInput = {
  title: label('Site inspection'),
  fields: [
    { name: 'site', type: 'string', label: label('Site'), required: true },
    { name: 'hazards', type: 'boolean', label: label('Hazards present'), default: false },
    { name: 'hazardDetails', type: 'text', label: label('Hazard details') },
    { name: 'fee', type: 'decimal', label: label('Fee'), precision: 12, scale: 2 },
    {
      name: 'total',
      type: 'decimal',
      label: label('Total'),
      precision: 12,
      scale: 2,
      computed: 'coalesce(fee, 0) + sum(Costs.amount)',
    },
  ],
  tables: [
    {
      name: 'Costs',
      label: label('Costs'),
      fields: [
        { name: 'item', type: 'string', label: label('Item') },
        { name: 'amount', type: 'decimal', label: label('Amount'), precision: 12, scale: 2 },
      ],
    },
  ],
  items: [
    { kind: 'field', id: 'f1', name: 'site', span: 12 },
    { kind: 'field', id: 'f2', name: 'hazards', span: 12 },
    { kind: 'field', id: 'f3', name: 'hazardDetails', span: 24 },
    { kind: 'field', id: 'f4', name: 'fee' },
    { kind: 'field', id: 'f5', name: 'total' },
    { kind: 'table', id: 't1', name: 'Costs' },
  ],
  rules: [showAndRequireWhenOn('hazards', 'hazardDetails')],
};
const design = formDesignSchema.parse(inspection);
const viewer = { roleIds: [], organizationId: null };

function renderFill(props: Partial<FormFillProps> = {}) {
  return renderInApp(<FormFill design={design} viewer={viewer} {...props} />);
}

const hazardSwitch = () => screen.getByRole('switch', { name: 'Hazards present' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('FormFill', () => {
  it('shows hazard details only while hazards are present, and then requires them', async () => {
    const onSubmit = vi.fn(async (_: FormBody) => {});
    renderFill({ onSubmit });
    expect(screen.queryByLabelText('Hazard details')).toBeNull();
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'Pier 4' } });
    fireEvent.click(hazardSwitch());
    const details = await screen.findByLabelText('Hazard details');
    expect(details.closest('.ant-form-item')?.querySelector('.ant-form-item-required')).toBeTruthy();
    submit();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(details, { target: { value: 'Open trench' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].mainData).toMatchObject({ hazards: true, hazardDetails: 'Open trench' });
  });

  it('does not send what the rules hide, even when it was typed before', async () => {
    const onSubmit = vi.fn(async (_: FormBody) => {});
    renderFill({ onSubmit });
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'Pier 4' } });
    fireEvent.click(hazardSwitch());
    fireEvent.change(await screen.findByLabelText('Hazard details'), { target: { value: 'Open trench' } });
    fireEvent.click(hazardSwitch());
    await waitFor(() => expect(screen.queryByLabelText('Hazard details')).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]?.[0];
    expect(body?.mainData.site).toBe('Pier 4');
    expect(body?.mainData).not.toHaveProperty('hazardDetails');
  });

  it('keeps a computed total following the fee and the lines of a sub-table, and locks it', async () => {
    renderFill({ onSubmit: async () => {} });
    const total = screen.getByLabelText('Total') as HTMLInputElement;
    expect(total.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Fee'), { target: { value: '10.00' } });
    await waitFor(() => expect(total.value).toBe('10.00'));
    const costs = screen.getByTestId('lines-Costs');
    fireEvent.click(within(costs).getByRole('button', { name: /Add line/ }));
    fireEvent.click(within(costs).getByRole('button', { name: /Add line/ }));
    const amounts = await waitFor(() => {
      const inputs = costs.querySelectorAll<HTMLInputElement>('input[inputmode="decimal"]');
      expect(inputs.length).toBe(2);
      return inputs;
    });
    fireEvent.change(amounts[0] as HTMLInputElement, { target: { value: '2.50' } });
    fireEvent.change(amounts[1] as HTMLInputElement, { target: { value: '4' } });
    await waitFor(() => expect(total.value).toBe('16.50'));
    fireEvent.click(within(costs).getAllByRole('button', { name: 'Remove line' })[0] as HTMLElement);
    await waitFor(() => expect(total.value).toBe('14.00'));
  });

  it('puts the server’s field errors on the fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new HttpError('Invalid input', 400, 'bad_request', { fieldErrors: { 'mainData.site': 'no such site' } });
    });
    renderFill({ onSubmit });
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'Nowhere' } });
    submit();
    expect(await screen.findByText('no such site')).toBeTruthy();
  });

  it('shows an answer read-only, without a submit button', async () => {
    renderFill({
      readOnly: true,
      onSubmit: async () => {},
      initial: {
        mainData: { site: 'Pier 4', hazards: true, hazardDetails: 'Open trench', fee: '10.00', total: '12.00' },
        detailData: { Costs: [{ item: 'Barrier', amount: '2.00' }] },
      },
    });
    const site = (await screen.findByLabelText('Site')) as HTMLInputElement;
    expect(site.value).toBe('Pier 4');
    expect(site.disabled).toBe(true);
    expect((screen.getByLabelText('Hazard details') as HTMLTextAreaElement).value).toBe('Open trench');
    expect(screen.getByDisplayValue('Barrier')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add line/ })).toBeNull();
  });

  it('shows an answer as it was given, without the defaults a new one starts from', () => {
    const withDefault = formDesignSchema.parse({
      ...inspection,
      fields: inspection.fields?.map((f) => (f.name === 'fee' ? { ...f, default: '25.00' } : f)),
    });
    renderFill({ design: withDefault, readOnly: true, initial: { mainData: { site: 'Pier 4' } } });
    expect((screen.getByLabelText('Fee') as HTMLInputElement).value).toBe('');
  });

  it('shows an answer’s values even where the reader’s roles would hide them', () => {
    const byRole = formDesignSchema.parse({
      ...inspection,
      rules: [
        {
          id: 'r2',
          match: 'all',
          when: [{ subject: 'role', op: 'in', value: [5] }],
          actions: [{ action: 'show', target: 'hazardDetails' }],
        },
      ],
    });
    renderFill({
      design: byRole,
      readOnly: true,
      initial: { mainData: { site: 'Pier 4', hazardDetails: 'Open trench' } },
    });
    expect((screen.getByLabelText('Hazard details') as HTMLTextAreaElement).value).toBe('Open trench');
  });

  it('lays fields on the 24-column grid by span, each one column wide on a phone', () => {
    renderFill();
    const col = (name: string) => screen.getByLabelText(name).closest('.ant-form-item')?.closest('.ant-col');
    expect(col('Site')?.className).toContain('ant-col-xs-24');
    expect(col('Site')?.className).toContain('ant-col-sm-12');
    expect(col('Fee')?.className).toContain('ant-col-sm-12');
    expect(col('Fee')?.className).toContain('ant-col-xs-24');
  });

  it('keeps to one column when asked to, whatever the window (a phone preview)', () => {
    renderFill({ narrow: true });
    const col = screen.getByLabelText('Site').closest('.ant-form-item')?.closest('.ant-col');
    expect(col?.className).toContain('ant-col-sm-24');
    expect(col?.className).not.toContain('ant-col-sm-12');
  });

  it('shows the labels in the language asked for, falling back to English', () => {
    const zh = formDesignSchema.parse({
      ...inspection,
      fields: inspection.fields?.map((f) => (f.name === 'site' ? { ...f, label: { en: 'Site', zh: '现场' } } : f)),
    });
    renderFill({ design: zh, lang: 'zh' });
    expect(screen.getByLabelText('现场')).toBeTruthy();
    expect(screen.getByLabelText('Fee')).toBeTruthy();
  });
});
