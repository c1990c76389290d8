/**
 * Shows 'Error loading tasks. Please try again later.' (SPEC.md §2 "States") when reading the
 * local database throws during render (useLiveQuery rethrows a failed query), instead of a blank
 * screen. The error is logged.
 */
import { Component, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { useTasksMessages } from './messages';

/** The error state's paragraph (also used when the database could not be opened at all). */
export function TasksLoadError() {
  useTasksMessages();
  const { t } = useT();
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center font-medium text-red-800">
      {t('tasks.loadError')}
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
