import type { TableDesign } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { createEntityRegistry } from '../../engine/registry.ts';
import { screenOf } from './pages.checks.ts';

const design = (name: string, master: TableDesign['master'], fields: TableDesign['fields']): TableDesign => ({
  name,
  table: name.toLowerCase(),
  label: { en: name, zh: name },
  description: '',
  folder: null,
  master,
  softDelete: false,
  audit: false,
  scope: {},
  indexes: [],
  fields,
});

describe('the screen whose grants open a block’s entity', () => {
  it('is the master’s for a designed detail table (which has no screen of its own), the table’s own otherwise', () => {
    const registry = createEntityRegistry([]);
    const text = (id: string, name: string) => ({ id, name, label: { en: name, zh: name }, type: 'string' as const });
    registry.setDesigned('Van', design('Van', null, [text('f1', 'plate')]));
    registry.setDesigned(
      'Trip',
      design('Trip', { entity: 'Van', field: 'van' }, [
        { ...text('g1', 'van'), type: 'reference', required: true, reference: { table: 'van', labelColumn: 'plate' } },
        text('g2', 'purpose'),
      ]),
    );
    const def = (name: string) => registry.definitions.find((d) => d.meta.name === name);
    const [van, trip] = [def('Van'), def('Trip')];
    if (!van || !trip) throw new Error('the designs are not served');
    expect(screenOf(registry.definitions, trip)).toBe('Van');
    expect(screenOf(registry.definitions, van)).toBe('Van');
  });
});
