import { useQuery } from '@tanstack/react-query';
import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFill } from '../../components/form-runtime/FormFill.tsx';
import { useFormViewer } from '../../components/form-runtime/form-sources.ts';
import { formKeys, formsApi } from './forms-api.ts';

/** One answer, shown read-only with the design of the version it was filled with. */
export function SubmissionDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useFormViewer();
  const detail = useQuery({
    queryKey: formKeys.submission(id ?? 0),
    queryFn: () => formsApi.submission(id ?? 0),
    enabled: id !== null,
  });
  const data = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={t('forms.answer')} destroyOnHidden>
      {data ? (
        <FormFill
          design={data.design}
          viewer={viewer}
          readOnly
          initial={{ mainData: data.mainData, detailData: data.detailData }}
        />
      ) : (
        <Skeleton active={detail.isPending} paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
