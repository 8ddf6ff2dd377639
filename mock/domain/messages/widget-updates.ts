import { badRequest } from '../errors';
import { JsonFloat } from '../orjson';

/** Checks one value as the server's `check_*` validators do, naming it `name` in errors. */
type Checker = (name: string, value: unknown) => void;

/** The most options or tasks a widget's index may count to (the server's `MAX_IDX`). */
const MAX_IDX = 1000;

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonFloat);
}

const checkString: Checker = (name, value) => {
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
};

const checkBool: Checker = (name, value) => {
  if (typeof value !== 'boolean') throw badRequest(`${name} is not a boolean`);
};

/** Python's `check_int`: a bool is an int there (`True` is 1); a float never is. */
function intValue(name: string, value: unknown): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'number') throw badRequest(`${name} is not an integer`);
  return value;
}

function checkIntIn(allowed: readonly number[]): Checker {
  return (name, value) => {
    if (!allowed.includes(intValue(name, value))) throw badRequest(`Invalid ${name}`);
  };
}

function checkIntRange(low: number, high: number): Checker {
  return (name, value) => {
    const number = intValue(name, value);
    if (number < low) throw badRequest(`${name} is too small`);
    if (number > high) throw badRequest(`${name} is too large`);
  };
}

/**
 * The server's `check_dict_only`: each required key present and valid, in order, then no other
 * key (the server lists extra keys in its set's order; here, as sent).
 */
function checkDictOnly(name: string, value: Record<string, unknown>, required: readonly (readonly [string, Checker])[]): void {
  for (const [key, check] of required) {
    if (!Object.hasOwn(value, key)) throw badRequest(`${key} key is missing from ${name}`);
    check(`${name}["${key}"]`, value[key]);
  }
  const unexpected = Object.keys(value).filter((key) => !required.some(([known]) => known === key));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
}

/** A widget's update kinds: the keys each takes, and whether only the message's sender may send it. */
interface UpdateKind {
  readonly keys: readonly (readonly [string, Checker])[];
  readonly authorOnly?: string;
}

const POLL: Readonly<Record<string, UpdateKind>> = {
  vote: { keys: [['type', checkString], ['key', checkString], ['vote', checkIntIn([1, -1])]] },
  question: {
    keys: [['type', checkString], ['question', checkString]],
    authorOnly: "You can't edit a question unless you are the author.",
  },
  new_option: { keys: [['type', checkString], ['option', checkString], ['idx', checkIntRange(0, MAX_IDX)]] },
};

const TODO: Readonly<Record<string, UpdateKind>> = {
  new_task: {
    keys: [
      ['type', checkString],
      ['key', checkIntRange(0, MAX_IDX)],
      ['task', checkString],
      ['desc', checkString],
      ['completed', checkBool],
    ],
  },
  strike: { keys: [['type', checkString], ['key', checkString]] },
  new_task_list_title: {
    keys: [['type', checkString], ['title', checkString]],
    authorOnly: "You can't edit the task list title unless you are the author.",
  },
};

const KINDS: Readonly<Record<string, { readonly name: string; readonly kinds: Readonly<Record<string, UpdateKind>> }>> = {
  poll: { name: 'poll data', kinds: POLL },
  todo: { name: 'todo data', kinds: TODO },
};

function check(name: string, kinds: Readonly<Record<string, UpdateKind>>, data: unknown, isAuthor: boolean): void {
  if (!isDict(data)) throw badRequest(`${name} is not a dict`);
  if (!Object.hasOwn(data, 'type')) throw badRequest(`type key is missing from ${name}`);
  const type = data.type;
  if (typeof type !== 'string') throw badRequest(`${name}["type"] is not a string`);
  const kind = Object.hasOwn(kinds, type) ? kinds[type] : undefined;
  if (!kind) throw badRequest(`Unknown type for ${name}: ${type}`);
  // The author check comes before the shape check, as the server's does.
  if (kind.authorOnly !== undefined && !isAuthor) throw badRequest(kind.authorOnly);
  checkDictOnly(name, data, kind.keys);
}

/**
 * Checks a submessage's data for a poll or a to-do list widget, as the server's
 * `validate_poll_data` and `validate_todo_data` do (errors worded as theirs); data for any
 * other widget, or for a message without one, is not checked.
 */
export function checkWidgetUpdate(widgetType: string | undefined, data: unknown, isAuthor: boolean): void {
  const widget = widgetType === undefined || !Object.hasOwn(KINDS, widgetType) ? undefined : KINDS[widgetType];
  if (widget) check(widget.name, widget.kinds, data, isAuthor);
}
