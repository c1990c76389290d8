/**
 * The default survivor-task guide ('Generate Default Tasks', SPEC.md §2 and §7
 * `POST /api/survivor-tasks/generate-defaults`): what the people left behind usually need to do,
 * in roughly the order they need to do it, written for someone who is grieving.
 *
 * Not tied to one country's law: where practice differs, the description says so and points to
 * the local office. Every task has a STABLE id (`default-<slug>`) and its list items get stable
 * ids (`defaultTaskItemId`), so generating twice, or on two devices offline, writes the same
 * records and the same list items: the merge then keeps one copy (shared/sync/README.md rules 4, 6).
 */
import type { SurvivorTask } from './schema/survivor-task';

/** A task of the default guide: every entity field except the owner and createdAt. */
export type DefaultSurvivorTask = Omit<SurvivorTask, 'userId' | 'createdAt'>;

type Draft = Omit<DefaultSurvivorTask, 'id' | 'completionStatus' | 'notifyTrustees'> & { notifyTrustees?: boolean };

/** The slug of a default task's id (`default-<slug>`), or null for a task the person wrote. */
export const defaultTaskSlug = (id: string): string | null => (id.startsWith('default-') ? id.slice('default-'.length) : null);

const task = (slug: string, draft: Draft): DefaultSurvivorTask => ({
  id: `default-${slug}`,
  notifyTrustees: false,
  completionStatus: 'not-started',
  ...draft,
});

