/**
 * 'Generate Automation Content' for one task (SPEC.md §2): the four types with their
 * descriptions, each with the reusable GeneratorControl. The request carries the task's category
 * as taskType, the chosen type, and the task's title, description and category (SPEC.md §3, §7).
 * Saving appends the content to the task's automation steps; the dialog then closes (SPEC.md §4).
 */
import { AUTOMATION_TYPE_OPTIONS } from '../../../shared/labels';
import type { AutomationType } from '../../../shared/schema/ai';
import type { SurvivorTask } from '../../../shared/schema/survivor-task';
import { Dialog } from '../../ui/Dialog';
import { GeneratorControl } from '../../ui/GeneratorControl';

export interface AutomationDialogProps {
  /** The task to generate for; null closes the dialog. */
  task: SurvivorTask | null;
  onClose: () => void;
  onSave: (task: SurvivorTask, content: string) => Promise<boolean>;
}

export function AutomationDialog({ task, onClose, onSave }: AutomationDialogProps) {
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Generate Automation Content"
      description="Use AI to create helpful resources for your survivors"
    >
      {task && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            For: <span className="font-medium text-slate-800">{task.title}</span>
          </p>
          <ul className="flex flex-col gap-3">
            {(Object.entries(AUTOMATION_TYPE_OPTIONS) as [AutomationType, { title: string; description: string }][]).map(([type, option]) => (
              <li key={type} className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-slate-900">{option.title}</h3>
                  <p className="text-sm text-slate-600">{option.description}</p>
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
