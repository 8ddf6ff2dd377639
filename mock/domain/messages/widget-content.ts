import { type ApiFailure, badRequest } from '../errors';
import { JsonFloat, parseOrjson } from '../orjson';
import { pythonFloatRepr } from '../python-float';

/** A widget a client attaches to a message (`widget_content`), once checked. */
export interface AttachedWidget {
  readonly widget_type: string;
  readonly extra_data: Readonly<Record<string, unknown>>;
}

type Json = Record<string, unknown>;

/** The server words every widget error as "Widgets: " and the checker's message. */
function invalid(message: string): ApiFailure {
  return badRequest(`Widgets: ${message}`);
}

function isDict(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonFloat);
}

/** Python's `str()` of a JSON value, for the messages that concatenate one. */
function pythonText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value instanceof JsonFloat) return pythonFloatRepr(value.value);
  return JSON.stringify(value);
}

/** The server's `check_dict` with required string keys: the first missing or non-string key fails. */
function checkStrings(value: unknown, name: string, keys: readonly string[]): void {
  if (!isDict(value)) throw invalid(`${name} is not a dict`);
  for (const key of keys) {
    if (!Object.hasOwn(value, key)) throw invalid(`${key} key is missing from ${name}`);
    if (typeof value[key] !== 'string') throw invalid(`${name}["${key}"] is not a string`);
  }
}

function checkZformChoices(extra: Json): void {
  checkStrings(extra, 'extra_data', ['heading']);
  // `type` is checked first and equals "choices" here; `heading` before `choices`.
  if (!Object.hasOwn(extra, 'choices')) throw invalid('choices key is missing from extra_data');
  const choices = extra.choices;
  if (!Array.isArray(choices)) throw invalid('extra_data["choices"] is not a list');
  choices.forEach((choice, index) => checkStrings(choice, `extra_data["choices"][${index}]`, ['short_name', 'long_name', 'reply']));
}

/** The server's `check_widget_content`: only `zform` widgets of type `choices` may be attached. */
function checkWidget(value: unknown): AttachedWidget {
  if (!isDict(value)) throw invalid('widget_content is not a dict');
  if (!Object.hasOwn(value, 'widget_type')) throw invalid('widget_type is not in widget_content');
  if (!Object.hasOwn(value, 'extra_data')) throw invalid('extra_data is not in widget_content');
  const { widget_type: type, extra_data: extra } = value;
  if (!isDict(extra)) throw invalid('extra_data is not a dict');
  if (type === 'zform') {
    if (!Object.hasOwn(extra, 'type')) throw invalid('zform is missing type field');
    if (extra.type === 'choices') {
      checkZformChoices(extra);
      return { widget_type: type, extra_data: extra };
    }
    // The server concatenates a non-text type and fails (500); the mock words it instead.
    throw invalid(`unknown zform type: ${pythonText(extra.type)}`);
  }
  throw invalid(`unknown widget type: ${pythonText(type)}`);
}

/**
 * Reads and checks `widget_content` as the server's `check_message` does, after the destination
 * and before rendering: JSON text of a `zform` widget (polls and to-do lists come from the
 * content's `/poll` and `/todo` commands, never from here), read as `orjson.loads` reads it, so
 * what it refuses is invalid here too and a float stays a float when stored. Errors start with
 * "Widgets: ".
 */
export function parseWidgetContent(text: string): AttachedWidget {
  let value: unknown;
  try {
    value = parseOrjson(text);
  } catch {
    throw badRequest('Widgets: API programmer sent invalid JSON content');
  }
  return checkWidget(value);
}
