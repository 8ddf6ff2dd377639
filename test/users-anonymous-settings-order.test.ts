import { describe, expect, it } from 'vitest';
import { limitGuestToScotland, GUEST } from './support/limited-guests';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

type Event = Awaited<ReturnType<typeof verifyAction>>[number];

/** The permission-setting events, as `group <id> <setting>` or `realm <setting>`, in order. */
function settingEvents(events: readonly Event[]): string[] {
  return events.flatMap((event) => {
    if (event?.type === 'user_group' && event.op === 'update') return Object.keys(event.data ?? {}).map((setting) => `group ${event.group_id} ${setting}`);
    if (event?.type === 'realm' && event.op === 'update_dict') return Object.keys(event.data ?? {}).map((setting) => `realm ${setting}`);
    return [];
  });
}

/**
 * Cordelia creates a group (its creator's settings: anonymous groups naming her), then the realm
 * names her in `can_create_public_channel_group`, then `hamletcharacters` in `can_mention_group`:
 * three generations of anonymous groups, as in the server's test_do_deactivate_user.
 */
async function nameCordeliaInThreeSettings(): Promise<{ cordeliaId: number; created: number; hamletcharacters: number }> {
  const cordeliaId = realm.userId('cordelia@zulip.com');
  const desdemona = realm.clientFor('desdemona@zulip.com');
  const { group_id: created = 0 } = await realm.clientFor('cordelia@zulip.com').userGroups.create({ name: 'cordelia-team', description: '', members: [cordeliaId] });
  const members = realm.groupId('role:members');
  await desdemona.realm.update({ can_create_public_channel_group: { new: { direct_members: [cordeliaId], direct_subgroups: [members] } } });
  const hamletcharacters = realm.groupId('hamletcharacters');
  const hamletId = realm.userId('hamlet@zulip.com');
  await desdemona.userGroups.update({ user_group_id: hamletcharacters, can_mention_group: { new: { direct_members: [cordeliaId, hamletId], direct_subgroups: [members] } } });
  return { cordeliaId, created, hamletcharacters };
}

describe('settings naming a user, told in the order the server created their anonymous groups (by ID)', () => {
  it('reactivation tells everyone: the group creator settings first, then the realm setting, then the later group setting', async () => {
    const { cordeliaId, created, hamletcharacters } = await nameCordeliaInThreeSettings();
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.deactivate({ user_id: cordeliaId });
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.users.reactivate({ user_id: cordeliaId }));
    expect(settingEvents(events)).toEqual([
      `group ${created} can_add_members_group`,
      `group ${created} can_manage_group`,
      'realm can_create_public_channel_group',
      `group ${hamletcharacters} can_mention_group`,
    ]);
  });

  it('a guest who may not see the deactivated user: the same order (test_do_deactivate_user)', async () => {
    const { cordeliaId, created, hamletcharacters } = await nameCordeliaInThreeSettings();
    await limitGuestToScotland(realm);
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(realm.clientFor(GUEST), () => iago.users.deactivate({ user_id: cordeliaId }));
    expect(settingEvents(events)).toEqual([
      `group ${created} can_add_members_group`,
      `group ${created} can_manage_group`,
      'realm can_create_public_channel_group',
      `group ${hamletcharacters} can_mention_group`,
    ]);
    const realmEvent = events.find((event) => event?.type === 'realm');
    expect(realmEvent).toMatchObject({ data: { can_create_public_channel_group: { direct_members: [], direct_subgroups: [realm.groupId('role:members')] } } });
  });

  it('a setting changed from one anonymous value to another keeps its place; one that named a group in between takes a new one', async () => {
    const { cordeliaId, created, hamletcharacters } = await nameCordeliaInThreeSettings();
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const members = realm.groupId('role:members');
    // Changed in place: still older than the hamletcharacters setting.
    await desdemona.realm.update({ can_create_public_channel_group: { new: { direct_members: [cordeliaId], direct_subgroups: [] } } });
    // Through a named group: a new anonymous group, the newest.
    await desdemona.userGroups.update({ user_group_id: created, can_manage_group: { new: members } });
    await desdemona.userGroups.update({ user_group_id: created, can_manage_group: { new: { direct_members: [cordeliaId], direct_subgroups: [] } } });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.deactivate({ user_id: cordeliaId });
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.users.reactivate({ user_id: cordeliaId }));
    expect(settingEvents(events)).toEqual([
      `group ${created} can_add_members_group`,
      'realm can_create_public_channel_group',
      `group ${hamletcharacters} can_mention_group`,
      `group ${created} can_manage_group`,
    ]);
  });
});
