import type { EntityMeta, FieldMeta } from '@trestle/shared';
import type { FormInstance } from 'antd';
import type { FieldSource } from '../form/FieldInput.tsx';
import type { Row } from './columns.tsx';
import { type Dictionary, searchDictionary } from './dictionaries.ts';
import { entityApi } from './entity-api.ts';

/**
 * Where an entity form's inputs take their choices: uploads through the master's route, references from
 * its lookup, dictionaries from the loaded or the remote list. Shared by the search form and the edit dialog.
 */
export function fieldSources(meta: EntityMeta, dictionaries: Map<string, Dictionary>, canUpload: boolean) {
  // Detail entities have no upload route of their own: their files go through the master's, under its grant.
  const upload = { url: `/api/${meta.name}/upload`, canUpload };
  return (m: EntityMeta, row?: Row, form?: FormInstance) =>
    (f: FieldMeta): FieldSource => {
      // A rich-text field's pictures are uploads of the entity too.
      if (f.type === 'file' || f.type === 'image' || f.type === 'richText') return { upload };
      if (f.type === 'reference') {
        const value = row?.[f.name];
        const label = row?.[`${f.name}Label`];
        // Narrowed to the parent chosen in the dialog when there is one (a payment term of the contract).
        const parentOf = () => {
          const chosen: unknown = f.reference?.parent && form?.getFieldValue(f.reference.parent.field);
          return typeof chosen === 'number' ? chosen : undefined;
        };
        return {
          // A detail line's choices come from the master's lookup, under the master's grant.
          fetchOptions: (q) => entityApi(meta.name).lookup(f.name, q, m.name === meta.name ? '' : m.name, parentOf()),
          initialOptions:
            value !== undefined && value !== null ? [{ value: value as number, label: String(label ?? value) }] : [],
        };
      }
      const dict = f.dictionary ? dictionaries.get(f.dictionary) : undefined;
      if (f.dictionary && dict?.remote) return { fetchOptions: (q) => searchDictionary(f.dictionary ?? '', q) };
      return { options: dict?.items ?? [] };
    };
}
