import type { FormDesignInput } from '@trestle/shared';
import { siteVisitDesign } from '@trestle/shared/testing/site-visit-form';
import { expect } from 'vitest';
import { body } from './helper.ts';
import type { SignedInApp } from './use-test-app.ts';

/** The shared site-visit form, with a title of its own so the forms a file makes tell apart. */
export const siteVisit = (title = 'Site visit request'): FormDesignInput => ({
  ...siteVisitDesign,
  title: { en: title, zh: title },
});

/** A published standalone form of admin's tenant: its id and the version to answer. */
export async function publishedForm(t: SignedInApp, design: FormDesignInput = siteVisit(), token = t.admin) {
  const made = await t.data<{ id: number; version: number }>('/api/formDesign/add', { design }, token);
  const res = await t.post('/api/formDesign/publish', { id: made.id, version: made.version }, token);
  expect(res.statusCode, res.body).toBe(200);
  const published = body(res).data as { publishedVersion: number; version: number };
  return { id: made.id, version: published.version, publishedVersion: published.publishedVersion };
}

/** A valid answer to the site-visit form. */
export const visitAnswer = (extra: Record<string, unknown> = {}) => ({
  siteName: 'North depot',
  visitDate: '2026-12-01',
  travelCost: '10.00',
  equipmentCost: '5.50',
  ...extra,
});

type ExtraField = NonNullable<FormDesignInput['fields']>[number];

/** The site-visit form with `fields` added, each placed in a section of their own. */
export const siteVisitWith = (title: string, fields: ExtraField[]): FormDesignInput => {
  const base = siteVisit(title);
  return {
    ...base,
    fields: [...(base.fields ?? []), ...fields],
    items: [
      ...base.items,
      {
        kind: 'section',
        id: 'extra',
        title: { en: 'More', zh: '更多' },
        items: fields.map((f, i) => ({ kind: 'field' as const, id: `x${i}`, name: f.name })),
      },
    ],
  };
};

/** Who may design, fill and read a form, with its public link off: set over the version read. */
export const accessWith = (roles: { fillRoles?: number[]; readRoles?: number[] }) => ({
  designRoles: [],
  fillRoles: roles.fillRoles ?? [],
  readRoles: roles.readRoles ?? [],
  publicLink: { enabled: false, expiresAt: null, maxCount: null, captcha: false },
});
