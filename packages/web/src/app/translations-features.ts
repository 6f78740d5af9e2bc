import * as componentsChart from '../components/chart/strings.ts';
import * as componentsFilterConditions from '../components/filter-conditions/strings.ts';
import * as componentsFormDesignRules from '../components/form-design/rule-strings.ts';
import * as componentsFormDesign from '../components/form-design/strings.ts';
import * as componentsFormRuntime from '../components/form-runtime/strings.ts';
import * as componentsGrid from '../components/grid/strings.ts';
import * as componentsPageBlocks from '../components/page-blocks/strings.ts';
import * as componentsRichText from '../components/rich-text/strings.ts';
import * as componentsTableDesign from '../components/table-design/strings.ts';
import * as dashboardEditor from '../features/bi-design/dashboard-editor/strings.ts';
import * as biDesign from '../features/bi-design/strings.ts';
import * as buttons from '../features/buttons/strings.ts';
import * as dashboards from '../features/dashboards/strings.ts';
import * as dataPermissions from '../features/data-permissions/strings.ts';
import * as dataSources from '../features/data-sources/strings.ts';
import * as files from '../features/files/strings.ts';
import * as formDesign from '../features/form-design/strings.ts';
import * as forms from '../features/forms/strings.ts';
import * as home from '../features/home/strings.ts';
import * as icons from '../features/icons/strings.ts';
import * as loginSet from '../features/login-set/strings.ts';
import * as menus from '../features/menus/strings.ts';
import * as mine from '../features/mine/strings.ts';
import * as mixDesign from '../features/mix-design/strings.ts';
import * as organizations from '../features/organizations/strings.ts';
import * as pageDesign from '../features/page-design/strings.ts';
import * as pages from '../features/pages/strings.ts';
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
import { mergedTranslations } from './translations-merge.ts';

/**
 * The strings of the screens behind sign-in: a chunk of their own, added to i18next before the first of
 * those screens shows (the root route's loader waits for it).
 */
export const featureStringFiles = [
  componentsChart,
  componentsFilterConditions,
  componentsFormDesign,
  componentsFormDesignRules,
  componentsFormRuntime,
  componentsGrid,
  componentsPageBlocks,
  componentsRichText,
  componentsTableDesign,
  biDesign,
  dashboardEditor,
  buttons,
  dashboards,
  dataPermissions,
  dataSources,
  files,
  formDesign,
  forms,
  home,
  icons,
  loginSet,
  menus,
  mine,
  mixDesign,
  organizations,
  pageDesign,
  pages,
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

export const featureTranslations = mergedTranslations(featureStringFiles);
