import { defineEndpoint } from '../contract/endpoint';
import { AlertWordsChangeParams, AlertWordsResponse, GetAlertWordsParams } from '../schemas/alert-words';

/** `GET /users/me/alert_words`: the caller's alert words. */
export const getAlertWords = defineEndpoint({
  id: 'get-alert-words',
  method: 'GET',
  path: '/users/me/alert_words',
  params: GetAlertWordsParams,
  response: AlertWordsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /users/me/alert_words`: add alert words. */
export const addAlertWords = defineEndpoint({
  id: 'add-alert-words',
  method: 'POST',
  path: '/users/me/alert_words',
  params: AlertWordsChangeParams,
  response: AlertWordsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /users/me/alert_words`: remove alert words. */
export const removeAlertWords = defineEndpoint({
  id: 'remove-alert-words',
  method: 'DELETE',
  path: '/users/me/alert_words',
  params: AlertWordsChangeParams,
  response: AlertWordsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});
