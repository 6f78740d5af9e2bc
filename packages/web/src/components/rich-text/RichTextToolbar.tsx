import {
  BoldOutlined,
  CodeFilled,
  CodeOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DisconnectOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  MenuUnfoldOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type ChainedCommands, type Editor, useEditorState } from '@tiptap/react';
import { Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadTarget } from '../form/FileField.tsx';
import { ImageButton } from './ImageButton.tsx';
import { LinkButton } from './LinkButton.tsx';
import { ToolButton } from './ToolButton.tsx';

/** A button that turns a format on and off; its name is the mark or node it toggles (and its string key). */
type Toggle = {
  name: 'bold' | 'italic' | 'underline' | 'strike' | 'code' | 'bulletList' | 'orderedList' | 'blockquote' | 'codeBlock';
  icon: ReactNode;
  command: (chain: ChainedCommands) => ChainedCommands;
};

const MARKS: Toggle[] = [
  { name: 'bold', icon: <BoldOutlined />, command: (c) => c.toggleBold() },
  { name: 'italic', icon: <ItalicOutlined />, command: (c) => c.toggleItalic() },
  { name: 'underline', icon: <UnderlineOutlined />, command: (c) => c.toggleUnderline() },
  { name: 'strike', icon: <StrikethroughOutlined />, command: (c) => c.toggleStrike() },
  { name: 'code', icon: <CodeOutlined />, command: (c) => c.toggleCode() },
];

const BLOCKS: Toggle[] = [
  { name: 'bulletList', icon: <UnorderedListOutlined />, command: (c) => c.toggleBulletList() },
  { name: 'orderedList', icon: <OrderedListOutlined />, command: (c) => c.toggleOrderedList() },
  { name: 'blockquote', icon: <MenuUnfoldOutlined />, command: (c) => c.toggleBlockquote() },
  { name: 'codeBlock', icon: <CodeFilled />, command: (c) => c.toggleCodeBlock() },
];

/** The commands on the table around the caret (offered only with the caret in one). */
const TABLE_EDITS = [
  { name: 'addRow', icon: <InsertRowBelowOutlined />, command: (c: ChainedCommands) => c.addRowAfter() },
  { name: 'deleteRow', icon: <DeleteRowOutlined />, command: (c: ChainedCommands) => c.deleteRow() },
  { name: 'addColumn', icon: <InsertRowRightOutlined />, command: (c: ChainedCommands) => c.addColumnAfter() },
  { name: 'deleteColumn', icon: <DeleteColumnOutlined />, command: (c: ChainedCommands) => c.deleteColumn() },
  { name: 'deleteTable', icon: <DeleteOutlined />, command: (c: ChainedCommands) => c.deleteTable() },
];

const HEADINGS = [1, 2, 3] as const;
type Block = 'paragraph' | (typeof HEADINGS)[number];

/** What the toolbar shows of the caret's place, read again on every change of the document or the selection. */
function toolbarState(editor: Editor) {
  const can = editor.can();
  const toggles = [...MARKS, ...BLOCKS].map((tool) => [tool.name, editor.isActive(tool.name)] as const);
  return {
    block: (HEADINGS.find((level) => editor.isActive('heading', { level })) ?? 'paragraph') as Block,
    active: Object.fromEntries(toggles) as Record<Toggle['name'], boolean>,
    link: editor.isActive('link'),
    inTable: can.addRowAfter(),
    undo: can.undo(),
    redo: can.redo(),
  };
}

/** Buttons that belong together: a narrow toolbar wraps between groups, never inside one. */
const Group = ({ children }: { children: ReactNode }) => (
  <Flex className="rich-text-tool-group" gap={2} align="center">
    {children}
  </Flex>
);

/** The formatting toolbar above the document: every button acts on the editor it is given. */
export function RichTextToolbar({ editor, upload }: { editor: Editor; upload?: UploadTarget }) {
  const { t } = useTranslation();
  const state = useEditorState({ editor, selector: ({ editor: e }) => toolbarState(e) });
  const run = (command: (chain: ChainedCommands) => ChainedCommands) => command(editor.chain().focus()).run();
  const toggles = (tools: Toggle[]) =>
    tools.map((tool) => (
      <ToolButton
        key={tool.name}
        icon={tool.icon}
        label={t(`richText.${tool.name}`)}
        active={state.active[tool.name]}
        onClick={() => run(tool.command)}
      />
    ));
  const setBlock = (block: Block) =>
    run((c) => (block === 'paragraph' ? c.setParagraph() : c.setHeading({ level: block })));

  return (
    <Flex className="rich-text-toolbar" role="toolbar" aria-label={t('richText.toolbar')} wrap align="center">
      <Group>
        <Select<Block>
          size="small"
          aria-label={t('richText.style')}
          style={{ width: 112 }}
          value={state.block}
          onChange={setBlock}
          options={[
            { value: 'paragraph', label: t('richText.paragraph') },
            ...HEADINGS.map((level) => ({ value: level, label: t(`richText.heading${level}`) })),
          ]}
        />
      </Group>
      <Group>{toggles(MARKS)}</Group>
      <Group>{toggles(BLOCKS)}</Group>
      <Group>
        <LinkButton editor={editor} active={state.link} />
        <ToolButton
          icon={<DisconnectOutlined />}
          label={t('richText.unlink')}
          disabled={!state.link}
          onClick={() => run((c) => c.extendMarkRange('link').unsetLink())}
        />
        {/* Pictures are offered to whoever may upload to this table (see ImageButton). */}
        {upload?.canUpload && <ImageButton editor={editor} upload={upload} />}
      </Group>
      <Group>
        <ToolButton
          icon={<TableOutlined />}
          label={t('richText.table')}
          onClick={() => run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
        />
        {TABLE_EDITS.map((tool) => (
          <ToolButton
            key={tool.name}
            icon={tool.icon}
            label={t(`richText.${tool.name}`)}
            disabled={!state.inTable}
            onClick={() => run(tool.command)}
          />
        ))}
      </Group>
      <Group>
        <ToolButton
          icon={<UndoOutlined />}
          label={t('richText.undo')}
          disabled={!state.undo}
          onClick={() => run((c) => c.undo())}
        />
        <ToolButton
          icon={<RedoOutlined />}
          label={t('richText.redo')}
          disabled={!state.redo}
          onClick={() => run((c) => c.redo())}
        />
      </Group>
    </Flex>
  );
}
