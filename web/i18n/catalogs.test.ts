/**
 * The catalogs (issue 44, docs/i18n.md): every language has every message of English and no other,
 * each one valid ICU with the same placeholders and element tags as English; the English words of
 * SPEC.md's strings are SPEC.md's exactly.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOG_FILE, compileCatalog } from '../../scripts/vite-catalogs';

const dir = fileURLToPath(new URL('./catalogs/', import.meta.url));
const NAMESPACES = readdirSync(`${dir}en`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const text = (lang: string, ns: string) => readFileSync(`${dir}${lang}/${ns}.json`, 'utf8');
/** A language's messages, every namespace in one object (ids are unique across namespaces: checked below). */
const read = (lang: string) => Object.assign({}, ...NAMESPACES.map((ns) => JSON.parse(text(lang, ns)) as Record<string, string>)) as Record<string, string>;
const en = read('en');

/** A message as Lingui compiles it: text, or a list of text and arguments `[name, type?, branches or style?]`. */
type Content = string | (string | Argument)[];
type Argument = [string, string?, (Record<string, Content | number | undefined> | string)?];

/**
 * The arguments (`name`, or `name:plural`, `name:select`, `name:date`…) and element tags (`<0>`,
 * `</0>`, `<1/>`) of an ICU message, each once, sorted: parsed with Lingui's own ICU compiler, so a
 * select or plural branch's words, a `#` and quoted text (`'{'`) are text, not placeholders; a
 * translation may have other branches (Arabic's six plural forms) and words, not other arguments or tags.
 */
function slots(message: string): string[] {
  const found = new Set<string>();
  const text = (s: string) => (s.match(/<\/?\w+\/?>/g) ?? []).forEach((tag) => found.add(tag));
  const content = (c: Content | number | undefined): void => {
    if (c === undefined || typeof c === 'number') return; // a plural's offset, given or not
    if (typeof c === 'string') return text(c);
    for (const part of c) {
      if (typeof part === 'string') text(part);
      else {
        const [name, type, branches] = part;
        found.add(type ? `${name}:${type}` : name);
        if (branches && typeof branches === 'object') Object.values(branches).forEach(content);
      }
    }
  };
  content(compileMessage(message) as Content);
  return [...found].sort();
}

/**
 * The moved screens' strings SPEC.md gives word for word (§2 "Layout", "Login", "Register", "Legal
 * Documents", "Trustees", "Message Vault", "My After-Death Plan", "Survivor Tasks", "Profile Settings",
 * the not-found page; §1's route table; §3 labels; §5 confirmations; §8 toasts): [message id, SPEC.md's words, whether the message is them exactly or holds them].
 */
