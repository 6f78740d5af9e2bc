import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { type BiKind, biDesignKeys, type Saved } from './bi-design-api.ts';

/** The id and version a draft is saved over: none for a new one. */
export type SavedAs = { id?: number; version?: number };

/**
 * Saving a dataset's or chart's draft: the first save adds it, later ones save over the version read. A
 * refused save keeps the draft as it is here: a newer save by someone else (409) offers to load theirs,
 * field errors (400) show where they are, anything else is said in a message.
 */
export function useSave<B>(kind: BiKind, initial: SavedAs, send: (body: B & SavedAs) => Promise<Saved>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [savedAs, setSavedAs] = useState<SavedAs>(initial);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [refused, setRefused] = useState<Record<string, string>>({});

  const save = async (body: B): Promise<Saved | null> => {
    setBusy(true);
    setConflict(false);
    try {
      // A new one is sent without an id or a version: the first save adds it.
      const saved = await send({ ...body, ...definedOnly(savedAs) });
      setSavedAs({ id: saved.id, version: saved.version });
      setRefused({});
      void message.success(t('biDesign.saved'));
      void queryClient.invalidateQueries({ queryKey: biDesignKeys.list(kind) });
      return saved;
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (e.status === 409) setConflict(true);
      else if (Object.keys(e.fieldErrors).length > 0) {
        setRefused(e.fieldErrors);
        void message.error(t('biDesign.fixProblems'));
      } else void message.error(e.message);
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** Someone else's version was loaded in place of the draft: save over it from now on. */
  const reloaded = (fresh: Required<SavedAs>) => {
    setSavedAs(fresh);
    setConflict(false);
    setRefused({});
  };

  return { savedAs, busy, conflict, refused, save, reloaded };
}

/**
 * A saved dataset's or chart's draft as its editor keeps it: the draft, whether it differs from what was last
 * saved or loaded, saving it (the body made by `bodyOf`; a new one's first save names it through `onSaved`),
 * and loading someone else's newer version in its place.
 */
export function useDraftSaving<Row extends { id: number; version: number }, D, B>(opts: {
  kind: BiKind;
  row: Row | null;
  draftOf: (row: Row | null) => D;
  bodyOf: (draft: D) => B;
  send: (body: B & SavedAs) => Promise<Saved>;
  onSaved(id: number): void;
  onReload(): Promise<Row | null>;
}) {
  const { kind, row, draftOf, bodyOf, send, onSaved, onReload } = opts;
  const [draft, setDraft] = useState(() => draftOf(row));
  const [savedDraft, setSavedDraft] = useState(draft);
  const saver = useSave(kind, { id: row?.id, version: row?.version }, send);

  const save = async () => {
    const sent = draft;
    const saved = await saver.save(bodyOf(sent));
    if (!saved) return;
    setSavedDraft(sent);
    if (!row || saved.id !== row.id) onSaved(saved.id);
  };
  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    const next = draftOf(fresh);
    setDraft(next);
    setSavedDraft(next);
    saver.reloaded({ id: fresh.id, version: fresh.version });
  };

  return { draft, setDraft, dirty: draft !== savedDraft, saver, save, reload };
}

const definedOnly = (s: SavedAs): SavedAs => ({
  ...(s.id === undefined ? {} : { id: s.id }),
  ...(s.version === undefined ? {} : { version: s.version }),
});
