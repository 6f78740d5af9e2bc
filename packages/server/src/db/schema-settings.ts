import { createHash } from 'node:crypto';
import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Image captcha challenges (not tenant-owned: they are answered before anyone is signed in). */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    /** sha256 of the lower-cased answer: the answer itself is never stored. */
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_at').on(t.expiresAt)],
);

/** The stored form of a captcha answer: case and surrounding spaces do not matter. */
export const captchaAnswerHash = (answer: string) =>
  createHash('sha256').update(answer.trim().toUpperCase()).digest('hex');
