/** The people, groups and words of the demo workspace. */

export const DEMO_CONTACTS = [
  'maya.chen',
  'liam.okafor',
  'sofia.rossi',
  'noah.berg',
  'amara.diallo',
  'kenji.sato',
  'elena.petrova',
  'diego.ramirez',
  'hana.kim',
  'oliver.smith',
  'zara.ahmed',
  'lucas.meyer',
  'ines.garcia',
  'tom.nguyen',
  'freya.larsen',
  'omar.haddad',
  'julia.novak',
  'ravi.patel',
  'chloe.martin',
  'felix.wagner',
  'aiko.tanaka',
  'marco.bianchi',
  'nina.kowalski',
  'sam.taylor',
] as const;

export const DEMO_GROUPS = [
  { id: 'design-team', members: ['maya.chen', 'kenji.sato', 'hana.kim', 'lucas.meyer'] },
  { id: 'weekend-hikers', members: ['noah.berg', 'freya.larsen', 'omar.haddad'] },
  { id: 'book-club', members: ['sofia.rossi', 'elena.petrova', 'julia.novak', 'chloe.martin'] },
  { id: 'release-crew', members: ['liam.okafor', 'ravi.patel', 'tom.nguyen', 'felix.wagner'] },
  { id: 'family', members: ['ines.garcia', 'diego.ramirez'] },
  { id: 'five-a-side', members: ['marco.bianchi', 'sam.taylor', 'oliver.smith', 'zara.ahmed'] },
] as const;

export const LINES = [
  'Morning! Did you see the latest numbers?',
  'I can take a look after lunch.',
  'Sounds good to me 👍',
  'Can we move the call to 3pm?',
  'Sent you the draft, let me know what you think.',
  'Haha, that is brilliant',
  'Running 10 minutes late, sorry!',
  'Who is bringing the snacks on Saturday?',
  'I pushed the fix, the build should be green now.',
  'Let us sync tomorrow, today is packed.',
  'Thanks, that really helped.',
  'Are we still on for Friday?',
  'The venue confirmed, we are all set.',
  'Just landed, will call you in a bit.',
  'Could you review the pull request when you have a minute?',
  'Photos from last weekend are up!',
  'I think we should go with option B.',
  'Happy birthday!! 🎉',
  'Here is the link to the doc.',
  'Does anyone have the Wi-Fi password?',
  'Great job on the presentation today.',
  'I will be offline next week, ping Liam if urgent.',
  'That restaurant was amazing, we have to go back.',
  'Can you send me the invoice again?',
] as const;

export const REPLIES = [
  'Got it, thanks!',
  'Sure, give me a minute.',
  'Haha, yes 😄',
  'On it.',
  'Sounds like a plan.',
  'Let me check and get back to you.',
  'Nice, thanks for the update!',
  'Perfect 👌',
] as const;

export const ANSWERS = [
  'Good question, let me think.',
  'Yes, I think so.',
  'Not sure yet, will confirm later.',
] as const;

export const REACTION_NAMES = ['like', 'love', 'laugh', 'wow', 'thanks'] as const;

export const FILES = [
  { name: 'q3-report.pdf', mime_type: 'application/pdf', size: 482_113 },
  {
    name: 'budget.xlsx',
    mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    size: 38_410,
  },
  { name: 'notes.txt', mime_type: 'text/plain', size: 2_044 },
] as const;
