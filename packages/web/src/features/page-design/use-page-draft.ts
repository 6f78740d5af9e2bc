import type { PageDetail, PageNode, PageProblems } from '@trestle/shared';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { getPage, patchPage } from './page-design-api.ts';
import { opsFor } from './page-model.ts';

/** How long a block's edits gather before they are sent (typing sends once, not per key). */
export const PATCH_DELAY = 400;
const HELD = Number.POSITIVE_INFINITY;

export type SaveState = 'saved' | 'pending' | 'saving' | 'refused';

/** The nodes changed between two drafts: by identity, as every edit makes new objects of what it changes. */
function touchedBetween(before: readonly PageNode[], after: readonly PageNode[]): string[] {
  const was = new Map(before.map((n) => [n.uid, n]));
  const is = new Map(after.map((n) => [n.uid, n]));
  const out = after.filter((n) => was.get(n.uid) !== n).map((n) => n.uid);
  for (const uid of was.keys()) if (!is.has(uid)) out.push(uid);
  return out;
}

/**
 * The designer's draft of a page's nodes, kept on the server a node at a time: each edit changes the local draft
 * at once, and the nodes it touched are patched a moment later (one patch for those due together), each at the
 * version its last answer gave. The local draft is never given up for the server's but on a 409 (someone else
 * changed that block: it is read again) — a refused patch (400) keeps the draft and its problems until fixed.
 */
