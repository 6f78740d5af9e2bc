import { timingSafeEqual } from 'node:crypto';
import { type LoginSettings, loginSettingsSchema } from '@trestle/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { captchaAnswerHash, captchas } from '../../db/schema-settings.ts';

/**
 * Read on every use (one primary-key row), so a change made in LoginSet applies without a restart
 * and on every node at once: sign-in is rare enough not to need a cache.
 */
export async function loadLoginSettings(db: Db): Promise<LoginSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'login'));
  const parsed = loginSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : loginSettingsSchema.parse({});
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Spends the captcha (deleted whether the answer is right or not, so each picture allows one guess)
 * and tells whether the answer was right and in time.
 */
export async function takeCaptcha(db: Db, id: string | undefined, answer: string | undefined, at: Date) {
  if (!id || !answer || !UUID.test(id)) return false;
  const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
  if (!row || row.expiresAt <= at) return false;
  return timingSafeEqual(Buffer.from(row.answerHash), Buffer.from(captchaAnswerHash(answer)));
}
