import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ColumnWidthOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  GlobalOutlined,
  LinkOutlined,
  NumberOutlined,
  PictureOutlined,
  ProfileOutlined,
  ProjectOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { type BlockType, dataBlockTypes, layoutBlockTypes, staticBlockTypes } from '@trestle/shared';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE_DRAG_TYPE } from './designer-context.ts';

type Kind = Exclude<BlockType, 'page'>;

const icons: Record<Kind, ReactNode> = {
  grid: <TableOutlined />,
  form: <FormOutlined />,
  details: <ProfileOutlined />,
  chart: <BarChartOutlined />,
  dashboard: <DashboardOutlined />,
  kpi: <NumberOutlined />,
  kanban: <ProjectOutlined />,
  calendar: <CalendarOutlined />,
  tree: <ApartmentOutlined />,
  richText: <FileTextOutlined />,
  image: <PictureOutlined />,
  links: <LinkOutlined />,
  iframe: <GlobalOutlined />,
  tabs: <FolderOutlined />,
  columns: <ColumnWidthOutlined />,
  section: <AppstoreOutlined />,
};

const groups: { key: string; types: readonly Kind[] }[] = [
  { key: 'data', types: dataBlockTypes },
  { key: 'static', types: staticBlockTypes },
  { key: 'layout', types: layoutBlockTypes },
];

/**
 * The kinds of block, grouped Data / Static / Layout: clicked to add one where `targetLabel` says (the selected
 * container, else the page), or dragged onto any slot's grid.
 */
export function Palette({ targetLabel, onAdd }: { targetLabel: string; onAdd(type: Kind): void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('pageDesign.palette')}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('pageDesign.addsTo', { target: targetLabel })}
      </Typography.Text>
      {groups.map((group) => (
        <section key={group.key} aria-label={t(`pageDesign.group.${group.key}`)} style={{ marginTop: 8 }}>
          <Typography.Text strong>{t(`pageDesign.group.${group.key}`)}</Typography.Text>
          <Flex vertical gap={4} style={{ marginTop: 4 }}>
            {group.types.map((type) => (
              <Button
                key={type}
                size="small"
                icon={icons[type]}
                style={{ justifyContent: 'flex-start' }}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
                  e.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => onAdd(type)}
              >
                {t(`pageDesign.block.${type}`)}
              </Button>
            ))}
          </Flex>
        </section>
      ))}
    </nav>
  );
}
