import { fireEvent, render, screen } from '@testing-library/react';
import { employeeMeta, type FieldMeta } from '@trestle/shared';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FieldInput } from './FieldInput.tsx';
import { layoutRows } from './layout.ts';

const rate = employeeMeta.fields.find((f) => f.name === 'hourlyRate');
const notes: FieldMeta = { name: 'notes', type: 'richText', label: { en: 'Notes', zh: '备注' } };

describe('field inputs', () => {
  it('keeps a decimal as the string typed, never a float', () => {
    if (!rate) throw new Error('hourlyRate');
    const onChange = vi.fn();
    render(<FieldInput field={rate} purpose="edit" value="12.50" onChange={onChange} id="rate" />);
    const input = screen.getByDisplayValue('12.50');
    fireEvent.change(input, { target: { value: '0.10' } });
    expect(onChange).toHaveBeenCalledWith('0.10');
  });

  it('submits the decimal string through a form unchanged', async () => {
    if (!rate) throw new Error('hourlyRate');
    const onFinish = vi.fn();
    const { container } = render(
      <Form onFinish={onFinish} initialValues={{ hourlyRate: '45.00' }}>
        <Form.Item name="hourlyRate">
          <FieldInput field={rate} purpose="edit" />
        </Form.Item>
        <button type="submit">go</button>
      </Form>,
    );
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ hourlyRate: '45.00' }));
  });

  it('edits rich text in the editor, loaded on first use; shows it read-only when locked; searches it as text', async () => {
    const { unmount } = render(<FieldInput field={notes} purpose="edit" value="<p><strong>Hi</strong></p>" />);
    const editor = await screen.findByRole('textbox', { name: 'Notes' });
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(editor.querySelector('strong')?.textContent).toBe('Hi');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    unmount();

    const locked = render(<FieldInput field={notes} purpose="edit" disabled value="<p>Hi</p>" />);
    expect((await screen.findByRole('textbox', { name: 'Notes' })).getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
    locked.unmount();

    const onChange = vi.fn();
    render(<FieldInput field={notes} purpose="search" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'boots' } });
    expect(onChange).toHaveBeenCalledWith('boots');
  });

  it('lays out the edit form by row and column, 24/cols wide unless a span is given', () => {
    const rows = layoutRows(employeeMeta.fields, 'edit');
    expect(rows[0]?.map((c) => [c.field.name, c.span])).toEqual([
      ['code', 12],
      ['name', 12],
    ]);
    expect(rows.at(-1)?.map((c) => [c.field.name, c.span])).toEqual([['remark', 24]]);
    const search = layoutRows(employeeMeta.fields, 'search');
    expect(search.map((r) => r.map((c) => c.field.name))).toEqual([
      ['code', 'name', 'gender'],
      ['organizationId', 'hireDate', 'status'],
    ]);
    expect(search[0]?.[0]?.span).toBe(8);
  });
});
