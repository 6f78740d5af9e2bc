import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Flex, Input, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowedLink } from './link-url.ts';
import { ToolButton } from './ToolButton.tsx';

/**
 * The link button: asks the address in a popover (the current link's, when the caret is in one) and sets it
 * on the selection, or inserts it as its own text when nothing is selected. Only addresses isAllowedLink
 * accepts are kept.
 */
export function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [refused, setRefused] = useState(false);

  const show = (next: boolean) => {
    if (next) {
      const current: unknown = editor.getAttributes('link').href;
      setUrl(typeof current === 'string' ? current : '');
      setRefused(false);
    }
    setOpen(next);
  };

  const apply = () => {
    const href = url.trim();
    if (!isAllowedLink(href)) {
      setRefused(true);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };

  const form = (
    <Flex vertical gap={4} style={{ width: 320 }}>
      <Flex gap={8}>
        <Input
          autoFocus
          size="small"
          aria-label={t('richText.linkUrl')}
          placeholder="https://"
          status={refused ? 'error' : undefined}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setRefused(false);
          }}
          onPressEnter={apply}
        />
        <Button size="small" type="primary" onClick={apply}>
          {t('richText.linkApply')}
        </Button>
      </Flex>
      {refused && (
        <Typography.Text type="danger" role="alert">
          {t('richText.linkRule')}
        </Typography.Text>
      )}
    </Flex>
  );

  return (
    <Popover trigger="click" open={open} onOpenChange={show} content={form} destroyOnHidden>
      <span>
        <ToolButton icon={<LinkOutlined />} label={t('richText.link')} active={active} />
      </span>
    </Popover>
  );
}
