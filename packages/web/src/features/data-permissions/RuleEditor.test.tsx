import { fireEvent, render, screen } from '@testing-library/react';
import type { CustomFilter, ScopeField } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { newCondition, RuleEditor } from './RuleEditor.tsx';

const fields: ScopeField[] = [
  {
    name: 'organizationId',
    label: { en: 'Organisation', zh: '组织' },
    type: 'reference',
    operators: ['eq', 'ne', 'in', 'isNull'],
    variables: ['currentUser', 'currentOrganization'],
  },
  {
    name: 'code',
    label: { en: 'Code', zh: '工号' },
    type: 'string',
    operators: ['eq', 'like', 'in'],
    variables: [],
  },
];
const [org, code] = fields as [ScopeField, ScopeField];

// antd's first render is slow on a busy 2-core machine.
describe('RuleEditor', { timeout: 30_000 }, () => {
  it('starts a condition on a field with its first operator, and a variable where the field takes one', () => {
    expect(newCondition(org)).toEqual({ field: 'organizationId', op: 'eq', variable: 'currentUser' });
    expect(newCondition(code)).toEqual({ field: 'code', op: 'eq', value: '' });
  });

  it('edits a literal value, adds a condition and shows the problems of each row', () => {
    const onChange = vi.fn();
    const value: CustomFilter = { match: 'all', conditions: [{ field: 'code', op: 'eq', value: 'E1' }] };
    render(
      <RuleEditor value={value} fields={fields} errors={{ 'conditions.0.value': 'needs text' }} onChange={onChange} />,
    );
    expect(screen.getByText('needs text')).toBeTruthy();
    fireEvent.change(screen.getByDisplayValue('E1'), { target: { value: 'E2' } });
    expect(onChange).toHaveBeenLastCalledWith({
      match: 'all',
      conditions: [{ field: 'code', op: 'eq', value: 'E2' }],
    });
    fireEvent.click(screen.getByRole('button', { name: /Add condition/ }));
    expect(onChange).toHaveBeenLastCalledWith({
      match: 'all',
      conditions: [
        { field: 'code', op: 'eq', value: 'E1' },
        { field: 'organizationId', op: 'eq', variable: 'currentUser' },
      ],
    });
  });

  it('shows the variable, not a value box, when a condition compares with one; a lone condition cannot be removed', () => {
    const value: CustomFilter = {
      match: 'any',
      conditions: [{ field: 'organizationId', op: 'eq', variable: 'currentOrganization' }],
    };
    render(<RuleEditor value={value} fields={fields} errors={{}} onChange={() => {}} />);
    expect(screen.getByText("Current user's organisation")).toBeTruthy();
    expect(screen.queryByLabelText('Value')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove condition' }).hasAttribute('disabled')).toBe(true);
  });
});
