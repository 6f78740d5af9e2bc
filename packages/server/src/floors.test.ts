import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const RULE = 'lint/style/noRestrictedImports';

/**
 * The lint rule that keeps the floors (docs/dev/architecture.md), run on a copy: the repository's biome.json
 * and the server's source as they are, plus a small web tree, in a temporary folder, so a probe import can be
 * added without touching the working tree.
 */
let work = '';

function lint() {
  const run = spawnSync(biome, ['lint', '.'], { cwd: work, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Lints with one file added, then takes it away again. */
function lintWith(file: string, text: string) {
  const at = path.join(work, file);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, text);
  try {
    return lint();
  } finally {
    rmSync(at);
  }
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'trestle-floors-'));
  // The copy has no git, so the config's git settings go; the other rules go too, so that only the floors
  // decide the exit status (`--only` would not do: it runs the rule on the tests the overrides exempt).
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  delete config.vcs;
  config.linter.rules = { preset: 'none' };
  config.assist = { enabled: false };
  writeFileSync(path.join(work, 'biome.json'), JSON.stringify(config));
  for (const tree of ['packages/server/src', 'packages/web/src']) {
    cpSync(path.join(root, tree), path.join(work, tree), { recursive: true });
  }
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the floors lint rule', () => {
  it('finds no import that climbs a floor or crosses features in the server and the web as they are', () => {
    const { status, output } = lint();
    expect(output).not.toContain(RULE);
    expect(status).toBe(0);
  });

  it('fails on a lower floor importing a higher one', () => {
    const { status, output } = lintWith(
      'packages/server/src/db/probe.ts',
      "import { healthRoutes } from '../features/health/health.routes.ts';\n\nexport const probe = healthRoutes;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('packages/server/src/db/probe.ts');
    expect(output).toContain(RULE);
  });

  it('fails on a server feature importing another feature', () => {
    const { status, output } = lintWith(
      'packages/server/src/features/menu/probe.ts',
      "import { userRoutes } from '../users/users.routes.ts';\n\nexport const probe = userRoutes;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('packages/server/src/features/menu/probe.ts');
    expect(output).toContain(RULE);
  });

  it('fails on a web feature importing another feature', () => {
    const { status, output } = lintWith(
      'packages/web/src/features/home/probe.ts',
      "import { MinePage } from '../mine/MinePage.tsx';\n\nexport const probe = MinePage;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('packages/web/src/features/home/probe.ts');
    expect(output).toContain(RULE);
  });

  it('fails on a web part below the features importing a feature or the app', () => {
    const probes: [string, string][] = [
      [
        'packages/web/src/components/grid/probe.ts',
        "import { UsersPage } from '../../features/users/UsersPage.tsx';\n\nexport const probe = UsersPage;\n",
      ],
      [
        'packages/web/src/lib/probe.ts',
        "import { routes } from '../app/routes.tsx';\n\nexport const probe = routes;\n",
      ],
    ];
    for (const [file, text] of probes) {
      const { status, output } = lintWith(file, text);
      expect(status).not.toBe(0);
      expect(output).toContain(file);
      expect(output).toContain(RULE);
    }
  });

  it('lets tests import across floors: they assemble the app', () => {
    const { status, output } = lintWith(
      'packages/server/src/features/menu/probe.test.ts',
      "import { userRoutes } from '../users/users.routes.ts';\n\nexport const probe = userRoutes;\n",
    );
    expect(output).not.toContain(RULE);
    expect(status).toBe(0);
  });
});
