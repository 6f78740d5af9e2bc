import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormBody, langOf } from '@trestle/shared';
import { Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { FormFill } from '../../components/form-runtime/FormFill.tsx';
import { useFormViewer } from '../../components/form-runtime/form-sources.ts';
import { textIn } from '../../components/form-runtime/live-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { FormAnswered } from './FormAnswered.tsx';
import { useFillRounds } from './fill-rounds.ts';
import { formKeys, formsApi } from './forms-api.ts';

/** #/formSubmit?id=: a signed-in user fills in a published form. */
export function FillPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useSearchParams()[0].get('id'));
  const viewer = useFormViewer();
  const form = useQuery({
    queryKey: formKeys.open(id),
    queryFn: () => formsApi.open(id),
    enabled: id > 0,
    retry: false,
  });
  const rounds = useFillRounds(form.data?.version);

  const error = form.error;
  if (error instanceof HttpError && error.status === 403) return <Navigate to="/401" replace />;
  if (error || !(id > 0))
    return <Result status="warning" title={error instanceof Error ? error.message : t('forms.noSuchForm')} />;
  if (!form.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  const { design, version } = form.data;

  const submit = async (body: FormBody) => {
    try {
      await formsApi.submit(id, { version, mainData: body.mainData, detailData: body.detailData ?? {} });
      rounds.done();
      void queryClient.invalidateQueries({ queryKey: formKeys.mine() });
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 409)) throw e;
      // Published again meanwhile: the new version opens with what was typed, where its fields still are.
      await rounds.republished(body, formKeys.open(id));
    }
  };

  if (rounds.answered)
    return (
      <Card>
        <FormAnswered onAgain={rounds.again} onBack={() => void navigate('/forms')} />
      </Card>
    );
  // No menu entry names this page: the form's title is its heading.
  return (
    <>
      <Typography.Title level={1} className="app-page-title">
        {textIn(design.title, langOf(i18n.language))}
      </Typography.Title>
      <Card>
        <FormFill
          key={rounds.key}
          design={design}
          viewer={viewer}
          initial={rounds.kept}
          onSubmit={submit}
          formId={id}
        />
      </Card>
    </>
  );
}
