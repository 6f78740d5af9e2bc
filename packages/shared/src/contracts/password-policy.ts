import type { PasswordPolicy } from './settings.ts';

/*
 * The password policy's check: apart from settings.ts (which re-exports it), so the sign-in page's forms
 * check a password without loading zod and every setting's schema.
 */

/**
 * What a password lacks under the policy, as short phrases ('at least 10 characters', 'an upper-case
 * letter', …); empty when it passes. The server and the forms list the same phrases.
 */
export function passwordPolicyGaps(password: string, policy: PasswordPolicy): string[] {
  const gaps: string[] = [];
  if (password.length < policy.passwordMinLength) gaps.push(`at least ${policy.passwordMinLength} characters`);
  if (policy.passwordUpper && !/\p{Lu}/u.test(password)) gaps.push('an upper-case letter');
  if (policy.passwordLower && !/\p{Ll}/u.test(password)) gaps.push('a lower-case letter');
  if (policy.passwordDigit && !/\p{Nd}/u.test(password)) gaps.push('a digit');
  if (policy.passwordSymbol && !/[^\p{L}\p{Nd}\s]/u.test(password)) gaps.push('a symbol');
  return gaps;
}

/** The one message for the gaps: 'needs at least 10 characters, a digit'. */
export const passwordGapMessage = (gaps: string[]) => `needs ${gaps.join(', ')}`;
