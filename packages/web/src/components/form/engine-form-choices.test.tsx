import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type FieldMeta, projectMeta, salesContractMeta } from '@trestle/shared';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { EngineForm } from './EngineForm.tsx';
import type { FieldSource } from './FieldInput.tsx';
import type { Option } from './selects.tsx';

const pick = (fields: readonly FieldMeta[], ...names: string[]) => fields.filter((f) => names.includes(f.name));

function Harness(props: {
  fields: FieldMeta[];
  sourceOf: (f: FieldMeta) => FieldSource;
  record?: Record<string, unknown>;
  formRef?: { current: FormInstance | null };
}) {
  const [form] = Form.useForm();
  if (props.formRef) props.formRef.current = form;
  return (
    <Form form={form} layout="vertical">
      <EngineForm fields={props.fields} purpose="edit" form={form} sourceOf={props.sourceOf} record={props.record} />
    </Form>
  );
}

const openSelect = (label: string) => fireEvent.mouseDown(screen.getByLabelText(label));
const shownOptions = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? o.textContent);

describe('pickers in the engine form', () => {
  it('lists the first page as soon as a remote picker opens, before anything is typed', async () => {
    const fetchOptions = vi.fn(
      async (): Promise<Option[]> => [
        { value: 1, label: 'XM2026-0901 — Metro line' },
        { value: 2, label: 'XM2026-0902 — Harbour' },
      ],
    );
    render(<Harness fields={pick(salesContractMeta.fields, 'projectId')} sourceOf={() => ({ fetchOptions })} />);
    openSelect('Project');
    await waitFor(() => expect(shownOptions()).toEqual(['XM2026-0901 — Metro line', 'XM2026-0902 — Harbour']));
    expect(fetchOptions).toHaveBeenCalledTimes(1);
    expect(fetchOptions).toHaveBeenCalledWith('');
  });

  it('fills the fields a choice brings, showing a filled reference by its label', async () => {
    const formRef: { current: FormInstance | null } = { current: null };
    const project: Option = {
      value: 1,
      label: 'XM2026-0901 — Metro line',
      fill: { customerId: 7 },
      fillLabels: { customerId: 'KH001 — City Metro' },
    };
    const sourceOf = (f: FieldMeta): FieldSource => ({
      fetchOptions: async () => (f.name === 'projectId' ? [project] : []),
    });
    render(
      <Harness
        fields={pick(salesContractMeta.fields, 'projectId', 'customerId')}
        sourceOf={sourceOf}
        formRef={formRef}
      />,
    );
    openSelect('Project');
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="XM2026-0901 — Metro line"]');
      if (!found) throw new Error('no option yet');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(formRef.current?.getFieldValue('customerId')).toBe(7));
    expect(formRef.current?.getFieldValue('projectId')).toBe(1);
    expect(await screen.findByTitle('KH001 — City Metro')).toBeTruthy();
  });
});

describe('state choices in the engine form', () => {
  const statuses = ['DRAFT', 'IN_PROGRESS', 'ON_HOLD', 'ACCEPTED', 'WARRANTY', 'CLOSED', 'CANCELLED'];
  const sourceOf = (): FieldSource => ({ options: statuses.map((s) => ({ value: s, label: s })) });
  const status = pick(projectMeta.fields, 'status');

  it('offers a new project its initial state alone', async () => {
    render(<Harness fields={status} sourceOf={sourceOf} />);
    openSelect('Status');
    await waitFor(() => expect(shownOptions()).toEqual(['DRAFT']));
  });

  it('offers a stored project its state and the moves from it', async () => {
    render(<Harness fields={status} sourceOf={sourceOf} record={{ status: 'IN_PROGRESS' }} />);
    openSelect('Status');
    await waitFor(() => expect(shownOptions()).toEqual(['IN_PROGRESS', 'ON_HOLD', 'CANCELLED']));
  });
});
