import { addTranslations, startI18n } from '../i18n/index.ts';
import { lazyRoute } from './lazy-route.ts';
import { coreTranslations } from './translations-core.ts';

// Imported first by main.tsx, so the first screen's texts exist before a screen module runs.
startI18n(coreTranslations);

let featureStrings: Promise<void> | undefined;

/**
 * The strings of the screens behind sign-in, loaded once (a failed chunk reloads the page, as a screen's does).
 * The root route's loader waits for them before any screen but sign-in shows.
 */
export function loadFeatureStrings(): Promise<void> {
  featureStrings ??= lazyRoute(() => import('./translations-features.ts'))().then((m) =>
    addTranslations(m.featureTranslations),
  );
  // A chunk that failed for good is asked for again by the next navigation.
  featureStrings.catch(() => {
    featureStrings = undefined;
  });
  return featureStrings;
}
