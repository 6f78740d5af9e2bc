import { checkFormBody, type FormBody, type FormDesign, formDesignSchema, resolveForm } from '@trestle/shared';
import { Alert, Radio, Select, Space, Switch, Typography } from 'antd';
import { Component, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from '../../components/form-design/designer-context.ts';
import { useRoles } from '../../components/form-design/form-design-api.ts';
import { LazyFormFill } from './lazy-form-fill.ts';

/** A design the renderer cannot draw (a half-made rule) shows a notice, not a broken screen. */
class PreviewBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Outcome = { ok: true } | { ok: false; errors: Record<string, string> };

/**
 * The draft as the one who fills it will see it (FormFill, the same renderer), in either language, at a
 * phone's width if asked, as someone with a chosen role. Its submit runs the form's checks here and says
 * what they find; nothing is sent.
 */
export function PreviewPane() {
  const { t } = useTranslation();
  const { design, entity } = useDesigner();
  const roles = useRoles();
  const [lang, setLang] = useState<'en' | 'zh'>('en');
  const [phone, setPhone] = useState(false);
  const [role, setRole] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Parsed once per design, not again on each switch of language, width or role.
  const parsed = useMemo(() => formDesignSchema.safeParse(design), [design]);
  const drawn = useMemo(() => JSON.stringify(parsed.data), [parsed]);
  const viewer = useMemo(() => ({ roleIds: role === null ? [] : [role], organizationId: null }), [role]);
  const bound = design.entity !== undefined;

  const submit = async (body: FormBody) => {
    if (!parsed.success) return;
    const check = checkFormBody(resolveForm(parsed.data, entity), body, viewer, {
      validate: bound ? 'entity' : 'form',
    });
    setOutcome(check.ok ? { ok: true } : { ok: false, errors: check.fieldErrors });
  };

  return (
    <section aria-label={t('formDesign.tab.preview')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Radio.Group
          aria-label={t('formDesign.preview.lang')}
          optionType="button"
          value={lang}
          onChange={(e) => setLang(e.target.value)}
          options={[
            { value: 'en', label: 'English' },
            { value: 'zh', label: '中文' },
          ]}
        />
        <Space size={4}>
          <Switch aria-label={t('formDesign.preview.phone')} checked={phone} onChange={setPhone} />
          <span>{t('formDesign.preview.phone')}</span>
        </Space>
        <Select
          aria-label={t('formDesign.preview.tryAs')}
          style={{ width: 220 }}
          value={role ?? 0}
          onChange={(v: number) => setRole(v === 0 ? null : v)}
          options={[
            { value: 0, label: `${t('formDesign.preview.tryAs')}: ${t('formDesign.preview.anyRole')}` },
            ...(roles.data ?? []).map((r) => ({ value: r.id, label: `${t('formDesign.preview.tryAs')}: ${r.name}` })),
          ]}
        />
        <Typography.Text type="secondary">{t('formDesign.preview.nothingSaved')}</Typography.Text>
      </Space>
      {outcome?.ok && (
        <Alert type="success" showIcon title={t('formDesign.preview.passes')} style={{ marginBottom: 12 }} />
      )}
      {outcome && !outcome.ok && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('formDesign.preview.fails')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {Object.entries(outcome.errors).map(([k, m]) => (
                <li key={k}>{`${k}: ${m}`}</li>
              ))}
            </ul>
          }
        />
      )}
      {!parsed.success || (bound && !entity) ? (
        <Alert type="warning" showIcon title={t('formDesign.preview.broken')} />
      ) : (
        <div
          data-testid="form-preview"
          style={{
            width: phone ? 375 : '100%',
            maxWidth: phone ? 375 : (parsed.data.width ?? '100%'),
            margin: phone ? '0 auto' : undefined,
            border: phone ? '8px solid #333' : '1px solid rgba(0,0,0,0.1)',
            borderRadius: phone ? 24 : 6,
            padding: 12,
            overflow: 'auto',
          }}
        >
          <PreviewBoundary
            key={drawn}
            fallback={<Alert type="warning" showIcon title={t('formDesign.preview.broken')} />}
          >
            <Suspense fallback={<Typography.Text type="secondary">{t('formDesign.preview.loading')}</Typography.Text>}>
              <LazyFormFill
                design={parsed.data as FormDesign}
                entity={entity}
                viewer={viewer}
                lang={lang}
                narrow={phone}
                onSubmit={submit}
                submitLabel={t('formDesign.preview.submit')}
              />
            </Suspense>
          </PreviewBoundary>
        </div>
      )}
    </section>
  );
}
