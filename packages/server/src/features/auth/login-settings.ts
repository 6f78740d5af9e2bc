import { type LoginSettings, loginSettingsSchema } from '@trestle/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** Read on every use, so a change made in LoginSet applies without a restart. */
export async function loadLoginSettings(db: Db): Promise<LoginSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'login'));
  const parsed = loginSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : loginSettingsSchema.parse({});
}
