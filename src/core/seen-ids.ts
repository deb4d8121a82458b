// A list read page by page can hand an item twice: offset pages shift when an item is added ahead of
// them while the list is read, so a later page begins with what an earlier one ended with. A bulk
// action that met a token twice would rotate it twice (GitLab takes the second for reuse and revokes
// the whole family), so each id is passed on once, and the first repeat is told.

/** Ids already handed on, for one list. */
export class SeenIds {
  private readonly ids = new Set<number>();
  private told = false;

  /** `onRepeat`: told of the first repeated id only. */
  constructor(private readonly onRepeat?: (id: number) => void) {}

  /** The items not handed on before, by numeric `id` (an item without one always passes); the same array when none repeats. */
  fresh<T>(items: T[]): T[] {
    let out: T[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const id = (item as { id?: unknown } | null | undefined)?.id;
      if (typeof id === 'number') {
        if (this.ids.has(id)) {
          out ??= items.slice(0, i);
          if (!this.told) {
            this.told = true;
            this.onRepeat?.(id);
          }
          continue;
        }
        this.ids.add(id);
      }
      out?.push(item);
    }
    return out ?? items;
  }
}