const SPEC_WORDS: [string, string, 'is' | 'holds'][] = [
  ['nav.dashboard', 'Dashboard', 'is'],
  ['nav.messageVault', 'Message Vault', 'is'],
  ['nav.documents', 'Legal Documents', 'is'],
  ['nav.trustees', 'Trustees', 'is'],
  ['nav.support', 'Support', 'is'],
  ['nav.profile', 'Profile', 'is'],
  ['nav.help', 'Help Center', 'is'],
  ['help.title', 'Help Center', 'is'], // §1's route table: /help (Help Center)
  ['nav.settings', 'Settings', 'is'],
  ['userMenu.logout', 'Logout', 'is'],
  ['footer.rights', '.APP. All rights reserved.', 'holds'],
  ['login.forgot', 'Forgot password?', 'is'],
  ['login.newHere', '<0>Create an account</0>', 'holds'],
  ['login.submit', 'Sign In', 'is'],
  ['login.submitting', 'Signing in...', 'is'],
  ['login.welcomeTitle', 'Welcome back!', 'is'],
  ['login.failedTitle', 'Login failed', 'is'],
  ['login.failedDescription', 'Invalid username or password.', 'is'],
  ['login.missingTitle', 'Missing information', 'is'],
  ['login.missingDescription', 'Please enter both username and password.', 'is'],
  ['register.firstName', 'First Name', 'is'],
  ['register.lastName', 'Last Name', 'is'],
  ['register.email', 'Email', 'is'],
  ['auth.username', 'Username', 'is'],
  ['auth.password', 'Password', 'is'],
  ['register.confirmPassword', 'Confirm Password', 'is'],
  ['register.submit', 'Create Account', 'is'],
  ['register.submitting', 'Creating Account...', 'is'],
  ['register.createdTitle', 'Account created', 'is'],
  ['register.failedTitle', 'Registration failed', 'is'],
  ['register.failedDescription', 'An error occurred during registration.', 'is'],
  ['documents.title', 'Legal Documents', 'is'],
  ['documents.uploadButton', 'Upload Document', 'is'],
  ['documents.filter.all', 'All Documents', 'is'],
  ['documents.type.will', 'Will & Testament', 'is'],
  ['documents.type.insurance', 'Insurance', 'is'],
  ['documents.type.financial', 'Financial', 'is'],
  ['documents.uploadedOn', 'Uploaded', 'holds'],
  ['documents.view', 'View Document', 'is'],
  ['documents.emptyTitle', 'No documents found', 'is'],
  ['documents.uploadFirst', 'Upload Your First Document', 'is'],
  ['documents.deleteConfirm', 'Are you sure you want to delete this document? This action cannot be undone.', 'is'],
  ['documents.uploadFailed', 'Failed to upload document', 'is'],
  ['documents.deleteFailed', 'Failed to delete document', 'is'],
  ['documents.uploaded', 'Document uploaded', 'is'],
  ['documents.uploadedDescription', 'Your document has been saved securely.', 'is'],
  ['documents.deleted', 'Document deleted', 'is'],
  ['trustees.title', 'Trustees', 'is'],
  ['trustees.addTitle', 'Add Trustee', 'is'],
  ['trustees.editTitle', 'Edit Trustee', 'is'],
  ['trustees.addButton', 'Add Trustee', 'is'],
  ['trustees.addedOn', 'Added', 'holds'],
  ['trustees.emptyTitle', 'No trustees added yet', 'is'],
  ['trustees.addFirst', 'Add Your First Trustee', 'is'],
  ['trustees.whyTitle', 'Why add trustees?', 'is'],
  ['trustees.access.full', 'Full Access', 'is'],
  ['trustees.access.documents-only', 'Documents Only', 'is'],
  ['trustees.access.messages-only', 'Messages Only', 'is'],
  ['trustees.removeConfirm', 'Are you sure you want to remove this trustee?', 'is'],
  ['trustees.addFailed', 'Failed to add trustee', 'is'],
  ['trustees.updateFailed', 'Failed to update trustee', 'is'],
  ['trustees.removeFailed', 'Failed to remove trustee', 'is'],
  ['trustees.addedToast', 'Trustee added', 'is'],
  ['trustees.updated', 'Trustee updated', 'is'],
  ['trustees.removed', 'Trustee removed', 'is'],
  ['messages.title', 'Message Vault', 'is'],
  ['messages.newButton', 'New Message', 'is'],
  ['messages.filter.all', 'All Messages', 'is'],
  ['messages.filter.scheduled', 'Scheduled', 'is'],
  ['messages.filter.delivered', 'Delivered', 'is'],
  ['messages.delivered', 'Delivered', 'is'],
  ['messages.pending', 'Pending', 'is'],
  ['messages.emptyTitle', 'No messages found', 'is'],
  ['messages.empty.all', 'Your message vault is empty. Create messages for your loved ones to be delivered after your passing.', 'is'],
  ['messages.createFirst', 'Create Your First Message', 'is'],
  ['messages.deleteConfirm', 'Are you sure you want to delete this message? This action cannot be undone.', 'is'],
  ['messages.createFailed', 'Failed to create message', 'is'],
  ['messages.updateFailed', 'Failed to update message', 'is'],
  ['messages.deleteFailed', 'Failed to delete message', 'is'],
  ['messages.created', 'Message created', 'is'],
  ['messages.createdDescription', 'Your message has been saved to the vault.', 'is'],
  ['messages.updated', 'Message updated', 'is'],
  ['messages.updatedDescription', 'Your message has been updated.', 'is'],
  ['messages.deleted', 'Message deleted', 'is'],
  ['messages.deletedDescription', 'Your message has been removed from the vault.', 'is'],
  // My After-Death Plan (§1, §2 "My After-Death Plan", §8 "Plan")
  ['plan.title', 'My After-Death Plan', 'is'],
  ['plan.tab.basic', 'Basic Info', 'is'],
  ['plan.tab.preferences', 'Preferences', 'is'],
  ['plan.tab.music', 'Music', 'is'],
  ['plan.tab.readings', 'Readings', 'is'],
  ['plan.tab.obituary', 'Obituary', 'is'],
  ['plan.previous', 'Previous', 'is'],
  ['plan.next', 'Next', 'is'],
  ['plan.save', 'Save Changes', 'is'],
  ['plan.budget.budget', 'Budget-Friendly', 'is'],
  ['plan.budget.moderate', 'Moderate', 'is'],
  ['plan.budget.premium', 'Premium', 'is'],
  ['plan.budget.luxury', 'Luxury', 'is'],
  ['plan.toast.createFailed', 'Failed to create plan', 'is'],
  ['plan.toast.updateFailed', 'Failed to update plan', 'is'],
  ['plan.toast.obituaryFailed', 'Failed to generate obituary', 'is'],
  ['plan.toast.musicFailed', 'Failed to suggest music', 'is'],
  ['plan.toast.createdTitle', 'Plan created successfully', 'is'],
  ['plan.toast.createdDescription', 'Your after-death plan has been saved.', 'is'],
  ['plan.toast.updatedTitle', 'Plan updated successfully', 'is'],
  ['plan.toast.updatedDescription', 'Your changes have been saved.', 'is'],
  ['plan.toast.obituaryTitle', 'Obituary generated', 'is'],
  ['plan.toast.obituaryDescription', 'AI has created an obituary based on your information.', 'is'],
  ['plan.toast.musicTitle', 'Music suggestions', 'is'],
  ['plan.toast.musicDescription', 'AI has suggested music based on your preferences.', 'is'],
  // Survivor Tasks (§1, §2 "Survivor Tasks", §3 "Labels", §5 "Survivor task form", §8)
  ['tasks.title', 'Survivor Tasks', 'is'],
  ['tasks.subtitle', 'A complete step-by-step guide for your survivors after your passing', 'is'],
  ['tasks.generateDefaults', 'Generate Default Tasks', 'is'],
  ['tasks.add', 'Add New Task', 'is'],
  ['tasks.tab.all', 'All Tasks', 'is'],
  ['tasks.status.not-started', 'Not Started', 'is'],
  ['tasks.status.in-progress', 'In Progress', 'is'],
  ['tasks.status.completed', 'Completed', 'is'],
  ['tasks.loading', 'Loading tasks...', 'is'],
  ['tasks.loadError', 'Error loading tasks. Please try again later.', 'is'],
  ['tasks.empty.title', 'No tasks yet', 'is'],
  ['tasks.empty.description', 'Generate default tasks or create your own to get started.', 'is'],
  ['tasks.form.editTitle', 'Edit Survivor Task', 'is'],
  ['tasks.form.editDescription', 'Update the details of this survivor task.', 'is'],
  ['tasks.automation.title', 'Generate Automation Content', 'is'],
  ['tasks.automation.description', 'Use AI to create helpful resources for your survivors', 'is'],
  ['tasks.type.notification.title', 'Notification Template', 'is'],
  ['tasks.type.notification.description', 'For informing others', 'is'],
  ['tasks.type.script.title', 'Call Script', 'is'],
  ['tasks.type.script.description', 'For phone conversations', 'is'],
  ['tasks.type.email.title', 'Email Template', 'is'],
  ['tasks.type.email.description', 'For written correspondence', 'is'],
  ['tasks.type.checklist.title', 'Step-by-Step Checklist', 'is'],
  ['tasks.type.checklist.description', 'For complex procedures', 'is'],
  ['tasks.when.24h', 'Within 24 hours', 'is'],
  ['tasks.when.72h', 'Within 3 days', 'is'],
  ['tasks.when.1w', 'Within 1 week', 'is'],
  ['tasks.when.2w', 'Within 2 weeks', 'is'],
  ['tasks.when.1m', 'Within 1 month', 'is'],
  ['tasks.when.3m', 'Within 3 months', 'is'],
  ['tasks.timeframe.24h', '24 hours', 'is'],
  ['tasks.timeframe.72h', '72 hours', 'is'],
  ['tasks.timeframe.1w', '1 week', 'is'],
  ['tasks.timeframe.2w', '2 weeks', 'is'],
  ['tasks.timeframe.1m', '1 month', 'is'],
  ['tasks.timeframe.3m', '3 months', 'is'],
  ['tasks.priority.1', 'Highest', 'is'],
  ['tasks.priority.2', 'High', 'is'],
  ['tasks.priority.3', 'Medium', 'is'],
  ['tasks.priority.4', 'Low', 'is'],
  ['tasks.priority.5', 'Lowest', 'is'],
  ['tasks.level.fully-automated', 'Fully Automated', 'is'],
  ['tasks.level.semi-automated', 'Semi-Automated', 'is'],
  ['tasks.level.manual-with-guidance', 'Manual with Guidance', 'is'],
  ['tasks.error.title', 'Title must be at least 3 characters', 'is'],
  ['tasks.error.description', 'Description must be at least 10 characters', 'is'],
  ['tasks.error.category', 'Please select a category', 'is'],
  ['tasks.error.timeframe', 'Please select a timeframe', 'is'],
  ['tasks.error.level', 'Please select an automation level', 'is'],
  ['tasks.confirmDelete', 'Are you sure you want to delete this task?', 'is'],
  ['tasks.toast.success', 'Success', 'is'],
  ['tasks.toast.createFailed', 'Error: Failed to create task', 'is'],
  ['tasks.toast.updateFailed', 'Failed to update task', 'is'],
  ['tasks.toast.deleteFailed', 'Failed to delete task', 'is'],
  ['tasks.toast.defaultsFailed', 'Failed to generate default tasks', 'is'],
  ['tasks.toast.automationFailed', 'Failed to save automation content', 'is'],
  ['tasks.toast.created', 'Task created successfully', 'is'],
  ['tasks.toast.updated', 'Task updated successfully', 'is'],
  ['tasks.toast.deleted', 'Task deleted successfully', 'is'],
  ['tasks.toast.defaults', 'Default tasks generated successfully', 'is'],
  ['tasks.toast.automationSaved', 'Automation content saved successfully', 'is'],
  // Profile Settings (§2 "Profile Settings", §3 "Selectable values", §5 "Password form", §8) and the not-found page (§2)
  ['profile.title', 'Profile Settings', 'is'],
  ['profile.completion', 'Profile Completion', 'is'],
  ['profile.tab.personal', 'Personal Information', 'is'],
  ['profile.tab.security', 'Security', 'is'],
  ['profile.edit', 'Edit', 'is'],
  ['profile.cancel', 'Cancel', 'is'],
  ['profile.usernameHint', 'Username cannot be changed.', 'is'],
  ['profile.password.submit', 'Update Password', 'is'],
  ['profile.account.title', 'Account Actions', 'is'],
  ['profile.account.delete', 'Delete Account', 'is'],
  ['profile.save', 'Save Changes', 'is'],
  ['profile.toast.updated', 'Profile updated', 'is'],
  ['profile.toast.updateFailed', 'Failed to update profile', 'is'],
  ['profile.toast.missingTitle', 'Missing information', 'is'],
  ['profile.password.missing', 'Please fill in all password fields.', 'is'],
  ['profile.password.mismatchTitle', 'Passwords do not match', 'is'],
  ['profile.password.mismatchDescription', 'New password and confirmation must match', 'is'],
  ['profile.value.family', 'Family & Relationships', 'is'],
  ['profile.value.spirituality', 'Spirituality & Faith', 'is'],
  ['profile.value.nature', 'Nature & Environment', 'is'],
  ['profile.value.creativity', 'Creativity & Expression', 'is'],
  ['profile.value.achievement', 'Achievement & Growth', 'is'],
  ['profile.value.legacy', 'Legacy & Influence', 'is'],
  ['notFound.title', '404 Page Not Found', 'is'],
  ['notFound.description', 'Did you forget to add the page to the router?', 'is'],
  // The record forms' required-fields check (§5 "Create message", "Upload document"), web/ui/record-actions.ts
  ['form.missingTitle', 'Missing information', 'is'],
  ['form.missingDescription', 'Please fill in all required fields.', 'is'],
  // The landing page (§2 "Landing page")
  ['landing.hero.title', 'Prepare Your Legacy, Comfort Your Loved Ones', 'is'],
  ['landing.hero.create', 'Create Your Free Account', 'is'],
  ['landing.learnMore', 'Learn More', 'is'],
  ['landing.steps.plan', 'Plan', 'is'],
  ['landing.steps.communicate', 'Communicate', 'is'],
  ['landing.steps.support', 'Support', 'is'],
  ['landing.features.death-plan.label', 'Death Plan', 'is'],
  ['landing.features.messages.label', 'Messages', 'is'],
  ['landing.features.documents.label', 'Documents', 'is'],
  ['landing.sample.scheduled', 'Scheduled', 'is'],
  ['landing.sample.draft', 'Draft', 'is'],
  ['landing.sample.uponEvent', 'Upon event', 'is'],
  ['landing.sample.notScheduled', 'Not scheduled', 'is'],
  ['landing.how.create', 'Create Your Plan', 'is'],
  ['landing.how.trustees', 'Designate Trustees', 'is'],
  ['landing.how.peace', 'Live with Peace of Mind', 'is'],
  ['landing.cta.create', 'Create Free Account', 'is'],
  // The dashboard and the profile-completion wizard (§2 "Dashboard", "Profile-completion wizard", §4, §5, §8)
  ['dashboard.welcome', 'Welcome, ', 'holds'],
  ['dashboard.continuePlanning', 'Continue Planning', 'is'],
  ['dashboard.suggested', 'Suggested for You', 'is'],
  ['dashboard.card.start', 'Start Now', 'is'],
  ['dashboard.card.continue', 'Continue Plan', 'is'],
  ['dashboard.card.death-plan.title', 'After-Death Plan', 'is'],
  ['dashboard.card.message-vault.title', 'Message Vault', 'is'],
  ['dashboard.card.documents.title', 'Legal Documents', 'is'],
  ['dashboard.card.survivor-tasks.title', 'Survivor Tasks', 'is'],
  ['dashboard.card.death-plan.item1', 'Basic information', 'is'],
  ['dashboard.status.not-started', 'Not Started', 'is'],
  ['dashboard.status.in-progress', 'In Progress', 'is'],
  ['dashboard.status.completed', 'Completed', 'is'],
  ['dashboard.quick.title', 'Quick Actions', 'is'],
  ['dashboard.quick.createMessage', 'Create Message', 'is'],
  ['dashboard.quick.uploadDocument', 'Upload Document', 'is'],
  ['dashboard.quick.addTrustee', 'Add Trustee', 'is'],
  ['dashboard.quick.survivorTasks', 'Survivor Tasks', 'is'],
  ['dashboard.quick.help', 'Get Help', 'is'],
  ['dashboard.astrology.noBirthdate', 'Add your birthdate in your profile to receive personalized astrological insights.', 'is'],
  ['dashboard.recommendations.refreshToast', 'Refreshing recommendations', 'is'],
  ['dashboard.recommendations.refreshToastDescription', 'Getting new personalized suggestions for you.', 'is'],
  ['dashboard.recommendations.refreshing', 'Refreshing...', 'is'],
  ['dashboard.wizard.step1', 'Basic Information', 'is'],
  ['dashboard.wizard.step2', 'What matters most to you?', 'is'],
  ['dashboard.wizard.step3', 'Your Final Wishes', 'is'],
  ['dashboard.wizard.step4', 'Profile Completed!', 'is'],
  ['dashboard.wizard.finish', 'Finish Setup', 'is'],
  ['dashboard.wizard.previous', 'Previous', 'is'],
  ['dashboard.wizard.saving', 'Saving...', 'is'],
  ['dashboard.wizard.completing', 'Completing...', 'is'],
  ['dashboard.wizard.missingEmail', 'Please enter your contact email', 'is'],
  ['dashboard.wizard.missingValue', 'Please select at least one value', 'is'],
  ['dashboard.wizard.toast1', 'Basic information saved', 'is'],
  ['dashboard.wizard.toast1Description', 'Your basic information has been saved.', 'is'],
  ['dashboard.wizard.toast1Failed', 'Failed to save information', 'is'],
  ['dashboard.wizard.toast2', 'Values saved successfully', 'is'],
  ['dashboard.wizard.toast2Description', 'Your values and beliefs have been saved.', 'is'],
  ['dashboard.wizard.toast2Failed', 'Failed to save values', 'is'],
  ['dashboard.wizard.toast3', 'Preferences saved', 'is'],
  ['dashboard.wizard.toast3Description', 'Your preferences have been saved.', 'is'],
  ['dashboard.wizard.toast3Failed', 'Failed to save preferences', 'is'],
  ['dashboard.wizard.toast4', 'Profile complete!', 'is'],
  ['dashboard.wizard.toast4Description', 'You have completed your profile setup.', 'is'],
  ['dashboard.wizard.toast4Failed', 'Failed to complete profile', 'is'],
];

