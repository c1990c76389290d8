/** Header indicator of the sync state (DESIGN.md §2, §5). Placeholder until the sync engine lands. */
export function SyncStatus() {
  return null;
}
