import { describe, expect, it } from 'vitest';
import { entityOfRoute } from './menu-tree.ts';

describe('the entity a menu route names', () => {
  it('is the single segment of an entity name, spelt as the menu spells it', () => {
    expect(entityOfRoute('/Customer')).toBe('Customer');
    expect(entityOfRoute('/YWProjectInformation')).toBe('YWProjectInformation');
  });
  it('is none for nested routes, lower-case screens, folders and anything with other characters', () => {
    for (const route of ['/Log/Request', '/sysMenu', null, '/', '/Customer?x=1', '/Cust-omer', '/../api'])
      expect(entityOfRoute(route)).toBeNull();
  });
});