describe('message catalogs', () => {
  it('has a folder for every language and for no other, each with the namespaces of English', () => {
    expect(readdirSync(dir).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(readdirSync(`${dir}${lang}`).sort(), lang).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  // A file the build's plugin does not take for a catalog is bundled as plain JSON: its language's chunk is
  // then empty and the screen stays English (a namespace 'notFound' did so; names are lowercase).
  it('every catalog file is one the build compiles', () => {
    const files = [...LANGUAGES].flatMap((lang) => readdirSync(`${dir}${lang}`).map((f) => `${dir}${lang}/${f}`));
    expect(files.filter((f) => !CATALOG_FILE.test(f))).toEqual([]);
  });

  it("has the server's e-mail namespace (sync-server/release/mail-i18n.ts) beside the app's, so every check below covers it", () => {
    expect(NAMESPACES).toContain('mail');
  });

  it('an id belongs to one namespace only', () => {
    const ids = NAMESPACES.flatMap((ns) => Object.keys(JSON.parse(text('en', ns)) as object));
    expect(ids.length).toBe(new Set(ids).size);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every message of English in the same namespace and no other, none left empty', (lang) => {
    for (const ns of NAMESPACES) expect(Object.keys(JSON.parse(text(lang, ns)) as object).sort(), `${lang}/${ns}`).toEqual(Object.keys(JSON.parse(text('en', ns)) as object).sort());
    expect(Object.entries(read(lang)).filter(([, m]) => !m.trim())).toEqual([]);
  });

  it.each([...LANGUAGES])('%s compiles (valid ICU) with the placeholders and tags of English', (lang) => {
    for (const ns of NAMESPACES) expect(() => compileCatalog(lang, text(lang, ns))).not.toThrow();
    const catalog = read(lang);
    expect(Object.keys(en).filter((id) => JSON.stringify(slots(catalog[id])) !== JSON.stringify(slots(en[id])))).toEqual([]);
  });

  // Defect of session 23: a select branch starting with a word ("{A trustee}") was read as a placeholder.
  it('compares arguments and tags, not the words of select and plural branches', () => {
    const same = (a: string, b: string) => JSON.stringify(slots(a)) === JSON.stringify(slots(b));
    expect(same('{role, select, trustee {A trustee} other {Someone}}', '{role, select, trustee {Una persona de confianza} other {Alguien}}')).toBe(true);
    expect(same('{n, plural, one {# file} other {# files}}', '{n, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}')).toBe(true);
    expect(same('<0>Added</0> {date}', '{date} <0>ajouté</0>')).toBe(true);
    expect(same("It's '{'literal'}' {name}", "C''est '{'littéral'}' {name}")).toBe(true);
    expect(same('{kind, select, video {<0>{name}</0>} other {{name}}}', '{kind, select, video {{name} <0>vidéo</0>} other {{name} audio}}')).toBe(true);
    expect(same('Hello {name}', 'Hola {nombre}')).toBe(false);
    expect(same('{role, select, trustee {<0>{name}</0>} other {{name}}}', '{role, select, trustee {{name}} other {{name}}}')).toBe(false);
    expect(same('{n, plural, one {# file} other {# files}}', '{n} archivos')).toBe(false);
    expect(same('<0>Sign in</0>', '<1>Iniciar</1>')).toBe(false);
  });

  it("no message holds the private-use mark <T> hides a value's '<' behind (web/i18n/T.tsx)", () => {
    for (const lang of LANGUAGES) expect(Object.entries(read(lang)).filter(([, m]) => m.includes('\uE000')).map(([id]) => id), lang).toEqual([]);
  });

  it('a message that is not ICU fails the build, naming it', () => {
    expect(() => compileCatalog('xx', JSON.stringify({ 'a.b': 'Hello {name' }))).toThrow(/a\.b/);
    expect(() => compileCatalog('xx', JSON.stringify({ 'a.b': 3 }))).toThrow(/object of message id/);
  });

  it('English says SPEC.md\'s words exactly', () => {
    for (const [id, words, how] of SPEC_WORDS) {
      if (how === 'is') expect(en[id], id).toBe(words);
      else expect(en[id], id).toContain(words);
    }
  });

  // The specification sits beside the repository in the project's workspace (../shared/SPEC.md);
  // where it is there, each quoted string above must be in it (a fresh clone compares the list only).
  it('each of those words is quoted in SPEC.md, where the workspace has it', () => {
    const spec = fileURLToPath(new URL('../../../shared/SPEC.md', import.meta.url));
    const text = existsSync(spec) ? readFileSync(spec, 'utf8') : null;
    const missing = text === null ? [] : SPEC_WORDS.map(([, words]) => words.replace(/<\/?0>/g, '')).filter((w) => !text.includes(w));
    expect(missing).toEqual([]);
  });

  it('one label is one word everywhere: the access levels and document types copied into other namespaces are the same in every language (review of session 27: Arabic had drifted)', () => {
    const same: [string, string][] = [
      ...['full', 'documents-only', 'messages-only'].map((l): [string, string] => [`rehearsal.level.${l}`, `trustees.access.${l}`]),
      ...['will', 'insurance', 'financial', 'power-of-attorney', 'advance-directive', 'property', 'pension', 'other'].map((k): [string, string] => [`copyView.documentType.${k}`, `releasePage.label.documentType.${k}`]),
    ];
    for (const lang of LANGUAGES) {
      const words = read(lang);
      for (const [copy, source] of same) expect(words[copy], `${lang} ${copy}`).toBe(words[source]);
    }
  });
});
