/**
 * The direction of imports, written once (issue 42 "A house a newcomer can walk"), checked by
 * `npm run depcheck` in `npm test` (so in `.ci/run`). dependency-cruiser reads the TypeScript
 * through scripts/depcruise-typescript.cjs (TypeScript 7 has no compiler API it could use).
 *
 * The layers, lowest first:
 *   shared/                       isomorphic code; imports nothing of web/ or sync-server/
 *   sync-server infrastructure    http/, db/ (connections, transactions, migrations), live/,
 *                                 config-limits.ts, app-env.ts (AppConfig: the configuration the
 *                                 domains read): imports no domain
 *   sync-server domains           one folder each; a domain reaches another only through the
 *                                 other's index.ts; inside one: routes → service → store → model
 *                                 (model: a domain's model.ts or model/ folder, pure types and
 *                                 rules with no I/O that both its stores and its service use)
 *   sync-server composition       app.ts, services.ts, main.ts, config.ts: wires the domains;
 *                                 a domain's routes name what they read of `Services` in their own
 *                                 interface (e.g. release/route-services.ts), app.ts passes it whole
 *   web/                          features reach each other only through their index.ts: re-exports
 *                                 only (a screen is its own file, e.g. SettingsPage.tsx, loaded
 *                                 lazily by web/app, the composition root, which may import any file)
 * Tests and test support (TEST below) may reach anything; no production file may reach them.
 * An exception is allowed only here, named with its reason (at most five).
 *
 * Every rule holds with no list of known violations: `npm run depcheck` (in `npm test`) fails on
 * any import against them. The count of violations as the server was walked into this shape:
 * 276 on the day the rules were written (issue 42), 265 with test support in sync-server/test/, 212 with the circles broken (three left: the release pages take the whole Services), 125 with the stores in their domains and an index.ts for each domain other domains use, 115 with no circle left and route modules named as they are, 112 with the owner's release routes in release/, 108 with release/index.ts; 122 after the branches of that day merged (15 web-feature arrows from the reset page, the unlock dialog and the delivery choice into keys/, to go with a web/features/keys/index.ts); 101 with the release, keys, files and push routes naming what they read of the services and the domains reading AppConfig (app-env.ts) in place of config.ts; 95 with http/ below the domains (isHttps in http/https.ts, the account throttle in http/account-throttle.ts, the session reader handed to the account frame by app.ts, the release app's CSP in http/web-app.ts); 89 with a model layer below the stores (blobs/model.ts, keys/model/, release/model.ts) and SQLite's file metadata named as the store it is (blobs/sqlite-blob-meta.ts); 88 with the keys' answers (refuseReplacedAk, keysJson, …) offered by keys/index.ts; 50 with an index.ts for each web feature others use (no web-feature arrow left); 0 with sync-server/routes/ moved into the domains (accounts/ for registration, sessions, password reset and profile; records/, export/, ai/, http/ for health), each route module naming what it reads of the services, and the key answers in keys/answers.ts
 */

/**
 * Test files and test support: `*.test.ts`, contract suites, sync-server/test/, e2e/, bench/.
 * Not test support: http/test-traffic-log.ts and release/test-clock.ts are production hooks that
 * main.ts switches on only under their test environment variables.
 */
const TEST = [
  '\\.test\\.tsx?$',
  '\\.contract\\.ts$',
  '^sync-server/test/',
  '^(e2e|bench)/',
  // web's test support lives beside the tests that use it
  '^web/.*/(test-[^/]+|[^/]+-test-support|model-harness)\\.ts$',
  // the documentation screenshots drive the browser tests' harness (e2e/harness.ts)
  '^scripts/(kit-)?screenshots?\\.ts$',
];
const TEST_RE = `(${TEST.join('|')})`;

/** Infrastructure below every server domain. */
const INFRA = '^sync-server/(http|db|live)/|^sync-server/(config-limits|app-env)\\.ts$';
/** Store modules: a domain's store/ folder, `*-store.ts`, and the `sqlite-*`/`pg-*` implementations. */
const STORE = '^sync-server/[^/]+/store/|^sync-server/.*(-store|/sqlite-[^/]+|/pg-[^/]+)\\.ts$';
/** Route modules: every `*routes.ts` or `*-route.ts` (http/public-routes.ts is a table of
 * routes for the infrastructure's middleware, not a route module: infrastructure is never a route module). */
const ROUTES = 'routes?\\.ts$';
/** A domain's model: its `model.ts` or `model/` folder (pure types and rules, no I/O), below its stores. */
const MODEL = '^sync-server/.+/model(/|\\.ts$)';
/** The composition root: builds the domains and wires them together. */
const ROOT = '^sync-server/(app|main|services|config)\\.ts$';

