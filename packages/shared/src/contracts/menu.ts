import { z } from 'zod';
import { codedRow, treeNode } from './shapes.ts';
import { id } from './values.ts';

export const buttonSchema = z.object({
  ...codedRow,
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

/** A code that routes and grants refer to: a letter, then letters, digits or underscores. */
const codeSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(50, 'at most 50 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Start with a letter; letters, digits and _ only');

/** An @ant-design/icons component name, e.g. 'HomeOutlined'; empty for none. */
export const iconNameSchema = z
  .string()
  .trim()
  .max(50, 'at most 50 characters')
  .regex(/^$|^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/, 'Pick an icon from the gallery');

const nameSchema = z.string().trim().min(1, 'required').max(50, 'at most 50 characters');
const sortSchema = z.number().int().min(0).max(999_999);

/** 0 off, 1 shown, 2 grantable but hidden from the navigation. */
export const menuEnableSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A menu row as the menu editor (/sysMenu) reads it. */
export const menuRowSchema = z.object({
  ...treeNode,
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  url: z.string(),
  icon: z.string(),
  enable: z.number(),
  sort: z.number(),
  /** Ids of the buttons this menu's screen offers. */
  buttonIds: z.array(z.number()),
  /** A route declares this code as its permission key: it can be neither renamed nor deleted. */
  builtIn: z.boolean(),
});
export type MenuRow = z.infer<typeof menuRowSchema>;

/** What the menu editor's form saves (add and update alike). */
export const menuInputSchema = z.strictObject({
  parentId: id.nullable(),
  code: codeSchema,
  name: nameSchema,
  nameZh: nameSchema,
  /** A route path such as '/Employee', optionally ending with the '/Manager' marker; empty for a folder. */
  url: z
    .string()
    .trim()
    .max(200, 'at most 200 characters')
    .regex(/^$|^(\/[A-Za-z0-9_-]+)+$/, "A path such as '/Employee' or '/UserInfo/Manager', or empty for a folder"),
  icon: iconNameSchema,
  enable: menuEnableSchema,
  sort: sortSchema,
  buttonIds: z.array(id).max(50),
});
export type MenuInput = z.infer<typeof menuInputSchema>;
export const menuUpdateSchema = menuInputSchema.extend({ id });
export type MenuUpdate = z.infer<typeof menuUpdateSchema>;

/** Drag and drop in the tree: the menu goes under `parentId` (null = top level) at position `index`. */
export const menuMoveSchema = z.strictObject({
  id,
  parentId: id.nullable(),
  index: z.number().int().min(0).max(10_000),
});
export type MenuMove = z.infer<typeof menuMoveSchema>;

/** antd button types the catalogue offers ('danger' shows a default button in red). */
export const buttonTypes = ['primary', 'default', 'dashed', 'link', 'danger'] as const;

/** A button as the catalogue editor (/Button) reads it: both names, the type and whether it is built in. */
export const buttonRowSchema = z.object({
  ...codedRow,
  nameZh: z.string(),
  functionName: z.string(),
  icon: z.string(),
  type: z.string(),
  sort: z.number(),
  builtIn: z.boolean(),
});
export type ButtonRow = z.infer<typeof buttonRowSchema>;

export const buttonInputSchema = z.strictObject({
  code: codeSchema,
  name: nameSchema,
  nameZh: nameSchema,
  /** The client function the button calls, e.g. 'edit'. */
  functionName: z
    .string()
    .trim()
    .min(1, 'required')
    .max(50, 'at most 50 characters')
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'A function name: letters, digits and _ only'),
  icon: iconNameSchema,
  type: z.enum(buttonTypes),
  sort: sortSchema,
});
export type ButtonInput = z.infer<typeof buttonInputSchema>;
export const buttonUpdateSchema = buttonInputSchema.extend({ id });
export type ButtonUpdate = z.infer<typeof buttonUpdateSchema>;
