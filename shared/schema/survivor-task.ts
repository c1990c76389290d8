/** Survivor tasks (SPEC.md §3 "Survivor task"; §5 "Survivor task form"). zod/mini (./z.ts). */
import { LIMITS, intBetween, multiLine, singleLine, timestampSchema, trimmedText } from './common';
import { z } from './z';

export const TASK_CATEGORIES = ['immediate', 'financial', 'legal', 'memorial', 'digital', 'emotional', 'other'] as const;
export const TIMEFRAMES = ['24h', '72h', '1w', '2w', '1m', '3m'] as const;
export const AUTOMATION_LEVELS = ['fully-automated', 'semi-automated', 'manual-with-guidance'] as const;
export const COMPLETION_STATUSES = ['not-started', 'in-progress', 'completed'] as const;

export const taskCategorySchema = z.enum(TASK_CATEGORIES, { error: 'Please select a category' });
export const timeframeSchema = z.enum(TIMEFRAMES, { error: 'Please select a timeframe' });
export const automationLevelSchema = z.enum(AUTOMATION_LEVELS, { error: 'Please select an automation level' });
export const completionStatusSchema = z.enum(COMPLETION_STATUSES);
export type TaskCategory = z.infer<typeof taskCategorySchema>;
export type Timeframe = z.infer<typeof timeframeSchema>;
export type CompletionStatus = z.infer<typeof completionStatusSchema>;

const itemList = z.pipe(
  z.array(multiLine(z.string().check(z.maxLength(LIMITS.text)))).check(z.maxLength(LIMITS.listItems)),
  z.transform((items: string[]) => items.map((s) => s.trim()).filter((s) => s.length > 0)),
);

export const survivorTaskFieldsSchema = z.object({
  title: singleLine(trimmedText(3, LIMITS.shortText, 'Title must be at least 3 characters')),
  description: multiLine(trimmedText(10, LIMITS.text, 'Description must be at least 10 characters')),
  category: taskCategorySchema,
  timeframe: timeframeSchema,
  automationLevel: automationLevelSchema,
  priority: intBetween(1, 5),
  resources: z._default(itemList, []),
  automationSteps: z._default(itemList, []),
  notifyTrustees: z._default(z.boolean(), false),
  completionStatus: z._default(completionStatusSchema, 'not-started'),
  createdAt: timestampSchema,
});
export const survivorTaskSchema = z.extend(survivorTaskFieldsSchema, { id: z.string(), userId: z.string() });
export type SurvivorTask = z.infer<typeof survivorTaskSchema>;

const editable = z.omit(survivorTaskFieldsSchema, { createdAt: true });
/** `POST /api/survivor-tasks` (SPEC.md §7). */
export const survivorTaskCreateSchema = z.strictObject({ ...editable.shape, userId: z.optional(z.unknown()) });
/** `PATCH /api/survivor-tasks/{id}`: full form, only completionStatus, or only automationSteps. */
export const survivorTaskPatchSchema = z.strictObject(
  z.partial(
    z.object({
      title: editable.shape.title,
      description: editable.shape.description,
      category: taskCategorySchema,
      timeframe: timeframeSchema,
      automationLevel: automationLevelSchema,
      priority: editable.shape.priority,
      resources: itemList,
      automationSteps: itemList,
      notifyTrustees: z.boolean(),
      completionStatus: completionStatusSchema,
    }),
  ).shape,
);
/** The add/edit task form (SPEC.md §5); the edit form also has completionStatus. */
export const survivorTaskFormSchema = editable;
export type SurvivorTaskForm = z.input<typeof survivorTaskFormSchema>;
