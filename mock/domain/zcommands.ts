import type { UserRecord } from '../store/store';
import { badRequest } from './errors';
import type { MockState } from './state';
import { changeSetting, userSettingsOf } from './user-settings/operations';
import type { UserSettingName } from './user-settings/catalog';

const COLOR_SCHEME_DARK = 2;
const COLOR_SCHEME_LIGHT = 3;

/** A command that switches a display setting: what it sets, how it is named, and its opposite. */
interface ModeCommand {
  readonly setting: UserSettingName;
  readonly value: unknown;
  /** The mode's name in "Changed to {name}!". */
  readonly name: string;
  /** The mode's name in "You are still in {name}." (the server words the width modes differently). */
  readonly stillIn: string;
  readonly revert: string;
}

const MODE_COMMANDS: Readonly<Record<string, ModeCommand>> = {
  dark: { setting: 'color_scheme', value: COLOR_SCHEME_DARK, name: 'dark theme', stillIn: 'dark theme', revert: 'light' },
  light: { setting: 'color_scheme', value: COLOR_SCHEME_LIGHT, name: 'light theme', stillIn: 'light theme', revert: 'dark' },
  'fluid-width': { setting: 'fluid_layout_width', value: true, name: 'fluid-width mode', stillIn: 'fluid width mode', revert: 'fixed-width' },
  'fixed-width': { setting: 'fluid_layout_width', value: false, name: 'fixed-width mode', stillIn: 'fixed width mode', revert: 'fluid-width' },
};

/**
 * `POST /zcommand`, as the server's `process_zcommands`: `/ping` answers nothing; `/dark`, `/light`,
 * `/fluid-width` and `/fixed-width` change the caller's setting (one setting change, with its
 * events, as `PATCH /settings` makes it) and answer a `msg` saying so, or that the mode is already on.
 *
 * @example
 * runZcommand(state, store.userByApiEmail('hamlet@zulip.com')!, '/dark'); // { msg: 'Changed to dark theme! To revert dark theme, type `/light`.' }
 */
export function runZcommand(state: MockState, user: UserRecord, content: string): { msg?: string } {
  if (!content.startsWith('/')) throw badRequest('There should be a leading slash in the zcommand.');
  const command = content.slice(1);
  if (command === 'ping') return {};
  const mode = Object.hasOwn(MODE_COMMANDS, command) ? MODE_COMMANDS[command] : undefined;
  if (!mode) throw badRequest(`No such command: ${command}`);
  if (userSettingsOf(state, user)[mode.setting] === mode.value) return { msg: `You are still in ${mode.stillIn}.` };
  changeSetting(state, user, mode.setting, mode.value);
  return { msg: `Changed to ${mode.name}! To revert ${mode.name}, type \`/${mode.revert}\`.` };
}
