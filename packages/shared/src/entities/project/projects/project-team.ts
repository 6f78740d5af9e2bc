import * as field from '../../../entity/define.ts';
import { at, defineDetail, hidden, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';

/** ProjectTeam: a project's members, edited on the project; each member's account gets the project in scope. */
export const projectTeamMeta = defineDetail(
  'ProjectTeam',
  'project_team',
  field.project({ required: true, list: hidden }),
  {
    label: { en: 'Team', zh: '项目成员' },
    singular: { en: 'team member', zh: '项目成员' },
    scope: { project: 'projectId' },
    fields: [
      field.reference('employeeId', ref('employees'), 'Employee', '员工', {
        required: true,
        edit: at(1, 1),
        list: width(160),
      }),
      field.dict('role', 'teamRole', 'Role', '角色', { length: 20, required: true, edit: at(1, 2), list: width(130) }),
      field.date('joinDate', 'Joined', '加入日期', { edit: at(1, 3), list: width(120) }),
      field.date('leaveDate', 'Left', '离开日期', { edit: at(1, 4), list: width(120) }),
      field.percent('allocationPct', 'Allocation %', '投入%', { edit: at(1, 5), list: width(100) }),
    ],
  },
);
