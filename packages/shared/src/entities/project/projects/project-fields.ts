import * as field from '../../../entity/define.ts';
import { at, defineEntity, find, hidden, width } from '../../../entity/define.ts';
import type { FieldMeta } from '../../../entity/metadata.ts';
import { documentDate } from '../document.ts';
import { ref } from '../refs.ts';

type Label = { en: string; zh: string };
type Lifecycle = NonNullable<FieldMeta['lifecycle']>;
type Project = {
  label: Label;
  singular: Label;
  /** How the server numbers a new one (XM{yyyy}-{seq:4}). */
  codePattern: string;
  /** The dictionary of its states, and how it moves between them. */
  statusDictionary: string;
  lifecycle: Lifecycle;
  /** The fields of this kind alone, after those both kinds share. */
  fields: FieldMeta[];
};

/**
 * A kind of project: both kinds live in the projects table (its `type` tells them apart), are approved by
 * someone other than who submitted them, carry their team, and are in the data scope of their department
 * and of their own members.
 */
export const defineProject = (
  name: string,
  { label, singular, codePattern, statusDictionary, lifecycle, fields }: Project,
) =>
  defineEntity(name, 'projects', {
    businessKey: 'code',
    label,
    singular,
    defaultSort: { field: 'code', order: 'desc' },
    softDelete: true,
    audit: true,
    separateApprover: true,
    scope: { organization: 'organizationId', project: 'id' },
    details: [{ entity: 'ProjectTeam', foreignKey: 'projectId' }],
    fields: [...commonFields(codePattern), statusField(statusDictionary, lifecycle), ...fields],
  });

/** The fields both kinds of project share (the project table of docs/domain.md §2.1). */
const commonFields = (codePattern: string): FieldMeta[] => [
  field.code('Project number', '项目编号', {
    required: true,
    autoNumber: { pattern: codePattern },
    sortable: true,
    search: find(1, 1, 'like'),
    edit: at(1, 1),
    list: width(130),
  }),
  field.name('Name', '项目名称', 200, { sortable: true, search: find(1, 2, 'like'), edit: at(1, 2), list: width(240) }),
  field.reference('customerId', ref('customers'), 'Customer', '客户', {
    required: true,
    search: find(1, 3, 'eq'),
    edit: at(2, 1),
    list: width(200),
  }),
  field.reference('organizationId', { ...ref('organizations'), labelColumnZh: 'name_zh' }, 'Department', '承接部门', {
    required: true,
    search: find(2, 1, 'eq'),
    edit: at(2, 2),
    list: width(160),
  }),
  field.reference('managerId', ref('employees'), 'Project manager', '项目经理', {
    required: true,
    search: find(2, 2, 'eq'),
    edit: at(3, 1),
    list: width(120),
  }),
  field.reference('salesOwnerId', ref('employees'), 'Sales owner', '销售负责人', { edit: at(3, 2), list: hidden }),
  documentDate('plannedStart', 'Planned start', '计划开始', { search: find(2, 3, 'range'), edit: at(4, 1) }),
  documentDate('plannedEnd', 'Planned end', '计划结束', { edit: at(4, 2) }),
  field.date('actualStart', 'Actual start', '实际开始', { edit: at(5, 1), list: hidden }),
  field.date('actualEnd', 'Actual end', '实际结束', { edit: at(5, 2), list: hidden }),
  field.dict('health', 'projectHealth', 'Health', '健康度', {
    readOnly: true,
    search: find(3, 2, 'in'),
    list: width(90),
  }),
  field.percent('progressPct', 'Progress %', '进度%', {
    default: '0',
    sortable: true,
    edit: at(6, 2),
    list: width(90),
  }),
  field.amount('contractAmount', 'Contract amount', '合同额', {
    readOnly: true,
    sortable: true,
    summary: 'sum',
    list: width(130),
  }),
  field.amount('budgetAmount', 'Budget', '预算', { readOnly: true, summary: 'sum', list: width(130) }),
  field.percent('targetMarginPct', 'Target margin %', '目标毛利率%', { default: '15', edit: at(7, 1), list: hidden }),
  field.string('siteAddress', 'Site address', '实施地点', { length: 300, edit: at(7, 2), list: hidden }),
  field.text('description', 'Description', '项目描述', { length: 2000, edit: at(20, 1, 24), list: hidden }),
  // Set by the screen, never by the form: each screen shows and writes its own kind.
  field.string('type', 'Type', '类型', { length: 20, list: hidden }),
];

const statusField = (dictionary: string, lifecycle: Lifecycle): FieldMeta =>
  field.state(dictionary, lifecycle, { search: find(3, 1, 'in'), edit: at(6, 1), list: width(100) });

/**
 * Statuses a user may move a project between by editing it (docs/domain.md §2.1). A project starts as
 * a draft; DRAFT leaves only through approval; ACCEPTED comes from a passed final acceptance test.
 */
export const deliveryLifecycle = {
  initial: ['DRAFT'],
  next: {
    DRAFT: ['CANCELLED'],
    IN_PROGRESS: ['ON_HOLD', 'CANCELLED'],
    ON_HOLD: ['IN_PROGRESS', 'CANCELLED'],
    ACCEPTED: ['WARRANTY', 'CLOSED'],
    WARRANTY: ['CLOSED'],
  },
};

/** §2.2: an O&M project serves, may be suspended, expires, is renewed or closed. */
export const omLifecycle = {
  initial: ['DRAFT'],
  next: {
    DRAFT: ['CLOSED'],
    ACTIVE: ['SUSPENDED', 'EXPIRED', 'CLOSED'],
    SUSPENDED: ['ACTIVE', 'CLOSED'],
    EXPIRED: ['RENEWED', 'CLOSED'],
    RENEWED: ['CLOSED'],
  },
};
