import { describe, expect, it } from 'vitest';
import { AUTOMATION_TYPES, TASK_CATEGORIES } from '../schema';
import { DEFAULT_SURVIVOR_TASKS } from '../default-tasks';
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

describe('content for telling family and friends (issue 38 item 8)', () => {
  const tell = DEFAULT_SURVIVOR_TASKS.find((t) => t.title === 'Tell close family and friends')!;
  const of = (automationType: (typeof AUTOMATION_TYPES)[number], details: { title: string; description: string; category: (typeof TASK_CATEGORIES)[number] } = tell) =>
    automationFor({ taskType: details.category, automationType, taskDetails: details }).automationContent;

  it('is a kind, short phone call with a close person, not a call-centre script', () => {
    const script = of('script');
    expect(script).not.toMatch(/reference number|Could I have your name|confirm in writing/i);
    // What happened, the funeral once known, how they can help, who else to tell.
    expect(script).toMatch(/\[Name of the deceased\] died/);
    expect(script).toMatch(/funeral/i);
    expect(script).toMatch(/help/i);
    expect(script).toMatch(/who else/i);
    expect(script.split('\n').length).toBeLessThan(30);
    // The notification and the e-mail are written to a person who loved them too.
    for (const kind of ['notification', 'email'] as const) {
      expect(of(kind)).not.toMatch(/reference number|on behalf of the family|Thank you for your understanding|next steps/i);
      expect(of(kind)).toMatch(/funeral/i);
    }
  });

  it('keeps the call-centre script for institutions', () => {
    expect(of('script', task)).toMatch(/Is there a reference number for this call\?/);
    const employer = DEFAULT_SURVIVOR_TASKS.find((t) => t.title === "Inform the deceased's employer")!;
    expect(of('script', employer)).toMatch(/reference number/);
  });
});
