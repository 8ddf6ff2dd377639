import type { messageReports } from '../../src/endpoints/index';
import { reportMessage } from '../domain/messages/report';
import type { Implementation } from '../http/operation';

/** Message reports: decode → domain → payload. */
export const messageReportRoutes = {
  reportMessage: ({ state, user, params }) => {
    reportMessage(state, user, params);
    return {};
  },
} satisfies { [Name in keyof typeof messageReports]: Implementation<(typeof messageReports)[Name]> };
