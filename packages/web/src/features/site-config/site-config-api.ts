import type { SiteSettingsBody } from '@trestle/shared';
import { http } from '../../lib/http.ts';

export const siteConfigKeys = {
  all: ['siteConfig'] as const,
  detail: () => [...siteConfigKeys.all, 'detail'] as const,
};

export const getSiteConfig = () => http.get<SiteSettingsBody>('/api/siteConfig/get');

// Quiet: the screen shows the field errors itself.
export const saveSiteConfig = (body: SiteSettingsBody) =>
  http.post<SiteSettingsBody>('/api/siteConfig/save', body, { quiet: true });
