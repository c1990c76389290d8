/**
 * Shows 'Error loading tasks. Please try again later.' (SPEC.md §2 "States") when reading the
 * local database throws during render (useLiveQuery rethrows a failed query), instead of a blank
 * screen. The error is logged.
 */
import { Component, type ReactNode } from 'react';

export const LOAD_ERROR_TEXT = 'Error loading tasks. Please try again later.';

/** The error state's paragraph (also used when the database could not be opened at all). */
export function TasksLoadError() {
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center font-medium text-red-800">
      {LOAD_ERROR_TEXT}
    </p>
  );
}

export class TasksErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Error loading tasks', error);
  }

  override render() {
    return this.state.failed ? <TasksLoadError /> : this.props.children;
  }
}
