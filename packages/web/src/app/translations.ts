import { coreStringFiles } from './translations-core.ts';
import { featureStringFiles } from './translations-features.ts';
import { mergedTranslations } from './translations-merge.ts';

/**
 * Every folder's strings, listed by hand (in translations-core.ts and translations-features.ts) so a folder's
 * strings are loaded exactly when it is listed there. The browser loads the two lists apart (app/i18n.ts);
 * this whole table is for the tests.
 */
export const stringFiles = [...coreStringFiles, ...featureStringFiles];

export const translations = mergedTranslations(stringFiles);
