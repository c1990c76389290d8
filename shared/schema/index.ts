/** Every entity schema of SPEC.md §3, in one import. Types are inferred, never declared twice. */
export * from './common';
export * from './user';
export * from './death-plan';
export * from './message';
export * from './document';
export * from './trustee';
export * from './survivor-task';
export * from './ai';
export * from './collections';
