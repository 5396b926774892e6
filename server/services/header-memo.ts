/**
 * What a request header's value means, worked out once per value: visitors send few distinct
 * values (user agents, Accept-Encoding), and reading one costs more than a map lookup on every
 * request. Bounded: the map is emptied when it holds `entries` values, and values longer than
 * `longest` (made up, or rare) are read every time and never kept, so a flood of made-up values
 * cannot grow memory.
 */
export function headerMemo<T>(
  read: (value: string) => T,
  limits: { entries: number; longest: number },
): (value: string) => T {
  const kept = new Map<string, T>();
  return (value) => {
    if (value.length > limits.longest) return read(value);
    let meaning = kept.get(value);
    if (meaning === undefined) {
      if (kept.size >= limits.entries) kept.clear();
      meaning = read(value);
      kept.set(value, meaning);
    }
    return meaning;
  };
}
