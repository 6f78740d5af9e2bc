import { describe, expect, it } from 'vitest';
import { menuUrlToPath } from './constants.ts';
import { checkToggleValue, isValid } from './validators.ts';

describe('spec §5 validators', () => {
  it('phone: 11 digits, starting with 1, second digit 3 to 9', () => {
    expect(['13800138000', '19912345678'].every((v) => isValid('phone', v))).toBe(true);
    expect(
      ['12800138000', '1380013800', '138001380000', '23800138000', '1380013800a'].some((v) => isValid('phone', v)),
    ).toBe(false);
  });

  it('number and decimal: digits with an optional sign; decimal allows a fraction', () => {
    expect(['12', '-3', '+40'].every((v) => isValid('number', v))).toBe(true);
    expect(['1.5', '', '1e3', '--1'].some((v) => isValid('number', v))).toBe(false);
    expect(['1.5', '-0.25', '+3', '7'].every((v) => isValid('decimal', v))).toBe(true);
    expect(['1.', '.5', '1.2.3', 'abc'].some((v) => isValid('decimal', v))).toBe(false);
  });

  it('mail: a basic pattern', () => {
    expect(isValid('mail', 'ada@example.com')).toBe(true);
    expect(['ada@', '@example.com', 'ada example.com', 'ada@example'].some((v) => isValid('mail', v))).toBe(false);
  });

  it('url: optional http, https or ftp scheme; host, IP or localhost; optional port and path', () => {
    const good = [
      'example.com',
      'https://example.com/a?b=1',
      'ftp://10.0.0.1:21/x',
      'http://localhost:8080',
      'sub.example.co.uk',
    ];
    expect(good.every((v) => isValid('url', v))).toBe(true);
    const bad = ['javascript:alert(1)', 'mailto:a@b.com', 'http://', 'exa mple.com', 'gopher://example.com'];
    expect(bad.some((v) => isValid('url', v))).toBe(false);
  });

  it('stays fast on hostile input (no catastrophic backtracking)', () => {
    const hostile = `${'a.'.repeat(5000)}!`;
    const started = Date.now();
    isValid('url', hostile);
    isValid('mail', `${'a@'.repeat(5000)}`);
    // Not a timing assertion on our code's speed: a backtracking pattern would take minutes, not milliseconds.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('checkbox and switch values', () => {
  it('accepts exactly the true or false value and raises an error otherwise', () => {
    expect(checkToggleValue(1, 1, 0, 'checkbox')).toBe(1);
    expect(checkToggleValue('off', 'on', 'off', 'switch')).toBe('off');
    expect(() => checkToggleValue(true, 1, 0, 'checkbox')).toThrow(/checkbox value must be 1 or 0/);
    expect(() => checkToggleValue('yes', 'on', 'off', 'switch')).toThrow(/switch value/);
  });
});

describe('menu url to route path', () => {
  it('removes the /Manager marker wherever it stands', () => {
    expect(menuUrlToPath('/UserInfo/Manager')).toBe('/UserInfo');
    expect(menuUrlToPath('/Manager/Sys_Log')).toBe('/Sys_Log');
    expect(menuUrlToPath('/home')).toBe('/home');
    // A whole segment in any case, as typed or bookmarked; a longer word is not the marker.
    expect(menuUrlToPath('/userinfo/manager')).toBe('/userinfo');
    expect(menuUrlToPath('/Log/Manager/Request')).toBe('/Log/Request');
    expect(menuUrlToPath('/Managers')).toBe('/Managers');
    expect(menuUrlToPath('/Manager')).toBe('/');
  });
});
