/** The search route for a keyword (docs/product.md §2): `key` is a timestamp so a repeated search reloads. */
export const searchPath = (keyword: string) =>
  `/searchlist/${encodeURIComponent(keyword.trim())}?key=${Date.now()}`;
