// The server's house rules, checked by ESLint (`npm run lint`, part of `npm test`; decision 0038):
//   - a module imports another module only through its public entry (`modules/<b>/index.ts`), and
//     whatever lies outside the modules (app.ts, http/, db/...) does too;
//   - a routes file (`routes.ts`, `*-routes.ts`) parses, authorises and calls its service: it imports
//     nothing of db/ nor drizzle-orm, and opens no transaction;
//   - a module authorises with the vocabulary of http/authorize.ts: it reads neither the session
//     (http/context.ts) nor the permission checks (permissions/check.ts, permissions/permitted.ts)
//     itself, and never asks `.isSuperAdmin` (a super-admin's reach is a named rule of its policy.ts,
//     through `reachesEverything`).
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(ROOT, 'server/src/modules');

/** The module a file belongs to ('expenses'), or null outside server/src/modules. */
function moduleOf(file) {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

const isRoutesFile = (file) => /(^|-)routes\.ts$/.test(path.basename(file));

function resolved(specifier, file) {
  return specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
}

/** The file of server/src an import points to, relative to server/src, without its extension. */
function serverPath(target) {
  const rel = path.relative(path.join(ROOT, 'server/src'), target);
  if (rel.startsWith('..')) return null;
  return rel
    .split(path.sep)
    .join('/')
    .replace(/\.[cm]?[jt]s$/, '');
}

/** Why `file` may not import `specifier`, or null. */
function violation(specifier, file) {
  const from = moduleOf(file);
  const routes = from !== null && isRoutesFile(file);
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'))
    return routes ? 'A routes file writes no SQL: the query belongs to its service.' : null;
  const target = resolved(specifier, file);
  if (!target) return null;
  const to = serverPath(target);
  if (to === null) return null;
  const toModule = moduleOf(target);
  if (toModule !== null && toModule !== from) {
    const inside = path.relative(path.join(MODULES, toModule), target).split(path.sep).join('/');
    if (inside !== '' && inside !== 'index' && inside !== 'index.ts')
      return `A module is used through its public entry: import '…/modules/${toModule}' (its index.ts), not '${inside}'.`;
  }
  if (from === null) return null;
  if (routes && to.startsWith('db/'))
    return 'A routes file parses, authorises and calls its service: the database is the service’s.';
  if (from !== 'auth' && to === 'http/context')
    return 'Authorise with http/authorize.ts (authorize, authorizeVisible, authorizeSignedIn, authorizeScope, gateOf), not with the session reads of http/context.ts.';
  if (from !== 'permissions' && (to === 'permissions/check' || to === 'permissions/permitted'))
    return 'Ask permissions with http/authorize.ts (authorize, holds, authorizeScope), not with permissions/check or permissions/permitted.';
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'The server’s modules, routes files and authorisation keep their rules.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (serverPath(file) === null) return {};
    const from = moduleOf(file);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const message = violation(source.value, file);
      if (message) context.report({ node, message });
    };
    const visitors = {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
    if (from !== null) {
      visitors['MemberExpression[property.name="isSuperAdmin"]'] = (node) =>
        context.report({
          node,
          message:
            'A module does not ask `.isSuperAdmin`: `authorize` lets a super-admin through, and any other reach is a named rule of the module’s policy.ts (`reachesEverything`).',
        });
      if (isRoutesFile(file))
        visitors['CallExpression[callee.property.name="transaction"]'] = (node) =>
          context.report({
            node,
            message: 'A routes file opens no transaction: the service that owns the write does.',
          });
    }
    return visitors;
  },
};

export default { rules: { boundaries } };
