import type { MineDocument, MineMilestone, MineProject, MineWarning } from '@trestle/shared';
import { http } from '../lib/http/client.ts';

/** Query keys of /MineInformation (the My work screen and the home page's warnings card share them), per tab and language (warning titles are worded by the server). */
export const mineKeys = {
  all: ['mine'] as const,
  tab: (name: string, language: string) => [...mineKeys.all, name, language] as const,
};

export const myProjects = () => http.get<MineProject[]>('/api/MineInformation/projects');
export const myMilestones = () => http.get<MineMilestone[]>('/api/MineInformation/milestones');
export const myApprovals = () => http.get<MineDocument[]>('/api/MineInformation/approvals');
export const mySubmissions = () => http.get<MineDocument[]>('/api/MineInformation/submissions');
export const myWarnings = () => http.get<MineWarning[]>('/api/MineInformation/warnings');
