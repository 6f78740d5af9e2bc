import type { Announcements, DragEndEvent, DragStartEvent, ScreenReaderInstructions } from '@dnd-kit/core';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Data = { data: { current?: unknown } };

/**
 * What a screen reader hears while something is dragged from the keyboard, in the reader's language: the
 * designer's own words under `<prefix>.dnd.` (instructions, start, over, outside, end, cancel), each told
 * which piece moves (`nameOf` its drag data) and where it is (`targetOf` the drop area's).
 */
export function dndAccessibility(
  t: Translate,
  prefix: string,
  nameOf: (data: unknown) => string,
  targetOf: (over: Data) => string,
): { screenReaderInstructions: ScreenReaderInstructions; announcements: Announcements } {
  const say = (what: string, active: Data, over?: Data | null) =>
    t(`${prefix}.dnd.${what}`, { name: nameOf(active.data.current), ...(over ? { target: targetOf(over) } : {}) });
  return {
    screenReaderInstructions: { draggable: t(`${prefix}.dnd.instructions`) },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) => say('start', active),
      onDragOver: ({ active, over }: DragEndEvent) => (over ? say('over', active, over) : say('outside', active)),
      onDragEnd: ({ active, over }: DragEndEvent) => (over ? say('end', active, over) : say('cancel', active)),
      onDragCancel: ({ active }: DragEndEvent) => say('cancel', active),
    },
  };
}
