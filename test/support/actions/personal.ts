import fc from 'fast-check';
import { type Actor, actor, once, type Performers, type WeightedAction } from './common';

/** A user's own things: status, alert words, settings, onboarding steps, navigation views. */
export type PersonalAction =
  | { kind: 'status'; actor: Actor; text: string }
  | { kind: 'alertWord'; actor: Actor; word: string }
  | { kind: 'setting'; actor: Actor; twentyFourHour: boolean }
  | { kind: 'onboarding'; actor: Actor }
  | { kind: 'navigationView'; actor: Actor; op: 'add' | 'edit' | 'remove'; fragment: string; pinned: boolean | undefined; name: string | undefined };

export const personalActions: WeightedAction<PersonalAction>[] = once<PersonalAction>(
  fc.record({ kind: fc.constant('status' as const), actor, text: fc.constantFrom('', 'busy', 'on a walk') }),
  fc.record({ kind: fc.constant('alertWord' as const), actor, word: fc.constantFrom('lunch', 'plans', 'hello') }),
  fc.record({ kind: fc.constant('setting' as const), actor, twentyFourHour: fc.boolean() }),
  fc.record({ kind: fc.constant('onboarding' as const), actor }),
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
  onboarding: ({ client }) => client.users.markOnboardingStep({ onboarding_step: 'intro_inbox_view_modal' }),
  navigationView: ({ client }, step) => {
    const name = step.name === undefined ? {} : { name: step.name };
    const pinned = step.pinned === undefined ? {} : { is_pinned: step.pinned };
    if (step.op === 'remove') return client.navigationViews.remove({ fragment: step.fragment });
    if (step.op === 'edit') return client.navigationViews.edit({ fragment: step.fragment, ...pinned, ...name });
    return client.navigationViews.add({ fragment: step.fragment, is_pinned: step.pinned ?? false, ...name });
  },
};
