import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

/**
 * A `navigation_view` event applied to the registered `navigation_views`, as the server's own
 * reducer does: a new view goes last, an update merges `data` into the view of that fragment,
 * a removal drops it.
 */
export function applyNavigationView(
  state: RegisterResponse,
  event: Extract<ChatEvent, { type: 'navigation_view' }>,
): RegisterResponse {
  const views = state.navigation_views;
  if (views === undefined) return state;
  switch (event.op) {
    case 'add':
      return { ...state, navigation_views: [...views, { ...event.navigation_view }] };
    case 'update':
      return {
        ...state,
        navigation_views: views.map((view) => (view.fragment === event.fragment ? { ...view, ...event.data } : view)),
      };
    case 'remove':
      return { ...state, navigation_views: views.filter((view) => view.fragment !== event.fragment) };
  }
}
