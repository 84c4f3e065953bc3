/**
 * The routes shared/api.md names, as `METHOD /api/path` (`:id` for path parameters, no query,
 * no trailing slash). Absolute mentions (`GET /api/search?q=`) count as they are; relative ones
 * (`GET /:id` in a table, `POST {family}/upload`) are joined to the base paths of their block:
 * the backticked `/api/…` paths in the block's heading, or else the backticked bare `/api/…`
 * paths written in the block (banner families, images).
 */
export function routesInApiSpecification(text: string, sections: ReadonlySet<number>): Set<string> {
  const routes = new Set<string>();
  let section = 0;
  for (const block of blocksOf(text)) {
    const numbered = /^##\s+(\d+)\./.exec(block.heading);
    if (numbered) section = Number(numbered[1]);
    else if (/^#\s/.test(block.heading) || /^##\s/.test(block.heading)) section = 0;
    if (!sections.has(section)) continue;

    const headingBases = [...block.heading.matchAll(/`(\/api\/[\w/]+)`/g)].map((match) => match[1] ?? '');
    const bareBases = [...block.body.matchAll(/(?<![A-Z]\s)`(\/api\/[\w/]+)`/g)].map((match) => match[1] ?? '');
    const bases = headingBases.length > 0 ? headingBases : bareBases;

    for (const match of `${block.heading}\n${block.body}`.matchAll(
      /\b(GET|POST|PUT|DELETE|PATCH)\s+([/{][^\s`|·,()]*)/g,
    )) {
      const method = match[1] ?? '';
      const raw = (match[2] ?? '').split('?')[0] ?? '';
      if (raw.startsWith('/uploads/')) continue; // the image files (static), not an API route
      if (raw.startsWith('/api/')) routes.add(`${method} ${normalise(raw)}`);
      else if (raw.startsWith('/') || raw.startsWith('{family}')) {
        const rest = raw.replace('{family}', '');
        if (bases.length === 0)
          throw new Error(`api.md: "${match[0]}" has no base path in its block "${block.heading}"`);
        for (const base of bases) routes.add(`${method} ${normalise(base + rest)}`);
      }
    }
  }
  return routes;
}

const normalise = (route: string) => (route.length > 1 ? route.replace(/\/+$/, '') : route);

function blocksOf(text: string): Array<{ heading: string; body: string }> {
  const blocks: Array<{ heading: string; body: string }> = [];
  let current = { heading: '', body: '' };
  for (const line of text.split('\n')) {
    if (/^#{1,6}\s/.test(line)) {
      blocks.push(current);
      current = { heading: line, body: '' };
    } else current.body += `${line}\n`;
  }
  blocks.push(current);
  return blocks;
}
