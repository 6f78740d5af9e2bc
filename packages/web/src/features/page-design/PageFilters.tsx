import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isEntityBlock, type PageFilter, type PageNode, ROOT_UID } from '@trestle/shared';
import { Button, Card, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';
import { fieldOptions } from './field-options.ts';
import { LabelInputs, Setting } from './inputs.tsx';

type Target = PageFilter['targets'][number];

/** The page's filters (the root's settings): each a date range or a choice, feeding a field of the blocks it names. */
export function PageFilters({ root, problems }: { root: PageNode; problems: Record<string, string> }) {
  const { t } = useTranslation();
  const designer = useDesigner();
  const filters = (root.props as { filters: PageFilter[] }).filters;
  const set = (next: PageFilter[]) => designer.setProps(ROOT_UID, { filters: next });
  const change = (i: number, patch: Partial<PageFilter>) =>
    set(filters.map((f, j) => (i === j ? { ...f, ...patch } : f)));
  const disabled = designer.readOnly;
  const nextId = () => {
    let n = 1;
    while (filters.some((f) => f.id === `f${n}`)) n++;
    return `f${n}`;
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {filters.map((filter, i) => (
        <Card
          key={filter.id}
          size="small"
          title={filter.label.en || filter.id}
          extra={
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={disabled}
              aria-label={`${t('pageDesign.removeFilter')} ${i + 1}`}
              onClick={() => set(filters.filter((_, j) => j !== i))}
            />
          }
        >
          <Setting label={t('pageDesign.filter.kind')} path={`props.filters.${i}.kind`} problems={problems}>
            <Select
              aria-label={`${t('pageDesign.filter.kind')} ${i + 1}`}
              disabled={disabled}
              value={filter.kind}
              options={(['dateRange', 'select'] as const).map((k) => ({
                value: k,
                label: t(`pageDesign.filter.${k}`),
              }))}
              onChange={(kind) => change(i, { kind })}
            />
          </Setting>
          <Setting label={t('pageDesign.filter.label')} path={`props.filters.${i}.label`} problems={problems}>
            <LabelInputs
              label={`${t('pageDesign.filter.label')} ${i + 1}`}
              value={filter.label}
              disabled={disabled}
              onChange={(label) => change(i, { label })}
            />
          </Setting>
          {filter.kind === 'select' && (
            <>
              <Setting
                label={t('pageDesign.filter.dictionary')}
                path={`props.filters.${i}.dictionary`}
                problems={problems}
              >
                <Input
                  aria-label={`${t('pageDesign.filter.dictionary')} ${i + 1}`}
                  disabled={disabled}
                  value={filter.dictionary ?? ''}
                  onChange={(e) => change(i, { dictionary: e.target.value || null })}
                />
              </Setting>
              <Setting label={t('pageDesign.filter.options')} path={`props.filters.${i}.options`} problems={problems}>
                <Select
                  aria-label={`${t('pageDesign.filter.options')} ${i + 1}`}
                  mode="tags"
                  disabled={disabled}
                  value={filter.options}
                  onChange={(options: string[]) => change(i, { options })}
                />
              </Setting>
            </>
          )}
          <Targets
            index={i}
            targets={filter.targets}
            problems={problems}
            onChange={(targets) => change(i, { targets })}
          />
        </Card>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={disabled || filters.length >= 10}
        onClick={() =>
          set([
            ...filters,
            {
              id: nextId(),
              kind: 'select',
              label: { en: 'Filter', zh: '筛选' },
              dictionary: null,
              options: [],
              targets: [],
            },
          ])
        }
      >
        {t('pageDesign.addFilter')}
      </Button>
    </Space>
  );
}

/** The blocks a filter feeds, and for each the field it filters (a chart's: its dataset field's name). */
function Targets({
  index,
  targets,
  problems,
  onChange,
}: {
  index: number;
  targets: Target[];
  problems: Record<string, string>;
  onChange(targets: Target[]): void;
}) {
  const { t, i18n } = useTranslation();
  const designer = useDesigner();
  const blocks = designer.nodes.filter((n) => isEntityBlock(n.type) || n.type === 'chart');
  const byUid = new Map(blocks.map((n) => [n.uid, n]));
  const set = (j: number, patch: Partial<Target>) =>
    onChange(targets.map((x, k) => (k === j ? { ...x, ...patch } : x)));
  const disabled = designer.readOnly;
  return (
    <Setting label={t('pageDesign.filter.targets')} path={`props.filters.${index}.targets`} problems={problems}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {targets.map((target, j) => {
          const block = byUid.get(target.block);
          const meta =
            block && isEntityBlock(block.type)
              ? designer.metas.get((block.props as { entity: string }).entity)
              : undefined;
          const label = `${t('pageDesign.filter.target')} ${j + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: targets have no id of their own; their place is their key
            <Space.Compact key={j} style={{ width: '100%' }}>
              <Select
                aria-label={`${label}: ${t('pageDesign.filter.block')}`}
                disabled={disabled}
                value={target.block}
                style={{ width: '50%' }}
                options={blocks.map((n) => ({ value: n.uid, label: designer.nameOf(n) }))}
                onChange={(b: string) => set(j, { block: b, field: '' })}
              />
              {block?.type === 'chart' ? (
                <Input
                  aria-label={`${label}: ${t('pageDesign.filter.field')}`}
                  disabled={disabled}
                  value={target.field}
                  onChange={(e) => set(j, { field: e.target.value })}
                />
              ) : (
                <Select
                  aria-label={`${label}: ${t('pageDesign.filter.field')}`}
                  disabled={disabled}
                  value={target.field || undefined}
                  style={{ width: '50%' }}
                  options={fieldOptions(meta, i18n.language)}
                  onChange={(field: string) => set(j, { field })}
                />
              )}
              <Button
                icon={<DeleteOutlined />}
                disabled={disabled}
                aria-label={`${t('pageDesign.removeTarget')} ${j + 1}`}
                onClick={() => onChange(targets.filter((_, k) => k !== j))}
              />
            </Space.Compact>
          );
        })}
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={disabled || !blocks[0]}
          onClick={() => onChange([...targets, { block: blocks[0]?.uid ?? '', field: '' }])}
        >
          {t('pageDesign.addTarget')}
        </Button>
      </Space>
    </Setting>
  );
}
