import { useQuery } from '@tanstack/react-query';
import { type FormBody, langOf, publicLinkClosed } from '@trestle/shared';
import { App, Card, Form, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormFill } from '../../components/form-runtime/FormFill.tsx';
import { textIn } from '../../components/form-runtime/live-rules.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { CaptchaField } from '../../components/site-appearance.tsx';
import { HttpError } from '../../lib/http/transport.ts';
import { FormAnswered } from './FormAnswered.tsx';
import { useFillRounds } from './fill-rounds.ts';
import { formKeys, formsApi } from './forms-api.ts';

/** Anyone with a public link fills as nobody in particular: rules on roles and organisations see none. */
const visitor = { roleIds: [], organizationId: null };

/**
 * #/formSubmit?link=: a form's public link, filled without signing in. Nothing here calls a signed-in route
 * (no menu, no user, no dictionary): the page stands outside the main layout.
 */
export function PublicFillPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const link = useSearchParams()[0].get('link') ?? '';
  const form = useQuery({
    queryKey: formKeys.publicForm(link),
    queryFn: () => formsApi.publicForm(link),
    retry: false,
  });
  const [captchaForm] = Form.useForm<{ captchaId?: string; captchaCode?: string }>();
  const [captchaRound, setCaptchaRound] = useState(0);
  const rounds = useFillRounds(form.data?.version);
  // The link closed (expired, or has all its answers) while the form was open.
  const [closed, setClosed] = useState<string | null>(null);

  // The server's reasons for a closed link, said in the visitor's language; any other message as it came.
  const closedText = (message: string) =>
    message === publicLinkClosed.expired
      ? t('forms.linkExpired')
      : message === publicLinkClosed.full
        ? t('forms.linkFull')
        : message;
  const frame = (content: ReactNode, title?: string) => (
    <main style={{ maxWidth: form.data?.design.width ?? 880, margin: '24px auto', padding: '0 12px' }}>
      <Card
        title={
          // The page's one level-1 heading: the form's name (there is no menu or screen title around it).
          title && (
            <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
              {title}
            </Typography.Title>
          )
        }
        extra={<LanguageSwitcher />}
      >
        {content}
      </Card>
    </main>
  );

  const error = form.error;
  if (closed || error)
    return frame(
      <Result
        status={closed || (error instanceof HttpError && error.status === 410) ? 'warning' : 'error'}
        title={closedText(closed ?? (error instanceof Error ? error.message : t('forms.noSuchForm')))}
      />,
    );
  if (!form.data) return frame(<Skeleton active paragraph={{ rows: 6 }} />);
  const { design, version, captcha } = form.data;

  const submit = async (body: FormBody) => {
    let code: { captchaId?: string; captchaCode?: string } = {};
    if (captcha) {
      try {
        code = await captchaForm.validateFields();
      } catch {
        return; // The captcha's own field says what is missing.
      }
    }
    try {
      await formsApi.publicSubmit(link, {
        version,
        mainData: body.mainData,
        detailData: body.detailData ?? {},
        ...code,
      });
      rounds.done();
    } catch (e) {
      // Every captcha allows one try.
      if (captcha) setCaptchaRound((n) => n + 1);
      if (!(e instanceof HttpError)) throw e;
      const captchaError = e.fieldErrors.captchaCode;
      if (captchaError) return captchaForm.setFields([{ name: 'captchaCode', errors: [captchaError] }]);
      if (e.status === 410) return setClosed(e.message);
      if (e.status === 429) return void message.error(e.message);
      if (e.status !== 409) throw e;
      await rounds.republished(body, formKeys.publicForm(link));
    }
  };

  const title = textIn(design.title, langOf(i18n.language));
  if (rounds.answered) return frame(<FormAnswered onAgain={rounds.again} />, title);
  return frame(
    <FormFill
      key={rounds.key}
      design={design}
      viewer={visitor}
      anonymous
      initial={rounds.kept}
      onSubmit={submit}
      beforeSubmit={
        captcha ? (
          <Form form={captchaForm} component={false}>
            <CaptchaField round={captchaRound} onRefresh={() => setCaptchaRound((n) => n + 1)} />
          </Form>
        ) : null
      }
    />,
    title,
  );
}
