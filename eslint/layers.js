// The project's boundaries, checked by ESLint (`npm run lint`, part of `npm test`):
//   shared <- features <- spaces <- app: a layer imports only the layers before it;
//   a feature never imports another feature (nor a space, nor the app);
//   server/ never imports src/; contract/ imports nothing of ours;
//   file names are kebab-case.
// Imports are resolved to files (the '@/' and '@contract/' aliases and relative paths), so a
// relative path cannot go around a rule.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The layer of a file of the project, or null outside the layers. */
function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'contract') return { name: 'contract' };
  if (rel[0] === 'server') return { name: 'server' };
  if (rel[0] !== 'src') return null;
  switch (rel[1]) {
    case 'shared':
      return { name: 'shared' };
    case 'features':
      return { name: 'feature', feature: rel[2] };
    case 'spaces':
      return { name: 'spaces' };
    case 'app':
      return { name: 'app' };
    default:
      // src/main.tsx and the other entry files compose everything, as the app does.
      return { name: 'app' };
  }
}

/** Where an import specifier points, as a file path of the project, or null for a package. */
function targetOf(specifier, file) {
  if (specifier.startsWith('@/')) return path.join(ROOT, 'src', specifier.slice(2));
  if (specifier.startsWith('@contract/'))
    return path.join(ROOT, 'contract', specifier.slice('@contract/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null;
}

const ORDER = { shared: 0, feature: 1, spaces: 2, app: 3 };

/** Why `from` may not import `to`, or null when it may. */
function violation(from, to) {
  if (!to) return null;
  if (from.name === 'contract')
    return to.name === 'contract' ? null : 'contract/ is the wire: it imports nothing of ours.';
  if (from.name === 'server')
    return to.name === 'server' || to.name === 'contract' ? null : 'server/ never imports the SPA (src/).';
  // The SPA.
  if (to.name === 'contract') return null;
  if (to.name === 'server') return 'The SPA never imports server/.';
  if (from.name === 'feature' && to.name === 'feature' && from.feature !== to.feature)
    return `A feature never imports another feature (${from.feature} -> ${to.feature}): share it through src/shared, or compose them in a space.`;
  if (ORDER[to.name] > ORDER[from.name])
    return `Imports flow shared <- features <- spaces <- app: ${from.name === 'feature' ? 'a feature' : from.name} may not import ${to.name === 'feature' ? 'a feature' : to.name}.`;
  return null;
}

const imports = {
  meta: { type: 'problem', docs: { description: 'Imports respect the layers of the project.' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(source.value, file);
      if (!target) return;
      const message = violation(from, layerOf(target));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

const fileNames = {
  meta: { type: 'suggestion', docs: { description: 'File names are kebab-case.' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename).replace(/\.[cm]?[jt]sx?$/, '');
        if (!KEBAB.test(base))
          context.report({
            node,
            message: `File names are kebab-case: '${path.basename(context.filename)}'.`,
          });
      },
    };
  },
};

export default { rules: { imports, 'file-names': fileNames } };
