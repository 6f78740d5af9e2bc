import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDictionaryService } from '../features/dictionaries/dictionary.service.ts';
import { bearer, createTestApp, type TestApp } from '../test/helper.ts';
import { builtInEntities } from './registry.ts';

/**
 * The browser draws an entity's screen from `/api/<name>/getMeta` alone (the generic entity page): what the
 * server sends must be the definition itself, nothing lost on the way through the response schema, with
 * the metadata of every detail entity edited with it.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin', 'Admin@2026');
});
afterAll(() => t.close());

describe('getMeta', () => {
  it('sends every entity exactly as defined, with its detail entities', async () => {
    const definitions = builtInEntities({ dictionaries: createDictionaryService(t.database.db, t.database.userSql) });
    const screens = definitions.filter((d) => !d.detailOnly);
    expect(screens.length).toBeGreaterThan(20);
    for (const { meta } of screens) {
      const res = await t.app.inject({ method: 'GET', url: `/api/${meta.name}/getMeta`, headers: bearer(token) });
      expect(res.statusCode, meta.name).toBe(200);
      const { detailMetas, ...sent } = res.json().data;
      expect(sent, meta.name).toEqual(JSON.parse(JSON.stringify(meta)));
      const expected = meta.details.map((d) => definitions.find((x) => x.meta.name === d.entity)?.meta);
      expect(expected.every(Boolean), `${meta.name}'s details are registered`).toBe(true);
      expect(detailMetas, meta.name).toEqual(JSON.parse(JSON.stringify(expected)));
    }
  });
});
