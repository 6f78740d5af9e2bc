import { ArrowLeftOutlined } from '@ant-design/icons';
import { acceptanceTestMeta } from '@trestle/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { labelOf } from '../../components/form/layout.ts';
import { findMenuEntry } from '../../components/menu-tree.ts';
import { useAppStore } from '../../lib/store.ts';
import { AcceptanceTestsPage } from './SchedulePages.tsx';

/** The menu entry whose grants the screen uses, wherever it is shown. */
const SCREEN_PATH = `/${acceptanceTestMeta.name}`;

/**
 * The acceptance-test screen on its own, outside the main layout (the spec's /manage route with its one
 * child, ProjectTest): for a laptop at the customer's site, without the navigation around it.
 */
export function ManageProjectTestPage() {
  const { t, i18n } = useTranslation();
  const permission = useAppStore((s) => s.permission);
  if (!findMenuEntry(permission, SCREEN_PATH)) return <Navigate to="/401" replace />;
  return (
    <main style={{ width: '100%', padding: 16, boxSizing: 'border-box' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {labelOf(acceptanceTestMeta, i18n.language)}
        </Typography.Title>
        <Link to="/home">
          <ArrowLeftOutlined /> {t('schedule.backToApp')}
        </Link>
      </Flex>
      {/* /ProjectTest's grants show the buttons here too (and the server checks the same). */}
      <AcceptanceTestsPage menuPath={SCREEN_PATH} />
    </main>
  );
}
