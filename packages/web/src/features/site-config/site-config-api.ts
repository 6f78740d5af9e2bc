import type { SiteSettingsSave, SiteSettingsView } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const siteConfigKeys = {
  all: ['siteConfig'] as const,
  detail: () => [...siteConfigKeys.all, 'detail'] as const,
};

/** Every field for the platform administrator; only its tenant's own for a tenant's. */
export const getSiteConfig = () => http.get<SiteSettingsView>('/api/siteConfig/get');

// Quiet: the screen shows the field errors itself.
export const saveSiteConfig = (body: SiteSettingsSave) =>
  http.post<SiteSettingsView>('/api/siteConfig/save', body, { quiet: true });
