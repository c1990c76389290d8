/**
 * 'Generate Automation Content' for one task (SPEC.md §2): the four types with their
 * descriptions, each with the reusable GeneratorControl. The request carries the task's category
 * as taskType, the chosen type, and the task's title, description and category (SPEC.md §3, §7).
 * Saving appends the content to the task's automation steps; the dialog then closes (SPEC.md §4).
 */
import { AUTOMATION_TYPES } from '../../../shared/schema/ai';
import type { SurvivorTask } from '../../../shared/schema/survivor-task';
import { Dialog } from '../../ui/Dialog';
import { GeneratorControl } from '../../ui/GeneratorControl';
import { useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { useTasksMessages } from './messages';

export interface AutomationDialogProps {
  /** The task to generate for; null closes the dialog. */
  task: SurvivorTask | null;
  onClose: () => void;
  onSave: (task: SurvivorTask, content: string) => Promise<boolean>;
}

export function AutomationDialog({ task, onClose, onSave }: AutomationDialogProps) {
  useTasksMessages();
  const { t } = useT();
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('tasks.automation.title')}
      description={t('tasks.automation.description')}
    >
      {task && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            <T id="tasks.automation.for" values={{ title: task.title }} components={{ 0: <span className="font-medium text-slate-800" /> }} />
          </p>
          <ul className="flex flex-col gap-3">
            {AUTOMATION_TYPES.map((type) => (
              <li key={type} className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-slate-900">{t(`tasks.type.${type}.title`)}</h3>
                  <p className="text-sm text-slate-600">{t(`tasks.type.${type}.description`)}</p>
                </div>
                <GeneratorControl
                  request={{
                    taskType: task.category,
                    automationType: type,
                    taskDetails: { title: task.title, description: task.description, category: task.category },
                  }}
                  onSave={(content) => {
                    void onSave(task, content).then((ok) => ok && onClose());
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
