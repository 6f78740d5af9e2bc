import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  type Captcha,
  type PasswordPolicy,
  type PublicSite,
  passwordGapMessage,
  passwordPolicyGaps,
} from '@trestle/shared';
import { Button, Form, type FormRule, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/http/client.ts';
import { getToken } from '../lib/token.ts';
import { useCurrentMenuEntry } from './menu-grants.ts';

/** What every signed-in screen uses from SiteConfig. */
export type ShellSite = {
  systemName: string;
  logo: string;
  footerText: string;
  pageSize: number;
  uploadMaxMb: number;
  uploadKinds: string[];
  /** Entity name → whether a submitter may not approve (over the entity's own default). */
  separateApprover: Record<string, boolean>;
};

export const siteKeys = {
  all: ['site'] as const,
  public: () => [...siteKeys.all, 'public'] as const,
  shell: () => [...siteKeys.all, 'shell'] as const,
  captcha: (round: number) => [...siteKeys.all, 'captcha', round] as const,
};

/** Name, logo, sign-in title and background, captcha and registration switches: anonymous, nothing else. */
export const usePublicSite = () =>
  useQuery({
    queryKey: siteKeys.public(),
    queryFn: () => http.get<PublicSite>('/api/siteConfig/public', undefined, { quiet: true }),
    staleTime: 60_000,
  });

/** SiteConfig's values for signed-in screens (list page size, upload limits); nothing without a token. */
export function useShellSite() {
  return useQuery({
    queryKey: siteKeys.shell(),
    queryFn: () => http.get<ShellSite>('/api/siteConfig/shell'),
    enabled: getToken() !== '',
    staleTime: 60_000,
  });
}

/**
 * The system's logo and name for the navigation, and the page title (the screen's menu name, then the
 * system's name): the signed-in user's tenant's (its admin may set its own), else the platform's, as on
 * the sign-in page.
 */
export function SiteBrand() {
  const { t } = useTranslation();
  const shell = useShellSite().data;
  const publicSite = usePublicSite().data;
  const site = getToken() !== '' && shell ? shell : publicSite;
  const name = site?.systemName || t('app.name');
  const screen = useCurrentMenuEntry()?.name;
  const title = screen ? `${screen} - ${name}` : name;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="app-brand" data-testid="site-brand">
      {site?.logo && <img src={site.logo} alt="" style={{ height: 24, marginRight: 8, verticalAlign: 'middle' }} />}
      {name}
    </div>
  );
}

/** SiteConfig's footer line (signed-in screens), when there is one. */
export function SiteFooter() {
  const footer = useShellSite().data?.footerText;
  return footer ? (
    <div data-testid="site-footer" style={{ textAlign: 'center', color: 'rgba(0, 0, 0, 0.62)', padding: '12px 0' }}>
      {footer}
    </div>
  ) : null;
}

/**
 * The image captcha inside a sign-in form: the picture, a refresh, the answer field (captchaCode)
 * and the picture's id (captchaId). A new `round` fetches a new picture (each one allows one try).
 */
export function CaptchaField({ round, onRefresh }: { round: number; onRefresh(): void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const captcha = useQuery({
    queryKey: siteKeys.captcha(round),
    queryFn: () => http.get<Captcha>('/api/captcha', undefined, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  useEffect(() => {
    if (captcha.data) form.setFieldsValue({ captchaId: captcha.data.captchaId, captchaCode: '' });
  }, [captcha.data, form]);
  const src = captcha.data ? `data:image/svg+xml;base64,${btoa(captcha.data.svg)}` : undefined;
  return (
    <>
      <Form.Item name="captchaId" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('site-login-settings.captcha')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('form.required') }]}>
            <Input
              aria-label={t('site-login-settings.captcha')}
              autoComplete="off"
              maxLength={16}
              style={{ height: 40 }}
            />
          </Form.Item>
          {src && (
            <img
              src={src}
              alt={t('site-login-settings.captchaImage')}
              data-testid="captcha-image"
              style={{ height: 40, border: '1px solid #d9d9d9' }}
            />
          )}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('site-login-settings.captchaRefresh')}
            title={t('site-login-settings.captchaRefresh')}
            onClick={onRefresh}
          />
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/**
 * The password policy a form checks: the signed-in user's own tenant's (changing one's password), else
 * the one a new account must meet (the register form and first-run setup, before sign-in).
 */
export function usePasswordPolicy() {
  const signedIn = getToken() !== '';
  return useQuery({
    queryKey: [...siteKeys.all, 'passwordPolicy', signedIn ? 'mine' : 'new'] as const,
    queryFn: () =>
      http.get<PasswordPolicy>(signedIn ? '/api/user/myPasswordPolicy' : '/api/user/passwordPolicy', undefined, {
        quiet: true,
      }),
    staleTime: 60_000,
  });
}

/** The form rule that lists what a new password lacks, with the server's own phrases. */
export function passwordPolicyRule(policy: PasswordPolicy | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!policy || typeof value !== 'string' || !value) return;
      const gaps = passwordPolicyGaps(value, policy);
      if (gaps.length) throw new Error(passwordGapMessage(gaps));
    },
  };
}
