import { useQueryClient } from '@tanstack/react-query';
import type { FormDesign } from '@trestle/shared';
import { App } from 'antd';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyReducer, isDirty, startHistory } from '../../components/form-design/design-history.ts';
import { emptyDesign } from '../../components/form-design/design-pieces.ts';
import {
  type FormAccess,
  type FormDetail,
  formDesignKeys,
  publishForm,
  saveForm,
} from '../../components/form-design/form-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';

type Refused = { design: FormDesign; errors: Record<string, string> };

/**
 * A form's draft as the designer holds it: the design with its undo history, and the server's version,
 * access and published version, with the writes that move them. A refused or conflicting save never loses
 * the design.
 */
export function useDraft(detail: FormDetail, onReload: () => Promise<FormDetail | null>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [history, dispatch] = useReducer(historyReducer, detail.draft ?? emptyDesign(), startHistory);
  const [version, setVersion] = useState(detail.version);
  const [access, setAccess] = useState({ access: detail.access, publicToken: detail.publicToken });
  const [publishedVersion, setPublishedVersion] = useState(detail.publishedVersion);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [conflict, setConflict] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const dirty = isDirty(history);
  const presentRef = useRef(history.present);
  presentRef.current = history.present;

  // A refused write keeps the design as it is here: a conflict offers to load the other one, field errors
  // show on the pieces (for as long as the design is the one refused).
  const refusedBy = (e: unknown, sent: FormDesign) => {
    if (!(e instanceof HttpError)) throw e;
    if (e.status === 409) setConflict(true);
    else if (Object.keys(e.fieldErrors).length) setRefused({ design: sent, errors: e.fieldErrors });
    else void message.error(e.message);
  };

  const save = async (): Promise<number | null> => {
    const sent = presentRef.current;
    setBusy('save');
    setConflict(false);
    try {
      const result = await saveForm(detail.id, version, sent);
      setVersion(result.version);
      dispatch({ type: 'saved', design: sent });
      setRefused(null);
      void message.success(t('formDesign.saved'));
      void queryClient.invalidateQueries({ queryKey: formDesignKeys.list() });
      return result.version;
    } catch (e) {
      refusedBy(e, sent);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    const at = dirty ? await save() : version;
    if (at === null) return;
    setBusy('publish');
    try {
      const result = await publishForm(detail.id, at);
      setVersion(result.version);
      setPublishedVersion(result.publishedVersion);
      void message.success(t('formDesign.published', { version: result.publishedVersion }));
      void queryClient.invalidateQueries({ queryKey: formDesignKeys.all });
    } catch (e) {
      // The server's word for a draft with nothing new in it; any other 409 is someone else's save.
      if (e instanceof HttpError && e.status === 409 && /nothing to publish/i.test(e.message))
        void message.warning(e.message);
      else refusedBy(e, presentRef.current);
    } finally {
      setBusy(null);
    }
  };

  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return false;
    dispatch({ type: 'load', design: fresh.draft });
    setVersion(fresh.version);
    setAccess({ access: fresh.access, publicToken: fresh.publicToken });
    setPublishedVersion(fresh.publishedVersion);
    setConflict(false);
    setRefused(null);
    return true;
  };

  const accessSaved = (r: { version: number; access: FormAccess; publicToken: string | null }) => {
    setVersion(r.version);
    setAccess({ access: r.access, publicToken: r.publicToken });
    void queryClient.invalidateQueries({ queryKey: formDesignKeys.list() });
  };

  return {
    history,
    dispatch,
    dirty,
    version,
    access,
    publishedVersion,
    busy,
    conflict,
    refused,
    save,
    publish,
    reload,
    accessSaved,
  };
}
