import { describe, expect, it } from 'vitest';
import { isAllowedLink } from './link-url.ts';

describe('isAllowedLink', () => {
  it('accepts web addresses, mail addresses and paths of this app', () => {
    for (const url of ['https://example.com/a?b=1', 'http://intranet.local', 'mailto:pm@example.com', '/#/Employee'])
      expect(isAllowedLink(url), url).toBe(true);
  });

  it('refuses scripts, data, other schemes and addresses of another site without a scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'ftp://example.com',
      '//evil.example',
      '/\\evil.example',
      'example.com',
      'https://',
      'mailto:',
      '',
    ])
      expect(isAllowedLink(url), url).toBe(false);
  });
});
