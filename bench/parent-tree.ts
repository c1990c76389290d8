/**
 * A temporary checkout of another commit beside the bench's own (bench/vs-parent): `git worktree
 * add --detach` into the system's temp folder, with node_modules hard-linked from this checkout
 * (`cp -al`: no install, no extra disk, the same packages on both sides). `remove()` takes the
 * worktree away again (`git worktree remove --force`, then prune); nothing else of the repository
 * is touched. Throws when git cannot make it (an unknown commit, no git).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's root (the bench's own code). */
export const OWN_ROOT = fileURLToPath(new URL('..', import.meta.url));

const git = (...args: string[]) => execFileSync('git', ['-C', OWN_ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full hash of `rev` in this repository, and its first line. */
export function describeCommit(rev: string): { hash: string; subject: string } {
  return { hash: git('rev-parse', '--verify', `${rev}^{commit}`), subject: git('log', '-1', '--format=%s', rev) };
}

/** A worktree of `rev` with node_modules hard-linked from this checkout; `remove` deletes it. */
export function parentTree(rev: string): { root: string; remove: () => void } {
  const { hash } = describeCommit(rev);
  const root = join(mkdtempSync(join(tmpdir(), 'afterword-parent-')), 'tree');
  git('worktree', 'add', '--detach', root, hash);
  try {
    execFileSync('cp', ['-al', join(OWN_ROOT, 'node_modules'), join(root, 'node_modules')]);
  } catch (err) {
    git('worktree', 'remove', '--force', root);
    throw err;
  }
  return {
    root,
    remove() {
      if (existsSync(root)) git('worktree', 'remove', '--force', root);
      git('worktree', 'prune');
      rmSync(join(root, '..'), { recursive: true, force: true });
    },
  };
}
