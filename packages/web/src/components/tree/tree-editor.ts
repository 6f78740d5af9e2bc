import type { UseQueryResult } from '@tanstack/react-query';
import { App, Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../lib/http/transport.ts';
import { fieldErrorsToFields } from '../zod-rules.ts';
import { buildTree, type TreeNode, type TreeRow } from './tree-rows.ts';

/** What the form holds: an existing row, or a new one under a parent. */
export type TreeSelection = { kind: 'edit'; id: number } | { kind: 'new'; parentId: number | null } | null;

type Options<R extends TreeRow, V> = {
  /** The rows, flat. */
  query: UseQueryResult<R[]>;
  /** A row's title in the tree. */
  label(row: R): string;
  /** The form fields a server field error may name. */
  fields: readonly string[];
  /** The form values of a stored row. */
  valuesOf(row: R): V;
  /** A new row's form values under `parentId` (null = top level). */
  blank(parentId: number | null): V;
  /** Adds the row (editing undefined) or updates it; resolves to its id. */
  submit(values: V, editing: R | undefined): Promise<{ id: number }>;
  deleteRow(id: number): Promise<unknown>;
  /** Reloads what a change affects. */
  changed(): Promise<unknown>;
  /** The row's name in the form's title and the delete confirmation. */
  nameOf(row: R): string;
  /** The screen's strings (saved, deleted, confirmDelete, … under its own prefix). */
  k(key: string, options?: Record<string, unknown>): string;
};

export type TreeEditorState<R extends TreeRow, V extends object> = Options<R, V> & {
  rows: readonly R[];
  tree: TreeNode<R>[];
  form: FormInstance<V>;
  selection: TreeSelection;
  /** The selected stored row; undefined while nothing or a new row is selected. */
  editing: R | undefined;
  saving: boolean;
  select(id: number | undefined): void;
  startNew(parentId: number | null): void;
  save(): Promise<void>;
  /** Asks, then deletes the edited row. */
  remove(): void;
};

/** The state of a tree-plus-form screen: which row the form holds, and its save and delete. */
export function useTreeEditor<R extends TreeRow, V extends object>(options: Options<R, V>): TreeEditorState<R, V> {
  const { query, label, fields, submit, changed, k } = options;
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const tree = useMemo(() => buildTree(rows, label), [rows, label]);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<V>();
  const [selection, setSelection] = useState<TreeSelection>(null);
  const [saving, setSaving] = useState(false);
  const editing = selection?.kind === 'edit' ? rows.find((r) => r.id === selection.id) : undefined;
  // The row's values are read when the selection changes, not each time the screen passes a new function.
  const valuesOf = useRef(options.valuesOf);
  valuesOf.current = options.valuesOf;

  useEffect(() => {
    if (selection?.kind !== 'edit' || !editing) return;
    form.setFieldsValue(valuesOf.current(editing));
  }, [selection, editing, form]);

  const startNew = (parentId: number | null) => {
    form.resetFields();
    form.setFieldsValue(options.blank(parentId));
    setSelection({ kind: 'new', parentId });
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const { id } = await submit(values, editing);
      await changed();
      setSelection({ kind: 'edit', id });
      void message.success(k('saved'));
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const errors = fieldErrorsToFields(e.fieldErrors, fields);
      // The field names are the form's own (FIELDS); antd cannot see that through the generic values type.
      if (errors.length) form.setFields(errors as Parameters<typeof form.setFields>[0]);
      else void message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  const remove = () => {
    if (!editing) return;
    modal.confirm({
      title: k('confirmDelete', { name: options.nameOf(editing) }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await options.deleteRow(editing.id);
        } catch {
          return; // The HTTP client has shown why (rows under it, built in, in use).
        }
        await changed();
        setSelection(null);
        form.resetFields();
        void message.success(k('deleted'));
      },
    });
  };

  const select = (id: number | undefined) => setSelection(id === undefined ? null : { kind: 'edit', id });

  return { ...options, rows, tree, form, selection, editing, saving, select, startNew, save, remove };
}