/**
 * The named exceptions, each with its reason (at most five; none is the goal).
 * 1. web/app/preload-signed-in.ts: the sign-in and registration pages warm the signed-in app's
 *    lazy chunks (FullApp, the router's first screen) with import() while the keys are made
 *    (issue #20); the router in turn loads those pages lazily. The circle runs only through
 *    import() of code-split chunks: no module imports another before it is evaluated.
 * 2. web/features/keys/key-effects.ts: once the key session opens, it binds the owner's messages to
 *    the trustee kits with message-vault's delivery choices, loaded by import() after the first
 *    paint; those choices in turn use keys' refusals (keys/index.ts ← message-vault/delivery-choice.ts).
 *    The circle runs only through that import(), called after every module in it was evaluated.
 */
const CIRCLE_EXCEPTIONS = ['^web/app/preload-signed-in\\.ts$', '^web/features/keys/key-effects\\.ts$'];
const EXCEPTIONS = [];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports has no bottom: nothing in it can be read, tested or changed alone.',
      from: {},
      to: { circular: true, viaOnly: { pathNot: CIRCLE_EXCEPTIONS.join('|') } }, // one pattern: viaOnly takes no list
    },
    {
      name: 'no-test-support-in-production',
      severity: 'error',
      comment: 'Production code never imports tests or test support (move shared code below both).',
      from: { path: '^(sync-server|web|shared|scripts)/', pathNot: TEST_RE },
      to: { path: TEST_RE },
    },
    {
      name: 'shared-stays-below',
      severity: 'error',
      comment: 'shared/ is isomorphic and below both: it never imports web/ or sync-server/.',
      from: { path: '^shared/', pathNot: TEST_RE },
      to: { path: '^(web|sync-server|scripts)/' },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'web/ and sync-server/ meet only in shared/ (tests may drive both, real parts end to end).',
      from: { path: '^(web|sync-server)/', pathNot: TEST_RE },
      to: { path: '^(web|sync-server)/', pathNot: ['^$1/'] },
    },
    {
      name: 'server-infrastructure-below-domains',
      severity: 'error',
      comment: 'http/, db/, live/ and the shared types sit below every domain: they import none.',
      from: { path: INFRA, pathNot: TEST_RE },
      to: { path: '^sync-server/', pathNot: [INFRA, TEST_RE] },
    },
    {
      name: 'server-composition-on-top',
      severity: 'error',
      comment: 'Only the composition root (app.ts, services.ts, main.ts, config.ts) imports it.',
      from: { path: '^sync-server/', pathNot: [ROOT, TEST_RE] },
      to: { path: ROOT },
    },
    {
      name: 'server-domain-through-its-index',
      severity: 'error',
      comment: "A domain reaches another only through the other's index.ts (what it offers), never its files.",
      from: { path: '^sync-server/([^/]+)/', pathNot: [INFRA, TEST_RE] },
      to: {
        path: '^sync-server/[^/]+/',
        pathNot: ['^sync-server/$1/', '^sync-server/[^/]+/index\\.ts$', INFRA, TEST_RE],
      },
    },
    {
      name: 'server-store-below-service',
      severity: 'error',
      comment: 'Inside a domain, routes → service → store → model: a store imports no service or routes.',
      from: { path: STORE, pathNot: TEST_RE },
      to: { path: '^sync-server/', pathNot: [STORE, MODEL, INFRA, TEST_RE, '/index\\.ts$'] },
    },
    {
      name: 'server-model-below-store',
      severity: 'error',
      comment: 'Inside a domain, routes → service → store → model: a model imports no store, service or routes.',
      from: { path: MODEL, pathNot: TEST_RE },
      to: { path: '^sync-server/', pathNot: [MODEL, INFRA, TEST_RE, '/index\\.ts$'] },
    },
    {
      name: 'server-routes-on-top',
      severity: 'error',
      comment: 'Inside a domain, routes → service → store: only routes and the composition root import routes.',
      from: { path: '^sync-server/', pathNot: [ROUTES, ROOT, TEST_RE] },
      to: { path: ROUTES, pathNot: INFRA },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment:
        "A web feature reaches another only through the other's index.ts (its public exports: re-exports only, never a screen, " +
        'so importing a helper loads neither a screen nor, with vite.config.ts treeshake, the modules of names it does not use).',
      from: { path: '^web/features/([^/]+)/', pathNot: TEST_RE },
      to: { path: '^web/features/[^/]+/', pathNot: ['^web/features/$1/', '^web/features/[^/]+/index\\.ts$'] },
    },
    ...EXCEPTIONS,
  ],
  options: {
    babelConfig: { fileName: 'scripts/depcruise-typescript.cjs' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
    },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
  },
};
