/** An ILIKE pattern matching any text that contains `text`, whose own %, _ and \ are taken literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
