import {
  DeleteOutlined,
  PlusOutlined,
  PlusSquareOutlined,
  ReloadOutlined,
  SaveOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import {
  App,
  Card,
  type CardProps,
  Col,
  Empty,
  Form,
  Row,
  Space,
  Spin,
  Tree,
  type TreeProps,
  TreeSelect,
  Typography,
} from 'antd';
import { type ReactNode, useMemo } from 'react';
import { ActionToolbar, type ToolbarItem } from '../ActionToolbar.tsx';
import { useMenuGrants } from '../menu-grants.ts';
import type { TreeEditorState } from './tree-editor.ts';
import { dropTarget, parentOptions, siblingsOf, type TreeRow } from './tree-rows.ts';

type Move = { id: number; parentId: number | null; index: number };

type Props<R extends TreeRow, V extends object> = {
  editor: TreeEditorState<R, V>;
  /** The tree's test id. */
  testId: string;
  titleRender?: TreeProps['titleRender'];
  /** Given, the rows can be dragged to another place; a refused move is shown by the HTTP client. */
  onMove?(move: Move): Promise<unknown>;
  /** The form card's title for a new row. */
  newTitle: string;
  /** Offers "add sibling" beside "add child". */
  addSibling?: boolean;
  /** Whether the edited row may be deleted (all may when omitted). */
  deletable?(row: R): boolean;
  /** The form card's own props (test id, layout). */
  formCard?: CardProps & { 'data-testid'?: string };
  /** Shown under the form card (e.g. the selected row's users). */
  below?: ReactNode;
  /** The form. */
  children: ReactNode;
};

/** A tree-plus-form screen: the tree on the left, the selected row's form and its actions on the right. */
export function TreeEditor<R extends TreeRow, V extends object>(props: Props<R, V>) {
  const { editor, onMove, below } = props;
  const { rows, editing, selection, k } = editor;
  const { message } = App.useApp();
  const { idOf } = useMenuGrants();
  const ids = { search: idOf('Search'), add: idOf('Add'), update: idOf('Update'), remove: idOf('Delete') };

  const onDrop: TreeProps['onDrop'] = async (info) => {
    if (!onMove) return;
    const drag = Number(info.dragNode.key);
    const target = Number(info.node.key);
    const last = Number(info.node.pos.split('-').at(-1));
    const relative = info.dropPosition - last;
    // A drop on the node itself, or just below an expanded node with children, lands inside it.
    const inside =
      !info.dropToGap || (relative === 1 && info.node.expanded && siblingsOf(rows, target, drag).length > 0);
    const where = dropTarget(rows, drag, target, inside ? 'inside' : relative === -1 ? 'before' : 'after');
    if (!where) return;
    let moved = false;
    try {
      await onMove({ id: drag, ...where });
      moved = true;
    } catch {
      // The HTTP client has shown the refusal (e.g. a move under its own descendant).
    }
    await editor.changed();
    if (moved) void message.success(k('moved'));
  };

  const treeItems: ToolbarItem[] = [
    {
      id: ids.search,
      key: 'refresh',
      label: k('refresh'),
      icon: <ReloadOutlined />,
      onClick: () => void editor.query.refetch(),
    },
    { id: ids.add, key: 'addTop', label: k('addTop'), icon: <PlusOutlined />, onClick: () => editor.startNew(null) },
  ];
  const formItems: ToolbarItem[] = [
    {
      id: editing ? ids.update : ids.add,
      key: 'save',
      label: k('save'),
      icon: <SaveOutlined />,
      disabled: !selection || editor.saving,
      onClick: () => void editor.save(),
    },
    {
      id: ids.add,
      key: 'addChild',
      label: k('addChild'),
      icon: <SubnodeOutlined />,
      disabled: !editing,
      onClick: () => editing && editor.startNew(editing.id),
    },
    ...(props.addSibling
      ? [
          {
            id: ids.add,
            key: 'addSibling',
            label: k('addSibling'),
            icon: <PlusSquareOutlined />,
            disabled: !editing,
            onClick: () => editing && editor.startNew(editing.parentId),
          },
        ]
      : []),
    {
      id: ids.remove,
      key: 'delete',
      label: k('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      disabled: !editing || props.deletable?.(editing) === false,
      onClick: editor.remove,
    },
  ];

  const formCard = (
    <Card
      size="small"
      {...props.formCard}
      title={editing ? editor.nameOf(editing) : selection?.kind === 'new' ? props.newTitle : k('noSelection')}
      extra={<ActionToolbar items={formItems} />}
    >
      {selection ? (
        props.children
      ) : (
        <Empty description={<Typography.Text type="secondary">{k('pick')}</Typography.Text>} />
      )}
    </Card>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card title={k('heading')} size="small" extra={<ActionToolbar items={treeItems} />}>
          {editor.query.isLoading ? (
            <Spin />
          ) : (
            <Tree
              data-testid={props.testId}
              draggable={onMove ? { icon: false } : undefined}
              blockNode
              defaultExpandAll
              showLine
              treeData={editor.tree}
              titleRender={props.titleRender}
              selectedKeys={editing ? [editing.id] : []}
              onSelect={(keys) => editor.select(keys[0] === undefined ? undefined : Number(keys[0]))}
              onDrop={onMove ? onDrop : undefined}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {below === undefined ? (
          formCard
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {formCard}
            {below}
          </Space>
        )}
      </Col>
    </Row>
  );
}

type ParentProps<R extends TreeRow> = {
  rows: readonly R[];
  label(row: R): string;
  /** The edited row: it and its descendants are no parent for it. */
  editing: R | undefined;
  text: { label: string; topLevel: string };
};

/** The form's parent picker: empty puts the row at the top level. */
export function ParentField<R extends TreeRow>({ rows, label, editing, text }: ParentProps<R>) {
  const parents = useMemo(() => parentOptions(rows, label, editing), [rows, label, editing]);
  return (
    <Form.Item name="parentId" label={text.label}>
      <TreeSelect allowClear treeDefaultExpandAll treeData={parents} placeholder={text.topLevel} />
    </Form.Item>
  );
}
