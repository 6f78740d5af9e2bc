import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeSeeded } from './seeded.ts';

/** Migrates and seeds once per run; each test file's createTestApp starts from a copy (seeded.ts). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-seeded-'));
  const made = await makeSeeded(process.env.DATABASE_URL, dir);
  project.provide('seeded', made.seeded);
  return async () => {
    await made.remove();
    rmSync(dir, { recursive: true, force: true });
  };
}
