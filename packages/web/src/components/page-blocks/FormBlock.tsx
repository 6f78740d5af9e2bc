import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockProps, EntityScreenMeta, FillableForm, FormBody } from '@trestle/shared';
import { Button, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { labelOf } from '../form/layout.ts';
import { FormFill } from '../form-runtime/FormFill.tsx';
import { useFormViewer } from '../form-runtime/form-sources.ts';
import { entityApi, gridKeys } from '../grid/entity-api.ts';
import { BlockError, EntityGate, NoAccess, useEntityGrants } from './entity-block.tsx';

type Props = BlockProps<'form'>;

/** The published form a form block fills, as the Forms screen opens it (403: not one of its fill roles). */
const openForm = (id: number) => http.get<FillableForm>('/api/form/open', { id }, { quiet: true });

/**
 * A published form filled in place, with its rules, as /formSubmit fills it: a standalone form's answer goes to
 * /api/form/submit; a form bound to an entity adds a row of it through the entity's own `add` (its Add grant).
 */
export function FormBlock({ props }: { props: Props }) {
  const { t } = useTranslation();
  const form = useQuery({
    queryKey: ['forms', 'open', props.formId],
    queryFn: () => openForm(props.formId),
    retry: false,
  });
  if (form.error instanceof HttpError && [403, 404].includes(form.error.status))
    return <NoAccess name={t('pageBlocks.thisForm')} />;
  if (form.error) return <BlockError error={form.error} />;
  if (!form.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const entity = form.data.design.entity;
  if (entity) return <EntityGate entity={entity}>{(meta) => <BoundFill form={form.data} meta={meta} />}</EntityGate>;
  return <Fill form={form.data} />;
}

function Fill({ form, meta }: { form: FillableForm; meta?: EntityScreenMeta }) {
  const { t } = useTranslation();
  const viewer = useFormViewer();
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);
  const submit = async (body: FormBody) => {
    const detailData = body.detailData ?? {};
    if (meta) {
      await entityApi(meta.name).add({ mainData: body.mainData, detailData });
      void queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });
    } else
      await http.post(
        '/api/form/submit',
        { id: form.id, version: form.version, mainData: body.mainData, detailData },
        { quiet: true },
      );
    setSent(true);
  };
  if (sent)
    return (
      <Result
        status="success"
        title={t(meta ? 'pageBlocks.formSaved' : 'pageBlocks.formSent')}
        extra={
          <Button
            onClick={() => {
              setSent(false);
              setRound((r) => r + 1);
            }}
          >
            {t('pageBlocks.formAgain')}
          </Button>
        }
      />
    );
  return (
    <FormFill
      key={round}
      design={form.design}
      entity={meta}
      viewer={viewer}
      onSubmit={submit}
      formId={meta ? undefined : form.id}
    />
  );
}

/** A bound form adds a row: shown to those who may add one in the entity's screen. */
function BoundFill({ form, meta }: { form: FillableForm; meta: EntityScreenMeta }) {
  const { i18n } = useTranslation();
  const grants = useEntityGrants(meta.name);
  if (!grants.can('Add')) return <NoAccess name={labelOf(meta, i18n.language)} />;
  return <Fill form={form} meta={meta} />;
}
