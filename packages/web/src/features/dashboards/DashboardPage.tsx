import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DashboardBoard } from '../../components/chart/DashboardBoard.tsx';
import { useDashboardView } from '../../components/chart/dashboard-api.ts';

/** /dashboards/<id>: one dashboard shared with the caller (or a menu entry it was published as). */
export function DashboardPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const view = useDashboardView(id);
  if (view.isPending && view.fetchStatus !== 'idle')
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={t('dashboards.loading')} />
      </Flex>
    );
  if (!view.data)
    return (
      <Result
        status="404"
        subTitle={t('dashboards.notFound')}
        extra={
          <Link to="/dashboards">
            <Button>{t('dashboards.back')}</Button>
          </Link>
        }
      />
    );
  // A new dashboard is a new board: what was filtered on the last one does not carry over.
  return <DashboardBoard key={view.data.id} view={view.data} />;
}
