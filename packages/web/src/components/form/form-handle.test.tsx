import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { employeeMeta } from '@trestle/shared';
import { Form } from 'antd';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { EngineForm } from './EngineForm.tsx';
import type { FormHandle } from './form-handle.ts';

const fields = employeeMeta.fields.filter((f) => ['code', 'name', 'phone'].includes(f.name));

function Harness({ handle, showMessage }: { handle: React.Ref<FormHandle>; showMessage?: boolean }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="vertical">
      <EngineForm fields={fields} purpose="edit" form={form} handleRef={handle} showMessage={showMessage} />
    </Form>
  );
}

describe('engine form handle', () => {
  it('answers false while a field fails and true once all pass', async () => {
    const handle = createRef<FormHandle>();
    render(<Harness handle={handle} />);
    let ok: boolean | undefined;
    await act(async () => {
      ok = await handle.current?.validate();
    });
    expect(ok).toBe(false);
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'E-1' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    await act(async () => {
      ok = await handle.current?.validate();
    });
    expect(ok).toBe(true);
  });

  it('throws on an unknown field name and validates a known one', async () => {
    const handle = createRef<FormHandle>();
    render(<Harness handle={handle} />);
    expect(() => handle.current?.validateField('nope')).toThrow('unknown field: nope');
    let ok: boolean | undefined;
    await act(async () => {
      ok = await handle.current?.validateField('phone');
    });
    expect(ok).toBe(true);
  });

  it('validates a text field on blur, not while typing, and shows only the first failing message', async () => {
    render(<Harness handle={createRef()} />);
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'bad code!' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('has the wrong format')).toBeNull();
    fireEvent.blur(code);
    await waitFor(() => expect(screen.getByText('has the wrong format')).toBeTruthy());
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);
  });

  it('hides the messages when showMessage is off but keeps the error state', async () => {
    const handle = createRef<FormHandle>();
    const { container } = render(<Harness handle={handle} showMessage={false} />);
    await act(async () => {
      await handle.current?.validate();
    });
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(container.querySelectorAll('.ant-form-item-has-error').length).toBeGreaterThan(0);
  });
});
