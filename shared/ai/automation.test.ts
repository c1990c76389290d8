import { describe, expect, it } from 'vitest';
import { AUTOMATION_TYPES, TASK_CATEGORIES } from '../schema';
import { automationFor } from './automation';

const task = {
  title: 'Close the joint bank account',
  description: 'Contact First National about the joint account and the standing orders',
  category: 'financial' as const,
};

describe('default automation content (SPEC.md §3 Automation request)', () => {
  it('contains the task title and a [placeholder] for every type and category', () => {
    for (const automationType of AUTOMATION_TYPES) {
      for (const category of TASK_CATEGORIES) {
        const { automationContent } = automationFor({ taskType: category, automationType, taskDetails: { ...task, category } });
        expect(automationContent).toContain(task.title);
        expect(automationContent).toMatch(/\[[A-Z][^\]]+\]/);
        expect(automationContent).not.toMatch(/<[a-z]/i);
      }
    }
  });

  it('builds a different kind of text per type', () => {
    const of = (automationType: (typeof AUTOMATION_TYPES)[number]) =>
      automationFor({ taskType: 'financial', automationType, taskDetails: task }).automationContent;
    expect(of('email')).toMatch(/^Subject: Close the joint bank account/m);
    expect(of('script')).toMatch(/Before you call, have ready:/);
    expect(of('script')).toMatch(/Opening:/);
    expect(of('checklist')).toMatch(/^1\. /m);
    expect(of('checklist')).toMatch(/^5\. /m);
    expect(of('notification')).toMatch(/^Dear \[Name\],/m);
    expect(new Set(AUTOMATION_TYPES.map(of)).size).toBe(4);
    expect(of('checklist')).toContain(task.description);
  });

  it('adapts what to have ready to the category', () => {
    const script = (category: (typeof TASK_CATEGORIES)[number]) =>
      automationFor({ taskType: category, automationType: 'script', taskDetails: { ...task, category } }).automationContent;
    expect(script('financial')).toMatch(/Account or policy numbers/);
    expect(script('legal')).toMatch(/original will/);
    expect(script('digital')).toMatch(/account name or email/);
  });
});
