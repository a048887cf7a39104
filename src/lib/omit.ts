/** A copy of `row` without `keys`: what an audit record keeps of a row (not its id), what a form shows of it. */
export function omit<T extends object, K extends keyof T>(row: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}
