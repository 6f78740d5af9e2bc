import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { sketchedEntity } from '../test/entities.ts';
import { checkLifecycles } from './lifecycle.ts';

// An entity as the table designer could draw it: no hooks, only metadata. The engine alone keeps its lifecycle.
const ticket = sketchedEntity('Ticket', 'tickets', { en: 'Tickets', zh: '工单' }, [
  {
    name: 'state',
    type: 'dict',
    dictionary: 'ticketState',
    label: { en: 'State', zh: '状态' },
    default: 'OPEN',
    lifecycle: { initial: ['OPEN'], next: { OPEN: ['DONE'], DONE: [] } },
  },
]);

const refusal = (run: () => void) => {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message, data: err.data };
    throw err;
  }
  return null;
};

describe('the engine keeps any entity to its lifecycle', () => {
  it('starts a new row in an initial state, its default when none is sent', () => {
    expect(refusal(() => checkLifecycles(ticket, {}))).toBeNull();
    expect(refusal(() => checkLifecycles(ticket, { state: 'OPEN' }))).toBeNull();
    expect(refusal(() => checkLifecycles(ticket, { state: 'DONE' }))).toEqual({
      status: 422,
      message: "A new record's state cannot be DONE: it starts as OPEN",
      data: { fieldErrors: { state: "A new record's state cannot be DONE: it starts as OPEN" } },
    });
  });

  it('moves an edited row only along the lifecycle, staying put always allowed', () => {
    expect(refusal(() => checkLifecycles(ticket, { state: 'DONE' }, { state: 'OPEN' }))).toBeNull();
    expect(refusal(() => checkLifecycles(ticket, { state: 'DONE' }, { state: 'DONE' }))).toBeNull();
    expect(refusal(() => checkLifecycles(ticket, {}, { state: 'DONE' }))).toBeNull();
    expect(refusal(() => checkLifecycles(ticket, { state: 'OPEN' }, { state: 'DONE' }))?.data).toEqual({
      fieldErrors: { state: 'The state cannot go from DONE to OPEN' },
    });
  });
});
