import type { SeedInput } from './schema';

/** The password of every human in the default realm, for `POST /fetch_api_key`. */
export const DEFAULT_PASSWORD = 'opensesame';

/**
 * The default realm: the personas of the real development server, so the API
 * documentation's examples work against the mock.
 */
export const DEFAULT_SEED: SeedInput = {
  realm: { name: 'Zulip Dev', string_id: 'zulip' },
  users: [
    // The server grants these two permissions only through its management commands; the API
    // documentation's examples assume iago holds them, and changing addresses needs an owner.
    {
      email: 'desdemona@zulip.com',
      full_name: 'Desdemona',
      role: 'owner',
      password: DEFAULT_PASSWORD,
      can_change_user_emails: true,
    },
    {
      email: 'iago@zulip.com',
      full_name: 'Iago',
      role: 'administrator',
      password: DEFAULT_PASSWORD,
      can_create_users: true,
      can_change_user_emails: true,
    },
    { email: 'shiva@zulip.com', full_name: 'Shiva', role: 'moderator', password: DEFAULT_PASSWORD },
    { email: 'hamlet@zulip.com', full_name: 'King Hamlet', role: 'member', password: DEFAULT_PASSWORD },
    { email: 'cordelia@zulip.com', full_name: "Cordelia, Lear's daughter", role: 'member', password: DEFAULT_PASSWORD },
    {
      email: 'othello@zulip.com',
      full_name: 'Othello, the Moor of Venice',
      role: 'member',
      password: DEFAULT_PASSWORD,
    },
    { email: 'prospero@zulip.com', full_name: 'Prospero from The Tempest', role: 'member', password: DEFAULT_PASSWORD },
    { email: 'polonius@zulip.com', full_name: 'Polonius', role: 'guest', password: DEFAULT_PASSWORD },
    { email: 'default-bot@zulip.com', full_name: 'Zulip Default Bot', bot_type: 1, bot_owner: 'hamlet@zulip.com' },
    { email: 'webhook-bot@zulip.com', full_name: 'Zulip Webhook Bot', bot_type: 2, bot_owner: 'iago@zulip.com' },
  ],
  user_groups: [
    {
      name: 'hamletcharacters',
      description: 'Characters of Hamlet',
      members: ['hamlet@zulip.com', 'cordelia@zulip.com'],
    },
  ],
  channels: [
    {
      name: 'Verona',
      description: 'A city in Italy',
      subscribers: [
        'desdemona@zulip.com',
        'iago@zulip.com',
        'shiva@zulip.com',
        'hamlet@zulip.com',
        'cordelia@zulip.com',
        'othello@zulip.com',
        'prospero@zulip.com',
        'polonius@zulip.com',
        'default-bot@zulip.com',
      ],
    },
    {
      name: 'Denmark',
      description: 'A Scandinavian country',
      subscribers: [
        'desdemona@zulip.com',
        'iago@zulip.com',
        'hamlet@zulip.com',
        'cordelia@zulip.com',
        'othello@zulip.com',
      ],
    },
    {
      name: 'Scotland',
      description: 'Located in the United Kingdom',
      subscribers: ['iago@zulip.com', 'shiva@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com'],
    },
    {
      name: 'core team',
      description: 'A private channel for the core team',
      invite_only: true,
      subscribers: ['desdemona@zulip.com', 'iago@zulip.com', 'hamlet@zulip.com'],
    },
  ],
  // The development server's custom emoji.
  realm_emoji: [{ name: 'green_tick', author: 'iago@zulip.com' }],
  messages: [
    { sender: 'hamlet@zulip.com', channel: 'Verona', topic: 'greetings', content: 'Hello, Verona!' },
    { sender: 'othello@zulip.com', channel: 'Verona', topic: 'greetings', content: 'Hi **everyone**.' },
    {
      sender: 'iago@zulip.com',
      channel: 'Denmark',
      topic: 'castle',
      content: 'Something is rotten in the state of Denmark.',
    },
    { sender: 'cordelia@zulip.com', channel: 'Scotland', topic: 'weather', content: 'Rain again.' },
    { sender: 'desdemona@zulip.com', channel: 'core team', topic: 'plans', content: 'Release on Friday.' },
    { sender: 'hamlet@zulip.com', to: ['iago@zulip.com'], content: 'To be, or not to be?' },
    { sender: 'iago@zulip.com', to: ['hamlet@zulip.com', 'othello@zulip.com'], content: 'A word, gentlemen.' },
  ],
};
