import type { FillableForm, MyForm, SubmissionDetail, SubmissionPage } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

type Rows = Record<string, unknown>[];
/** What a form's answer sends, signed in (`id`) or through a public link (`link`, with the captcha's answer). */
export type FormAnswer = { version: number; mainData: Record<string, unknown>; detailData: Record<string, Rows> };
export type SubmissionsRequest = { id: number; page: number; rows: number; search: string; order: 'asc' | 'desc' };
/** A page of answers with the latest published design (its readers may not fill, so may not open the form). */
export type SubmissionsPage = SubmissionPage;

/** Query keys of the Forms screens: the caller's forms, one form opened to fill, its answers. */
export const formKeys = {
  all: ['forms'] as const,
  mine: () => [...formKeys.all, 'mine'] as const,
  open: (id: number) => [...formKeys.all, 'open', id] as const,
  publicForm: (link: string) => [...formKeys.all, 'public', link] as const,
  submissions: (id: number) => [...formKeys.all, 'submissions', id] as const,
  submission: (id: number) => [...formKeys.all, 'submission', id] as const,
};

/** The calls of /api/form/* (signed in) and /api/public/form/* (anyone with a link). */
export const formsApi = {
  mine: () => http.get<MyForm[]>('/api/form/mine'),
  // Quiet: the fill page shows a refusal (403, 404) itself.
  open: (id: number) => http.get<FillableForm>('/api/form/open', { id }, { quiet: true }),
  // Quiet: field errors land on the fields, a 409 reloads the form.
  submit: (id: number, answer: FormAnswer) =>
    http.post<{ id: number }>('/api/form/submit', { id, ...answer }, { quiet: true }),
  publicForm: (link: string) => http.get<FillableForm>('/api/public/form', { link }, { quiet: true }),
  publicSubmit: (link: string, answer: FormAnswer & { captchaId?: string; captchaCode?: string }) =>
    http.post<{ id: number }>('/api/public/form/submit', { link, ...answer }, { quiet: true }),
  submissions: (req: SubmissionsRequest) => http.post<SubmissionsPage>('/api/form/submissions', req),
  submission: (id: number) => http.get<SubmissionDetail>('/api/form/submission', { id }),
  exportFile: (id: number) => http.downloadGet(`/api/form/export?id=${id}`),
};
