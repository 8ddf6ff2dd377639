import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/index';
import * as z from 'zod/mini';
import { applyEvent, type RegisteredState } from '../src/index';
import { type ChatEventPayload, parseEvent } from '../src/schemas/events';
import { RegisterRealmSettingsFields } from '../src/schemas/register-realm-settings';
import { contractProblems } from './support/contract';
import { asOlderServerSends, OLDEST_CHECKED_FEATURE_LEVEL } from './support/openapi';

const url = 'http://chat.test/api/v1/messages';

describe('the contract check itself', () => {
  it('accepts a conforming success body', () => {
    expect(
      contractProblems({
        endpoint: endpoints.sendMessage,
        method: 'POST',
        url,
        status: 200,
        body: { result: 'success', msg: '', id: 1 },
      }),
    ).toEqual([]);
  });

  it('reports a body missing a required field, both by SDK schema and by OpenAPI', () => {
    const problems = contractProblems({
      endpoint: endpoints.sendMessage,
      method: 'POST',
      url,
      status: 200,
      body: { result: 'success', msg: '' },
    });
    expect(problems.some((problem) => problem.includes('SDK schema'))).toBe(true);
    expect(problems.some((problem) => problem.includes('OpenAPI'))).toBe(true);
  });

  it('reports a field the reference does not allow', () => {
    const body = { result: 'success', msg: '', id: 1, surprise: true };
    expect(contractProblems({ endpoint: endpoints.sendMessage, method: 'POST', url, status: 200, body })).not.toEqual(
      [],
    );
  });

  it('reports a 500 and a malformed error', () => {
    expect(
      contractProblems({
        endpoint: undefined,
        method: 'GET',
        url,
        status: 500,
        body: { result: 'error', msg: 'Internal server error' },
      }),
    ).not.toEqual([]);
    expect(
      contractProblems({
        endpoint: endpoints.sendMessage,
        method: 'POST',
        url,
        status: 400,
        body: { result: 'error' },
      }),
    ).not.toEqual([]);
  });
});

describe('answers as an older server sends them (feature level 185, Zulip 7.0)', () => {
  it('leave out the fields the reference marks as new after the floor, and the SDK still parses them', () => {
    const group = {
      id: 1, name: 'support', description: '', members: [10], direct_subgroup_ids: [], is_system_group: false,
      date_created: 1, creator_id: 10, deactivated: false, can_add_members_group: 2, can_join_group: 2,
      can_leave_group: 2, can_manage_group: 2, can_mention_group: 2, can_remove_members_group: 2,
    };
    const older = asOlderServerSends('GET', '/user_groups', { result: 'success', msg: '', user_groups: [group] });
    expect(older).toEqual({
      result: 'success', msg: '',
      user_groups: [{ id: 1, name: 'support', description: '', members: [10], direct_subgroup_ids: [], is_system_group: false }],
    });
    const { result: _result, msg: _msg, ...rest } = older as Record<string, unknown>;
    expect(endpoints.getUserGroups.response.safeParse(rest).success).toBe(true);
  });

  it('send events in their older forms, which parseEvent reads', () => {
    const body = {
      result: 'success', msg: '', queue_id: 'q',
      events: [
        { id: 1, type: 'stream', op: 'delete', streams: [{ stream_id: 5 }], stream_ids: [5] },
        { id: 2, type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: 1, email: 'a@x' }, recipients: [] },
      ],
    };
    const { events } = asOlderServerSends('GET', '/events', body) as { events: ChatEventPayload[] };
    expect(events[0]).toEqual({ id: 1, type: 'stream', op: 'delete', streams: [{ stream_id: 5 }] });
    expect(events[1]).toMatchObject({ message_type: 'private' });
    expect(parseEvent(events[0]!)).toMatchObject({ op: 'delete', streams: [{ stream_id: 5 }] });
    expect(parseEvent(events[1]!)).toMatchObject({ type: 'typing', message_type: 'direct' });
  });

  it('keep the fields that are older than the floor', () => {
    expect(OLDEST_CHECKED_FEATURE_LEVEL).toBe(185);
    const group = { id: 1, name: 'g', can_mention_group: 2 };
    expect(asOlderServerSends('GET', '/user_groups', { user_groups: [group] }, 191)).toEqual({ user_groups: [group] });
  });
});

describe('realm settings as servers older than their present forms send them', () => {
  it('a null default code block language (before 195) and login methods as booleans (before 241) parse, and the reducer reads both forms', () => {
    const settings = { realm_default_code_block_language: null, realm_authentication_methods: { Email: true, LDAP: false, Dev: true } };
    expect(z.object(RegisterRealmSettingsFields).safeParse(settings).success).toBe(true);
    const state = { realm_authentication_methods: { Email: true }, realm_email_auth_enabled: true, realm_password_auth_enabled: true } as unknown as RegisteredState;
    const olderEvent = parseEvent({ id: 1, type: 'realm', op: 'update_dict', property: 'default', data: { authentication_methods: { Email: false, LDAP: true } } });
    const older = olderEvent && applyEvent(state, olderEvent);
    expect(older).toMatchObject({ realm_email_auth_enabled: false, realm_password_auth_enabled: true });
    const newerEvent = parseEvent({
      id: 2, type: 'realm', op: 'update_dict', property: 'default',
      data: { authentication_methods: { Email: { enabled: false, available: true }, LDAP: { enabled: false, available: false } } },
    });
    const newer = newerEvent && applyEvent(state, newerEvent);
    expect(newer).toMatchObject({ realm_email_auth_enabled: false, realm_password_auth_enabled: false });
  });
});
