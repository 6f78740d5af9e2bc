import { langOf, type PageDetail, slotsOf } from '@trestle/shared';
import { Alert, App, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Problem, ProblemList } from '../../components/problems/ProblemList.tsx';
import { HttpError } from '../../lib/http/transport.ts';
import { AddBlockDialog } from './AddBlockDialog.tsx';
import { BlockProperties } from './BlockProperties.tsx';
import { SlotGrid } from './DesignCanvas.tsx';
import { DesignerButtons, DesignerTitle, type Opened } from './DesignerToolbar.tsx';
import { DesignerContext } from './designer-context.ts';
import { NewPageDialog } from './NewPageDialog.tsx';
import { Outline } from './Outline.tsx';
import { Palette } from './Palette.tsx';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { unpublishPage, usePage } from './page-design-api.ts';
import { ROOT_SLOT, type SlotRef } from './page-model.ts';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { useDesigner } from './use-designer.ts';
import { VersionsDrawer } from './VersionsDrawer.tsx';

type Props = {
  id: number;
  /** Update: change the page; Add: duplicate it. */
  canEdit: boolean;
  canAdd: boolean;
  onClose(): void;
  /** Another page to open (a duplicate just made). */
  onOpen(id: number): void;
};

/** /pageDesign?id=: one page's designer, once its draft is read. */
export function PageDesigner(props: Props) {
  const page = usePage(props.id);
  if (!page.data)
    return page.isError ? (
      <Alert type="error" showIcon title={page.error.message} action={<Button onClick={props.onClose}>OK</Button>} />
    ) : (
      <Skeleton active paragraph={{ rows: 10 }} />
    );
  return <Designer loaded={page.data} {...props} />;
}

function Designer({ loaded, canEdit, canAdd, onClose, onOpen }: Props & { loaded: PageDetail }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { modal, message } = App.useApp();
  const { designer, draft, adding, setAdding, insert } = useDesigner(loaded, !canEdit);
  const [open, setOpen] = useState<Opened | null>(null);
  // The page row's own settings (title, sharing, folder, revision, published version): apart from its nodes.
  const [row, setRow] = useState(loaded);

  // The palette adds into the selected container's first slot, else onto the page.
  const selectedNode = designer.nodes.find((n) => n.uid === designer.selected);
  const firstSlot = selectedNode ? slotsOf(selectedNode.type, selectedNode.props)[0] : undefined;
  const target: SlotRef = selectedNode && firstSlot ? { parent: selectedNode.uid, slot: firstSlot } : ROOT_SLOT;
  const targetLabel = selectedNode && firstSlot ? designer.nameOf(selectedNode) : t('pageDesign.thePage');

  const where = (key: string) => {
    const node = designer.nodes.find((n) => n.uid === key.split('.')[1]);
    return node ? `${t(`pageDesign.block.${node.type}`)} ${designer.nameOf(node)}` : key;
  };
  const problems: Problem[] = Object.entries(designer.problems).map(([key, why]) => ({
    key,
    where: where(key),
    message: why,
  }));

  // Closing sends what is still waiting; what the server refused is given up only when the designer says so.
  const close = async () => {
    if (await draft.settle()) return onClose();
    modal.confirm({
      title: t('pageDesign.unsavedTitle'),
      content: t('pageDesign.unsavedBody'),
      okText: t('pageDesign.discard'),
      okButtonProps: { danger: true },
      onOk: () => {
        draft.discard();
        onClose();
      },
    });
  };
  const unpublish = () =>
    modal.confirm({
      title: t('pageDesign.unpublishConfirm'),
      onOk: async () => {
        try {
          await unpublishPage(loaded.id);
        } catch (e) {
          if (e instanceof HttpError) void message.error(e.message);
          throw e;
        }
        setRow((r) => ({ ...r, publishedVersion: null }));
      },
    });
  const duplicate = async () => {
    // A duplicate copies the draft the server has: what is typed goes first.
    await draft.settle();
    setOpen('duplicate');
  };

  return (
    <DesignerContext.Provider value={designer}>
      <Card
        title={
          <DesignerTitle
            title={row.title[lang] || row.title.en || row.name}
            state={draft.state}
            published={row.publishedVersion}
          />
        }
      >
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <DesignerButtons
            canEdit={canEdit}
            canAdd={canAdd}
            published={row.publishedVersion !== null}
            onOpen={(what) => (what === 'duplicate' ? void duplicate() : setOpen(what))}
            onUnpublish={unpublish}
            onClose={() => void close()}
          />
        </Flex>
        <ProblemList problems={problems} title={t('pageDesign.problems')} />
        <Flex gap={12} align="flex-start">
          {canEdit && (
            <div style={{ flex: '0 0 160px' }}>
              <Palette targetLabel={targetLabel} onAdd={(type) => designer.add(type, target)} />
            </div>
          )}
          <div style={{ flex: '1 1 600px', minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('pageDesign.moveHint')}
            </Typography.Text>
            <SlotGrid at={ROOT_SLOT} label={t('pageDesign.canvas')} />
          </div>
          <div style={{ flex: '0 1 360px', minWidth: 280 }}>
            <Outline />
            <div style={{ marginTop: 12 }}>
              <BlockProperties />
            </div>
          </div>
        </Flex>
      </Card>
      {adding && (
        <AddBlockDialog type={adding.type} onCancel={() => setAdding(null)} onAdd={(c) => insert(adding, c)} />
      )}
      {open === 'preview' && <PreviewDrawer id={loaded.id} nodes={draft.nodes} onClose={() => setOpen(null)} />}
      {open === 'publish' && (
        <PublishDialog
          id={loaded.id}
          settle={draft.settle}
          onClose={() => setOpen(null)}
          onPublished={(version) => {
            setRow((r) => ({ ...r, publishedVersion: version }));
            setOpen(null);
          }}
        />
      )}
      {open === 'versions' && (
        <VersionsDrawer
          id={loaded.id}
          canRestore={canEdit}
          onClose={() => setOpen(null)}
          onRestored={(page) => {
            setOpen(null);
            draft.replace(page);
            setRow(page);
          }}
        />
      )}
      {open === 'settings' && (
        <SettingsDrawer
          page={row}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
          onSaved={(page) => {
            setOpen(null);
            setRow(page);
          }}
        />
      )}
      {open === 'duplicate' && <NewPageDialog copyOf={row} onClose={() => setOpen(null)} onCreated={onOpen} />}
    </DesignerContext.Provider>
  );
}
