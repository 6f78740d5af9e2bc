import type { MixDraft } from '@trestle/shared';
import { listForms } from '../../components/form-design/form-design-api.ts';
import { pages } from './mix-api.ts';
import { detailTableOf, formOf, type MixState, mainTableOf } from './mix-model.ts';
import { applyTables, createForm, fillAndPublishPage, grantRoles, publishBoundForm } from './publish-steps.ts';

/**
 * Publishing an app: the table and its detail applied, the bound form made and published, the page made,
 * filled, shared and published, and the chosen roles granted the table's screen — in that order, each
 * recorded in `draft.progress` and saved before the next begins, so that a publish cut short (a refused
 * apply, a closed tab) resumes where it stopped and never makes anything twice.
 */

export const publishTasks = ['table', 'form', 'page', 'grants'] as const;
export type PublishTask = (typeof publishTasks)[number];
type Progress = MixDraft['progress'];

export const taskDone = (p: Progress, task: PublishTask): boolean =>
  task === 'table' ? p.tableApplied : task === 'form' ? p.formPublished : task === 'page' ? p.pagePublished : p.granted;

export type PublishHooks = {
  /** Saves the app with this draft (and, at the end, as published); resolves once the server has it. */
  record(draft: MixDraft, published: boolean): Promise<void>;
  /** The task about to run, for the progress list. */
  onTask?(task: PublishTask): void;
};

export async function publishApp(app: MixState, hooks: PublishHooks): Promise<MixDraft> {
  const table = mainTableOf(app.draft);
  const detail = detailTableOf(app.draft);
  const form = formOf(app.draft);
  if (!table || !form) throw new Error('The app has no table or no form yet');
  let draft: MixDraft = { ...app.draft, step: 'publish' };
  const progress = async (patch: Partial<Progress>) => {
    draft = { ...draft, progress: { ...draft.progress, ...patch } };
    await hooks.record(draft, false);
  };
  const start = (task: PublishTask) => hooks.onTask?.(task);

  if (!draft.progress.tableApplied) {
    start('table');
    await applyTables(table, detail);
    await progress({ tableApplied: true });
  }
  if (!draft.progress.formPublished) {
    start('form');
    let made: { id: number; version: number } | null = null;
    let formId = draft.progress.formId;
    // A form made before its id could be recorded (the save after it failed) is the entity's bound form: one
    // entity has one, so it is found by the entity rather than made twice.
    if (formId === null) formId = (await listForms()).find((f) => f.entity === table.name)?.id ?? null;
    if (formId === null) {
      made = await createForm(form);
      formId = made.id;
    }
    if (formId !== draft.progress.formId) await progress({ formId });
    await publishBoundForm(formId, form, made);
    await progress({ formPublished: true });
  }
  if (!draft.progress.pagePublished) {
    start('page');
    let pageId = draft.progress.pageId;
    // Likewise a page made before its id was recorded: page names are unique in the company.
    if (pageId === null) pageId = (await pages.list()).find((p) => p.name === app.name)?.id ?? null;
    if (pageId === null) pageId = (await pages.create(app.name, app.title)).id;
    if (pageId !== draft.progress.pageId) await progress({ pageId });
    await fillAndPublishPage(pageId, { ...app, draft }, table, detail);
    await progress({ pagePublished: true });
  }
  if (!draft.progress.granted) {
    start('grants');
    await grantRoles(draft, table.name);
    draft = { ...draft, progress: { ...draft.progress, granted: true } };
  }
  await hooks.record(draft, true);
  return draft;
}
