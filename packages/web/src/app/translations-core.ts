import * as errors from '../components/errors/strings.ts';
import * as componentsForm from '../components/form/strings.ts';
import * as components from '../components/strings.ts';
import * as auth from '../features/auth/strings.ts';
import { httpMessages } from '../lib/http/messages.ts';
import * as shell from './strings.ts';
import { mergedTranslations } from './translations-merge.ts';

/**
 * The strings the first screen needs: the shell's, the HTTP client's and the anonymous screens' (sign-in,
 * registration, not found). They travel with the entry script; every other folder's strings come with the
 * first screen behind sign-in (translations-features.ts), so a visitor's first load does not carry them.
 */
export const coreStringFiles = [httpMessages, shell, componentsForm, components, auth, errors];

export const coreTranslations = mergedTranslations(coreStringFiles);
