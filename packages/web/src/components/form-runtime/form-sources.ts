import type { EntityScreenMeta, FieldMeta, FormViewer, ResolvedForm } from '@trestle/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../current-user.ts';
import type { FieldSource } from '../form/FieldInput.tsx';
import { searchDictionary, useDictionaries } from '../grid/dictionaries.ts';
import { fieldSources } from '../grid/field-sources.ts';

/**
 * Who is filling the form, as its rules read it: the signed-in user's roles and organisation. The same object
 * while the user is, so that what the rules make of the values is worked out again only when they change.
 */
export function useFormViewer(): FormViewer {
  const user = useCurrentUser().data;
  return useMemo(
    () => ({ roleIds: user?.roles.map((r) => r.id) ?? [], organizationId: user?.organization?.id ?? null }),
    [user],
  );
}

/** Where the choices of a form's fields come from, for the form's fields (`null`) or one sub-table's. */
export type FormSources = (table: string | null) => (field: FieldMeta) => FieldSource;

const holdsUploads = (f: FieldMeta) => f.type === 'file' || f.type === 'image' || f.type === 'richText';

/**
 * The choices of a form's fields: a field's own options need nothing; a dictionary's items are loaded once per
 * screen (the grid's call and cache); a bound form's references search the entity's lookup. A visitor who is
 * not signed in (a public link) gets the fields' own options only: every other source is a signed-in call
 * (the public form comes with its dictionaries written in as options). Uploads of a standalone form go through
 * the form's own route, given `formId` (a signed-in fill); a visitor has none, and is told to sign in.
 */
export function useFormSources(
  form: ResolvedForm,
  entity: EntityScreenMeta | undefined,
  anonymous: boolean,
  formId?: number,
): FormSources {
  const { t } = useTranslation();
  const metas = anonymous ? [] : [{ fields: [...form.fields.values()] }, ...[...form.tables.values()]];
  const dictionaries = useDictionaries(metas);
  if (anonymous) {
    const note = t('formRuntime.signInToAttach');
    return () => (f) => (f.type === 'file' || f.type === 'image' ? { uploadUnavailable: note } : {});
  }
  if (entity) {
    const sources = fieldSources(entity, dictionaries, false);
    return (table) => {
      const meta = table === null ? entity : entity.detailMetas.find((m) => m.name === table);
      return meta ? sources(meta) : () => ({});
    };
  }
  // The fill page's form only: the designer's preview and an answer shown have nothing to upload to.
  const upload = formId === undefined ? undefined : { url: `/api/form/upload?id=${formId}`, canUpload: true };
  return () => (f) => {
    if (holdsUploads(f)) return upload ? { upload } : {};
    const code = f.dictionary;
    const dict = code ? dictionaries.get(code) : undefined;
    if (code && dict?.remote) return { fetchOptions: (q) => searchDictionary(code, q) };
    return { options: dict?.items ?? [] };
  };
}
