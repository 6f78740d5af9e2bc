import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadTarget } from '../form/FileField.tsx';
import { richTextExcerpt } from './excerpt.ts';
import { LazyRichTextEditor, LazyRichTextView } from './LazyRichText.tsx';

type Props = {
  /** The stored HTML (Form.Item gives it, with onChange and id). */
  value?: string | null;
  onChange?: (html: string) => void;
  id?: string;
  /** The field's label: the dialog's title and the button's name. */
  label: string;
  disabled?: boolean;
  upload?: UploadTarget;
};

/**
 * A rich-text value in a table cell (a detail line): its words, and a button that opens the editor in a dialog
 * of its own, where the toolbar and the document have room. OK gives the cell what was written; Cancel and
 * Escape leave it as it was. A locked value opens read-only.
 */
export function RichTextCell({ value, onChange, id, label, disabled = false, upload }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // What the editor last reported: it reports on leaving the document, which OK's click does first.
  const draft = useRef('');
  const html = value ?? '';
  const text = richTextExcerpt(html);
  return (
    <Flex align="center" gap={4} style={{ minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: text }} style={{ flex: 1, minWidth: 0 }}>
        {text}
      </Typography.Text>
      <Button
        id={id}
        size="small"
        type="text"
        icon={disabled ? <EyeOutlined /> : <EditOutlined />}
        aria-label={t(disabled ? 'richText.viewIn' : 'richText.editIn', { field: label })}
        onClick={() => {
          draft.current = html;
          setOpen(true);
        }}
      />
      <Modal
        open={open}
        title={label}
        width={720}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() => {
          if (draft.current !== html) onChange?.(draft.current);
          setOpen(false);
        }}
        footer={disabled ? null : undefined}
      >
        {disabled ? (
          <LazyRichTextView value={html} aria-label={label} />
        ) : (
          <LazyRichTextEditor
            value={html}
            aria-label={label}
            upload={upload}
            onChange={(next) => {
              draft.current = next;
            }}
          />
        )}
      </Modal>
    </Flex>
  );
}
