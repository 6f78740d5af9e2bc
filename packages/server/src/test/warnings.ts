import { warningFixtures } from '../features/warnings/warnings.fixtures.ts';
import type { TestApp } from './helper.ts';
import { madeInBeforeAll } from './use-test-app.ts';

/** The warning fixtures over a file's app (see useTestApp), initialised before its tests. */
export const useWarningFixtures = (t: TestApp) =>
  madeInBeforeAll(async () => {
    const fixtures = warningFixtures(t);
    await fixtures.init();
    return fixtures;
  });
