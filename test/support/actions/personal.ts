import fc from 'fast-check';
import { type Actor, actor, once, type Performers, type WeightedAction } from './common';

/** A user's own things: status, alert words, settings, onboarding steps, navigation views. */
export type PersonalAction =
  | { kind: 'status'; actor: Actor; text: string }
  | { kind: 'alertWord'; actor: Actor; word: string }
  | { kind: 'setting'; actor: Actor; twentyFourHour: boolean }
  | { kind: 'onboarding'; actor: Actor; step: 'intro_inbox_view_modal' | 'navigation_tour_video'; reminderInSeconds: 2 | 3600 | undefined }
  | { kind: 'navigationView'; actor: Actor; op: 'add' | 'edit' | 'remove'; fragment: string; pinned: boolean | undefined; name: string | undefined };

export const personalActions: WeightedAction<PersonalAction>[] = once<PersonalAction>(
  fc.record({ kind: fc.constant('status' as const), actor, text: fc.constantFrom('', 'busy', 'on a walk') }),
  fc.record({ kind: fc.constant('alertWord' as const), actor, word: fc.constantFrom('lunch', 'plans', 'hello') }),
  fc.record({ kind: fc.constant('setting' as const), actor, twentyFourHour: fc.boolean() }),
  // A reminder to watch the video is Welcome Bot's message later on the clock: some within the
  // sequence (the properties move it a second after each action), some after a day passes. With
  // another step the reminder is refused.
  fc.record({
    kind: fc.constant('onboarding' as const),
    actor,
    step: fc.constantFrom('intro_inbox_view_modal' as const, 'navigation_tour_video' as const),
    reminderInSeconds: fc.option(fc.constantFrom(2 as const, 3600 as const), { nil: undefined, freq: 3 }),
  }),
  // A built-in view (`inbox`, `narrow/is/starred`) takes no name; a custom one needs one.
  fc.record({
    kind: fc.constant('navigationView' as const),
    actor,
    op: fc.constantFrom('add' as const, 'add' as const, 'edit' as const, 'remove' as const),
    fragment: fc.constantFrom('inbox', 'narrow/is/starred', 'narrow/is/alerted'),
    pinned: fc.option(fc.boolean(), { nil: undefined }),
    name: fc.option(fc.constantFrom('Alerts', 'Alert words'), { nil: undefined, freq: 3 }),
  }),
);

export const personalPerformers: Performers<PersonalAction> = {
  status: ({ client }, step) => client.users.updateStatus({ status_text: step.text }),
  alertWord: ({ client }, step) => client.alertWords.add({ alert_words: [step.word] }),
  setting: ({ client }, step) => client.settings.update({ twenty_four_hour_time: step.twentyFourHour }),
  onboarding: ({ client }, step) =>
    client.users.markOnboardingStep({
      onboarding_step: step.step,
      ...(step.reminderInSeconds === undefined ? {} : { schedule_navigation_tour_video_reminder_delay: step.reminderInSeconds }),
    }),
  navigationView: ({ client }, step) => {
    const name = step.name === undefined ? {} : { name: step.name };
    const pinned = step.pinned === undefined ? {} : { is_pinned: step.pinned };
    if (step.op === 'remove') return client.navigationViews.remove({ fragment: step.fragment });
    if (step.op === 'edit') return client.navigationViews.edit({ fragment: step.fragment, ...pinned, ...name });
    return client.navigationViews.add({ fragment: step.fragment, is_pinned: step.pinned ?? false, ...name });
  },
};