/** The guide, in reading order (the screen groups and sorts it; see shared/task-grouping.ts). */
export const DEFAULT_SURVIVOR_TASKS: readonly DefaultSurvivorTask[] = [
  // ── Immediate: the first hours and days ────────────────────────────────────────────────
  task('confirm-death', {
    title: 'Have the death formally confirmed',
    description:
      'Before anything else can happen, a doctor, nurse or paramedic has to confirm the death and a doctor issues the medical certificate of cause of death. If the death was expected (at home or in a hospice), call the family doctor or the hospice team; if it was sudden or unexpected, call the emergency number, and the police or a coroner / medical examiner may be involved. There is no need to rush anyone out of the room: you can take a little time to sit together first.',
    category: 'immediate',
    timeframe: '24h',
    automationLevel: 'manual-with-guidance',
    priority: 1,
    resources: [
      'Family doctor or hospice phone number',
      'Emergency number (112 in Europe, 911 in North America, 999 in the UK)',
      'Medical certificate of cause of death (issued by the doctor)',
      "The deceased's ID or passport",
    ],
    automationSteps: [
      'If the death was expected, call the family doctor, hospice or hospital ward.',
      'If it was unexpected, call the emergency number and follow their instructions.',
      'Ask the doctor for the medical certificate of cause of death and keep it safe.',
      'Ask whether a coroner or medical examiner needs to be informed, and what that means for timing.',
    ],
    notifyTrustees: true,
  }),
  task('tell-close-family', {
    title: 'Tell close family and friends',
    description:
      'Let the people closest to them hear the news personally, ideally by phone or in person, before it reaches social media. You do not have to make every call yourself: choose two or three people who can each share the news with one circle (family, friends, colleagues). A short, prepared message makes the calls easier.',
    category: 'immediate',
    timeframe: '24h',
    automationLevel: 'semi-automated',
    priority: 1,
    resources: ['Contact list or phone of the deceased', 'Trustees named in Afterword', 'A short notification message (use Generate Automation Content)'],
    automationSteps: [
      'Write down who must hear first: partner, children, parents, siblings, closest friends.',
      'Ask two or three people to share the news with their part of the circle.',
      'Agree on what to say and whether to ask people to wait before posting online.',
      'Keep a list of who has been told.',
    ],
    notifyTrustees: true,
  }),
  task('care-for-dependants', {
    title: 'Make sure dependants and pets are cared for',
    description:
      'Children, an adult who relied on the deceased for care, and pets need someone looking after them straight away. Check the will or the after-death plan for named guardians or carers; until things are settled, a trusted family member or friend can step in. Let schools and care services know gently and early.',
    category: 'immediate',
    timeframe: '24h',
    automationLevel: 'manual-with-guidance',
    priority: 1,
    resources: ['The will (for named guardians)', 'School and childcare contacts', 'Care provider or social services contacts', 'Vet and pet-sitter contacts'],
    automationSteps: [
      'Arrange who stays with children or dependent adults tonight and this week.',
      'Check the will or plan for named guardians and tell them.',
      'Inform the school, nursery or care provider.',
      'Arrange food, walks and care for pets.',
    ],
  }),
  task('secure-home', {
    title: 'Secure the home, car and valuables',
    description:
      'If the deceased lived alone, their home may be empty. Lock it, keep keys in one safe place, and take care of the small things that could become big ones: perishable food, the heating, plants, post piling up at the door. Valuables, cash, documents and the car keys are best kept somewhere secure until the estate is settled.',
    category: 'immediate',
    timeframe: '72h',
    automationLevel: 'manual-with-guidance',
    priority: 2,
    resources: ['House and car keys', 'Alarm codes', 'Home insurance policy number (some policies require notice when a home is empty)'],
    automationSteps: [
      'Lock doors and windows; note who holds keys.',
      'Empty the fridge, water plants, set the heating to a safe level.',
      'Move cash, jewellery and important papers to a secure place.',
      'Tell the home insurer if the property will stay empty for some weeks.',
    ],
  }),
  task('funeral-provider', {
    title: 'Choose a funeral provider',
    description:
      'The funeral home, undertaker or religious community will take the deceased into their care and guide you through the next steps. First check the after-death plan in Afterword and any prepaid funeral plan: the wishes may already be written down. Some faiths expect burial within a day or two, so speak to the faith community early if that applies.',
    category: 'immediate',
    timeframe: '72h',
    automationLevel: 'semi-automated',
    priority: 1,
    resources: ["The after-death plan in Afterword", 'Prepaid funeral plan documents, if any', 'Medical certificate of cause of death', 'Local funeral homes (compare prices)'],
    automationSteps: [
      'Read the after-death plan for funeral type, burial or cremation wishes and budget.',
      'Check for a prepaid funeral plan or funeral insurance.',
      'Ask two or three funeral providers for an itemised price list.',
      'Appoint one provider and agree when the deceased will be collected.',
    ],
    notifyTrustees: true,
  }),
  task('notify-employer', {
    title: "Inform the deceased's employer",
    description:
      "If the deceased was working, let their employer's HR department know. They will arrange final pay and unused holiday pay, and can tell you about any death-in-service benefit, workplace pension or life cover. If you need time off yourself, this is also the moment to ask your own employer about bereavement leave.",
    category: 'immediate',
    timeframe: '72h',
    automationLevel: 'semi-automated',
    priority: 2,
    resources: ['Employer HR contact', 'Employee or payroll number', 'Workplace pension scheme details'],
    automationSteps: [
      'Call or email HR (an email template can help).',
      'Ask about final pay, death-in-service benefit and the workplace pension.',
      'Arrange to collect personal belongings and return work equipment.',
    ],
  }),

  // ── Legal ──────────────────────────────────────────────────────────────────────────────
  task('register-death', {
    title: 'Register the death and order certified copies',
    description:
      'The death must be registered with the civil authorities before most other steps can happen. In the UK this is the register office within 5 days (8 in Scotland); in the US the funeral home usually files the death certificate with the state; elsewhere check your civil registry or town hall. Order several certified copies: banks, insurers and pension providers each ask for one, and extra copies cost less now than later.',
    category: 'legal',
    timeframe: '72h',
    automationLevel: 'manual-with-guidance',
    priority: 1,
    resources: [
      'Medical certificate of cause of death',
      "The deceased's ID or passport, birth and marriage certificates",
      'Register office, civil registry or funeral home',
      'Proof of address of the deceased',
    ],
    automationSteps: [
      'Find out who registers the death where the person died and book an appointment if needed.',
      'Bring the medical certificate and the ID documents.',
      'Order 5 to 10 certified copies of the death certificate.',
      'Ask whether a "tell everyone once" service exists (e.g. Tell Us Once in the UK).',
    ],
  }),
  task('find-will', {
    title: 'Find the will and the executor',
    description:
      'The will says who should deal with the estate (the executor) and how it is to be shared. Look in Afterword\'s Legal Documents first, then with the solicitor or notary, a will registry or a home safe. If there is no will, the law of the country decides who inherits and who may administer the estate; a local solicitor, notary or the probate court can explain what applies.',
    category: 'legal',
    timeframe: '1w',
    automationLevel: 'manual-with-guidance',
    priority: 1,
    resources: ['Legal Documents in Afterword', 'Solicitor, lawyer or notary', 'National will registry (where one exists)', 'Funeral wishes letter, if any'],
    automationSteps: [
      'Check Afterword\'s Legal Documents and the after-death plan.',
      'Contact the solicitor or notary who drew up the will.',
      'Identify the executor and tell them.',
      'Keep the original will safe and unaltered; work from copies.',
    ],
    notifyTrustees: true,
  }),
  task('probate', {
    title: 'Apply to administer the estate (probate)',
    description:
      'The executor usually needs official permission to collect money and sell property: probate (or letters of administration) in the UK and US, a certificate of inheritance or a notarial deed in much of Europe. Small estates can sometimes skip this. Start by valuing what the deceased owned and owed; the probate court, registry or a notary tells you what form to use and what fees apply.',
    category: 'legal',
    timeframe: '1m',
    automationLevel: 'manual-with-guidance',
    priority: 2,
    resources: ['Certified death certificate', 'The original will', 'List of assets and debts with values at the date of death', 'Probate court, registry or notary'],
    automationSteps: [
      'List bank balances, property, investments, vehicles and valuables with their values.',
      'List debts, loans and bills still owed.',
      'Ask the probate court, registry or a notary which application applies.',
      'Submit the application and any inheritance or estate tax forms.',
      'Once granted, collect the assets, pay debts, then distribute to the heirs.',
    ],
  }),
  task('government-agencies', {
    title: 'Notify government agencies',
    description:
      'Public bodies need to know so that benefits, pensions and ID documents are stopped or transferred correctly, and so that no one is asked to repay money later. This usually covers the state pension and benefits office, the tax authority, the passport and driving licence offices, and the electoral roll. Some countries offer one service that informs most agencies at once.',
    category: 'legal',
    timeframe: '2w',
    automationLevel: 'semi-automated',
    priority: 2,
    resources: ['Certified death certificate', 'National insurance, social security or tax ID number', "The deceased's passport and driving licence", 'State pension or benefits reference number'],
    automationSteps: [
      'Ask the registrar whether a single notification service exists (e.g. Tell Us Once in the UK).',
      'Inform the pension and benefits office and ask about bereavement support payments.',
      'Return or cancel the passport and driving licence as the local office instructs.',
      'Keep a list of reference numbers and who you spoke to.',
    ],
  }),
  task('final-tax-return', {
    title: 'Settle the final tax affairs',
    description:
      "The tax authority usually needs a final income tax return up to the date of death, and in some countries an inheritance or estate tax return too. Deadlines and thresholds differ widely, so ask the tax authority or an accountant early; there may also be a refund due. Keep the deceased's last tax return and payslips to hand.",
    category: 'legal',
    timeframe: '3m',
    automationLevel: 'manual-with-guidance',
    priority: 3,
    resources: ['Tax authority contact and the deceased\'s tax ID', 'Last tax return and payslips or pension statements', 'Accountant or tax adviser'],
    automationSteps: [
      'Tell the tax authority about the death and ask which returns are needed.',
      'Collect income records up to the date of death.',
      'File the final return and any inheritance or estate tax return by the deadline.',
    ],
  }),
  task('transfer-property', {
    title: 'Transfer the home, vehicles and other titles',
    description:
      'Once the estate is settled, property and vehicles need to be put in the new owner\'s name or sold. A surviving joint owner can often update the land registry with the death certificate alone. Until then, keep the home insured and the car taxed and insured, or declared off the road.',
    category: 'legal',
    timeframe: '3m',
    automationLevel: 'manual-with-guidance',
    priority: 4,
    resources: ['Property deeds or title documents', 'Land or property registry', 'Vehicle registration document and vehicle licensing office', 'Grant of probate (where needed)'],
    automationSteps: [
      'Find the deeds, mortgage documents and vehicle papers.',
      'Ask the land registry and vehicle office what they need to transfer ownership.',
      'Keep insurance in place until the transfer or sale is complete.',
    ],
  }),

  // ── Financial ──────────────────────────────────────────────────────────────────────────
  task('notify-banks', {
    title: 'Notify banks and building societies',
    description:
      'Tell each bank about the death so that accounts in the deceased\'s sole name are frozen and protected from fraud. Joint accounts usually pass to the surviving holder. Banks have bereavement teams who can release money for funeral costs directly to the funeral provider, so ask about that.',
    category: 'financial',
    timeframe: '2w',
    automationLevel: 'semi-automated',
    priority: 2,
    resources: ['Bank statements (to find every account)', 'Certified death certificate', 'The will and the executor\'s ID', 'Funeral invoice (for release of funds)'],
    automationSteps: [
      'List every bank, savings and investment account from statements and mail.',
      'Call each bereavement team or use a bank notification service where available.',
      'Send the certified death certificate and executor details they ask for.',
      'Ask for the balance at the date of death (needed for probate).',
    ],
  }),
  task('insurance-claims', {
    title: 'Claim life insurance and other policies',
    description:
      'Life insurance, funeral cover, mortgage protection and accident policies may pay out, but only if someone claims. Check Afterword\'s Legal Documents for insurance policy numbers, and look through bank statements for regular premiums. Home, car and travel insurers also need to know.',
    category: 'financial',
    timeframe: '2w',
    automationLevel: 'semi-automated',
    priority: 2,
    resources: ['Insurance policy numbers (Legal Documents in Afterword)', 'Certified death certificate', 'Bank statements showing premiums', 'Insurers\' claims phone numbers'],
    automationSteps: [
      'Gather every policy number and insurer.',
      'Call each insurer to start a claim and ask what documents they need.',
      'Tell home and car insurers so cover continues for the estate.',
    ],
  }),
  task('pensions', {
    title: 'Contact pension providers',
    description:
      'Workplace and private pensions may pay a lump sum or an ongoing pension to a partner or dependants, and any payments made after the date of death may need to be returned. Pension and insurance policy numbers are usually on annual statements.',
    category: 'financial',
    timeframe: '1m',
    automationLevel: 'semi-automated',
    priority: 3,
    resources: ['Pension statements and policy numbers', 'Employer HR (for workplace pensions)', 'Certified death certificate', 'Marriage or civil partnership certificate'],
    automationSteps: [
      'List every pension from statements, mail and employer records.',
      'Tell each provider and ask about survivor benefits.',
      'Return any payments received after the date of death if asked.',
    ],
  }),
  task('bills-subscriptions', {
    title: 'Stop regular payments and subscriptions',
    description:
      'Direct debits, standing orders and card subscriptions keep running after a death. Bank statements from the last few months show most of them: magazines, streaming services, memberships, gym, phone contracts, charity donations. Cancel what is no longer needed and ask for refunds of anything paid in advance.',
    category: 'financial',
    timeframe: '1m',
    automationLevel: 'semi-automated',
    priority: 3,
    resources: ['Last 3 months of bank and credit card statements', 'Email inbox (for online subscriptions)', 'Certified death certificate'],
    automationSteps: [
      'Go through recent statements and list every regular payment.',
      'Cancel each one (an email template helps) and note the date.',
      'Ask for refunds of prepaid periods.',
    ],
  }),
  task('utilities', {
    title: 'Update utility accounts',
    description:
      'Gas, electricity, water, internet and council or property tax accounts need to move to the estate, a surviving partner, or be closed when the home is sold. Take meter readings on the day you call, so the final bills are right.',
    category: 'financial',
    timeframe: '2w',
    automationLevel: 'semi-automated',
    priority: 3,
    resources: ['Utility providers and account numbers (from bills)', 'Meter readings', 'Local council or property tax office'],
    automationSteps: [
      'Find the latest bill from each provider.',
      'Take meter readings and call each provider.',
      'Transfer or close each account; ask for a property-tax discount if the home is empty.',
    ],
  }),
  task('debts-credit', {
    title: 'Deal with debts, loans and credit cards',
    description:
      'Debts are paid from the estate, not by the family, unless someone co-signed or held a joint account; never pay a debt from your own money before checking. Tell lenders and credit card companies, and ask the credit reference agencies to flag the death to prevent identity fraud.',
    category: 'financial',
    timeframe: '1m',
    automationLevel: 'manual-with-guidance',
    priority: 3,
    resources: ['Loan, mortgage and credit card statements', 'Credit reference agencies', 'Certified death certificate'],
    automationSteps: [
      'List each lender and the amount owed at the date of death.',
      'Tell each lender and ask them to freeze interest while the estate is settled.',
      'Register the death with the credit reference agencies.',
    ],
  }),
  task('estate-records', {
    title: 'Keep a record of estate costs and letters',
    description:
      'A simple folder or spreadsheet of every bill paid, every letter received and every call made will save a great deal of stress later, when the executor has to account for the estate. Keep receipts for funeral costs: they are usually repaid from the estate first.',
    category: 'financial',
    timeframe: '1w',
    automationLevel: 'fully-automated',
    priority: 4,
    resources: ['A folder or spreadsheet', 'Funeral and other receipts'],
    automationSteps: ['Start a log with date, organisation, reference number and outcome.', 'File every receipt and letter in one place.'],
  }),

  // ── Memorial ───────────────────────────────────────────────────────────────────────────
  task('plan-service', {
    title: 'Plan the funeral or memorial service',
    description:
      'With the funeral provider, decide the date, place and shape of the service, guided by the after-death plan in Afterword: the type of service, burial or cremation, music and readings. It is fine to keep it simple, and to ask others to take on parts of it. A celebration of life can also be held weeks later.',
    category: 'memorial',
    timeframe: '1w',
    automationLevel: 'semi-automated',
    priority: 1,
    resources: ['The after-death plan in Afterword (service type, music, readings)', 'Funeral provider', 'Celebrant, minister or faith leader', 'Venue for gathering afterwards'],
    automationSteps: [
      'Agree the date, time and place with the funeral provider.',
      'Choose who leads the service and who will speak.',
      'Pick music and readings (see the plan).',
      'Send the details to family and friends.',
    ],
    notifyTrustees: true,
  }),
  task('obituary', {
    title: 'Publish a death notice or obituary',
    description:
      'A death notice tells the wider community of the death and the funeral arrangements; an obituary tells the story of a life. The after-death plan may already hold an obituary written with the deceased. Newspapers, the funeral provider\'s website and community noticeboards can all carry it. Leaving out the home address and exact birth date helps protect against fraud.',
    category: 'memorial',
    timeframe: '1w',
    automationLevel: 'semi-automated',
    priority: 2,
    resources: ['Obituary in the after-death plan', 'Local newspaper or online notice service', 'Funeral provider'],
    automationSteps: [
      'Write or adapt the notice: name, date of death, service details, donations instead of flowers.',
      'Ask a family member to read it before it is published.',
      'Send it to the newspaper or website and share the link.',
    ],
  }),
  task('music-readings', {
    title: 'Choose music, readings and photographs',
    description:
      'Music and words carry a service. The after-death plan may list the songs and readings the deceased chose. Gathering photographs for a slideshow or an order of service is also a gentle way for family to remember together.',
    category: 'memorial',
    timeframe: '1w',
    automationLevel: 'manual-with-guidance',
    priority: 3,
    resources: ['Music selections and readings in the after-death plan', 'Family photo albums'],
    automationSteps: ['Confirm the music and readings with whoever leads the service.', 'Ask family to share favourite photographs.', 'Prepare an order of service, if you want one.'],
  }),
  task('memorial-marker', {
    title: 'Arrange a headstone, plaque or the scattering of ashes',
    description:
      'There is no hurry here: many cemeteries ask you to wait several months before a headstone is placed, while the ground settles. If there was a cremation, decide together where the ashes will rest. Check the cemetery\'s rules on size and wording before ordering anything.',
    category: 'memorial',
    timeframe: '3m',
    automationLevel: 'manual-with-guidance',
    priority: 5,
    resources: ['Cemetery or crematorium office', 'Monumental mason', 'Burial or cremation certificate'],
    automationSteps: ['Ask the cemetery about their rules and waiting time.', 'Agree the wording with family.', 'Order the memorial or plan the scattering.'],
  }),
  task('thank-you', {
    title: 'Thank those who helped',
    description:
      'When you feel ready, a short note or message to the people who sent flowers, cooked meals, carried the coffin or simply stayed close is usually deeply appreciated. A shared message is perfectly acceptable.',
    category: 'memorial',
    timeframe: '3m',
    automationLevel: 'semi-automated',
    priority: 5,
    resources: ['List of cards, flowers and donations received', 'Condolence book from the service'],
    automationSteps: ['Keep a list of who sent what.', 'Send a short thank-you message or card.'],
  }),

  // ── Digital ────────────────────────────────────────────────────────────────────────────
  task('devices-passwords', {
    title: 'Secure phones, computers and passwords',
    description:
      "The deceased's phone and computer hold contacts, photos and access to most accounts. Keep them charged and safe, and do not reset them. A password manager's emergency access, or passwords left with the will, may open them. Phone makers can only unlock a device with legal proof such as the grant of probate.",
    category: 'digital',
    timeframe: '2w',
    automationLevel: 'manual-with-guidance',
    priority: 3,
    resources: ['Password manager emergency-access kit', 'Passwords left with the will', 'Phone and computer chargers', 'Certified death certificate and probate (for the manufacturer)'],
    automationSteps: [
      'Keep devices charged, switched on if unlocked, and in a safe place.',
      'Check for a password manager emergency-access or legacy kit.',
      'Back up photos and important files before closing any account.',
    ],
  }),
  task('email-phone', {
    title: 'Close or transfer the email account and phone contract',
    description:
      'Email is the key to most online accounts, so keep it open until accounts and subscriptions have been dealt with. Then close it or use the provider\'s inactive-account or deceased-user process. The mobile phone contract can usually be cancelled with the death certificate, or the number transferred to a family member.',
    category: 'digital',
    timeframe: '1m',
    automationLevel: 'semi-automated',
    priority: 3,
    resources: ['Email provider\'s deceased-user request form', 'Mobile network account number', 'Certified death certificate'],
    automationSteps: [
      'Use the inbox to find accounts and subscriptions still open.',
      'Set an auto-reply if appropriate.',
      'Ask the email provider and the mobile network to close or transfer the accounts.',
    ],
  }),
  task('social-media', {
    title: 'Memorialise or close social media accounts',
    description:
      "Most social networks let family either memorialise an account (it stays as a place to remember, marked 'Remembering') or close it. Check the legacy-contact settings: the deceased may already have named someone. You will usually need a link to an obituary or a death certificate.",
    category: 'digital',
    timeframe: '1m',
    automationLevel: 'semi-automated',
    priority: 4,
    resources: ['Social media legacy-contact settings', 'Link to the obituary or death notice', 'Certified death certificate'],
    automationSteps: [
      'List the accounts the deceased used.',
      'Check whether a legacy contact was named.',
      'Request memorialisation or removal through each network\'s form.',
    ],
  }),
  task('online-accounts', {
    title: 'Deal with online accounts, cloud storage and photos',
    description:
      'Online shops, cloud storage, photo libraries and digital wallets often hold money, memories or stored payment cards. Download photos and documents you want to keep, then close the accounts. Some providers have an inactive-account manager that hands data to a named person.',
    category: 'digital',
    timeframe: '1m',
    automationLevel: 'semi-automated',
    priority: 4,
    resources: ['Email inbox (for account sign-up messages)', 'Cloud providers\' deceased-user forms', 'Password manager'],
    automationSteps: [
      'List online accounts from the inbox and the password manager.',
      'Download photos and documents worth keeping.',
      'Close each account or request a data handover.',
    ],
  }),

  // ── Emotional ──────────────────────────────────────────────────────────────────────────
  task('look-after-yourself', {
    title: 'Look after yourself',
    description:
      'Grief is exhausting, and these tasks can wait a day while you eat, sleep and breathe. Accept offers of help and say what would actually help: meals, school runs, phone calls. If sleep, appetite or hope do not return over time, a doctor or bereavement counsellor can help.',
    category: 'emotional',
    timeframe: '72h',
    automationLevel: 'manual-with-guidance',
    priority: 2,
    resources: ['Your family doctor', 'Bereavement support helplines and charities', 'Friends who have offered help'],
    automationSteps: [
      'Let someone share these tasks with you.',
      'Keep to simple routines: meals, rest, a short walk.',
      'Note the number of a bereavement helpline for hard nights.',
    ],
  }),
  task('support-children', {
    title: 'Support children through the loss',
    description:
      'Children need honest, simple words ("died", not "went to sleep"), reassurance about who will look after them, and permission to grieve in their own way, which may come and go. Let their school know, and ask whether they would like to be part of the funeral.',
    category: 'emotional',
    timeframe: '1w',
    automationLevel: 'manual-with-guidance',
    priority: 2,
    resources: ['Childhood bereavement charities and books for children', 'School teacher or counsellor'],
    automationSteps: ['Tell them simply and honestly.', 'Keep routines steady.', 'Inform the school and ask for their support.'],
  }),
  task('bereavement-leave', {
    title: 'Arrange time off and bereavement leave',
    description:
      'Tell your own employer and ask what bereavement or compassionate leave you are entitled to; rules vary by country and workplace. Dealing with an estate takes time during office hours, so ask about flexible hours for the weeks ahead too.',
    category: 'emotional',
    timeframe: '72h',
    automationLevel: 'semi-automated',
    priority: 3,
    resources: ['Your employer\'s HR policy on bereavement leave'],
    automationSteps: ['Call or email your manager or HR.', 'Agree how long you will be away and who covers your work.'],
  }),
  task('grief-support', {
    title: 'Find ongoing grief support',
    description:
      'In the months after the funeral, when everyone else seems to move on, grief can feel heavier. Bereavement groups, counsellors and faith communities offer a place to talk. Anniversaries and birthdays are hard: plan something small to mark them.',
    category: 'emotional',
    timeframe: '3m',
    automationLevel: 'manual-with-guidance',
    priority: 4,
    resources: ['Local bereavement groups', 'Counsellor or therapist', 'Faith community'],
    automationSteps: ['Look up a local or online bereavement group.', 'Put important dates in the calendar and plan how to mark them.'],
  }),

  // ── Other ──────────────────────────────────────────────────────────────────────────────
  task('redirect-mail', {
    title: 'Redirect post and stop unwanted mail',
    description:
      "Redirecting the deceased's post to the executor makes sure no bill or letter is missed. Registering with a bereavement mail-preference service, where one exists, stops advertising mail addressed to them, which can be painful to receive.",
    category: 'other',
    timeframe: '2w',
    automationLevel: 'semi-automated',
    priority: 3,
    resources: ['Postal service redirection form', 'Bereavement mail-preference service', 'Certified death certificate'],
    automationSteps: ['Set up a post redirection to the executor.', 'Register with the mail-preference service.'],
  }),
  task('cancel-appointments', {
    title: 'Cancel appointments and memberships',
    description:
      'Medical appointments, deliveries, clubs, libraries and loyalty schemes will keep sending reminders. A quick call or email to each avoids hurtful letters later. Some memberships refund unused fees.',
    category: 'other',
    timeframe: '2w',
    automationLevel: 'semi-automated',
    priority: 4,
    resources: ['Calendar and diary of the deceased', 'Membership cards in the wallet'],
    automationSteps: ['Check the calendar for upcoming appointments.', 'Cancel each appointment and membership.'],
  }),
  task('return-equipment', {
    title: 'Return borrowed and medical equipment',
    description:
      'Wheelchairs, hospital beds and other care equipment are often on loan from a health or care service and can be collected. Library books, work laptops and anything borrowed from friends can go back when you have the energy.',
    category: 'other',
    timeframe: '1m',
    automationLevel: 'manual-with-guidance',
    priority: 4,
    resources: ['Health or care service equipment loan contact', 'Library and employer contacts'],
    automationSteps: ['List borrowed and loaned items.', 'Arrange collection or return.'],
  }),
  task('belongings', {
    title: 'Sort personal belongings and keepsakes',
    description:
      'There is no right time to go through clothes and belongings; many families wait months. Check the will for specific gifts first, and give each family member the chance to choose keepsakes before anything is given away, sold or donated.',
    category: 'other',
    timeframe: '3m',
    automationLevel: 'manual-with-guidance',
    priority: 5,
    resources: ['The will (for specific gifts)', 'Charity shops or house-clearance services'],
    automationSteps: ['Agree a time with family to go through belongings together.', 'Set aside gifts named in the will.', 'Keep, give, donate or sell the rest.'],
  }),
];

/** FNV-1a 32-bit hash as 8 hex digits (stable across platforms; not for security). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The stable id of a default task's list item: the same list, position and text always give the
 * same id, so two devices that generate the guide offline write the same item (rule 6 would
 * otherwise keep both copies). Matches the record id pattern `[A-Za-z0-9_-]+`.
 */
export function defaultTaskItemId(list: string, text: string, index: number): string {
  return `d${index}-${fnv1a(`${list}\n${text}`)}`;
}
