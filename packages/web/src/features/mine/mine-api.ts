import type { MineDocument, MineMilestone, MineProject, MineWarning } from '@trestle/shared';
import { http } from '../../lib/http.ts';

export const mineKeys = {
  all: ['mine'] as const,
  tab: (name: string) => [...mineKeys.all, name] as const,
};

export const myProjects = () => http.get<MineProject[]>('/api/MineInformation/projects');
export const myMilestones = () => http.get<MineMilestone[]>('/api/MineInformation/milestones');
export const myApprovals = () => http.get<MineDocument[]>('/api/MineInformation/approvals');
export const mySubmissions = () => http.get<MineDocument[]>('/api/MineInformation/submissions');
export const myWarnings = () => http.get<MineWarning[]>('/api/MineInformation/warnings');
