import { describe, expect, it } from 'vitest';
import { builtInEntities } from '../built-ins.ts';
import { createDictionaryService } from '../features/dictionaries/dictionary.service.ts';
import { bearer } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

/**
 * The browser draws an entity's screen from `/api/<name>/getMeta` alone (the generic entity page): what the
 * server sends must be the definition itself, nothing lost on the way through the response schema, with
 * the metadata of every detail entity edited with it.
 */
const t = useTestApp();

describe('getMeta', () => {
  it('sends every entity exactly as defined, with its detail entities', async () => {
    const definitions = builtInEntities({ dictionaries: createDictionaryService(t.database.db, t.database.userSql) });
    const screens = definitions.filter((d) => !d.detailOnly);
    expect(screens.length).toBeGreaterThan(20);
    for (const { meta } of screens) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${meta.name}/getMeta`, headers: bearer(t.admin) });
      expect(res.statusCode, meta.name).toBe(200);
      const { detailMetas, ...sent } = res.json().data;
      expect(sent, meta.name).toEqual(JSON.parse(JSON.stringify(meta)));
      const expected = meta.details.map((d) => definitions.find((x) => x.meta.name === d.entity)?.meta);
      expect(expected.every(Boolean), `${meta.name}'s details are registered`).toBe(true);
      expect(detailMetas, meta.name).toEqual(JSON.parse(JSON.stringify(expected)));
    }
  });
});
