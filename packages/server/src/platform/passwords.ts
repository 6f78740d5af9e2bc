import { hash, verify } from '@node-rs/argon2';
import { type PasswordPolicy, passwordGapMessage, passwordPolicyGaps } from '@trestle/shared';

// argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1).
export const hashPassword = (password: string) => hash(password);

// Verified when the user does not exist, so both failures take the same time (no enumeration by timing).
const dummyHash = hash('not-a-real-password-0000');

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

/** NFKC, trimmed and lower-cased: 'Admin', ' admin ' and full-width 'ａｄｍｉｎ' are one account and one lockout bucket. */
export const userKeyOf = (userName: string) => userName.normalize('NFKC').trim().toLowerCase();

const common = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  'qwertyui',
  'iloveyou',
  'admin123',
  'welcome1',
]);

/** The password policy: length, not the user name, not a well-known password (ASVS 6.2, no composition rules). */
export function passwordProblem(password: string, userName: string, policy: PasswordPolicy): string | null {
  // LoginSet's length and character classes, listed together
  const gaps = passwordPolicyGaps(password, policy);
  if (gaps.length === 1 && password.length < policy.passwordMinLength) return gaps[0] ?? '';
  if (gaps.length) return passwordGapMessage(gaps);
  if (password.length > 128) return 'at most 128 characters';
  const lower = password.toLowerCase();
  if (userName && lower.includes(userKeyOf(userName))) return 'must not contain the user name';
  if (common.has(lower)) return 'too common; choose another';
  return null;
}
