/**
 * Babel options that let dependency-cruiser read TypeScript without the TypeScript compiler's
 * JavaScript API: TypeScript 7 (the native compiler this project type-checks with) has none, and
 * dependency-cruiser 17 supports TypeScript only below 7 (or through @swc/core, not installed).
 *
 * Babel's own parser understands TypeScript and JSX; the plugin below then replaces each file
 * with just its module references, one bare `import 'x'` per static import, re-export, dynamic
 * `import('x')` and `import('x')` type, so acorn (dependency-cruiser's JavaScript parser) reads
 * every arrow the TypeScript source has, type-only imports included (they bind layers as much as
 * value imports do). Used by `.dependency-cruiser.cjs` (options.babelConfig).
 */
'use strict';

/** Babel plugin: parse as TypeScript (+ JSX for .tsx) and keep only the module references. */
function keepModuleReferences({ types: t }) {
  return {
    name: 'keep-module-references',
    manipulateOptions(opts, parserOpts) {
      parserOpts.plugins.push('typescript');
      if (String(opts.filename ?? '').endsWith('.tsx')) parserOpts.plugins.push('jsx');
    },
    visitor: {
      Program: {
        exit(path) {
          const sources = [];
          path.traverse({
            ImportDeclaration(p) {
              sources.push(p.node.source.value);
            },
            ExportNamedDeclaration(p) {
              if (p.node.source) sources.push(p.node.source.value);
            },
            ExportAllDeclaration(p) {
              sources.push(p.node.source.value);
            },
            CallExpression(p) {
              const [arg] = p.node.arguments;
              if (p.node.callee.type === 'Import' && arg && arg.type === 'StringLiteral') sources.push(arg.value);
            },
            ImportExpression(p) {
              if (p.node.source.type === 'StringLiteral') sources.push(p.node.source.value);
            },
            TSImportType(p) {
              const arg = p.node.argument;
              const value = arg.type === 'StringLiteral' ? arg.value : arg.literal?.value;
              if (typeof value === 'string') sources.push(value);
            },
            TSImportEqualsDeclaration(p) {
              const ref = p.node.moduleReference;
              if (ref.type === 'TSExternalModuleReference') sources.push(ref.expression.value);
            },
          });
          path.node.body = [...new Set(sources)].map((s) => t.importDeclaration([], t.stringLiteral(s)));
          path.node.directives = [];
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  sourceType: 'module',
  plugins: [keepModuleReferences],
};
