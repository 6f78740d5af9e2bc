import { startI18n } from '../i18n/index.ts';
import { translations } from './translations.ts';

// Imported first by main.tsx, so every text exists before a screen module runs.
startI18n(translations);
