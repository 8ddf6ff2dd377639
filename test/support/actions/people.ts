import fc from 'fast-check';
import { type Actor, actor, mostlyAdministrator, once, type Performers, userIdOf, type WeightedAction } from './common';

/** Users and groups: new accounts, deactivation, roles, muting, membership of user groups. */
export type PeopleAction =
  | { kind: 'deactivate'; actor: Actor; target: Actor; reactivate: boolean }
  | { kind: 'group'; actor: Actor; name: string; member: Actor }
  | { kind: 'role'; actor: Actor; target: Actor; role: 200 | 300 | 400 | 600 }
  | { kind: 'muteUser'; actor: Actor; target: Actor; unmute: boolean }
  | { kind: 'createUser'; actor: Actor; name: (typeof NEW_USER_NAMES)[number] };

/** The users an administrator may create, by name; their addresses are {@link NEW_USER_EMAILS}. */
const NEW_USER_NAMES = ['Ophelia', 'Laertes'] as const;

/** The addresses of the users `createUser` makes. */
export const NEW_USER_EMAILS = NEW_USER_NAMES.map(emailOf);

function emailOf(name: string): string {
  return `${name.toLowerCase()}@zulip.com`;
}

export const peopleActions: WeightedAction<PeopleAction>[] = once<PeopleAction>(
  // Observers stay active: a deactivated one could not register again.
  fc.record({ kind: fc.constant('deactivate' as const), actor, target: fc.constantFrom('othello@zulip.com' as const, 'cordelia@zulip.com' as const), reactivate: fc.boolean() }),
  fc.record({ kind: fc.constant('group' as const), actor, name: fc.constantFrom('crew', 'band'), member: actor }),
  fc.record({ kind: fc.constant('role' as const), actor, target: actor, role: fc.constantFrom(200 as const, 300 as const, 400 as const, 600 as const) }),
  fc.record({ kind: fc.constant('muteUser' as const), actor, target: actor, unmute: fc.boolean() }),
  // Only the administrator may create users; the same address twice is refused.
  fc.record({ kind: fc.constant('createUser' as const), actor: mostlyAdministrator, name: fc.constantFrom(...NEW_USER_NAMES) }),
);

export const peoplePerformers: Performers<PeopleAction> = {
  deactivate: ({ mock, client }, step) => {
    const user = { user_id: userIdOf(mock, step.target) };
    return step.reactivate ? client.users.reactivate(user) : client.users.deactivate(user);
  },
  group: ({ mock, client }, step) => {
    const member = userIdOf(mock, step.member);
    const existing = mock.store.tables.userGroup.all().find((group) => group.name === step.name);
    if (existing) return client.userGroups.updateMembers({ user_group_id: existing.id, add: [member] });
    return client.userGroups.create({ name: step.name, description: 'a group', members: [member] });
  },
  role: ({ mock, client }, step) => client.users.update({ user_id: userIdOf(mock, step.target), role: step.role }),
  muteUser: ({ mock, client }, step) => {
    const muted = { muted_user_id: userIdOf(mock, step.target) };
    return step.unmute ? client.users.unmute(muted) : client.users.mute(muted);
  },
  createUser: ({ client }, step) =>
    client.users.create({ email: emailOf(step.name), password: 'a-long-enough-password', full_name: step.name }),
};
