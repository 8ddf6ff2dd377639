import type { TestRealm } from './mock';

/**
 * A generic bot that an owner (desdemona) creates and makes an organization administrator, for
 * tests of who among the administrators hears of something. Returns its email, for `clientFor`.
 */
export async function createAdministratorBot(realm: TestRealm, shortName = 'admin'): Promise<string> {
  const desdemona = realm.clientFor('desdemona@zulip.com');
  const { user_id } = await desdemona.bots.create({ full_name: 'Admin Bot', short_name: shortName });
  await desdemona.bots.update({ bot_id: user_id, role: 200 });
  const bot = realm.mock.store.tables.user.get(user_id);
  if (bot?.role !== 200) throw new Error('the administrator bot was not made an administrator');
  return bot.delivery_email;
}
