import { langOf } from '@trestle/shared';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useCurrentMenuEntry } from '../../components/menu-grants.ts';
import { PageRenderer } from '../../components/page-blocks/PageRenderer.tsx';
import { usePageView } from './pages-api.ts';

/** /page/<id>: a published page shared with the caller, as a menu entry opens it. */
export function PagePage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const view = usePageView(id);
  // A menu entry names its screen in the layout; a page opened another way (a link) names itself.
  const entry = useCurrentMenuEntry();
  if (view.isPending && view.fetchStatus !== 'idle')
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={t('pages.loading')} />
      </Flex>
    );
  if (!view.data)
    return (
      <Result
        status="404"
        subTitle={t('pages.notFound')}
        extra={
          <Link to="/home">
            <Button>{t('pages.home')}</Button>
          </Link>
        }
      />
    );
  const title = view.data.title[langOf(i18n.language)] || view.data.title.en;
  return (
    <>
      {!entry && (
        <Typography.Title level={1} className="app-page-title">
          {title}
        </Typography.Title>
      )}
      {/* Another page (or version) is another set of blocks: their filters and selections start again. */}
      <PageRenderer
        key={`${view.data.id}:${view.data.version}`}
        nodes={view.data.nodes}
        pageId={view.data.id}
        mode="live"
        charts={view.data.charts}
      />
    </>
  );
}
