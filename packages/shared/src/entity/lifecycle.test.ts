import { describe, expect, it } from 'vitest';
import { projectMeta, salesInvoiceMeta } from '../index.ts';
import { canMove, type FieldMeta, stateChoices } from './metadata.ts';

const status = (fields: FieldMeta[]) => fields.find((f) => f.name === 'status') as FieldMeta;

describe('state choices follow the lifecycle', () => {
  it('offers a new project its initial state only: never Closed', () => {
    expect(stateChoices(status(projectMeta.fields))).toEqual(['DRAFT']);
    expect(stateChoices(status(projectMeta.fields), '')).toEqual(['DRAFT']);
  });

  it('offers the current state and the states it may move to', () => {
    expect(stateChoices(status(projectMeta.fields), 'IN_PROGRESS')).toEqual(['IN_PROGRESS', 'ON_HOLD', 'CANCELLED']);
    expect(stateChoices(status(projectMeta.fields), 'CLOSED')).toEqual(['CLOSED']);
    expect(stateChoices(status(salesInvoiceMeta.fields), 'APPROVED')).toEqual(['APPROVED', 'ISSUED', 'VOID']);
  });

  it('leaves a field without a lifecycle alone', () => {
    expect(stateChoices({ lifecycle: undefined }, 'X')).toBeNull();
  });

  it('allows exactly the offered moves', () => {
    const life = status(projectMeta.fields).lifecycle;
    if (!life) throw new Error('the project status has a lifecycle');
    expect(canMove(life, 'DRAFT', 'DRAFT')).toBe(true);
    expect(canMove(life, 'DRAFT', 'CANCELLED')).toBe(true);
    expect(canMove(life, 'DRAFT', 'CLOSED')).toBe(false);
    expect(canMove(life, 'ON_HOLD', 'IN_PROGRESS')).toBe(true);
  });
});
