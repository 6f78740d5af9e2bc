import {
  type BlockProps,
  type BlockType,
  isEntityBlock,
  langOf,
  type PageNode,
  ROOT_UID,
  slotsOf,
} from '@trestle/shared';
import { Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_COLUMNS } from '../../components/grid-layout/grid.ts';
import { useDesigner } from './designer-context.ts';
import { EntityProps } from './EntityProps.tsx';
import { LayoutProps } from './LayoutProps.tsx';
import { OtherProps } from './OtherProps.tsx';
import { PageFilters } from './PageFilters.tsx';
import { PAGE_MAX_H } from './page-model.ts';
import { problemsOf } from './use-page-checks.ts';

/** The selected block's settings (the page's filters when none is), each with its problems beside it. */
export function BlockProperties() {
  const { t } = useTranslation();
  const designer = useDesigner();
  const node = designer.nodes.find((n) => n.uid === (designer.selected ?? ROOT_UID));
  if (!node) return <Typography.Text type="secondary">{t('pageDesign.noBlock')}</Typography.Text>;
  const problems = problemsOf(designer.problems, node.uid);
  return (
    // Keyed by the block: an editor's pending text (rich text's on leaving) goes to the block it was typed in.
    <Form key={node.uid} layout="vertical" size="small" aria-label={t('pageDesign.properties')} component="section">
      {node.type === 'page' ? (
        <>
          <Typography.Title level={5}>{t('pageDesign.pageFilters')}</Typography.Title>
          <PageFilters root={node} problems={problems} />
        </>
      ) : (
        <>
          <Typography.Title level={5}>
            {t(`pageDesign.block.${node.type}`)}: {designer.nameOf(node)}
          </Typography.Title>
          {problems[''] && <Typography.Text type="danger">{problems['']}</Typography.Text>}
          {isEntityBlock(node.type) ? (
            <EntityProps node={node} problems={problems} />
          ) : ['tabs', 'columns', 'section'].includes(node.type) ? (
            <LayoutProps node={node} problems={problems} />
          ) : (
            <OtherProps node={node} problems={problems} />
          )}
          <PlaceProps node={node} />
        </>
      )}
    </Form>
  );
}

/** Where the block is: its container's slot, its column and row from 1, its size; and taking it off the page. */
function PlaceProps({ node }: { node: PageNode }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const designer = useDesigner();
  const disabled = designer.readOnly;
  const slotName = (container: PageNode, slot: string) => {
    if (container.type === 'page') return t('pageDesign.thePage');
    const name = designer.nameOf(container);
    if (container.type === 'tabs') {
      const tab = (container.props as BlockProps<'tabs'>).tabs.find((x) => x.key === slot);
      return `${name} / ${tab?.title[lang] || slot}`;
    }
    if (container.type === 'columns') {
      const i = (container.props as BlockProps<'columns'>).columns.findIndex((c) => c.key === slot);
      return `${name} / ${i + 1}`;
    }
    return name;
  };
  const slots = designer.nodes
    .filter((n) => n.uid !== node.uid && ['page', 'tabs', 'columns', 'section'].includes(n.type))
    .flatMap((n) =>
      slotsOf(n.type as BlockType, n.props).map((slot) => ({ value: `${n.uid}/${slot}`, label: slotName(n, slot) })),
    );
  const number = (key: 'x' | 'y' | 'w' | 'h', min: number, max: number, offset = 0) => (
    <Form.Item label={t(`pageDesign.place.${key}`)} style={{ marginBottom: 8 }}>
      <InputNumber
        aria-label={t(`pageDesign.place.${key}`)}
        min={min}
        max={max}
        precision={0}
        disabled={disabled}
        value={node[key] + offset}
        onChange={(v) => typeof v === 'number' && designer.place(node.uid, { ...node, [key]: v - offset })}
        style={{ width: 80 }}
      />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={t('pageDesign.placeIn')} style={{ marginBottom: 8 }}>
        <Select
          aria-label={t('pageDesign.placeIn')}
          disabled={disabled}
          value={`${node.parent}/${node.slot}`}
          options={slots}
          onChange={(v: string) => {
            const [parent = ROOT_UID, slot = 'main'] = v.split('/');
            designer.moveTo(node.uid, { parent, slot });
          }}
        />
      </Form.Item>
      <Space wrap size={4}>
        {number('x', 1, GRID_COLUMNS, 1)}
        {number('y', 1, 500, 1)}
        {number('w', 1, GRID_COLUMNS)}
        {number('h', 1, PAGE_MAX_H)}
      </Space>
      <div>
        <Button danger size="small" disabled={disabled} onClick={() => designer.remove(node.uid)}>
          {t('pageDesign.removeBlock')}
        </Button>
      </div>
    </>
  );
}