export function usePageDraft(loaded: PageDetail) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [nodes, setNodes] = useState<PageNode[]>(loaded.nodes);
  const local = useRef(loaded.nodes);
  const server = useRef(new Map(loaded.nodes.map((n) => [n.uid, n])));
  /** Nodes not yet on the server as drafted, and when each may be sent (HELD: after the next edit). */
  const due = useRef(new Map<string, number>());
  /** Nodes the server refused (400) as drafted: sent apart from new edits until it takes them. */
  const refused = useRef(new Set<string>());
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState<SaveState>('saved');
  const [problems, setProblems] = useState<PageProblems>({});
  const flushRef = useRef<(all?: boolean) => Promise<void>>(async () => {});

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    const next = Math.min(...due.current.values());
    if (!Number.isFinite(next)) return;
    timer.current = setTimeout(() => void flushRef.current(), Math.max(0, next - Date.now()));
  }, []);

  const show = useCallback((next: PageNode[]) => {
    local.current = next;
    setNodes(next);
  }, []);

  /** Takes the page as the server has it again; the blocks of `theirs` as they are there, others kept as drafted. */
  const reload = useCallback(
    async (theirs: ReadonlySet<string>) => {
      const fresh = await getPage(loaded.id);
      server.current = new Map(fresh.nodes.map((n) => [n.uid, n]));
      for (const uid of theirs) due.current.delete(uid);
      const mine = new Map(local.current.map((n) => [n.uid, n]));
      const kept = fresh.nodes.flatMap((n) => {
        if (!due.current.has(n.uid)) return [n];
        const drafted = mine.get(n.uid);
        return drafted ? [{ ...drafted, version: n.version } as PageNode] : [];
      });
      const added = local.current.filter((n) => due.current.has(n.uid) && !server.current.has(n.uid));
      show([...kept, ...added]);
    },
    [loaded.id, show],
  );

  /** One patch of `uids` (those with a change to send): answered, refused (400, held) or given up to theirs (409). */
  const send = useCallback(
    async (uids: string[]): Promise<'sent' | 'refused' | 'failed'> => {
      const ops = opsFor(server.current, local.current, uids);
      if (ops.length === 0) return 'sent';
      const sent = new Map(local.current.map((n) => [n.uid, n]));
      try {
        const answer = await patchPage({ id: loaded.id, ops: ops.map((o) => o.op) });
        for (const n of answer.nodes) server.current.set(n.uid, n);
        for (const uid of answer.removed) server.current.delete(uid);
        for (const o of ops) refused.current.delete(o.uid);
        // The server's form of each node sent (its version, its cleaned settings), unless edited meanwhile.
        const stored = new Map(answer.nodes.map((n) => [n.uid, n]));
        show(
          local.current.map((n) => {
            const s = stored.get(n.uid);
            if (!s) return n;
            return sent.get(n.uid) === n && !due.current.has(n.uid) ? s : ({ ...n, version: s.version } as PageNode);
          }),
        );
        setProblems({});
        return 'sent';
      } catch (e) {
        const uidsSent = ops.map((o) => o.uid);
        if (e instanceof HttpError && e.status === 409) {
          void message.warning(t('pageDesign.conflict', { reason: e.message }));
          for (const uid of uidsSent) refused.current.delete(uid);
          await reload(new Set(uidsSent)).catch(() => undefined);
          return 'failed';
        }
        for (const uid of uidsSent) {
          due.current.set(uid, HELD);
          refused.current.add(uid);
        }
        if (e instanceof HttpError && Object.keys(e.fieldErrors).length > 0) {
          setProblems(e.fieldErrors);
          return 'refused';
        }
        void message.error(e instanceof Error ? e.message : String(e));
        return 'failed';
      }
    },
    [loaded.id, message, reload, show, t],
  );

  /**
   * The nodes due sent: new edits first, then those refused before in a patch of their own, so a block the
   * server refused holds no other block's change back; both refused, they go once more together (each may
   * need the other).
   */
  const flush = useCallback(
    async (all = false) => {
      if (busy.current) return;
      const now = Date.now();
      const ready = [...due.current].filter(([, at]) => all || at <= now).map(([uid]) => uid);
      for (const uid of ready) due.current.delete(uid);
      const fresh = ready.filter((uid) => !refused.current.has(uid));
      const again = ready.filter((uid) => refused.current.has(uid));
      busy.current = true;
      setState('saving');
      try {
        const first = fresh.length ? await send(fresh) : 'sent';
        const second = again.length ? await send(again) : 'sent';
        if (first === 'refused' && second === 'refused') {
          for (const uid of ready) due.current.delete(uid);
          await send(ready);
        }
      } finally {
        busy.current = false;
      }
      const held = [...due.current.values()].some((at) => at === HELD);
      setState(held ? 'refused' : due.current.size ? 'pending' : 'saved');
      schedule();
    },
    [schedule, send],
  );
  flushRef.current = flush;

  /** An edit of the draft: shown at once, its nodes sent shortly (with any held back by a refusal). */
  const change = useCallback(
    (update: (nodes: PageNode[]) => PageNode[]) => {
      const before = local.current;
      const after = update(before);
      const touched = touchedBetween(before, after);
      if (touched.length === 0) return;
      show(after);
      const at = Date.now() + PATCH_DELAY;
      for (const [uid, when] of due.current) if (when === HELD) due.current.set(uid, at);
      for (const uid of touched) due.current.set(uid, at);
      setState((s) => (s === 'saving' ? s : 'pending'));
      schedule();
    },
    [schedule, show],
  );

  /** Everything drafted sent now, and answered (before a publish or closing the designer). */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    for (let i = 0; i < 20 && busy.current; i++) await new Promise((r) => setTimeout(r, 50));
    await flush(true);
    return due.current.size === 0;
  }, [flush]);

  /** The whole page read again (a restore replaced it): what was not sent yet is given up. */
  const replace = useCallback(
    (fresh: PageDetail) => {
      due.current.clear();
      refused.current.clear();
      server.current = new Map(fresh.nodes.map((n) => [n.uid, n]));
      show(fresh.nodes);
      setProblems({});
      setState('saved');
    },
    [show],
  );

  /** What was not sent yet given up (closing over a refusal the designer chose to leave). */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    due.current.clear();
    refused.current.clear();
  }, []);

  // Closing the browser's tab with changes still on their way asks first (the browser's own question).
  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (due.current.size > 0 || busy.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  // Leaving the designer sends what is still waiting rather than dropping it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (due.current.size) void flushRef.current(true);
    },
    [],
  );

  return { nodes, change, state, problems, settle, replace, discard };
}
