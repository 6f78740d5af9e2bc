import { useQuery } from '@tanstack/react-query';
import {
  checkFormBody,
  type EntityMeta,
  type FormDesign,
  type FormState,
  type ResolvedForm,
  resolveForm,
  type SaveBody,
} from '@trestle/shared';
import type { FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { http } from '../../lib/http/client.ts';
import { useFormViewer } from '../form-runtime/form-sources.ts';
import { liveState, lockedFields, splitValues, writeRules } from '../form-runtime/live-rules.ts';

type Row = Record<string, unknown>;

/** Query keys of the forms bound to entities: one per entity, so publishing one refreshes its dialog only. */
export const boundFormKeys = {
  all: ['boundForm'] as const,
  of: (entity: string) => [...boundFormKeys.all, entity] as const,
};

/** The published form laying out an entity's add and edit dialog; null: the dialog lays itself out. */
export function useBoundDesign(entity: string) {
  return useQuery({
    queryKey: boundFormKeys.of(entity),
    // Quiet: a server without bound forms (or one that refuses) leaves the dialog as it is.
    queryFn: () => http.get<FormDesign | null>(`/api/${entity}/getForm`, undefined, { quiet: true }),
    staleTime: 60_000,
    retry: false,
  });
}

export type BoundForm = {
  resolved: ResolvedForm;
  state: FormState;
  locked: ReadonlySet<string>;
  /** Reads the dialog's values, writes in what the rules set, and runs the rules again. */
  sync: () => void;
  /** The save body without what the rules hide (a hidden field is not sent; the record keeps what it has). */
  prune: (body: SaveBody) => SaveBody;
  /** The server's own check of a bound form, run before saving: its field errors, or null. */
  check: (body: SaveBody) => Record<string, string> | null;
};

/** A bound form's rules over the entity dialog's antd form, run as the user types. */
export function useBoundForm(
  design: FormDesign | null,
  meta: EntityMeta,
  detailMetas: readonly EntityMeta[],
  form: FormInstance,
): BoundForm | null {
  const viewer = useFormViewer();
  const resolved = useMemo(
    () => (design ? resolveForm(design, { ...meta, detailMetas: [...detailMetas] }) : null),
    [design, meta, detailMetas],
  );
  const [values, setValues] = useState<Row>({});
  // Run again when the values change, not on every render of the dialog (saving, an error shown).
  const ruled = useMemo(() => {
    if (!resolved) return null;
    const { main, lines } = splitValues(values);
    const state = liveState(resolved, main, lines, viewer);
    return { state, locked: lockedFields(resolved, state, viewer) };
  }, [resolved, values, viewer]);
  if (!resolved || !ruled) return null;
  const { state, locked } = ruled;
  // What the rules make of the values the dialog holds this moment (a save reads them, not the last render's).
  const now = () => {
    const split = splitValues(form.getFieldsValue(true) as Row);
    return liveState(resolved, split.main, split.lines, viewer);
  };
  return {
    resolved,
    state,
    locked,
    sync: () => setValues(writeRules(form, resolved, viewer)),
    prune: (body) => {
      const current = now();
      const shown = (name: string) => current.targets.get(name)?.visible !== false;
      return {
        ...body,
        mainData: Object.fromEntries(
          Object.entries(body.mainData).filter(([k]) => !resolved.fields.has(k) || shown(k)),
        ),
        // A detail the form does not place (or hides) is not shown, so nothing of it is sent.
        detailData: Object.fromEntries(
          Object.entries(body.detailData ?? {}).filter(([k]) => resolved.within.has(k) && shown(k)),
        ),
      };
    },
    check: (body) => {
      const checked = checkFormBody(resolved, { mainData: body.mainData, detailData: body.detailData }, viewer, {
        validate: 'entity',
      });
      return checked.ok ? null : checked.fieldErrors;
    },
  };
}
