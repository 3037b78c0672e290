import type { FastifyInstance } from 'fastify';

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
type OpenApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A compact TypeScript-like rendering of a JSON schema, easier to read than the raw document. */
export function describeSchema(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema) return 'unknown';
  if (schema.$ref) return String(schema.$ref).split('/').pop() ?? 'unknown';
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (anyOf) return anyOf.map((s) => describeSchema(s, indent)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  const nullable = schema.nullable === true ? ' | null' : '';
  if (type === 'array') return `${describeSchema(schema.items as JsonSchema, indent)}[]${nullable}`;
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const entries = Object.entries(properties);
    if (entries.length === 0) {
      const extra = schema.additionalProperties as JsonSchema | boolean | undefined;
      return typeof extra === 'object'
        ? `{ [key: string]: ${describeSchema(extra, indent)} }${nullable}`
        : `{}${nullable}`;
    }
    const inner = indent + '  ';
    const lines = entries.map(
      ([key, value]) => `${inner}${key}${required.has(key) ? '' : '?'}: ${describeSchema(value, inner)}`,
    );
    return `{\n${lines.join('\n')}\n${indent}}${nullable}`;
  }
  const details: string[] = [];
  if (schema.format) details.push(String(schema.format));
  if (schema.minLength !== undefined) details.push(`min ${schema.minLength}`);
  if (schema.maxLength !== undefined) details.push(`max ${schema.maxLength}`);
  // Bounds that only restate 'a safe integer' are noise.
  const bound = (value: unknown) => typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  if (typeof schema.exclusiveMinimum === 'number') details.push(`> ${schema.exclusiveMinimum}`);
  else if (bound(schema.minimum))
    details.push(`${schema.exclusiveMinimum === true ? '>' : '≥'} ${schema.minimum}`);
  if (typeof schema.exclusiveMaximum === 'number') details.push(`< ${schema.exclusiveMaximum}`);
  else if (bound(schema.maximum))
    details.push(`${schema.exclusiveMaximum === true ? '<' : '≤'} ${schema.maximum}`);
  return `${type ?? 'unknown'}${details.length ? ` (${details.join(', ')})` : ''}${nullable}`;
}

export function renderDocsHtml(document: OpenApiDocument): string {
  const sections: string[] = [];
  const toc: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const anchor = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
      toc.push(
        `<li><a href="#${anchor}"><span class="m ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a> ${escapeHtml(operation.summary)}</li>`,
      );
      const parameters = (operation.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'oui' : 'non'}</td><td><code>${escapeHtml(describeSchema(p.schema))}</code></td></tr>`,
        )
        .join('');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const responses = Object.entries(operation.responses ?? {})
        .map(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          return `<tr><td>${escapeHtml(status)}</td><td><pre>${escapeHtml(schema ? describeSchema(schema) : (response.description ?? ''))}</pre></td></tr>`;
        })
        .join('');
      sections.push(`<section id="${anchor}">
  <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path.replace(/^\/api/, ''))}</code></h3>
  <p class="summary">${escapeHtml(operation.summary)}</p>
  ${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
  ${parameters ? `<h4>Paramètres</h4><table><tr><th>Nom</th><th>Où</th><th>Requis</th><th>Type</th></tr>${parameters}</table>` : ''}
  ${body ? `<h4>Corps (JSON)</h4><pre>${escapeHtml(describeSchema(body))}</pre>` : ''}
  <h4>Réponses</h4><table><tr><th>Statut</th><th>Corps</th></tr>${responses}</table>
</section>`);
    }
  }
  const title = escapeHtml(document.info?.title ?? 'API');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1000px;margin:0 auto;padding:1rem 1.5rem;color:#1f2937}
h1{margin-bottom:.2rem} section{border-top:1px solid #e5e7eb;padding:.5rem 0 1rem}
h3{font-size:1.05rem} h4{margin:.8rem 0 .3rem;font-size:.9rem;color:#4b5563}
table{border-collapse:collapse;width:100%;font-size:.9rem} td,th{border:1px solid #e5e7eb;padding:.3rem .5rem;text-align:left;vertical-align:top}
pre{margin:0;white-space:pre-wrap;font-size:.85rem} .summary{font-weight:600}
.m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#2563eb}.post{background:#16a34a}.put,.patch{background:#d97706}.delete{background:#dc2626}
ul{list-style:none;padding:0;columns:2;font-size:.9rem} li{margin:.15rem 0} a{color:inherit;text-decoration:none}
</style></head><body>
<h1>${title}</h1>
<p>Version ${escapeHtml(document.info?.version)} — ${escapeHtml(document.info?.description)}</p>
<p>Document OpenAPI : <a href="/api/docs/json">/api/docs/json</a></p>
<ul>${toc.join('')}</ul>
${sections.join('\n')}
</body></html>`;
}

/** GET /api/docs/json (the OpenAPI document) and GET /api/docs (a readable page rendered from it). */
export function registerDocs(app: FastifyInstance): void {
  let html: string | null = null;
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    html ??= renderDocsHtml(app.swagger() as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
