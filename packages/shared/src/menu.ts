import { z } from 'zod';

export const buttonSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  functionName: z.string(),
  icon: z.string(),
  sort: z.number(),
});
export type Button = z.infer<typeof buttonSchema>;

/** One entry of GET /api/menu/getTreeMenu: a flat list; the client builds the tree from parentId (0 = root). */
export const menuItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  parentId: z.number(),
  icon: z.string(),
  /** Menu enable flag: 1 shown, 2 grantable but hidden from the navigation. */
  enable: z.number(),
  /** Ids of the buttons the caller may use on this screen. */
  permission: z.array(z.number()),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
