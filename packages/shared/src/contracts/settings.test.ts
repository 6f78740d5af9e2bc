import { describe, expect, it } from 'vitest';
import {
  loginSettingsSchema,
  passwordGapMessage,
  passwordPolicyGaps,
  siteSettingsBodySchema,
  siteSettingsSchema,
  uploadKindOf,
} from './settings.ts';

const policy = {
  passwordMinLength: 10,
  passwordUpper: true,
  passwordLower: true,
  passwordDigit: true,
  passwordSymbol: true,
};

describe('password policy', () => {
  it('lists every missing class and the length, in one message', () => {
    expect(passwordPolicyGaps('abc', policy)).toEqual([
      'at least 10 characters',
      'an upper-case letter',
      'a digit',
      'a symbol',
    ]);
    expect(passwordGapMessage(passwordPolicyGaps('ABCDEFGHIJ', policy))).toBe(
      'needs a lower-case letter, a digit, a symbol',
    );
  });

  it('passes a password with every class, counting non-Latin letters and any symbol', () => {
    expect(passwordPolicyGaps('Straße-2026x', policy)).toEqual([]);
    expect(passwordPolicyGaps('Ωmega 2026 ω!', policy)).toEqual([]);
  });

  it('asks only for the length under the default policy', () => {
    const defaults = loginSettingsSchema.parse({});
    expect(defaults).toMatchObject({ lockoutThreshold: 5, lockoutMinutes: 15, captchaEnabled: false });
    expect(passwordPolicyGaps('alllowercase', defaults)).toEqual([]);
    expect(passwordPolicyGaps('short', defaults)).toEqual(['at least 8 characters']);
  });
});

describe('site settings', () => {
  it('reads a stored value leniently: missing fields default, token lifetimes stay unset', () => {
    const s = siteSettingsSchema.parse({ systemName: 'Acme' });
    expect(s).toMatchObject({ systemName: 'Acme', pageSize: 30, uploadMaxMb: 10, logRetentionDays: 180 });
    expect(s.accessTokenMinutes).toBeUndefined();
  });

  it('saves strictly: page sizes the grid offers only, no unknown fields, images only as raster data URLs', () => {
    const good = {
      systemName: 'Acme',
      logo: '',
      footerText: '',
      uploadMaxMb: 10,
      uploadKinds: ['image'],
      pageSize: 60,
      accessTokenMinutes: 30,
      sessionMaxHours: 12,
      logRetentionDays: 90,
    };
    expect(siteSettingsBodySchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { pageSize: 50 },
      { extra: 1 },
      { logo: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { logo: 'https://example.com/a.png' },
      { uploadKinds: [] },
    ])
      expect(siteSettingsBodySchema.safeParse({ ...good, ...bad }).success).toBe(false);
  });

  it('names the kind of each sniffed type', () => {
    expect(['image/png', 'application/pdf', 'text/csv', 'application/vnd.ms-excel'].map(uploadKindOf)).toEqual([
      'image',
      'pdf',
      'text',
      'office',
    ]);
  });
});
