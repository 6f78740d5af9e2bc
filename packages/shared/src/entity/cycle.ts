/**
 * A circle in a graph of names (each name → the names it reads), as the path that closes it (`a → b → a`), or
 * null when there is none: computed values that read each other in a circle never settle, wherever they are
 * written (a form's computed fields, a BI dataset's calculated ones).
 */
export function cycleIn(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const next of graph.get(name) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of graph.keys()) {
    const found = visit(name);
    if (found) return found;
  }
  return null;
}
