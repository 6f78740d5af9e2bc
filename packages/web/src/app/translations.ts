import * as errors from '../components/errors/strings.ts';
import * as componentsForm from '../components/form/strings.ts';
import * as componentsGrid from '../components/grid/strings.ts';
import * as components from '../components/strings.ts';
import * as auth from '../features/auth/strings.ts';
import * as buttons from '../features/buttons/strings.ts';
import * as dataPermissions from '../features/data-permissions/strings.ts';
import * as dataSources from '../features/data-sources/strings.ts';
import * as files from '../features/files/strings.ts';
import * as home from '../features/home/strings.ts';
import * as icons from '../features/icons/strings.ts';
import * as loginSet from '../features/login-set/strings.ts';
import * as menus from '../features/menus/strings.ts';
import * as mine from '../features/mine/strings.ts';
import * as organizations from '../features/organizations/strings.ts';
import * as permissions from '../features/permissions/strings.ts';
import * as roleTypes from '../features/role-types/strings.ts';
import * as roles from '../features/roles/strings.ts';
import * as schedule from '../features/schedule/strings.ts';
import * as siteConfig from '../features/site-config/strings.ts';
import * as summary from '../features/summary/strings.ts';
import * as tableDesign from '../features/table-design/strings.ts';
import * as tenants from '../features/tenants/strings.ts';
import * as userInfo from '../features/user-info/strings.ts';
import * as users from '../features/users/strings.ts';
import * as warnings from '../features/warnings/strings.ts';
import type { Translations } from '../i18n/index.ts';
import { httpMessages } from '../lib/http/messages.ts';
import * as shell from './strings.ts';

/** Every folder's strings, listed by hand so a folder's strings are loaded exactly when it is listed here. */
export const stringFiles = [
  httpMessages,
  shell,
  componentsForm,
  componentsGrid,
  components,
  auth,
  buttons,
  dataPermissions,
  dataSources,
  errors,
  files,
  home,
  icons,
  loginSet,
  menus,
  mine,
  organizations,
  permissions,
  roleTypes,
  roles,
  schedule,
  siteConfig,
  summary,
  tableDesign,
  tenants,
  userInfo,
  users,
  warnings,
];

function merged(language: 'en' | 'zh'): Record<string, string> {
  return Object.assign({}, ...stringFiles.map((file) => file[language]));
}

/** The resources given to i18next: one flat table per language. */
export const translations: Translations = { 'en-US': merged('en'), 'zh-CN': merged('zh') };
