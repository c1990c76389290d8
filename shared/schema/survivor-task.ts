/** Survivor tasks (SPEC.md §3 "Survivor task"; §5 "Survivor task form"). */
import { z } from 'zod';
import { LIMITS, multiLine, singleLine, timestampSchema } from './common';

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

const itemList = z
  .array(multiLine(z.string().max(LIMITS.text)))
  .max(LIMITS.listItems)
  .transform((items) => items.map((s) => s.trim()).filter((s) => s.length > 0));

export const survivorTaskFieldsSchema = z.object({
  title: singleLine(z.string().trim().min(3, 'Title must be at least 3 characters').max(LIMITS.shortText)),
  description: multiLine(z.string().trim().min(10, 'Description must be at least 10 characters').max(LIMITS.text)),
  category: taskCategorySchema,
  timeframe: timeframeSchema,
  automationLevel: automationLevelSchema,
  priority: z.number().int().min(1).max(5),
  resources: itemList.default([]),
  automationSteps: itemList.default([]),
  notifyTrustees: z.boolean().default(false),
  completionStatus: completionStatusSchema.default('not-started'),
  createdAt: timestampSchema,
});
export const survivorTaskSchema = survivorTaskFieldsSchema.extend({ id: z.string(), userId: z.string() });
export type SurvivorTask = z.infer<typeof survivorTaskSchema>;

const editable = survivorTaskFieldsSchema.omit({ createdAt: true });
/** `POST /api/survivor-tasks` (SPEC.md §7). */
export const survivorTaskCreateSchema = editable.extend({ userId: z.unknown().optional() }).strict();
/** `PATCH /api/survivor-tasks/{id}`: full form, only completionStatus, or only automationSteps. */
export const survivorTaskPatchSchema = z
  .object({
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
  })
  .partial()
  .strict();
/** The add/edit task form (SPEC.md §5); the edit form also has completionStatus. */
export const survivorTaskFormSchema = editable;
export type SurvivorTaskForm = z.input<typeof survivorTaskFormSchema>;
