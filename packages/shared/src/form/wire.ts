import { z } from 'zod';
import { id } from '../contracts/values.ts';
import { formDesignSchema } from './design.ts';

/**
 * The wire shapes of the form designer (/api/formDesign/*), of filling and reading forms (/api/form/*) and of
 * a public link (/api/public/form/*): the server's schemas and the browser's types, said once.
 */

/** draft: never published; published: the draft is the last version; changed: the draft has changes to publish. */
export const formStatusSchema = z.enum(['draft', 'published', 'changed']);
export type FormStatus = z.infer<typeof formStatusSchema>;

const roleIds = z.array(id).max(100);

/** Why a public link answers 410, word for word: the page shows them in the visitor's language. */
export const publicLinkClosed = {
  expired: 'This link has expired',
  full: 'This form takes no more answers',
} as const;

/** A form's public link: anyone with the address may fill it, within its limits. */
export const publicLinkSchema = z
  .object({
    enabled: z.boolean(),
    /** ISO date-time after which the link answers 410; null: no end. */
    expiresAt: z.string().datetime({ offset: true }).nullable(),
    /** How many answers the link takes in all; null: no limit. */
    maxCount: z.number().int().min(1).max(1_000_000).nullable(),
    captcha: z.boolean(),
  })
  .strict();
export type PublicLink = z.infer<typeof publicLinkSchema>;

/**
 * Who may do what with one form, on top of the screens' grants: an empty list leaves it to the grant alone
 * (anyone granted the designer designs it; anyone granted Forms fills it); readers of answers are the
 * designers and those listed.
 */
export const formAccessSchema = z
  .object({
    designRoles: roleIds,
    fillRoles: roleIds,
    readRoles: roleIds,
    publicLink: publicLinkSchema,
  })
  .strict();
export type FormAccess = z.infer<typeof formAccessSchema>;

export const formListItemSchema = z.object({
  id: z.number(),
  title: formDesignSchema.shape.title,
  /** The entity a bound form lays out; null: standalone. */
  entity: z.string().nullable(),
  status: formStatusSchema,
  publishedVersion: z.number().nullable(),
  submissions: z.number(),
  publicLink: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;

export const formDetailSchema = z.object({
  id: z.number(),
  /** The row's version, sent back with a save (a concurrent edit answers 409). */
  version: z.number(),
  draft: formDesignSchema,
  published: formDesignSchema.nullable(),
  publishedVersion: z.number().nullable(),
  access: formAccessSchema,
  /** The public link's address part (`#/formSubmit?link=…`), once the link was turned on. */
  publicToken: z.string().nullable(),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formVersionItemSchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  submissions: z.number(),
});
export type FormVersionItem = z.infer<typeof formVersionItemSchema>;

/** A published form as the one who fills it gets it. */
export const fillableFormSchema = z.object({
  id: z.number(),
  version: z.number(),
  design: formDesignSchema,
  /** Whether a public link's answer needs a captcha. */
  captcha: z.boolean().optional(),
});
export type FillableForm = z.infer<typeof fillableFormSchema>;

/** A form a signed-in user may fill or read the answers of (the Forms screen). */
export const myFormSchema = z.object({
  id: z.number(),
  title: formDesignSchema.shape.title,
  version: z.number(),
  canFill: z.boolean(),
  canRead: z.boolean(),
  submissions: z.number(),
});
export type MyForm = z.infer<typeof myFormSchema>;

const row = z.record(z.string(), z.unknown());
export const formSubmitSchema = z
  .object({
    id,
    /** The version the user filled: a form published again meanwhile answers 409. */
    version: z.number().int().min(1),
    mainData: row,
    detailData: z.record(z.string(), z.array(row).max(500)).default({}),
  })
  .strict();

export const publicSubmitSchema = formSubmitSchema.omit({ id: true }).extend({
  link: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/),
  captchaId: z.string().max(100).optional(),
  captchaCode: z.string().max(20).optional(),
});

export const submissionItemSchema = z.object({
  id: z.number(),
  formVersion: z.number(),
  /** The signed-in user who filled it; null for an answer through the public link. */
  submittedBy: z.string().nullable(),
  submittedAt: z.string(),
  /** The answer's top-level values, for the list's columns. */
  mainData: row,
});
export type SubmissionItem = z.infer<typeof submissionItemSchema>;

/** A page of a form's answers, with the published design its readers lay the columns out by. */
export const submissionPageSchema = z.object({
  rows: z.array(submissionItemSchema),
  total: z.number(),
  /** The latest published design; null while the form was never published. */
  design: formDesignSchema.nullable(),
});
export type SubmissionPage = z.infer<typeof submissionPageSchema>;

export const submissionDetailSchema = submissionItemSchema.extend({
  detailData: z.record(z.string(), z.array(row)),
  /** The design of the version it was filled with, to show it as it was asked. */
  design: formDesignSchema,
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

export const submissionsQuerySchema = z
  .object({
    id,
    page: z.number().int().min(1).max(100_000).default(1),
    rows: z.number().int().min(1).max(200).default(20),
    /** Found in any answer's text. */
    search: z.string().trim().max(200).default(''),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();

/** The designer's pick lists, read under its own grant (not the Roles, Dictionary or Organisation screens'). */
export const designerRoleSchema = z.object({ id: z.number(), name: z.string() });
export type DesignerRole = z.infer<typeof designerRoleSchema>;
export const designerDictionarySchema = z.object({ code: z.string(), name: z.string() });
export type DesignerDictionary = z.infer<typeof designerDictionarySchema>;
export const designerOrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
});
export type DesignerOrganization = z.infer<typeof designerOrganizationSchema>;
